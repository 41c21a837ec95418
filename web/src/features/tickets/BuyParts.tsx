import { Anchor, Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paymentsApi } from '../../api/payments';
import { type Screening, type TicketOrder } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { useTag } from '../../lib/format';
import { ns, priceText, ScreeningWhen } from './ScreeningsSection';
import { TestTicketPayment, type PayOutcome, type Payer } from './TicketPayForm';

// Stripe's code loads only when the server's provider is Stripe.
const StripeTicketPayment = lazy(() => import('./StripeTicketPayment'));

/** ScreeningSummary is the screening being bought: festival, title, time, venue and the price of a seat. */
export function ScreeningSummary({ screening: s }: { screening: Screening }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="buy-summary">
      <Stack gap={4}>
        <Anchor component={Link} to={`/festival/${encodeURIComponent(s.festivalSlug)}`} size="sm" c="indigo.9">
          {s.festivalName}
        </Anchor>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {s.title}
        </Title>
        <Text c="gray.8">
          <ScreeningWhen screening={s} />
        </Text>
        <Text c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {s.venue}
        </Text>
        <Text fw={700}>{t('buy.each', { price: priceText(s, tag, t('free')) })}</Text>
      </Stack>
    </Paper>
  );
}

/** PaySection is the card form of the server's provider for a held order. */
export function PaySection({ order, onOutcome, payer }: { order: TicketOrder; onOutcome: (o: PayOutcome) => void; payer?: Payer }) {
  const { t } = useTranslation(ns);
  const config = useQuery({ queryKey: ['payments', 'config'], queryFn: paymentsApi.config, staleTime: 5 * 60_000 });
  if (config.isPending) return <Loader role="status" size="sm" aria-label={t('buy.loadingForm')} />;
  if (config.isError) {
    return (
      <Notice color="red" role="alert" title={t('buy.configError')}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{apiErrorText(config.error, ns)}</Text>
          <Button size="xs" variant="default" onClick={() => void config.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  }
  if (config.data.provider === 'stripe' && config.data.publishableKey) {
    return (
      <Suspense fallback={<Loader role="status" size="sm" aria-label={t('buy.loadingForm')} />}>
        <StripeTicketPayment order={order} publishableKey={config.data.publishableKey} onOutcome={onOutcome} payer={payer} />
      </Suspense>
    );
  }
  return <TestTicketPayment order={order} onOutcome={onOutcome} payWith={payer?.pay} />;
}

/** PaidTickets is the success: the order's tickets, each linking to its page. */
export function PaidTickets({ order }: { order: TicketOrder }) {
  const { t } = useTranslation(ns);
  return (
    <Notice color="teal" role="status" title={t('buy.successTitle', { count: order.quantity })} data-testid="buy-success">
      <Stack gap="xs">
        <Text size="sm">{t('buy.successText')}</Text>
        <Stack gap={4} component="ul" m={0} pl="md">
          {order.tickets.map((tk, i) => (
            <li key={tk.id}>
              <Anchor component={Link} to={`/tickets/${tk.id}`} fw={600} c="indigo.9" data-testid="ticket-link">
                {t('buy.ticketN', { n: i + 1 })}
              </Anchor>
              {(tk.attendeeName || tk.ticketTypeName) && (
                <Text span size="sm" c="gray.8" data-testid="ticket-attendee">
                  {' '}
                  {[tk.attendeeName, tk.ticketTypeName].filter(Boolean).join(' · ')}
                </Text>
              )}
            </li>
          ))}
        </Stack>
        <Anchor component={Link} to="/tickets" size="sm" c="indigo.9">
          {t('buy.allTickets')}
        </Anchor>
      </Stack>
    </Notice>
  );
}

/** Expired says the hold ran out before payment and offers to start again. */
export function Expired({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation(ns);
  return (
    <Notice color="orange" role="alert" title={t('buy.expiredTitle')} data-testid="buy-expired">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('buy.expiredText')}</Text>
        <Button size="sm" onClick={onRestart}>
          {t('buy.startAgain')}
        </Button>
      </Stack>
    </Notice>
  );
}

/** Declined says the last card was declined and that the seats stay held for another card. */
export function Declined({ message }: { message: string }) {
  const { t } = useTranslation(ns);
  return (
    <Notice color="red" role="alert" title={t('buy.declinedTitle')} data-testid="buy-declined">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {message}
        </Text>
        <Text size="sm">{t('buy.declinedText')}</Text>
      </Stack>
    </Notice>
  );
}
