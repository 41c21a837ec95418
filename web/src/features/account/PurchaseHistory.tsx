import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageCount } from '../../api/client';
import { paymentsApi } from '../../api/payments';
import { formatDate, formatDollars, formatNumber } from '../../lib/format';
import { ListPager, ListState, PurchaseStatusBadge } from './PaymentsParts';

/** PurchaseHistory lists the user's purchases (GET /api/v1/me/purchases), each with its receipt. */
export function PurchaseHistory() {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: ['me', 'purchases', page],
    queryFn: () => paymentsApi.purchases(page),
    placeholderData: keepPreviousData,
  });

  return (
    <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="account-purchases">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={2} size="h3" id="account-purchases">
              {t('purchases.title')}
            </Title>
            <Text size="sm" c="gray.7">
              {t('purchases.intro')}
            </Text>
          </div>
          <Button component={Link} to="/pricing" variant="light" size="sm">
            {t('purchases.buy')}
          </Button>
        </Group>
        <ListState
          query={list}
          isEmpty={(d) => d.items.length === 0}
          loadingLabel={t('purchases.loading')}
          errorTitle={t('purchases.loadError')}
          emptyText={t('purchases.empty')}
          testId="purchases"
        >
          {(data) => (
            <Table.ScrollContainer minWidth={600}>
              <Table verticalSpacing="sm" data-testid="purchases-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('purchases.columns.date')}</Table.Th>
                    <Table.Th scope="col">{t('purchases.columns.package')}</Table.Th>
                    <Table.Th scope="col">{t('purchases.columns.amount')}</Table.Th>
                    <Table.Th scope="col">{t('purchases.columns.credits')}</Table.Th>
                    <Table.Th scope="col">{t('purchases.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('purchases.columns.receipt')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((p) => {
                    const date = formatDate(p.createdAt, lang);
                    return (
                      <Table.Tr key={p.id} data-testid="purchase-row">
                        <Table.Td>
                          <time dateTime={p.createdAt}>{date}</time>
                        </Table.Td>
                        <Table.Td>{p.packageName}</Table.Td>
                        <Table.Td>{formatDollars(p.amountCents, lang)}</Table.Td>
                        <Table.Td>{formatNumber(p.credits, lang)}</Table.Td>
                        <Table.Td>
                          <PurchaseStatusBadge status={p.status} />
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/account/receipts/${p.id}`}
                            size="sm"
                            fw={600}
                            aria-label={t('purchases.receiptLabel', { package: p.packageName, date })}
                          >
                            {t('purchases.receiptLink')}
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListState>
        <ListPager total={pageCount(list.data)} value={page} onChange={setPage} label={t('purchases.pagination')} />
      </Stack>
    </Paper>
  );
}
