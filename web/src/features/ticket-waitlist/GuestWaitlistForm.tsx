import { Alert, Button, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { guestTicketsApi } from '../../api/guestTickets';
import { fieldText } from '../../lib/apiErrorText';
import { errorText, ns } from './WaitlistPage';
import { inputStyles } from '../../ui/inputStyles';

/** looksLikeEmail is the form's own check of an address before the server's. */
const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.trim());

/**
 * GuestWaitlistForm asks a visitor without an account for their address
 * and the seats they want; the server e-mails a link they must open before
 * they join the queue. The answer is the same whoever the address is.
 */
export function GuestWaitlistForm({ screeningId }: { screeningId: number }) {
  const { t } = useTranslation(ns);
  const [email, setEmail] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  if (sent) {
    return (
      <Alert color="teal" role="status" data-testid="guest-waitlist-sent">
        {t('guest.sent', { email })}
      </Alert>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (!looksLikeEmail(email)) {
      setEmailError(t('guest.emailInvalid'));
      return;
    }
    setEmailError(null);
    setBusy(true);
    try {
      await guestTicketsApi.joinWaitlist(screeningId, email, Number(quantity));
      setSent(true);
    } catch (err) {
      const field = fieldText(err, 'email');
      if (field) setEmailError(field);
      else setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('guest.formLabel')} data-testid="guest-waitlist-form">
      <Stack gap="md">
        <Select
          styles={inputStyles}
          label={t('quantity')}
          data={Array.from({ length: 10 }, (_, i) => String(i + 1))}
          value={quantity}
          onChange={(v) => setQuantity(v ?? '1')}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <TextInput
          styles={inputStyles}
          label={t('guest.email')}
          description={t('guest.emailHint')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={emailError}
          autoComplete="email"
          required
          data-testid="guest-waitlist-email"
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy} data-testid="guest-waitlist-join">
          {t('join')}
        </Button>
      </Stack>
    </form>
  );
}
