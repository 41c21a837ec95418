import { Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TestCard } from '../../api/payments';
import { Notice } from '../Notice';
import { checkTestCard, emptyTestCard, formatCardNumber, formatExpiry, type TestCardField, type TestCardValues } from '../../lib/checkout';
import type { CardCheck } from '../../lib/checkout';

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

/** What useTestCard gives a payment form: the fields, their checks and the typed card. */
export interface TestCardForm {
  /** The test-mode notice and the card fields. */
  card: ReactNode;
  /** Looks at the card before anything is sent (and marks malformed fields). */
  checkCard: () => CardCheck;
  /** The card as the API takes it; throws when it is not complete. */
  cardValue: () => TestCard;
  /** Marks the fields of the server's card field errors (card.number, card.expiry, card.cvc, card). */
  markServerFields: (fields: Record<string, string>) => void;
  /** Empties the fields (after a payment). */
  reset: () => void;
}

/**
 * useTestCard is the test mode's own card form (no card provider configured),
 * labelled plainly: the credit checkout and the ticket checkout share it.
 */
export function useTestCard(): TestCardForm {
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

  function cardValue(): TestCard {
    const result = checkTestCard(values);
    if (!result.ok) throw new Error(t('checkout.pay.incomplete'));
    return result.card;
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

  return { card, checkCard, cardValue, markServerFields, reset: () => setValues(emptyTestCard) };
}
