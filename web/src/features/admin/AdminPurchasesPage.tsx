import { Anchor, Badge, Button, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPurchasesApi, type Purchase, type PurchaseFilter, type PurchaseStatus, type RefundResult } from '../../api/payments';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ListFilter } from '../../ui/list/ListState';
import { PageHeading } from '../../ui/page/PageHeading';
import { useListParams } from '../../lib/useListParams';
import { count, dollars, shortDate } from './format';
import { AdminTicketOrders } from './AdminTicketOrders';
import { RefundDialog } from './RefundDialog';
import { PagedTable } from '../../ui/list/PagedTable';

const filters: PurchaseFilter[] = ['all', 'succeeded', 'pending', 'failed', 'refunded'];

const statusColor: Record<PurchaseStatus, string> = {
  pending: 'gray.8',
  succeeded: 'teal.9',
  failed: 'red.9',
  refunded: 'indigo.9',
};

/**
 * /admin/purchases: every credit purchase with a status filter, 50 a page; a succeeded one can be
 * refunded (its unspent share, shown in RefundDialog before confirming), and a refund the
 * payment provider has not confirmed can be retried. The ticket orders follow
 * (AdminTicketOrders), each paid one refundable whole.
 */
export default function AdminPurchasesPage() {
  const { t, i18n } = useTranslation('admin');
  usePageMeta(t('purchases.title'), t('purchases.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const { status, page, setStatus, setPage } = useListParams<PurchaseFilter>(filters, 'all', { replace: true });
  const queryClient = useQueryClient();
  const [refunding, setRefunding] = useState<Purchase | null>(null);
  const [result, setResult] = useState<RefundResult | null>(null);

  const list = useQuery({
    queryKey: ['admin', 'purchases', status, page],
    queryFn: () => adminPurchasesApi.list(status, page),
  });

  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'purchases'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] });
  };
  const openRefund = (p: Purchase) => {
    setResult(null);
    setRefunding(p);
  };
  const closeRefund = () => {
    setRefunding(null);
    // A refused or unconfirmed refund may have changed the purchase.
    refreshLists();
  };
  const refunded = (r: RefundResult) => {
    setResult(r);
    setRefunding(null);
    refreshLists();
  };

  return (
    <Stack gap="lg">
      <PageHeading title={t('purchases.title')} subtitle={t('purchases.subtitle')} />

      <ListFilter
        label={t('purchases.filterLabel')}
        value={status}
        onChange={setStatus}
        options={filters.map((s) => ({ value: s, label: t(`purchases.filter.${s}`) }))}
        testId="purchases-filter"
        total={
          list.data &&
          (list.data.totalCapped
            ? t('purchases.totalCapped', { shown: count(list.data.total, language) })
            : t('purchases.total', { count: list.data.total }))
        }
        totalTestId="purchases-total"
      />

      {result && (
        <Notice color="teal" role="status" withCloseButton onClose={() => setResult(null)} data-testid="refund-result">
          <Stack gap={4}>
            <Text size="sm" fw={600} c="gray.9">
              {t('purchases.refunded', {
                package: result.purchase.packageName,
                email: result.purchase.userEmail,
                amount: dollars(result.purchase.refundedCents, language),
                count: result.purchase.refundedCredits,
              })}
            </Text>
            {result.uncollected > 0 && (
              <Text size="sm" c="gray.9" data-testid="refund-uncollected">
                {t('purchases.uncollected', { count: result.uncollected })}
              </Text>
            )}
          </Stack>
        </Notice>
      )}

      <PagedTable
        query={list}
        page={page}
        onPage={setPage}
        minWidth={820}
        testId="purchases"
        texts={{
          loading: t('purchases.loading'),
          errorTitle: t('purchases.loadError'),
          errorText: apiErrorText(list.error, 'admin'),
          retry: t('purchases.retry'),
          empty: t(`purchases.empty.${status}`),
          pagination: t('purchases.pagination'),
        }}
        columns={[
          { label: t('purchases.columns.date') },
          { label: t('purchases.columns.buyer') },
          { label: t('purchases.columns.package') },
          { label: t('purchases.columns.amount') },
          { label: t('purchases.columns.credits') },
          { label: t('purchases.columns.status') },
          { label: t('purchases.columns.reference') },
          { label: t('purchases.columns.actions'), hidden: true },
        ]}
        row={(p) => (
          <Table.Tr key={p.id} data-testid="purchase-row" data-purchase-id={p.id}>
            <Table.Td>
              <time dateTime={p.createdAt}>{shortDate(p.createdAt, language)}</time>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Anchor size="sm" href={`mailto:${p.userEmail}`}>
                {p.userEmail}
              </Anchor>
              {(p.buyerCompany || p.buyerVatId) && (
                <Text size="xs" c="gray.7" data-testid="purchase-company">
                  {[p.buyerCompany, p.buyerVatId].filter(Boolean).join(' · ')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>{p.packageName}</Table.Td>
            <Table.Td>{dollars(p.amountCents, language)}</Table.Td>
            <Table.Td>
              {count(p.credits, language)}
              {p.refundedCredits > 0 && (
                <Text span size="xs" c="gray.7">
                  {' '}
                  ({t('purchases.refundedCredits', { count: p.refundedCredits })})
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge variant="outline" color={statusColor[p.status] ?? 'gray.8'} data-testid="purchase-status">
                {p.refundPending
                  ? t('purchases.refundPending')
                  : t(`purchases.status.${p.status}`, { defaultValue: p.status })}
              </Badge>
              {p.status === 'refunded' && p.refundedCents > 0 && (
                <Text size="xs" c="gray.7" mt={4} data-testid="purchase-refunded-amount">
                  {dollars(p.refundedCents, language)}
                </Text>
              )}
              {p.status === 'failed' && p.failureMessage && (
                <Text size="xs" c="gray.7" mt={4}>
                  {p.failureMessage}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text span size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {p.reference}
              </Text>
            </Table.Td>
            <Table.Td>
              {(p.status === 'succeeded' || p.refundPending) && (
                <Button
                  size="xs"
                  variant="outline"
                  color="red.9"
                  onClick={() => openRefund(p)}
                  aria-label={t(p.refundPending ? 'purchases.retryFor' : 'purchases.refundFor', {
                    package: p.packageName,
                    email: p.userEmail,
                  })}
                >
                  {p.refundPending ? t('purchases.retryRefund') : t('purchases.refund')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      />

      <RefundDialog purchase={refunding} onClose={closeRefund} onRefunded={refunded} />

      <AdminTicketOrders />
    </Stack>
  );
}
