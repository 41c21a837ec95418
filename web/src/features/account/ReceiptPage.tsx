import { Anchor, Box, Button, Container, Group, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { paymentsApi, type Purchase } from '../../api/payments';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { languageFor } from '../../i18n/languages';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { countryName } from '../../lib/countries';
import { formatDate, formatDollars, formatNumber } from '../../lib/format';
import { PurchaseStatusBadge } from './PurchaseStatusBadge';
import classes from './receipt.module.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className={classes.row} data-testid={testId}>
      <Text component="dt" size="sm" fw={600} c="gray.7">
        {label}
      </Text>
      <Text component="dd" className={classes.value}>
        {children}
      </Text>
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation('payments');
  return (
    <Anchor component={Link} to="/account" size="sm" fw={600} className={classes.noPrint}>
      <span aria-hidden="true">← </span>
      {t('receipt.back')}
    </Anchor>
  );
}

function Receipt({ purchase: p }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const paidAt = p.settledAt ?? p.createdAt;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.receipt} data-testid="receipt">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Title order={1}>{t('receipt.title')}</Title>
            <Text c="gray.7" size="sm" data-testid="receipt-number">
              {t('receipt.number', { id: p.id })}
            </Text>
          </div>
          <PurchaseStatusBadge status={p.status} />
        </Group>
        <Box component="dl" className={classes.list}>
          <Row label={t('receipt.seller')} testId="receipt-seller">
            {t('receipt.sellerName')}
          </Row>
          <Row label={t('receipt.buyer')} testId="receipt-buyer">
            {p.userEmail}
          </Row>
          {p.buyerCompany && (
            <Row label={t('receipt.company')} testId="receipt-company">
              {p.buyerCompany}
            </Row>
          )}
          {p.buyerVatId && (
            <Row label={t('receipt.vatId')} testId="receipt-vat-id">
              {p.buyerVatId}
            </Row>
          )}
          <Row label={t('receipt.package')} testId="receipt-package">
            {p.packageName}
          </Row>
          <Row label={t('receipt.credits')} testId="receipt-credits">
            {formatNumber(p.credits, lang)}
          </Row>
          <Row label={t('receipt.amount')} testId="receipt-amount">
            {formatDollars(p.amountCents, lang)} ({p.currency.toUpperCase()})
          </Row>
          <Row label={t('receipt.date')} testId="receipt-date">
            <time dateTime={paidAt}>{formatDate(paidAt, lang)}</time>
          </Row>
          {p.country && (
            <Row label={t('receipt.country')} testId="receipt-country">
              {countryName(p.country, languageFor(lang).htmlLang)} ({p.country})
            </Row>
          )}
          <Row label={t('receipt.reference')} testId="receipt-reference">
            <Text span ff="monospace" inherit>
              {p.reference}
            </Text>
          </Row>
          <Row label={t('receipt.status')} testId="receipt-status">
            {t(`status.${p.status}`, { defaultValue: p.status })}
            {p.status === 'refunded' && p.refundedAt && (
              <>
                {' · '}
                {t('receipt.refunded', {
                  amount: formatDollars(p.refundedCents, lang),
                  date: formatDate(p.refundedAt, lang),
                  count: p.refundedCredits,
                })}
              </>
            )}
            {p.refundPending && <> · {t('receipt.refundPending')}</>}
            {p.status === 'failed' && p.failureMessage && <> · {p.failureMessage}</>}
          </Row>
        </Box>
        <Group className={classes.noPrint}>
          <Button onClick={() => window.print()} data-testid="print-receipt">
            {t('receipt.print')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * ReceiptPage (/account/receipts/:id, signed-in users only): a printable
 * receipt for one of the user's purchases; someone else's is not found.
 */
export default function ReceiptPage() {
  const { t } = useTranslation('payments');
  usePageMeta(t('receipt.meta.title'), t('receipt.meta.description'));
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const query = useQuery({
    queryKey: ['me', 'purchase', id],
    queryFn: () => paymentsApi.purchase(id),
    enabled: valid,
    retry: (count, err) => !(err instanceof ApiError && (err.status === 404 || err.status === 400)) && count < 1,
  });

  let body: ReactNode;
  const notFound = !valid || (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));
  if (notFound) {
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="not-found">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h2">
            {t('receipt.notFoundTitle')}
          </Title>
          <Text>{t('receipt.notFoundText')}</Text>
          <Button component={Link} to="/account">
            {t('receipt.back')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (query.isPending) {
    body = <PageLoading />;
  } else if (query.isError) {
    body = (
      <>
        <Title order={1}>{t('receipt.title')}</Title>
        <Notice color="red" role="alert" title={t('receipt.loadError')} data-testid="receipt-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {apiErrorText(query.error, 'payments')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Notice>
      </>
    );
  } else {
    body = <Receipt purchase={query.data} />;
  }

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <BackLink />
        {body}
      </Stack>
    </Container>
  );
}
