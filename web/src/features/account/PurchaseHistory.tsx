import { Anchor, Button, Table } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paymentsApi, type Purchase } from '../../api/payments';
import { apiErrorText } from '../../lib/apiErrorText';
import { formatDate, formatDollars, formatNumber } from '../../lib/format';
import { PagedSection } from './PagedSection';
import { PurchaseStatusBadge } from './PurchaseStatusBadge';

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
    <PagedSection<Purchase>
      id="account-purchases"
      title={t('purchases.title')}
      intro={t('purchases.intro')}
      action={
        <Button component={Link} to="/pricing" variant="light" size="sm">
          {t('purchases.buy')}
        </Button>
      }
      query={list}
      page={page}
      onPage={setPage}
      minWidth={600}
      testId="purchases"
      texts={{
        loading: t('purchases.loading'),
        errorTitle: t('purchases.loadError'),
        errorText: apiErrorText(list.error, 'payments'),
        retry: t('retry'),
        empty: t('purchases.empty'),
        pagination: t('purchases.pagination'),
      }}
      columns={[
        { label: t('purchases.columns.date') },
        { label: t('purchases.columns.package') },
        { label: t('purchases.columns.amount') },
        { label: t('purchases.columns.credits') },
        { label: t('purchases.columns.status') },
        { label: t('purchases.columns.receipt') },
      ]}
      row={(p) => {
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
      }}
    />
  );
}
