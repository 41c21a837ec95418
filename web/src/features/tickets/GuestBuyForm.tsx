import { Button, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { guestTicketsApi } from '../../api/guestTickets';
import { type Screening } from '../../api/tickets';
import { apiErrorText, fieldText } from '../../lib/apiErrorText';
import { formatMoney, useTag } from '../../lib/format';
import { Notice } from '../../ui/Notice';
import { availability, ns } from './ScreeningsSection';
import { inputStyles } from '../../ui/inputStyles';

/** maxGuestTickets is the most tickets one order can hold. */
const maxGuestTickets = 10;

/** looksLikeEmail is the form's own check of an address before the server's. */
export const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());

/**
 * GuestBuyForm is the guest checkout's first step: how many tickets, the
 * buyer's name and address (checked here, then by the server), and the
 * hold; onOrdered gets the token of the order's link. A sold-out screening
 * offers its waiting list instead.
 */
export function GuestBuyForm({ screening: s, onOrdered }: { screening: Screening; onOrdered: (token: string) => void }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const [quantity, setQuantity] = useState('1');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const state = availability(s);
  const max = Math.max(0, Math.min(maxGuestTickets, s.remaining));
  const n = Number(quantity);

  if (state !== 'left') {
    return (
      <Stack gap="xs" align="flex-start">
        <Text fw={700} c="red.9" data-testid="guest-unavailable">
          {state === 'soldOut' ? t('soldOut') : t('notOnSale')}
        </Text>
        {state === 'soldOut' && (
          <Button component={Link} to={`/screenings/${s.id}/guest-waitlist`} variant="light" data-testid="guest-waitlist-link">
            {t('buy.waitlist')}
          </Button>
        )}
      </Stack>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found: { name?: string; email?: string } = {};
    if (!name.trim()) found.name = t('guest.nameRequired');
    if (!looksLikeEmail(email)) found.email = t('guest.emailInvalid');
    setErrors(found);
    setError(null);
    if (found.name || found.email) return;
    setBusy(true);
    try {
      const res = await guestTicketsApi.createOrder(s.id, n, name, email);
      onOrdered(res.token);
    } catch (err) {
      const fields = { name: fieldText(err, 'name') ?? undefined, email: fieldText(err, 'email') ?? undefined };
      setErrors(fields);
      if (!(err instanceof ApiError && (fields.name || fields.email))) setError(apiErrorText(err, ns));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('guest.formLabel')} data-testid="guest-form">
      <Stack gap="md">
        <Select
          styles={inputStyles}
          label={t('buy.quantity')}
          description={t('buy.quantityHint', { count: max })}
          data={Array.from({ length: max }, (_, i) => String(i + 1))}
          value={quantity}
          onChange={(v) => setQuantity(v ?? '1')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
          data-testid="guest-quantity"
        />
        <TextInput
          styles={inputStyles}
          label={t('guest.name')}
          description={t('guest.nameHint')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          autoComplete="name"
          required
          data-testid="guest-name"
        />
        <TextInput
          styles={inputStyles}
          label={t('guest.email')}
          description={t('guest.emailHint')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          autoComplete="email"
          required
          data-testid="guest-email"
        />
        <Text fw={700} data-testid="guest-total">
          {t('buy.total', { total: s.priceCents === 0 ? t('free') : formatMoney(s.priceCents * n, s.currency, tag) })}
        </Text>
        {error && (
          <Notice color="red" role="alert" data-testid="guest-error">
            {error}
          </Notice>
        )}
        <Button type="submit" loading={busy} disabled={n > max} data-testid="guest-reserve">
          {t('buy.reserve', { count: n })}
        </Button>
      </Stack>
    </form>
  );
}
