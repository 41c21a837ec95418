import { Button, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ticketsApi, type TicketOrder, type TicketPayInput } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { CardError, cardFieldMessage, checkPayment, type CardCheck } from '../../lib/checkout';
import { useTestCard } from '../../ui/payment/TestCard';
import { formatMoney, useTag } from '../../lib/format';
import { ns } from './ScreeningsSection';
import { useCountryField } from '../../ui/payment/CountryInput';

/**
 * What the buy page learns from a payment attempt: the order as it stands
 * now, or the server's 409 (hold expired, order no longer payable) with its message.
 */
export type PayOutcome = { order: TicketOrder } | { conflict: string };

export type TicketPayResult = { order: TicketOrder; clientSecret?: string };

/**
 * TicketPayForm is the ticket checkout's form for either provider: the card
 * (given), the country, Pay. A paid or failed order goes to onOutcome; the
 * server's 409 (an expired hold, an order that can no longer be paid) too.
 */
export function TicketPayForm({
  order,
  card,
  checkCard,
  pay,
  onCardFieldErrors,
  onOutcome,
}: {
  order: TicketOrder;
  card: ReactNode;
  checkCard: () => CardCheck;
  pay: (country: string) => Promise<TicketOrder>;
  onCardFieldErrors?: (fields: Record<string, string>) => void;
  onOutcome: (outcome: PayOutcome) => void;
}) {
  const { t } = useTranslation([ns, 'pricing']);
  const tag = useTag();
  const { country, setCountryError, field: countryField } = useCountryField();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setCountryError(null);
    onCardFieldErrors?.({});
    const check = checkPayment(country, checkCard());
    if (!check.ok) {
      if (check.problem === 'incomplete') setError(t('pricing:checkout.pay.incomplete'));
      if (check.problem === 'country') setCountryError(t('pricing:checkout.form.countryInvalid'));
      return;
    }
    const { code } = check;
    setBusy(true);
    try {
      const result = await pay(code);
      setBusy(false);
      onOutcome({ order: result });
    } catch (err) {
      setBusy(false);
      if (err instanceof CardError) {
        setError(err.message);
        return;
      }
      if (err instanceof ApiError) {
        if (err.status === 409) {
          onOutcome({ conflict: err.message });
          return;
        }
        if (err.fields.country) setCountryError(err.fields.country);
        onCardFieldErrors?.(err.fields);
        const cardText = cardFieldMessage(err);
        setError(cardText ?? (err.status === 0 ? t('errors.network') : apiErrorText(err, 'common', t('errors.generic'))));
        return;
      }
      setError(err instanceof Error && err.message ? err.message : t('errors.generic'));
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('buy.payLabel')} aria-busy={busy} data-testid="ticket-pay-form">
      <Stack gap="md">
        {card}
        {countryField}
        {error && (
          <Notice color="red" role="alert" data-testid="pay-error">
            <Text size="sm" fw={600} c="gray.9">
              {error}
            </Text>
          </Notice>
        )}
        <Button type="submit" size="md" disabled={busy} data-testid="pay-button">
          {busy ? t('buy.paying') : t('buy.pay', { price: formatMoney(order.amountCents, order.currency, tag) })}
        </Button>
      </Stack>
    </form>
  );
}

/** PayWith pays an order some other way than the signed-in buyer's call (a guest's link). */
export type PayWith = (input: TicketPayInput) => Promise<TicketPayResult>;

/** Payer pays and settles an order by other calls than the signed-in buyer's (a guest's link). */
export type Payer = { pay: PayWith; confirm: () => Promise<TicketPayResult> };

/** TestTicketPayment pays an order with the test mode's own card form. */
export function TestTicketPayment({ order, onOutcome, payWith }: { order: TicketOrder; onOutcome: (o: PayOutcome) => void; payWith?: PayWith }) {
  const form = useTestCard();
  const payBy: PayWith = payWith ?? ((input) => ticketsApi.pay(order.id, input));
  return (
    <TicketPayForm
      order={order}
      card={form.card}
      checkCard={form.checkCard}
      pay={async (country) => (await payBy({ country, card: form.cardValue() })).order}
      onCardFieldErrors={form.markServerFields}
      onOutcome={onOutcome}
    />
  );
}
