import { Button, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ticketOffersApi, type OrderItem } from '../../api/ticketOffers';
import { ticketsApi, type Screening, type TicketOrder } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText, fieldText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { Countdown } from './Countdown';
import { secondsLeft } from './format';
import { formatMoney, useTag } from '../../lib/format';
import { availability, festivalScreeningsKey, ns } from './ScreeningsSection';
import { type PayOutcome } from './TicketPayForm';
import { ScreeningSummary, PaySection, PaidTickets, Expired, Declined } from './BuyParts';
import { StandardChooser } from './StandardChooser';
import { BuyerTaxFields, useBuyerTax } from '../../ui/payment/BuyerTaxFields';

/** The most tickets one order can hold. */
export const maxPerOrder = 10;

type Step =
  | { kind: 'choose'; notice?: { color: string; text: string } }
  | { kind: 'held'; order: TicketOrder }
  | { kind: 'expired' }
  | { kind: 'failed'; order: TicketOrder }
  | { kind: 'paid'; order: TicketOrder };

/** held is the step of a pending order: paying while its hold lasts, else expired (Countdown ends a hold that runs out later). */
function held(order: TicketOrder): Step {
  return secondsLeft(order.holdExpiresAt, Date.now()) === 0 ? { kind: 'expired' } : { kind: 'held', order };
}

/**
 * TypeChooserSlot draws the choice of seats per ticket type, attendees'
 * names and a discount code (features/ticket-types, composed in
 * app/BuyRoute.tsx); onReserve holds the chosen seats with the code.
 */
export type TypeChooserSlot = (
  screening: Screening,
  busy: boolean,
  onReserve: (items: OrderItem[], voucherCode: string) => void,
) => React.ReactNode;

function BuyFlow({ screening: s, chooser }: { screening: Screening; chooser?: TypeChooserSlot }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [quantity, setQuantity] = useState('1');
  const [code, setCode] = useState<{ value: string; error: string | null }>({ value: '', error: null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const buyerTax = useBuyerTax();
  const max = Math.max(0, Math.min(maxPerOrder, s.remaining));
  const state = availability(s);
  // ?order=<id>: a pending order made elsewhere (a waiting-list offer taken) is paid here.
  const [params] = useSearchParams();
  const resume = Number(params.get('order')) || 0;
  useEffect(() => {
    if (!resume) return;
    let live = true;
    ticketsApi
      .order(resume)
      .then((o) => {
        if (!live || o.screening.id !== s.id) return;
        if (o.status === 'pending') setStep({ kind: 'held', order: o });
        else if (o.status === 'paid') setStep({ kind: 'paid', order: o });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [resume, s.id]);
  const n = Number(quantity);
  // Ticket types, attendee names and a discount code (the chooser slot)
  // when the screening has more than its standard type or asks for names.
  const chooseTypes = !!chooser && ((s.ticketTypes?.length ?? 0) > 1 || (s.attendeeNames ?? 'off') !== 'off');

  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['screening', s.id] });
    void client.invalidateQueries({ queryKey: festivalScreeningsKey(s.festivalSlug) });
  };

  async function reserve(items?: OrderItem[], voucherCode = '') {
    if (busy) return;
    const buyer = buyerTax.check();
    if (!buyer) return;
    setBusy(true);
    setError(null);
    try {
      const order = items
        ? await ticketOffersApi.createOrder(s.id, items, voucherCode, buyer)
        : await ticketsApi.createOrder(s.id, n, buyer, code.value);
      setStep(order.status === 'paid' ? { kind: 'paid', order } : held(order));
      if (order.status === 'paid') void client.invalidateQueries({ queryKey: ['tickets'] });
    } catch (err) {
      if (err instanceof ApiError) buyerTax.markServerFields(err.fields);
      // The standard form's code is refused beside its field.
      const codeError = items ? null : fieldText(err, 'voucherCode');
      setCode((c) => ({ ...c, error: codeError }));
      if (!codeError) setError(fieldText(err, 'voucherCode') ?? fieldText(err, 'attendees') ?? apiErrorText(err, ns));
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
      setStep(held(order));
    } else {
      setStep({ kind: 'failed', order });
      refresh();
    }
  }

  if (step.kind === 'paid') return <PaidTickets order={step.order} />;

  if (step.kind === 'held') {
    const order = step.order;
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
          {order.failureMessage && <Declined message={order.failureMessage} />}
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
          <Stack gap="xs" align="flex-start">
            <Text fw={700} c="red.9" data-testid="buy-unavailable">
              {state === 'soldOut' ? t('soldOut') : t('notOnSale')}
            </Text>
            {state === 'soldOut' && (
              <Button component={Link} to={`/screenings/${s.id}/waitlist`} variant="light" data-testid="waitlist-link">
                {t('buy.waitlist')}
              </Button>
            )}
          </Stack>
        ) : chooseTypes && chooser ? (
          chooser(s, busy, (items, code) => void reserve(items, code))
        ) : (
          <StandardChooser
            screening={s}
            max={max}
            quantity={quantity}
            onQuantity={setQuantity}
            code={code.value}
            codeError={code.error}
            onCode={(value) => setCode({ value, error: null })}
            busy={busy}
            onReserve={() => void reserve()}
          />
        )}
        {state === 'left' && (
          // The field's translations (the credit checkout's) load here without blanking the page.
          <Suspense fallback={null}>
            <BuyerTaxFields state={buyerTax.state} setState={buyerTax.setState} />
          </Suspense>
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

/**
 * /screenings/:id/buy (signed in; a visitor logs in and comes back): the
 * quantity, a 10-minute hold with its countdown, the card form of the
 * server's provider (none for a free screening), and the tickets.
 */
export default function BuyPage({ chooser }: { chooser?: TypeChooserSlot }) {
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
        <BuyFlow screening={query.data} chooser={chooser} />
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
