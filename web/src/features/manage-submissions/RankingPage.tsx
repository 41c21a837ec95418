import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Anchor, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { manageSubmissionsApi, type RankedSubmission } from '../../api/manageSubmissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { apiErrorText } from '../../lib/apiErrorText';
import { useLanguage } from '../../lib/dates';
import { ns, rankingKey } from './shared';
import { ManageFrame, useManagedFestival } from '../../ui/ManageFrame';
import { formatCalibrated, formatScore } from '../../lib/format';

/**
 * /manage/festivals/:slug/ranking: one category's submissions ranked by
 * weighted score and by calibrated score side by side, and a chart of the
 * top 10.
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

/** byRank orders lines by one of their ranks, unscored (rank 0) last. */
function byRank(items: RankedSubmission[], rank: (r: RankedSubmission) => number) {
  return [...items].sort((a, b) => (rank(a) || Infinity) - (rank(b) || Infinity));
}

function Ranking({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const festival = useManagedFestival(slug);
  const [params, setParams] = useSearchParams();
  const categories = festival.data?.categories ?? [];
  const wanted = Number(params.get('category'));
  const category = categories.find((c) => c.id === wanted)?.id ?? categories[0]?.id ?? 0;

  const ranking = useQuery({
    queryKey: rankingKey(slug, category),
    queryFn: () => manageSubmissionsApi.ranking(slug, category),
    enabled: category > 0,
  });

  if (categories.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" data-testid="ranking-no-categories">
        <Text ta="center" c="gray.7">
          {t('ranking.noCategories')}
        </Text>
      </Paper>
    );
  }

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
        query={ranking}
        isEmpty={(d) => d.length === 0}
        loadingLabel={t('ranking.loading')}
        errorTitle={t('ranking.loadError')}
        errorText={apiErrorText(ranking.error, ns)}
        retryLabel={t('list.retry')}
        errorTestId="ranking-error"
        emptyText={t('ranking.empty')}
        emptyTestId="ranking-empty"
      >
        {(items) => {
          const weighted = byRank(items, (r) => r.rankWeighted);
          const calibrated = byRank(items, (r) => r.rankCalibrated);
          const top = weighted.filter((r) => r.rankWeighted > 0).slice(0, 10);
          return (
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <RankTable
                  slug={slug}
                  testId="ranking-weighted"
                  title={t('ranking.weighted')}
                  lines={weighted}
                  rank={(r) => r.rankWeighted}
                  score={(r) => formatScore(r.summary.weighted, tag)}
                  tag={tag}
                />
                <RankTable
                  slug={slug}
                  testId="ranking-calibrated"
                  title={t('ranking.calibrated')}
                  lines={calibrated}
                  rank={(r) => r.rankCalibrated}
                  score={(r) => formatCalibrated(r.summary.calibrated, tag)}
                  tag={tag}
                />
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
          );
        }}
      </ListState>
    </Stack>
  );
}

function RankTable({
  slug,
  testId,
  title,
  lines,
  rank,
  score,
  tag,
}: {
  slug: string;
  testId: string;
  title: string;
  lines: RankedSubmission[];
  rank: (r: RankedSubmission) => number;
  score: (r: RankedSubmission) => string;
  tag: string;
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
                <Table.Td>{rank(r) || '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/submissions/${r.submission.id}`} size="sm">
                    {r.submission.filmTitle}
                  </Anchor>
                </Table.Td>
                <Table.Td>{score(r)}</Table.Td>
                <Table.Td>{r.summary.judges}</Table.Td>
                <Table.Td>{formatScore(r.summary.spread, tag)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
