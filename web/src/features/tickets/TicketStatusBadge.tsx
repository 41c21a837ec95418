import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketStatus } from '../../api/tickets';
import { ns } from './ScreeningsSection';

const colors: Record<TicketStatus, string> = { valid: 'teal', used: 'gray', cancelled: 'red', refunded: 'orange' };

/** TicketStatusBadge says whether a ticket is valid, used, cancelled or refunded. */
export function TicketStatusBadge({ status, size = 'md' }: { status: TicketStatus; size?: 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation(ns);
  return (
    <Badge size={size} color={colors[status]} variant={status === 'valid' ? 'light' : 'filled'} data-testid="ticket-status"
      styles={status === 'valid' ? { label: { color: 'var(--mantine-color-gray-9)' } } : undefined}>
      {t(`status.${status}`)}
    </Badge>
  );
}
