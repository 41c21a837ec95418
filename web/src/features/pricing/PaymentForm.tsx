import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import type { CreditPackage } from '../../api/packages';
import type { Purchase } from '../../api/payments';
import { apiErrorText } from '../../lib/apiErrorText';
import { sessionCreditsChanged, sessionKey } from '../../lib/useSession';
import { Notice } from '../../ui/Notice';
import { CardError, cardFieldMessage, checkPayment, type CardCheck } from '../../lib/checkout';
import { formatPrice } from './format';
import { useCountryField } from '../../ui/payment/CountryInput';
import { BuyerTaxFields, useBuyerTax } from '../../ui/payment/BuyerTaxFields';
import type { BuyerTax } from '../../lib/buyerTax';

/** What a finished payment call answers: the purchase and the buyer's balance. */
export interface ChargeResult {
  purchase: Purchase;
  balance: number;
}

type Message =
  | { tone: 'success'; text: string; purchase: Purchase; balance: number }
  | { tone: 'pending'; text: string; purchase: Purchase }
  | { tone: 'error'; text: string };

/**
 * PaymentForm is the part of the checkout both providers share: the card
 * fields (given), the required country, the optional company details for
 * the receipt, the Pay button and the seed's
 * messages. `checkCard` looks at the card before anything is sent; `charge`
 * takes the money and answers the purchase and the new balance.
 */
export function PaymentForm({
  pkg,
  locale,
  card,
  checkCard,
  charge,
  onCardFieldErrors,
  onSucceeded,
}: {
  pkg: CreditPackage;
  locale: string;
  card: ReactNode;
  checkCard: () => CardCheck;
  charge: (country: string, buyer: BuyerTax) => Promise<ChargeResult>;
  /** The server's card field errors (keys card.number, card.expiry, card.cvc, card), to mark those fields. */
  onCardFieldErrors?: (fields: Record<string, string>) => void;
  /** Called after a successful payment (to clear the card). */
  onSucceeded?: () => void;
}) {
  const { t } = useTranslation('pricing');
  const client = useQueryClient();
  const { country, setCountryError, field: countryField } = useCountryField();
  const buyerTax = useBuyerTax();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);

  function failure(err: unknown): string {
    if (err instanceof CardError) return err.message;
    if (err instanceof ApiError) {
      if (err.status === 0) return t('checkout.pay.error', { message: t('errors.network') });
      const card = cardFieldMessage(err);
      if (card) return card;
      return t('checkout.pay.failed', { error: apiErrorText(err, 'common', t('errors.generic')) });
    }
    const text = err instanceof Error && err.message ? err.message : t('errors.generic');
    return t('checkout.pay.error', { message: text });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    setCountryError(null);
    onCardFieldErrors?.({});
    const check = checkPayment(country, checkCard());
    if (!check.ok) {
      if (check.problem === 'incomplete') setMessage({ tone: 'error', text: t('checkout.pay.incomplete') });
      if (check.problem === 'country') setCountryError(t('checkout.form.countryInvalid'));
      return;
    }
    const { code } = check;
    const buyer = buyerTax.check();
    if (!buyer) return;

    setBusy(true);
    try {
      const result = await charge(code, buyer);
      sessionCreditsChanged(client, result.balance);
      void client.invalidateQueries({ queryKey: ['me'] });
      const { purchase } = result;
      if (purchase.status === 'succeeded') {
        setMessage({ tone: 'success', text: t('checkout.pay.success'), purchase, balance: result.balance });
        onSucceeded?.();
      } else if (purchase.status === 'pending') {
        setMessage({ tone: 'pending', text: t('checkout.pay.pending'), purchase });
      } else {
        setMessage({
          tone: 'error',
          text: purchase.failureMessage || t('checkout.pay.failed', { error: t('errors.generic') }),
        });
      }
    } catch (err) {
      if (err instanceof ApiError) {
        if (err.fields.country) setCountryError(err.fields.country);
        onCardFieldErrors?.(err.fields);
        buyerTax.markServerFields(err.fields);
        // A session that ended elsewhere: the page sends the visitor to log in and back.
        if (err.status === 401) void client.invalidateQueries({ queryKey: sessionKey });
      }
      setMessage({ tone: 'error', text: failure(err) });
    } finally {
      setBusy(false);
    }
  }

  const price = formatPrice(pkg.priceCents, locale);

  return (
    <form onSubmit={submit} noValidate aria-label={t('checkout.form.label')} aria-busy={busy} data-testid="payment-form">
      <Stack gap="md">
        {card}
        {countryField}
        <BuyerTaxFields state={buyerTax.state} setState={buyerTax.setState} />
        {message && (
          <Notice
            color={message.tone === 'success' ? 'teal' : message.tone === 'pending' ? 'indigo' : 'red'}
            role={message.tone === 'error' ? 'alert' : 'status'}
            data-testid="payment-message"
          >
            <Stack gap={6}>
              <Text size="sm" fw={600} c="gray.9" data-testid="payment-message-text">
                {message.text}
              </Text>
              {message.tone === 'success' && (
                <>
                  <Text size="sm" c="gray.9" data-testid="payment-new-balance">
                    {t('checkout.pay.newBalance', { count: message.balance })}
                  </Text>
                  <Anchor component={Link} to={`/account/receipts/${message.purchase.id}`} fw={600} size="sm" c="indigo.9">
                    {t('checkout.pay.receiptLink')}
                  </Anchor>
                </>
              )}
            </Stack>
          </Notice>
        )}
        <Button type="submit" size="md" disabled={busy} data-testid="pay-button">
          {busy ? t('checkout.pay.processing') : t('checkout.pay.button', { price })}
        </Button>
      </Stack>
    </form>
  );
}
