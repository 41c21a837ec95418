import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminTicketOrdersApi, type AdminTicketOrder, type TicketOrderStatus } from '../../api/adminTicketOrders';
import { Title } from '../../ui/Title';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PagedTable } from '../../ui/list/PagedTable';
import { count, orderMoney, shortDate } from './format';

const statusColor: Record<TicketOrderStatus, string> = {
  pending: 'gray.8',
  paid: 'teal.9',
  failed: 'red.9',
  expired: 'gray.8',
  cancelled: 'gray.8',
  refunded: 'indigo.9',
};

/**
 * AdminTicketOrders: the ticket orders on /admin/purchases, newest first, 20 a page. A paid
 * order with a price can be refunded whole (its money, tickets and seats), after a
 * confirmation naming what is returned.
 */
export function AdminTicketOrders() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<AdminTicketOrder | null>(null);
  const [done, setDone] = useState<AdminTicketOrder | null>(null);

  const list = useQuery({
    queryKey: ['admin', 'ticket-orders', page],
    queryFn: () => adminTicketOrdersApi.list(page),
  });
  const refund = useMutation({
    mutationFn: (id: number) => adminTicketOrdersApi.refund(id),
    onSuccess: (o) => {
      setDone(o);
      setRefunding(null);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'ticket-orders'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
    },
  });
  const close = () => {
    if (refund.isPending) return;
    refund.reset();
    setRefunding(null);
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="ticket-orders-title">
      <div>
        <Title order={2} size="h3" id="ticket-orders-title">
          {t('ticketOrders.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('ticketOrders.subtitle')}
        </Text>
      </div>
      {list.data && (
        <Text size="sm" c="gray.7" data-testid="ticket-orders-total">
          {list.data.totalCapped
            ? t('ticketOrders.totalCapped', { shown: count(list.data.total, language) })
            : t('ticketOrders.total', { count: list.data.total })}
        </Text>
      )}
      {done && (
        <Notice color="teal" role="status" withCloseButton onClose={() => setDone(null)} data-testid="ticket-refund-result">
          <Text size="sm" fw={600} c="gray.9">
            {t('ticketOrders.refunded', {
              amount: orderMoney(done.amountCents, done.currency, language),
              email: done.userEmail,
              screening: done.screeningTitle,
              count: done.quantity,
            })}
          </Text>
        </Notice>
      )}
      <PagedTable
        query={list}
        page={page}
        onPage={setPage}
        minWidth={820}
        testId="ticket-orders"
        texts={{
          loading: t('ticketOrders.loading'),
          errorTitle: t('ticketOrders.loadError'),
          errorText: apiErrorText(list.error, 'admin'),
          retry: t('ticketOrders.retry'),
          empty: t('ticketOrders.empty'),
          pagination: t('ticketOrders.pagination'),
        }}
        columns={[
          { label: t('ticketOrders.columns.date') },
          { label: t('ticketOrders.columns.buyer') },
          { label: t('ticketOrders.columns.screening') },
          { label: t('ticketOrders.columns.tickets') },
          { label: t('ticketOrders.columns.amount') },
          { label: t('ticketOrders.columns.status') },
          { label: t('ticketOrders.columns.actions'), hidden: true },
        ]}
        row={(o) => (
          <Table.Tr key={o.id} data-testid="ticket-order-row" data-order-id={o.id}>
            <Table.Td>
              <time dateTime={o.createdAt}>{shortDate(o.createdAt, language)}</time>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Anchor size="sm" href={`mailto:${o.userEmail}`}>
                {o.userEmail}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{o.screeningTitle}</Text>
              <Text size="xs" c="gray.7">
                {o.festivalName}
              </Text>
            </Table.Td>
            <Table.Td>{count(o.quantity, language)}</Table.Td>
            <Table.Td>{orderMoney(o.amountCents, o.currency, language)}</Table.Td>
            <Table.Td>
              <Badge variant="outline" color={statusColor[o.status] ?? 'gray.8'} data-testid="ticket-order-status">
                {t(`ticketOrders.status.${o.status}`, { defaultValue: o.status })}
              </Badge>
              {o.status === 'failed' && o.failureMessage && (
                <Text size="xs" c="gray.7" mt={4}>
                  {o.failureMessage}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {o.refundable && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => {
                    setDone(null);
                    setRefunding(o);
                  }}
                  aria-label={t('ticketOrders.refundFor', { screening: o.screeningTitle, email: o.userEmail })}
                >
                  {t('ticketOrders.refund')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />

      <ConfirmDialog
        opened={refunding !== null}
        title={t('ticketOrders.confirmTitle')}
        onClose={close}
        onConfirm={() => refunding && refund.mutate(refunding.id)}
        pending={refund.isPending}
        error={refund.isError ? `${t('ticketOrders.refundError')} ${apiErrorText(refund.error, 'admin')}` : null}
        cancelLabel={t('ticketOrders.cancel')}
        closeLabel={t('purchases.close')}
        confirmLabel={refunding ? t('ticketOrders.confirmButton', { amount: orderMoney(refunding.amountCents, refunding.currency, language) }) : ''}
      >
        {refunding && (
          <Text size="sm" c="gray.9">
            {t('ticketOrders.confirmText', {
              email: refunding.userEmail,
              amount: orderMoney(refunding.amountCents, refunding.currency, language),
              screening: refunding.screeningTitle,
              festival: refunding.festivalName,
              count: refunding.quantity,
            })}
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
