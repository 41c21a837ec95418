import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import { Button, Group, Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { analyticsApi, analyticsRanges, type AnalyticsRange, type AnalyticsTable, type NamedCount } from '../../api/analytics';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ManageFrame } from '../../ui/ManageFrame';

const ns = 'analytics';

/** AnalyticsPage: /manage/festivals/:slug/analytics, a festival's numbers for its organiser. */
export default function AnalyticsPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('title'), t('description'));
  const [params, setParams] = useSearchParams();
  const raw = params.get('range') as AnalyticsRange | null;
  const range: AnalyticsRange = raw && analyticsRanges.includes(raw) ? raw : '30d';
  const query = useQuery({ queryKey: ['analytics', slug, range], queryFn: () => analyticsApi.get(slug, range) });

  return (
    <ManageFrame slug={slug} current="analytics" title={t('title')}>
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label={t('range.label')}
          value={range}
          onChange={(v) => setParams({ range: v }, { replace: true })}
          data={analyticsRanges.map((r) => ({ value: r, label: t(`range.${r}`) }))}
          data-testid="analytics-range"
        />
        {query.data && (
          <Text size="sm" c="gray.7">
            {t('period', { from: query.data.from, to: query.data.to, zone: query.data.timeZone })}
          </Text>
        )}
      </Group>
      {query.isPending && (
        <Group role="status" aria-label={t('loading')}>
          <Loader size="sm" />
        </Group>
      )}
      {query.isError && (
        <Notice color="red" role="alert" title={t('loadError')}>
          <Text size="sm">{apiErrorText(query.error, ns)}</Text>
        </Notice>
      )}
      {query.data && <AnalyticsView slug={slug} range={range} a={query.data} />}
    </ManageFrame>
  );
}

function Section({
  title,
  table,
  slug,
  range,
  children,
}: {
  title: string;
  table: AnalyticsTable;
  slug: string;
  range: AnalyticsRange;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={`analytics-${table}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button component="a" href={analyticsApi.csvUrl(slug, table, range)} download size="compact-sm" variant="default">
          {t('csv', { table: title })}
        </Button>
      </Group>
      {children}
    </Paper>
  );
}

function CountTable({ rows, head, label }: { rows: NamedCount[]; head: string; label?: (r: NamedCount) => string }) {
  const { t } = useTranslation(ns);
  if (rows.length === 0) return <Text c="gray.7">{t('empty')}</Text>;
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{head}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('count')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>{label ? label(r) : r.label || r.key}</Table.Td>
            <Table.Td ta="right">{r.count}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function AnalyticsView({ slug, range, a }: { slug: string; range: AnalyticsRange; a: import('../../api/analytics').Analytics }) {
  const { t } = useTranslation(ns);
  const statusLabel = (r: NamedCount) => t(`status.${r.key}`, { defaultValue: r.key });
  const sourceLabel = (r: NamedCount) => (r.key === 'direct' || r.key === 'search' ? t(`source.${r.key}`) : r.key);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Figure label={t('totals.submissions')} value={a.totalSubmissions} />
        <Figure label={t('totals.views')} value={a.totalViews} />
        <Figure label={t('totals.visitors')} value={a.totalVisitors} />
      </SimpleGrid>

      <Section title={t('sections.submissions')} table="submissions" slug={slug} range={range}>
        <LineChart
          h={280}
          data={a.submissions}
          dataKey="day"
          series={[
            { name: 'count', label: t('series.perDay'), color: 'indigo.7' },
            { name: 'cumulative', label: t('series.cumulative'), color: 'teal.8', yAxisId: 'right' },
          ]}
          withRightYAxis
          withLegend
          curveType="linear"
          referenceLines={a.deadlines.map((d) => ({
            x: d.date,
            label: `${d.category} · ${t(`tier.${d.tier}`)}`,
            color: 'red.7',
          }))}
          data-testid="submissions-chart"
        />
        {a.deadlines.length > 0 && (
          <Text size="xs" c="gray.7" mt="xs">
            {t('deadlines', { list: a.deadlines.map((d) => `${d.date} ${d.category} (${t(`tier.${d.tier}`)})`).join(', ') })}
          </Text>
        )}
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('sections.categories')} table="categories" slug={slug} range={range}>
          <CountTable rows={a.byCategory} head={t('columns.category')} />
        </Section>
        <Section title={t('sections.statuses')} table="statuses" slug={slug} range={range}>
          <CountTable rows={a.byStatus} head={t('columns.status')} label={statusLabel} />
        </Section>
      </SimpleGrid>

      <Section title={t('sections.countries')} table="countries" slug={slug} range={range}>
        {a.byCountry.length > 0 && (
          <BarChart h={220} data={a.byCountry.slice(0, 15)} dataKey="key" series={[{ name: 'count', label: t('count'), color: 'indigo.6' }]} />
        )}
        <CountTable rows={a.byCountry} head={t('columns.country')} label={(r) => r.key || t('unknownCountry')} />
      </Section>

      <Section title={t('sections.fees')} table="fees" slug={slug} range={range}>
        <BarChart
          h={200}
          data={a.feeIncome.map((f) => ({ ...f, tier: t(`tier.${f.tier}`) }))}
          dataKey="tier"
          series={[{ name: 'credits', label: t('columns.credits'), color: 'teal.7' }]}
        />
      </Section>

      <Section title={t('sections.views')} table="views" slug={slug} range={range}>
        <AreaChart
          h={260}
          data={a.pageViews}
          dataKey="day"
          series={[
            { name: 'views', label: t('series.views'), color: 'indigo.6' },
            { name: 'visitors', label: t('series.visitors'), color: 'orange.7' },
          ]}
          withLegend
          curveType="linear"
          data-testid="views-chart"
        />
        <Text size="xs" c="gray.7" mt="xs">
          {t('privacy')}
        </Text>
      </Section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title={t('sections.sources')} table="sources" slug={slug} range={range}>
          <CountTable rows={a.sources} head={t('columns.source')} label={sourceLabel} />
        </Section>
        <Section title={t('sections.campaigns')} table="campaigns" slug={slug} range={range}>
          {a.campaigns.length === 0 ? (
            <Text c="gray.7">{t('noCampaigns')}</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columns.campaign')}</Table.Th>
                  <Table.Th scope="col">{t('columns.views')}</Table.Th>
                  <Table.Th scope="col">{t('columns.visitors')}</Table.Th>
                  <Table.Th scope="col">{t('columns.clicks')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.campaigns.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{t('campaign', { days: c.days, start: c.startsAt.slice(0, 10), status: t(`campaignStatus.${c.status}`) })}</Table.Td>
                    <Table.Td>{c.views}</Table.Td>
                    <Table.Td>{c.visitors}</Table.Td>
                    <Table.Td>{c.clicks}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Section>
      </SimpleGrid>

      {a.tickets && (
        <Section title={t('sections.tickets')} table="tickets" slug={slug} range={range}>
          <BarChart
            h={240}
            data={a.tickets}
            dataKey="title"
            series={[
              { name: 'sold', label: t('columns.sold'), color: 'indigo.6' },
              { name: 'checkedIn', label: t('columns.checkedIn'), color: 'teal.7' },
            ]}
            withLegend
          />
        </Section>
      )}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fz={28} fw={800}>
        {value}
      </Text>
    </Paper>
  );
}
