import { Button, Center, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { guestTicketsApi } from '../../api/guestTickets';
import { type TicketOrder } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { formatMoney, useTag } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { Notice } from '../../ui/Notice';
import { PageLoading } from '../../ui/page/PageState';
import { Title } from '../../ui/Title';
import { PaySection } from './BuyParts';
import { SelfCancelPanel } from './SelfCancelSection';
import { Countdown } from './Countdown';
import { QrCode } from './QrCode';
import { ns, ScreeningWhen } from './ScreeningsSection';
import { type PayOutcome } from './TicketPayForm';

/** GuestTickets are a paid guest order's tickets: each QR code with its PDF and calendar file. */
function GuestTickets({ order, token }: { order: TicketOrder; token: string }) {
  const { t } = useTranslation(ns);
  return (
    <Stack gap="lg" data-testid="guest-tickets">
      <Notice color="teal" role="status" title={t('buy.successTitle', { count: order.quantity })}>
        {t('guest.paidText')}
      </Notice>
      {order.tickets.map((tk, i) => (
        <Paper key={tk.id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="guest-ticket">
          <Stack gap="sm">
            <Text fw={700}>
              {t('buy.ticketN', { n: i + 1 })}
              {(tk.attendeeName || tk.ticketTypeName) && ` · ${[tk.attendeeName, tk.ticketTypeName].filter(Boolean).join(' · ')}`}
            </Text>
            <Center>
              <QrCode text={tk.code} size={240} label={t('ticket.qrLabel')} />
            </Center>
            <Text ta="center" ff="monospace" fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="guest-ticket-code">
              {tk.code}
            </Text>
            <Group grow>
              <Button component="a" href={guestTicketsApi.pdfUrl(token, tk.id)} download variant="default" data-testid="guest-ticket-pdf">
                {t('ticket.pdf')}
              </Button>
              <Button component="a" href={guestTicketsApi.calendarUrl(token, tk.id)} download variant="light" data-testid="guest-ticket-ics">
                {t('ticket.calendar')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Text size="sm" c="gray.8">
        {t('guest.claimHint', { email: order.tickets[0]?.holderEmail ?? '' })}
      </Text>
    </Stack>
  );
}

/**
 * /orders/guest/:token (the link a guest gets at checkout and by e-mail):
 * a pending order's payment, then its tickets with their QR codes, PDFs
 * and calendar files, until the screening ends. A wrong or expired link
 * says so, and nothing else.
 */
export default function GuestOrderPage() {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const { token = '' } = useParams();
  const client = useQueryClient();
  const key = ['guest-order', token];
  const query = useQuery({ queryKey: key, queryFn: () => guestTicketsApi.order(token), retry: false });
  const [error, setError] = useState<string | null>(null);
  usePageMeta(t('guest.orderTitle'), t('buy.metaDescription'));
  if (query.isPending) return <PageLoading />;

  const set = (o: TicketOrder) => client.setQueryData(key, o);
  const onOutcome = (outcome: PayOutcome) => {
    // The payment's answer first; then the order as its link reads it (with the festival's cancellation rule).
    if ('order' in outcome) set(outcome.order);
    void query.refetch();
  };
  const cancel = async () => {
    try {
      set((await guestTicketsApi.cancel(token)).order);
    } catch (err) {
      setError(apiErrorText(err, ns));
    }
  };

  let body: React.ReactNode;
  if (query.isError) {
    body = (
      <Notice color="red" role="alert" title={t('guest.linkGone')} data-testid="guest-link-error">
        {t('guest.linkGoneText')}
      </Notice>
    );
  } else {
    const o = query.data;
    const s = o.screening;
    body = (
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="guest-order">
          <Stack gap={4}>
            <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
              {s.festivalName}
            </Text>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {s.title}
            </Title>
            <Text c="gray.8">
              <ScreeningWhen screening={s} />
            </Text>
            <Text c="gray.8" style={{ overflowWrap: 'anywhere' }}>
              {s.venue}
            </Text>
          </Stack>
        </Paper>
        {o.status === 'paid' ? (
          <>
            <SelfCancelPanel order={o} cancel={() => guestTicketsApi.selfCancel(token)} onCancelled={set} />
            <GuestTickets order={o} token={token} />
          </>
        ) : o.paidAt && (o.status === 'refunded' || o.status === 'cancelled') ? (
          <SelfCancelPanel order={o} cancel={() => guestTicketsApi.selfCancel(token)} onCancelled={set} />
        ) : o.status === 'pending' ? (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} data-testid="guest-held">
            <Stack gap="md">
              <Text c="gray.9">{t('buy.held', { count: o.quantity, total: formatMoney(o.amountCents, o.currency, tag) })}</Text>
              <Countdown until={o.holdExpiresAt} onExpired={() => void query.refetch()} />
              <Suspense fallback={<Loader role="status" size="sm" aria-label={t('buy.loadingForm')} />}>
                <PaySection
                  order={o}
                  onOutcome={onOutcome}
                  payer={{ pay: (input) => guestTicketsApi.pay(token, input), confirm: () => guestTicketsApi.confirm(token) }}
                />
              </Suspense>
              <Group>
                <Button variant="default" onClick={() => void cancel()} data-testid="guest-cancel">
                  {t('buy.cancel')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        ) : (
          <Notice color="orange" role="status" data-testid="guest-order-ended">
            {o.failureMessage || t('guest.orderEnded')}
          </Notice>
        )}
        {error && (
          <Notice color="red" role="alert">
            {error}
          </Notice>
        )}
      </Stack>
    );
  }
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>{t('guest.orderTitle')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
