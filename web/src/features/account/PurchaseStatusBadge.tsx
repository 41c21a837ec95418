import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PurchaseStatus } from '../../api/payments';

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
