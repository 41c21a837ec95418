import { Alert, Badge, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { earningsApi, earningsKey, type FestivalEarning, type FestivalEarningsReport } from '../../api/earnings';
import type { PayoutTaxData } from '../../api/payouts';
import { apiErrorText } from '../../lib/apiErrorText';
import { languageFor } from '../../i18n/languages';
import { Title } from '../../ui/Title';
import './earnings-print.css';
import { formatMoney, isPending, monthLabel, parseSource, statementAddsUp, statementLines } from './statement';

const ns = 'earnings';

/**
 * EarningsView is the body of /manage/festivals/:slug/earnings: the
 * festival's balance (available, pending, paid out), the credit value and
 * commission its amounts are counted with, the month's statement (?month=)
 * with its rows and the payout account's tax data, as a page, a CSV and a
 * PDF download (in the reader's language) and a print (earnings-print.css),
 * and then the payout account (a slot the app fills). The account comes
 * last: it loads on its own, and above the statement its card, arriving,
 * pushed the download buttons down while they were being clicked (a
 * browser test's click once landed beside them and nothing downloaded).
 */
export function EarningsView({ slug, payoutAccount }: { slug: string; payoutAccount?: ReactNode }) {
  const { t, i18n } = useTranslation(ns);
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? '';
  const currency = params.get('currency') ?? '';
  const query = useQuery({
    queryKey: earningsKey(slug, month, currency),
    queryFn: () => earningsApi.festival(slug, month, currency),
    placeholderData: keepPreviousData,
  });
  const language = languageFor(i18n.resolvedLanguage ?? i18n.language);
  const locale = language.htmlLang;
  const lang = language.code;

  if (query.isPending) return <Loader aria-label={t('loading')} data-testid="earnings-loading" />;
  if (query.isError) {
    return (
      <Alert color="red" title={t('loadError')} data-testid="earnings-error">
        {apiErrorText(query.error, ns, t('loadError'))}
      </Alert>
    );
  }
  const rep = query.data;
  const money = (cents: number) => formatMoney(cents, rep.currency, locale);
  const choose = (key: 'month' | 'currency') => (v: string) => setParams((p) => {
    const next = new URLSearchParams(p);
    next.set(key, v);
    return next;
  });
  const chooseMonth = choose('month');

  return (
    <Stack gap="lg" data-testid="earnings">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Balance label={t('balance.available')} hint={t('balance.availableHint')} value={money(rep.balance.availableCents)} testId="balance-available" />
        <Balance label={t('balance.pending')} hint={t('balance.pendingHint')} value={money(rep.balance.pendingCents)} testId="balance-pending" />
        <Balance label={t('balance.paid')} hint={t('balance.paidHint')} value={money(rep.balance.paidCents)} testId="balance-paid" />
      </SimpleGrid>
      <Terms rep={rep} money={money} />
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-title">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} size="h3" id="statement-title">
              {t('statement.title', { month: monthLabel(rep.statement.month, locale) })}
            </Title>
            <Group gap="xs" wrap="wrap" className="earnings-no-print">
              <NativeSelect
                aria-label={t('statement.month')}
                value={rep.statement.month}
                onChange={(e) => chooseMonth(e.currentTarget.value)}
                data={rep.months.map((m) => ({ value: m, label: monthLabel(m, locale) }))}
                data-testid="statement-month"
              />
              {rep.currencies.length > 1 && (
                <NativeSelect
                  aria-label={t('statement.currency')}
                  value={rep.currency}
                  onChange={(e) => choose('currency')(e.currentTarget.value)}
                  data={rep.currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
                  data-testid="statement-currency"
                />
              )}
              <Button component="a" variant="light" href={earningsApi.statementCsvUrl(slug, rep.statement.month, rep.currency)} download data-testid="statement-csv">
                {t('statement.csv')}
              </Button>
              <Button component="a" variant="light" href={earningsApi.statementPdfUrl(slug, rep.statement.month, lang, rep.currency)} download data-testid="statement-pdf">
                {t('statement.pdf')}
              </Button>
              <Button variant="light" onClick={() => window.print()} data-testid="statement-print">
                {t('statement.print')}
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="gray.7" className="earnings-print-only">
            {t('statement.printHeading', { festival: rep.festivalName, month: monthLabel(rep.statement.month, locale) })}
          </Text>
          <StatementTable rep={rep} money={money} />
          {rep.taxData && <TaxData data={rep.taxData} />}
          {!statementAddsUp(rep.statement) && (
            <Alert color="red" data-testid="statement-mismatch">
              {t('statement.mismatch')}
            </Alert>
          )}
          <RowsTable rows={rep.statement.rows} money={money} locale={locale} />
        </Stack>
      </Paper>
      {payoutAccount && (
        <section aria-label={t('payoutAccount')} data-testid="payout-account-slot" className="earnings-no-print">
          {payoutAccount}
        </section>
      )}
    </Stack>
  );
}

function Balance({ label, hint, value, testId }: { label: string; hint: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} fz="xl" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Text size="xs" c="gray.7">
        {hint}
      </Text>
    </Paper>
  );
}

/** Terms states what the amounts are counted with: the credit value and the commission. */
function Terms({ rep, money }: { rep: FestivalEarningsReport; money: (c: number) => string }) {
  const { t } = useTranslation(ns);
  return (
    <Text size="sm" c="gray.8" data-testid="earnings-terms">
      {t('terms.creditValue', { value: money(rep.creditValueCents) })}{' '}
      {t('terms.commission', { percent: rep.commissionPercent })}{' '}
      {rep.commissionOverridden && <Badge variant="light" size="sm">{t('terms.overridden')}</Badge>} {t('terms.availability')}
    </Text>
  );
}

/** TaxData is the payout account's tax data the statement is made out to (printed too). */
function TaxData({ data }: { data: PayoutTaxData }) {
  const { t } = useTranslation(ns);
  const fields: [string, string][] = [
    [t('tax.legalName'), data.legalName],
    [t('tax.address'), data.address],
    [t('tax.country'), data.country],
    [t('tax.taxId'), data.taxId],
  ];
  return (
    <Stack gap={4} component="section" aria-labelledby="statement-tax-title" data-testid="statement-tax">
      <Title order={3} size="h5" id="statement-tax-title">
        {t('tax.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing={4} component="dl" m={0}>
        {fields.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="gray.7">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function StatementTable({ rep, money }: { rep: FestivalEarningsReport; money: (c: number) => string }) {
  const { t } = useTranslation(ns);
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table data-testid="statement-lines">
        <Table.Tbody>
          {statementLines(rep.statement).map((l) => (
            <Table.Tr key={l.key} data-line={l.key}>
              <Table.Th scope="row" fw={l.total ? 700 : 400}>
                {t(`statement.lines.${l.key}`)}
                {l.count !== undefined && l.count > 0 && (
                  <Text span size="sm" c="gray.7">
                    {' '}
                    {t('statement.count', { count: l.count })}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="right" fw={l.total ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                {money(l.cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowsTable({ rows, money, locale }: { rows: FestivalEarning[]; money: (c: number) => string; locale: string }) {
  const { t } = useTranslation(ns);
  if (rows.length === 0) {
    return (
      <Text c="gray.7" data-testid="earnings-empty">
        {t('rows.empty')}
      </Text>
    );
  }
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
  const now = new Date();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="earnings-rows">
        <caption>{t('rows.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('rows.date')}</Table.Th>
            <Table.Th scope="col">{t('rows.kind')}</Table.Th>
            <Table.Th scope="col">{t('rows.source')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('rows.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('rows.available')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const src = parseSource(r.source);
            return (
              <Table.Tr key={r.id} data-kind={r.kind}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(r.createdAt)}</Table.Td>
                <Table.Td>{t(`kinds.${r.kind}`)}</Table.Td>
                <Table.Td>{src.type === 'other' ? src.id : t(`sources.${src.type}`, { id: src.id })}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(r.amountCents)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {isPending(r, now) ? t('rows.pendingUntil', { date: date(r.availableAt) }) : t('rows.availableNow')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
