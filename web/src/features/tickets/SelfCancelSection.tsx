import { Button, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketsApi, type TicketOrder } from '../../api/tickets';
import { ticketSelfServiceApi } from '../../api/ticketSelfService';
import { apiErrorText } from '../../lib/apiErrorText';
import { formatLocalTime, formatMoney, useTag } from '../../lib/format';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';

const selfNs = 'ticket-self-service';

/** orderKey is the query of one of the buyer's orders. */
export const orderKey = (id: number) => ['ticket-orders', id];

/** Done says the order is cancelled and what came back. */
function Done({ order }: { order: TicketOrder }) {
  const { t } = useTranslation(selfNs);
  const tag = useTag();
  return (
    <Notice color="teal" role="status" title={t('buyer.doneTitle')} data-testid="self-cancel-done">
      {order.refundedCents > 0
        ? t('buyer.refunded', { amount: formatMoney(order.refundedCents, order.currency, tag) })
        : t('buyer.noRefund')}
    </Notice>
  );
}

/**
 * SelfCancelSection is the signed-in buyer's cancellation of their paid
 * order (SelfCancelPanel on the order's query).
 */
export function SelfCancelSection({ orderId }: { orderId: number }) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: orderKey(orderId), queryFn: () => ticketsApi.order(orderId) });
  if (!query.data) return null;
  return (
    <SelfCancelPanel
      order={query.data}
      cancel={() => ticketSelfServiceApi.cancel(orderId)}
      onCancelled={(order) => {
        client.setQueryData(orderKey(orderId), order);
        void client.invalidateQueries({ queryKey: ['tickets'] });
      }}
    />
  );
}

/** SelfCancelPanelProps: the order, the call that cancels it (the buyer's or the guest link's), and what to do with the answer. */
export type SelfCancelPanelProps = {
  order: TicketOrder;
  cancel: () => Promise<{ order: TicketOrder }>;
  onCancelled: (order: TicketOrder) => void;
};

/**
 * SelfCancelPanel is a buyer's cancellation of their paid order under the
 * festival's rule: until when, what comes back, and a confirmation that
 * names the amount; after the cut-off it says cancelling has closed; a
 * cancelled order says what came back. Nothing shows when the festival
 * does not allow it.
 */
export function SelfCancelPanel({ order: o, cancel: cancelOrder, onCancelled }: SelfCancelPanelProps) {
  const { t } = useTranslation(selfNs);
  const tag = useTag();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSuccess: ({ order }) => {
      setAsking(false);
      onCancelled(order);
    },
  });
  if (o.status === 'refunded' || o.status === 'cancelled') return <Done order={o} />;
  const q = o.selfCancel;
  if (o.status !== 'paid' || !q) return null;
  const refund = formatMoney(q.refundCents, o.currency, tag);
  const deadline = formatLocalTime(q.deadline, tag, o.screening.timeZone);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="self-cancel" data-testid="self-cancel">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4" id="self-cancel">
          {t('buyer.title')}
        </Title>
        <Text size="sm" c="gray.9" data-testid="self-cancel-rule">
          {t(`buyer.rules.${q.rule.refund}`, {
            fee: formatMoney(q.rule.feeCents, o.currency, tag),
            percent: q.rule.feePercent,
          })}
        </Text>
        {q.allowed ? (
          <>
            <Text size="sm" c="gray.9">
              {t('buyer.until', { deadline })}
            </Text>
            <Text size="sm" fw={700} data-testid="self-cancel-amount">
              {t('buyer.youGet', { amount: refund })}
            </Text>
            <Button color="red.9" variant="light" onClick={() => setAsking(true)} data-testid="self-cancel-open">
              {t('buyer.cancel')}
            </Button>
          </>
        ) : (
          <Text size="sm" fw={600} c="gray.9" data-testid="self-cancel-closed">
            {t('buyer.closed', { deadline })}
          </Text>
        )}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title={t('buyer.confirmTitle')}
        onClose={() => setAsking(false)}
        onConfirm={() => cancel.mutate()}
        pending={cancel.isPending}
        error={cancel.isError ? apiErrorText(cancel.error, selfNs) : null}
        cancelLabel={t('buyer.keep')}
        confirmLabel={q.refundCents > 0 ? t('buyer.confirm', { amount: refund }) : t('buyer.confirmNoRefund')}
        confirmTestId="self-cancel-confirm"
        errorTestId="self-cancel-error"
      >
        <Text size="sm">{t('buyer.confirmText', { count: o.quantity, title: o.screening.title })}</Text>
        <Text size="sm" fw={700}>
          {t('buyer.youGet', { amount: refund })}
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
