import { Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../../api/packages';
import { paymentsApi } from '../../api/payments';
import { Notice } from '../contact/Notice';
import { checkTestCard, emptyTestCard, formatCardNumber, formatExpiry, type TestCardField, type TestCardValues } from './checkout';
import { PaymentForm, type CardCheck } from './PaymentForm';

/** Stripe's documented test cards, which the test mode accepts. */
const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;

/** The server's card field keys and the form field each belongs to. */
const serverFields: Record<string, TestCardField[]> = {
  'card.number': ['number'],
  'card.expiry': ['expiry'],
  'card.cvc': ['cvc'],
  card: ['number', 'expiry', 'cvc'],
};

/**
 * TestCheckout is the checkout of the test mode (no card provider configured):
 * our own card form, labelled plainly, sending the card to POST /api/v1/payments.
 */
export function TestCheckout({ pkg, locale }: { pkg: CreditPackage; locale: string }) {
  const { t } = useTranslation('pricing');
  const [values, setValues] = useState<TestCardValues>(emptyTestCard);
  // Fields marked invalid: true for a server mark (its message is the form's), a text for ours.
  const [invalid, setInvalid] = useState<Partial<Record<TestCardField, string | true>>>({});

  const set = (field: TestCardField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setInvalid((m) => ({ ...m, [field]: undefined }));
  };

  function checkCard(): CardCheck {
    const result = checkTestCard(values);
    if (result.ok) return 'ok';
    if (result.missing) return 'missing';
    const marks: Partial<Record<TestCardField, string>> = {};
    for (const f of result.invalid) marks[f] = t(`checkout.testMode.invalid.${f}`);
    setInvalid(marks);
    return 'invalid';
  }

  async function charge(country: string) {
    const result = checkTestCard(values);
    if (!result.ok) throw new Error(t('checkout.pay.incomplete'));
    return paymentsApi.create({ packageId: pkg.id, country, amountCents: pkg.priceCents, card: result.card });
  }

  function markServerFields(fields: Record<string, string>) {
    const marks: Partial<Record<TestCardField, true>> = {};
    for (const [key, targets] of Object.entries(serverFields)) if (fields[key]) for (const f of targets) marks[f] = true;
    setInvalid(marks);
  }

  const errorOf = (f: TestCardField) => invalid[f] ?? undefined;

  const card = (
    <Stack gap="sm">
      <Notice color="yellow" title={t('checkout.testMode.title')} role="note" data-testid="test-mode-notice">
        <Stack gap={6}>
          <Text size="sm" c="gray.9">
            {t('checkout.testMode.hint')}
          </Text>
          <List size="sm" spacing={2} data-testid="test-cards">
            {testCards.map((c) => (
              <List.Item key={c.number}>
                <Group gap={6} wrap="wrap" component="span">
                  <Text span size="sm" ff="monospace" fw={600} c="gray.9">
                    {c.number}
                  </Text>
                  <Text span size="sm" c="gray.9">
                    {t(`checkout.testMode.outcome.${c.outcome}`)}
                  </Text>
                </Group>
              </List.Item>
            ))}
          </List>
        </Stack>
      </Notice>
      <TextInput
        label={t('checkout.testMode.cardNumber')}
        placeholder="4242 4242 4242 4242"
        value={values.number}
        onChange={(e) => set('number', formatCardNumber(e.currentTarget.value))}
        required
        inputMode="numeric"
        autoComplete="cc-number"
        spellCheck={false}
        maxLength={23}
        error={errorOf('number')}
        data-testid="card-number"
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('checkout.testMode.expiry')}
          placeholder={t('checkout.testMode.expiryPlaceholder')}
          value={values.expiry}
          onChange={(e) => set('expiry', formatExpiry(e.currentTarget.value, values.expiry))}
          required
          inputMode="numeric"
          autoComplete="cc-exp"
          spellCheck={false}
          maxLength={7}
          error={errorOf('expiry')}
          data-testid="card-expiry"
        />
        <TextInput
          label={t('checkout.testMode.cvc')}
          placeholder="123"
          value={values.cvc}
          onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          spellCheck={false}
          maxLength={4}
          error={errorOf('cvc')}
          data-testid="card-cvc"
        />
      </SimpleGrid>
    </Stack>
  );

  return (
    <PaymentForm
      pkg={pkg}
      locale={locale}
      card={card}
      checkCard={checkCard}
      charge={charge}
      onCardFieldErrors={markServerFields}
      onSucceeded={() => setValues(emptyTestCard)}
    />
  );
}
