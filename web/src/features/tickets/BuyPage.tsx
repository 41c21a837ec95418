import { Anchor, Button, Container, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import { ticketOffersApi, type OrderItem } from '../../api/ticketOffers';
import { ticketsApi, type Screening, type TicketOrder } from '../../api/tickets';
import { fieldText, TypeChooser } from '../ticket-types/TypeChooser';
import { PageLoading } from '../../content/PageState';
import { usePageMeta } from '../../content/usePageMeta';
import { apiErrorText } from '../contact/apiErrorText';
import { Notice } from '../contact/Notice';
import { Countdown } from './Countdown';
import { formatMoney, secondsLeft, useTag } from './format';
import { availability, festivalScreeningsKey, ns, priceText, ScreeningWhen } from './ScreeningsSection';
import { TestTicketPayment, type PayOutcome } from './TicketPayForm';

const StripeTicketPayment = lazy(() => import('./StripeTicketPayment'));

/** The most tickets one order can hold. */
export const maxPerOrder = 10;

type Step =
  | { kind: 'choose'; notice?: { color: string; text: string } }
  | { kind: 'held'; order: TicketOrder }
  | { kind: 'expired' }
  | { kind: 'failed'; order: TicketOrder }
  | { kind: 'paid'; order: TicketOrder };

function ScreeningSummary({ screening: s }: { screening: Screening }) {
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
function PaySection({ order, onOutcome }: { order: TicketOrder; onOutcome: (o: PayOutcome) => void }) {
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
        <StripeTicketPayment order={order} publishableKey={config.data.publishableKey} onOutcome={onOutcome} />
      </Suspense>
    );
  }
  return <TestTicketPayment order={order} onOutcome={onOutcome} />;
}

/** PaidTickets is the success: the order's tickets, each linking to its page. */
function PaidTickets({ order }: { order: TicketOrder }) {
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

function BuyFlow({ screening: s }: { screening: Screening }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const max = Math.max(0, Math.min(maxPerOrder, s.remaining));
  const state = availability(s);
  const n = Number(quantity);
  // Ticket types, attendee names and a discount code (features/ticket-types)
  // when the screening has more than its standard type or asks for names.
  const chooseTypes = (s.ticketTypes?.length ?? 0) > 1 || (s.attendeeNames ?? 'off') !== 'off';

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['screening', s.id] });
    void client.invalidateQueries({ queryKey: festivalScreeningsKey(s.festivalSlug) });
  };

  async function reserve(items?: OrderItem[], voucherCode = '') {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const order = items ? await ticketOffersApi.createOrder(s.id, items, voucherCode) : await ticketsApi.createOrder(s.id, n);
      setStep(order.status === 'paid' ? { kind: 'paid', order } : { kind: 'held', order });
      if (order.status === 'paid') void client.invalidateQueries({ queryKey: ['tickets'] });
    } catch (err) {
      setError(fieldText(err, 'voucherCode') ?? fieldText(err, 'attendees') ?? apiErrorText(err, ns));
      refresh();
    } finally {
      setBusy(false);
    }
  }

  async function cancel(order: TicketOrder) {
    if (busy) return;
    setBusy(true);
    try {
      await ticketsApi.cancel(order.id);
      setStep({ kind: 'choose', notice: { color: 'gray', text: t('buy.cancelled') } });
    } catch (err) {
      setError(apiErrorText(err, ns));
    } finally {
      setBusy(false);
      refresh();
    }
  }

  async function onConflict(order: TicketOrder, message: string) {
    // The order says why: its hold expired, or it was settled or ended meanwhile.
    let now: TicketOrder | null = null;
    try {
      now = await ticketsApi.order(order.id);
    } catch {
      now = null;
    }
    refresh();
    if (now?.status === 'paid') setStep({ kind: 'paid', order: now });
    else if (!now || now.status === 'expired' || now.status === 'pending') setStep({ kind: 'expired' });
    else setStep({ kind: 'failed', order: { ...now, failureMessage: now.failureMessage || message } });
  }

  function onOutcome(outcome: PayOutcome) {
    if ('conflict' in outcome) {
      if (step.kind === 'held') void onConflict(step.order, outcome.conflict);
      return;
    }
    const { order } = outcome;
    if (order.status === 'paid') {
      setStep({ kind: 'paid', order });
      void client.invalidateQueries({ queryKey: ['tickets'] });
    } else if (order.status === 'pending') {
      setStep({ kind: 'held', order });
    } else {
      setStep({ kind: 'failed', order });
      refresh();
    }
  }

  if (step.kind === 'paid') return <PaidTickets order={step.order} />;

  if (step.kind === 'held') {
    const order = step.order;
    if (secondsLeft(order.holdExpiresAt, Date.now()) === 0) return <Expired onRestart={() => setStep({ kind: 'choose' })} />;
    return (
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="buy-pay" data-testid="buy-held">
        <Stack gap="md">
          <Title order={2} size="h3" id="buy-pay">
            {t('buy.payTitle')}
          </Title>
          <Text c="gray.9">
            {t('buy.held', { count: order.quantity, total: formatMoney(order.amountCents, order.currency, tag) })}
          </Text>
          <Countdown until={order.holdExpiresAt} onExpired={() => setStep({ kind: 'expired' })} />
          {/* The card form's translations (the credit checkout's) load here without blanking the page. */}
          <Suspense fallback={<Loader role="status" size="sm" aria-label={t('buy.loadingForm')} />}>
            <PaySection order={order} onOutcome={onOutcome} />
          </Suspense>
          {error && (
            <Notice color="red" role="alert">
              {error}
            </Notice>
          )}
          <Group>
            <Button variant="default" onClick={() => void cancel(order)} disabled={busy} data-testid="cancel-hold">
              {t('buy.cancel')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }

  if (step.kind === 'expired') return <Expired onRestart={() => setStep({ kind: 'choose' })} />;

  const notice =
    step.kind === 'failed' ? (
      <Notice color="red" role="alert" title={t('buy.failedTitle')} data-testid="buy-failed">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" fw={600}>
            {step.order.failureMessage || t('errors.generic')}
          </Text>
          <Text size="sm">{t('buy.failedText')}</Text>
          <Button
            size="sm"
            onClick={() => (chooseTypes ? setStep({ kind: 'choose' }) : void reserve())}
            disabled={busy || n > max}
            data-testid="try-again"
          >
            {t('buy.tryAgain')}
          </Button>
        </Stack>
      </Notice>
    ) : step.notice ? (
      <Notice color={step.notice.color} role="status">
        {step.notice.text}
      </Notice>
    ) : null;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="buy-choose">
      <Stack gap="md">
        <Title order={2} size="h3" id="buy-choose">
          {t('buy.chooseTitle')}
        </Title>
        {notice}
        {state !== 'left' ? (
          <Text fw={700} c="red.9" data-testid="buy-unavailable">
            {state === 'soldOut' ? t('soldOut') : t('notOnSale')}
          </Text>
        ) : chooseTypes ? (
          <TypeChooser screening={s} busy={busy} onReserve={(items, code) => void reserve(items, code)} />
        ) : (
          <>
            <Select
              label={t('buy.quantity')}
              description={t('buy.quantityHint', { count: max })}
              data={Array.from({ length: max }, (_, i) => String(i + 1))}
              value={quantity}
              onChange={(v) => setQuantity(v ?? '1')}
              allowDeselect={false}
              w={{ base: '100%', xs: 200 }}
              data-testid="quantity"
            />
            <Text fw={700} data-testid="buy-total">
              {t('buy.total', { total: s.priceCents === 0 ? t('free') : formatMoney(s.priceCents * n, s.currency, tag) })}
            </Text>
            <Group>
              <Button onClick={() => void reserve()} loading={busy} disabled={n > max} data-testid="reserve">
                {s.priceCents === 0 ? t('buy.getFree', { count: n }) : t('buy.reserve', { count: n })}
              </Button>
            </Group>
          </>
        )}
        {error && (
          <Notice color="red" role="alert" data-testid="buy-error">
            {error}
          </Notice>
        )}
      </Stack>
    </Paper>
  );
}

function Expired({ onRestart }: { onRestart: () => void }) {
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

/**
 * /screenings/:id/buy (signed in; a visitor logs in and comes back): the
 * quantity, a 10-minute hold with its countdown, the card form of the
 * server's provider (none for a free screening), and the tickets.
 */
export default function BuyPage() {
  const { t } = useTranslation(ns);
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: ['screening', Number(id)], queryFn: () => ticketsApi.screening(id) });
  usePageMeta(query.data ? t('buy.metaTitle', { title: query.data.title }) : t('buy.title'), t('buy.metaDescription'));
  if (query.isPending) return <PageLoading />;
  let body: React.ReactNode;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <Notice color="red" role="alert" title={notFound ? t('buy.notFound') : t('loadError')} data-testid="buy-load-error">
        {!notFound && apiErrorText(query.error, ns)}
      </Notice>
    );
  } else {
    body = (
      <Stack gap="lg">
        <ScreeningSummary screening={query.data} />
        <BuyFlow screening={query.data} />
      </Stack>
    );
  }
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={1}>{t('buy.title')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
