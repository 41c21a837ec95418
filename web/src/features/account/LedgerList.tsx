import { Paper, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import { formatDate, formatDelta } from '../../lib/format';
import { ListPager, ListState } from './PaymentsParts';

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
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="account-ledger">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="account-ledger">
            {t('ledger.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('ledger.intro')}
          </Text>
        </div>
        <ListState
          query={list}
          isEmpty={(d) => d.items.length === 0}
          loadingLabel={t('ledger.loading')}
          errorTitle={t('ledger.loadError')}
          emptyText={t('ledger.empty')}
          testId="ledger"
        >
          {(data) => (
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" data-testid="ledger-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('ledger.columns.date')}</Table.Th>
                    <Table.Th scope="col">{t('ledger.columns.reason')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('ledger.columns.change')}
                    </Table.Th>
                    <Table.Th scope="col">{t('ledger.columns.reference')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((e) => (
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
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListState>
        <ListPager total={pageCount(list.data)} value={page} onChange={setPage} label={t('ledger.pagination')} />
      </Stack>
    </Paper>
  );
}
