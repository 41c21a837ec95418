import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Badge, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { pageCount } from '../../api/client';
import { manageSubmissionsApi, type RankedSubmission, type RankingFilter, type RankingSort } from '../../api/manageSubmissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { ListPagination } from '../../ui/list/ListPagination';
import { apiErrorText } from '../../lib/apiErrorText';
import { useLanguage } from '../../lib/dates';
import { ns, rankingKey } from './shared';
import { ManageFrame, useManagedFestival } from '../../ui/ManageFrame';
import { formatCalibrated, formatScore } from '../../lib/format';

/**
 * /manage/festivals/:slug/ranking: one category's submissions ranked by
 * weighted score and by calibrated score side by side, each table paged
 * (50 a page, its page in the URL: ?weighted=&calibrated=), and a chart of
 * the top 10 by weighted score.
 */
export default function RankingPage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('ranking.title'), t('ranking.description'));
  return (
    <ManageFrame slug={slug} current="ranking" title={t('ranking.title')}>
      <Ranking slug={slug} />
    </ManageFrame>
  );
}

/** pageParam reads a table's page from the URL (1 when absent or not a page number). */
function pageParam(params: URLSearchParams, name: RankingSort): number {
  return Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
}

/** useRankingPage loads one page of the category's ranking in one order. */
function useRankingPage(slug: string, filter: RankingFilter) {
  return useQuery({
    queryKey: rankingKey(slug, filter),
    queryFn: () => manageSubmissionsApi.ranking(slug, filter),
    enabled: filter.category > 0,
    placeholderData: keepPreviousData,
  });
}

function Ranking({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const festival = useManagedFestival(slug);
  const [params, setParams] = useSearchParams();
  const categories = festival.data?.categories ?? [];
  const wanted = Number(params.get('category'));
  const category = categories.find((c) => c.id === wanted)?.id ?? categories[0]?.id ?? 0;
  const pages = { weighted: pageParam(params, 'weighted'), calibrated: pageParam(params, 'calibrated') };

  const weighted = useRankingPage(slug, { category, sort: 'weighted', page: pages.weighted });
  const calibrated = useRankingPage(slug, { category, sort: 'calibrated', page: pages.calibrated });
  // The chart shows the top 10, on the first page whichever page the table shows.
  const first = useRankingPage(slug, { category, sort: 'weighted', page: 1 });

  const setPage = (sort: RankingSort, page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete(sort);
    else next.set(sort, String(page));
    setParams(next);
  };

  if (categories.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="ranking-no-categories">
        <Text ta="center" c="gray.7">
          {t('ranking.noCategories')}
        </Text>
      </Paper>
    );
  }

  const top = (first.data?.items ?? []).filter((r) => r.rank > 0).slice(0, 10);
  return (
    <Stack gap="lg">
      <Select
        label={t('ranking.category')}
        data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
        value={String(category)}
        onChange={(v) => v && setParams({ category: v }, { replace: true })}
        allowDeselect={false}
        maw={360}
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="sm" c="gray.7" data-testid="calibration-help">
        {t('ranking.explanation')}
      </Text>
      <ListState
        query={weighted}
        isEmpty={(d) => d.total === 0}
        loadingLabel={t('ranking.loading')}
        errorTitle={t('ranking.loadError')}
        errorText={apiErrorText(weighted.error, ns)}
        retryLabel={t('list.retry')}
        errorTestId="ranking-error"
        emptyText={t('ranking.empty')}
        emptyTestId="ranking-empty"
      >
        {(byWeighted) => (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <RankTable
                slug={slug}
                testId="ranking-weighted"
                title={t('ranking.weighted')}
                lines={byWeighted.items}
                score={(r) => formatScore(r.summary.weighted, tag)}
                tag={tag}
              >
                <ListPagination
                  total={pageCount(byWeighted)}
                  value={pages.weighted}
                  onChange={(p) => setPage('weighted', p)}
                  label={t('ranking.weightedPages')}
                />
              </RankTable>
              <ListState
                query={calibrated}
                isEmpty={(d) => d.total === 0}
                loadingLabel={t('ranking.loading')}
                errorTitle={t('ranking.loadError')}
                errorText={apiErrorText(calibrated.error, ns)}
                retryLabel={t('list.retry')}
                errorTestId="ranking-calibrated-error"
                emptyText={t('ranking.empty')}
                emptyTestId="ranking-calibrated-empty"
              >
                {(byCalibrated) => (
                  <RankTable
                    slug={slug}
                    testId="ranking-calibrated"
                    title={t('ranking.calibrated')}
                    lines={byCalibrated.items}
                    score={(r) => formatCalibrated(r.summary.calibrated, tag)}
                    tag={tag}
                  >
                    <ListPagination
                      total={pageCount(byCalibrated)}
                      value={pages.calibrated}
                      onChange={(p) => setPage('calibrated', p)}
                      label={t('ranking.calibratedPages')}
                    />
                  </RankTable>
                )}
              </ListState>
            </SimpleGrid>
            {top.length > 0 && (
              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ranking-chart-title">
                <Title order={2} size="h4" id="ranking-chart-title" mb="md">
                  {t('ranking.chartTitle')}
                </Title>
                <div aria-hidden="true">
                  <BarChart
                    h={320}
                    data={top.map((r) => ({
                      film: r.submission.filmTitle,
                      weighted: r.summary.weighted ?? 0,
                      calibrated: r.summary.calibrated ?? 0,
                    }))}
                    dataKey="film"
                    series={[
                      { name: 'weighted', label: t('ranking.weightedSeries'), color: 'indigo.7' },
                      { name: 'calibrated', label: t('ranking.calibratedSeries'), color: 'teal.8', yAxisId: 'right' },
                    ]}
                    withLegend
                    withRightYAxis
                    yAxisProps={{ domain: [0, 100] }}
                    tickLine="y"
                    barChartProps={{ accessibilityLayer: false }}
                    data-testid="ranking-chart"
                  />
                </div>
                <Text size="xs" c="gray.7" mt="xs">
                  {t('ranking.chartNote')}
                </Text>
              </Paper>
            )}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

/** RankTable is one page of a ranking, in its order, with its pagination (children) below. */
function RankTable({
  slug,
  testId,
  title,
  lines,
  score,
  tag,
  children,
}: {
  slug: string;
  testId: string;
  title: string;
  lines: RankedSubmission[];
  score: (r: RankedSubmission) => string;
  tag: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title} data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Table.ScrollContainer minWidth={380}>
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('ranking.rank')}</Table.Th>
              <Table.Th scope="col">{t('ranking.film')}</Table.Th>
              <Table.Th scope="col">{t('ranking.score')}</Table.Th>
              <Table.Th scope="col">{t('ranking.judges')}</Table.Th>
              <Table.Th scope="col">{t('ranking.spread')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((r) => (
              <Table.Tr key={r.submission.id} data-testid="rank-row">
                <Table.Td>{r.rank || '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions/${r.submission.id}`} size="sm">
                    {r.submission.filmTitle}
                  </Anchor>
                </Table.Td>
                <Table.Td>{score(r)}</Table.Td>
                <Table.Td>
                  {r.summary.judges}
                  {r.belowMinimumJudges && (
                    <Badge color="orange" variant="light" ml={6} data-testid="below-minimum-judges">
                      {t('ranking.belowMinimumJudges')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{formatScore(r.summary.spread, tag)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {children}
    </Paper>
  );
}
