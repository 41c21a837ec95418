import { Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentsApi, type LedgerEntry } from '../../api/payments';
import { apiErrorText } from '../../lib/apiErrorText';
import { formatDate, formatDelta } from '../../lib/format';
import { PagedSection } from './PagedSection';

/** LedgerList shows every change to the user's balance (GET /api/v1/me/ledger), newest first. */
export function LedgerList() {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['me', 'ledger', page],
    queryFn: () => paymentsApi.ledger(page),
    placeholderData: keepPreviousData,
  });

  return (
    <PagedSection<LedgerEntry>
      id="account-ledger"
      title={t('ledger.title')}
      intro={t('ledger.intro')}
      query={list}
      page={page}
      onPage={setPage}
      minWidth={520}
      testId="ledger"
      texts={{
        loading: t('ledger.loading'),
        errorTitle: t('ledger.loadError'),
        errorText: apiErrorText(list.error, 'payments'),
        retry: t('retry'),
        empty: t('ledger.empty'),
        pagination: t('ledger.pagination'),
      }}
      columns={[
        { label: t('ledger.columns.date') },
        { label: t('ledger.columns.reason') },
        { label: t('ledger.columns.change'), align: 'right' },
        { label: t('ledger.columns.reference') },
      ]}
      row={(e) => (
        <Table.Tr key={e.id} data-testid="ledger-row">
          <Table.Td>
            <time dateTime={e.createdAt}>{formatDate(e.createdAt, lang)}</time>
          </Table.Td>
          <Table.Td>{t(`ledger.reasons.${e.reason}`, { defaultValue: e.reason })}</Table.Td>
          <Table.Td ta="right" fw={700} c={e.delta < 0 ? 'red.9' : 'teal.9'} data-testid="ledger-delta">
            {formatDelta(e.delta, lang)}
          </Table.Td>
          <Table.Td>
            <Text span size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {e.reference}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    />
  );
}
