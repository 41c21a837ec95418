import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payout } from '../../api/payouts';
import { money, statusColor } from './format';

const ns = 'payouts';

/** PayoutList is a table of payouts; actions, when given, renders each row's last cell. */
export function PayoutList({ items, showFestival = false, actions }: { items: Payout[]; showFestival?: boolean; actions?: (p: Payout) => React.ReactNode }) {
  const { t, i18n } = useTranslation(ns);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  if (items.length === 0) {
    return (
      <Text c="dimmed" data-testid="payouts-empty">
        {t('list.empty')}
      </Text>
    );
  }
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table striped verticalSpacing="sm" miw={showFestival ? 720 : 480} data-testid="payouts-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('list.date')}</Table.Th>
            {showFestival && <Table.Th scope="col">{t('list.festival')}</Table.Th>}
            <Table.Th scope="col">{t('list.amount')}</Table.Th>
            <Table.Th scope="col">{t('list.trigger')}</Table.Th>
            <Table.Th scope="col">{t('list.status')}</Table.Th>
            {actions && <Table.Th scope="col">{t('list.actions')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.id} data-testid={`payout-${p.id}`}>
              <Table.Td>{date(p.createdAt)}</Table.Td>
              {showFestival && <Table.Td style={{ overflowWrap: 'anywhere' }}>{p.festivalName}</Table.Td>}
              <Table.Td>{money(p.amountCents, p.currency, language)}</Table.Td>
              <Table.Td>{p.trigger === 'schedule' ? t('list.scheduled', { period: p.period }) : t('list.byAdmin')}</Table.Td>
              <Table.Td>
                <Badge color={statusColor(p.status)}>{t(`status.${p.status}`)}</Badge>
                {p.failureMessage && (
                  <Text size="xs" c="red.8">
                    {p.failureMessage}
                  </Text>
                )}
                {p.retriedBy > 0 && <Text size="xs">{t('list.retried')}</Text>}
              </Table.Td>
              {actions && <Table.Td>{actions(p)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
