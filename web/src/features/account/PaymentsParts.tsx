import { Badge, Button, Center, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PurchaseStatus } from '../../api/payments';
import { Notice } from '../../ui/Notice';
import { apiErrorText } from '../../lib/apiErrorText';

const statusColor: Record<PurchaseStatus, string> = {
  pending: 'gray.8',
  succeeded: 'teal.9',
  failed: 'red.9',
  refunded: 'indigo.9',
};

/** PurchaseStatusBadge shows a purchase's status in words (Paid, Failed, ...). */
export function PurchaseStatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation('payments');
  return (
    <Badge variant="outline" color={statusColor[status] ?? 'gray.8'} data-testid="purchase-status" style={{ flexShrink: 0 }}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** ListPager pages through one of the account's lists; nothing for a single page. */
export function ListPager({ total, value, onChange, label }: { total: number; value: number; onChange: (p: number) => void; label: string }) {
  const { t } = useTranslation('payments');
  if (total <= 1) return null;
  return (
    <nav aria-label={label}>
      <Pagination
        total={total}
        value={value}
        onChange={onChange}
        size="sm"
        withEdges={false}
        getItemProps={(p) => ({ 'aria-label': t('pager.page', { page: p }) })}
        getControlProps={(c) =>
          c === 'previous' || c === 'first' ? { 'aria-label': t('pager.previous') } : { 'aria-label': t('pager.next') }
        }
      />
    </nav>
  );
}

/** ListState is a list's spinner, its error with a retry, or its empty text; else the list. */
export function ListState<D>({
  query,
  isEmpty,
  loadingLabel,
  errorTitle,
  emptyText,
  testId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: D | undefined; refetch: () => unknown };
  isEmpty: (data: D) => boolean;
  loadingLabel: string;
  errorTitle: string;
  emptyText: React.ReactNode;
  testId: string;
  children: (data: D) => React.ReactNode;
}) {
  const { t } = useTranslation('payments');
  if (query.isPending) {
    return (
      <Center py="lg">
        <Loader role="status" size="sm" aria-label={loadingLabel} />
      </Center>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <Notice color="red" role="alert" title={errorTitle} data-testid={`${testId}-error`}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {apiErrorText(query.error, 'payments')}
          </Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  }
  if (isEmpty(query.data)) {
    return (
      <Text c="gray.7" size="sm" data-testid={`${testId}-empty`}>
        {emptyText}
      </Text>
    );
  }
  return <>{children(query.data)}</>;
}
