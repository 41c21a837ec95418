import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../../api/admin';
import { formatMoney, useTag } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { count, dollars, longMonth, monthName } from './format';
import { DollarIcon, SwapIcon, TicketIcon, UsersIcon } from './icons';
import { StatCard } from './StatCard';

/**
 * AdminDashboardPage: the seed's four stat cards and the chart of sign-ups and income per month, from
 * real data. Income is of two kinds, said apart: credit purchases and ticket sales.
 */
export default function AdminDashboardPage() {
  const { t, i18n } = useTranslation('admin');
  usePageMeta(t('dashboard.title'), t('dashboard.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const tag = useTag();
  const query = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: adminApi.dashboard });

  let body: React.ReactNode;
  if (query.isPending) {
    body = <Text data-testid="dashboard-loading">{t('dashboard.loading')}</Text>;
  } else if (query.isError) {
    body = (
      <Text c="red.8" role="alert" data-testid="dashboard-error">
        {t('dashboard.error', { message: apiErrorText(query.error, 'common', t('dashboard.failed')) })}
      </Text>
    );
  } else {
    const d = query.data;
    const months = d.signupsByMonth ?? [];
    const income = new Map((d.incomeByMonth ?? []).map((m) => [m.month, m.amountCents]));
    const tickets = new Map((d.ticketIncomeByMonth ?? []).map((m) => [m.month, m.amountCents]));
    const incomeMonths = d.incomeByMonth ?? [];
    const ticketIncome = d.ticketIncomeCents ?? 0;
    const ticketCurrencies = d.ticketIncomeByCurrency ?? [];
    // One chart: sign-ups on the left axis, the two incomes in dollars on the right.
    const data = months.map((m) => ({
      month: monthName(m.month, language),
      users: m.users,
      income: (income.get(m.month) ?? 0) / 100,
      tickets: (tickets.get(m.month) ?? 0) / 100,
    }));
    body = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }}>
          <StatCard title={t('dashboard.totalUsers')} value={count(d.totalUsers, language)} icon={<UsersIcon />} />
          <StatCard
            title={t('dashboard.totalSubscriptions')}
            value={count(d.totalSubscriptions, language)}
            icon={<TicketIcon />}
          />
          <StatCard
            title={t('dashboard.totalTransactions')}
            value={count(d.totalTransactions, language)}
            icon={<SwapIcon />}
          />
          <StatCard
            title={t('dashboard.totalIncome')}
            value={dollars(d.totalIncomeCents + ticketIncome, language)}
            detail={
              <span data-testid="income-split">
                {t('dashboard.incomeSplit', {
                  credits: dollars(d.totalIncomeCents, language),
                  tickets: dollars(ticketIncome, language),
                })}
                <span style={{ display: 'block' }} data-testid="ticket-currencies">
                  {t('dashboard.ticketCurrencies')}:{' '}
                  {ticketCurrencies.length
                    ? ticketCurrencies.map((c) => formatMoney(c.amountCents, c.currency, tag)).join(' · ')
                    : t('dashboard.ticketCurrenciesNone')}
                </span>
              </span>
            }
            icon={<DollarIcon />}
          />
          <StatCard
            title={t('dashboard.platformRevenue')}
            value={dollars(d.commissionCents ?? 0, language)}
            detail={<span data-testid="platform-revenue">{t('dashboard.platformRevenueDetail')}</span>}
            icon={<DollarIcon />}
          />
          <StatCard
            title={t('dashboard.festivalEarnings')}
            value={dollars(d.festivalEarningsCents ?? 0, language)}
            detail={
              <span data-testid="festival-earnings">
                {t('dashboard.festivalEarningsDetail', { value: dollars(d.creditValueCents ?? 0, language) })}
              </span>
            }
            icon={<DollarIcon />}
          />
        </SimpleGrid>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="user-stats-title">
          <Title order={2} size="h3" id="user-stats-title" mb="md">
            {t('dashboard.chartTitle')}
          </Title>
          <div aria-hidden="true">
            <LineChart
              h={300}
              data={data}
              dataKey="month"
              series={[
                { name: 'users', label: t('dashboard.chartSeries'), color: 'indigo.7' },
                ...(incomeMonths.length > 0
                  ? [
                      { name: 'income', label: t('dashboard.incomeSeries'), color: 'teal.8', yAxisId: 'right' },
                      { name: 'tickets', label: t('dashboard.ticketSeries'), color: 'orange.8', yAxisId: 'right' },
                    ]
                  : []),
              ]}
              curveType="monotone"
              tickLine="y"
              withLegend={incomeMonths.length > 0}
              withRightYAxis={incomeMonths.length > 0}
              yAxisProps={{ allowDecimals: false }}
              rightYAxisProps={{ tickFormatter: (v: number) => dollars(Math.round(v * 100), language) }}
              lineChartProps={{ accessibilityLayer: false }}
              data-testid="user-chart"
            />
          </div>
          <VisuallyHidden>
            <Table>
              <caption>{t('dashboard.chartTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.month')}</th>
                  <th scope="col">{t('dashboard.chartSeries')}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <td>{longMonth(m.month, language)}</td>
                    <td>{m.users}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
            {incomeMonths.length > 0 && (
              <Table data-testid="income-table">
                <caption>{t('dashboard.incomeTableTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('dashboard.month')}</th>
                    <th scope="col">{t('dashboard.income')}</th>
                    <th scope="col">{t('dashboard.ticketIncome')}</th>
                  </tr>
                </thead>
                <tbody>
                  {incomeMonths.map((m) => (
                    <tr key={m.month}>
                      <td>{longMonth(m.month, language)}</td>
                      <td>{dollars(m.amountCents, language)}</td>
                      <td>{dollars(tickets.get(m.month) ?? 0, language)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </VisuallyHidden>
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1}>{t('dashboard.title')}</Title>
      {body}
    </Stack>
  );
}
