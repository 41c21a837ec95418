import { Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Criterion } from '../../api/festivals';
import {
  manageSubmissionsApi,
  submissionFlags,
  type JudgeScore,
  type SubmissionFlag,
} from '../../api/manageSubmissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { apiErrorText } from '../../lib/apiErrorText';
import { useLanguage } from '../../lib/dates';
import { notify } from '../../lib/notify';
import { DecisionForm } from './DecisionForm';
import { detailKey, FlagBadge, formatDay, manageKey, ns, SubmissionStatusBadge } from './shared';
import { ManageFrame, sectionPath, useManagedFestival } from '../../ui/ManageFrame';
import { formatCalibrated, formatScore } from '../../lib/format';
import { FilmCard } from '../../ui/FilmCard';

/**
 * /manage/festivals/:slug/submissions/:id: one submission in full for its
 * organiser: the film with its screener, the filmmaker, the decision and
 * the flag, every judge's scores, comments and private notes, and the
 * conflicts declared on it, with a link to the entry's answers, own
 * status and messages (/manage/festivals/:slug/submissions/:id/manage).
 */
export default function SubmissionDetailPage() {
  const { slug = '', id = '' } = useParams();
  const { t } = useTranslation(ns);
  usePageMeta(t('detail.title'), t('detail.description'));
  return (
    <ManageFrame slug={slug} current="submissions" title={t('detail.title')} size="lg">
      <Detail slug={slug} id={Number(id)} />
    </ManageFrame>
  );
}

function Detail({ slug, id }: { slug: string; id: number }) {
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const queryClient = useQueryClient();
  const festival = useManagedFestival(slug);
  const detail = useQuery({ queryKey: detailKey(slug, id), queryFn: () => manageSubmissionsApi.detail(slug, id) });
  const flag = useMutation({
    mutationFn: (value: SubmissionFlag) => manageSubmissionsApi.setFlag(slug, id, value),
    onError: (err) => void notify('red', `${t('flag.error')} ${apiErrorText(err, ns)}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: manageKey(slug) }),
  });
  const criteria = festival.data?.criteria ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Anchor component={Link} to={sectionPath(slug, 'submissions')} size="sm" c="indigo.9">
          {t('detail.back')}
        </Anchor>
        <Button
          component={Link}
          to={`${sectionPath(slug, 'submissions')}/${id}/manage`}
          size="compact-sm"
          variant="light"
          data-testid="entry-manage-link"
        >
          {t('detail.manageEntry')}
        </Button>
      </Group>
      <ListState
        query={detail}
        isEmpty={() => false}
        loadingLabel={t('detail.loading')}
        errorTitle={t('detail.loadError')}
        errorText={apiErrorText(detail.error, ns)}
        retryLabel={t('list.retry')}
        errorTestId="detail-error"
        emptyText=""
        emptyTestId="detail-empty"
      >
        {({ submission: s, film, scores, conflicts }) => {
          const list = scores ?? [];
          const weighted = s.scores?.weighted ?? mean(list.map((x) => x.weighted));
          const spread = s.scores?.spread ?? (list.length ? Math.max(...list.map((x) => x.weighted)) - Math.min(...list.map((x) => x.weighted)) : null);
          return (
            <Stack gap="lg">
              <FilmCard film={film} />

              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Paper withBorder radius="md" p="md" component="section" aria-labelledby="filmmaker-title">
                  <Title order={2} size="h4" id="filmmaker-title" mb="xs">
                    {t('detail.filmmaker')}
                  </Title>
                  <Text fw={600}>{s.filmmakerName}</Text>
                  <Anchor href={`mailto:${s.filmmakerEmail}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {s.filmmakerEmail}
                  </Anchor>
                  <Text size="sm" c="gray.7" mt="xs">
                    {t('detail.entry', {
                      category: s.categoryName,
                      tier: t(`tier.${s.tier}`, { defaultValue: s.tier }),
                      date: formatDay(s.createdAt, tag),
                    })}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {t('list.credits', { count: s.paidCredits })}
                    {s.waiverCode ? ` (${s.waiverCode})` : ''}
                  </Text>
                </Paper>
                <Paper withBorder radius="md" p="md" component="section" aria-labelledby="status-title">
                  <Title order={2} size="h4" id="status-title" mb="xs">
                    {t('detail.statusTitle')}
                  </Title>
                  <Group gap="xs" mb="sm">
                    <SubmissionStatusBadge status={s.status} awardName={s.awardName} />
                    <FlagBadge flag={s.flag} />
                  </Group>
                  <Select
                    label={t('list.flag')}
                    data={[
                      { value: 'none', label: t('flag.none') },
                      ...submissionFlags.map((f) => ({ value: f, label: t(`flag.${f}`) })),
                    ]}
                    value={s.flag || 'none'}
                    onChange={(v) => v && flag.mutate(v === 'none' ? '' : (v as SubmissionFlag))}
                    allowDeselect={false}
                    disabled={flag.isPending}
                    comboboxProps={{ withinPortal: true }}
                    mb="md"
                    data-testid="detail-flag"
                  />
                  {s.status === 'withdrawn' ? (
                    <Text size="sm" c="gray.7">
                      {t('detail.withdrawn')}
                    </Text>
                  ) : (
                    <DecisionForm slug={slug} ids={[s.id]} compact />
                  )}
                </Paper>
              </SimpleGrid>

              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="scores-title">
                <Title order={2} size="h4" id="scores-title" mb="xs">
                  {t('detail.scores')}
                </Title>
                <Group gap="lg" mb="md" wrap="wrap">
                  <Text size="sm" data-testid="detail-weighted">
                    {t('detail.weightedAverage')}: <strong>{formatScore(weighted, tag)}</strong>
                  </Text>
                  <Text size="sm" data-testid="detail-calibrated">
                    {t('detail.calibrated')}: <strong>{formatCalibrated(s.scores?.calibrated, tag)}</strong>
                  </Text>
                  <Text size="sm" data-testid="detail-spread">
                    {t('detail.spread')}: <strong>{formatScore(spread, tag)}</strong>
                  </Text>
                </Group>
                {list.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('detail.noScores')}
                  </Text>
                ) : (
                  <Stack gap="md">
                    {list.map((sc) => (
                      <JudgeScoreCard key={sc.judgeId} score={sc} criteria={criteria} tag={tag} />
                    ))}
                  </Stack>
                )}
              </Paper>

              <Paper withBorder radius="md" p="md" component="section" aria-labelledby="conflicts-title">
                <Title order={2} size="h4" id="conflicts-title" mb="xs">
                  {t('detail.conflicts')}
                </Title>
                {(conflicts ?? []).length === 0 ? (
                  <Text size="sm" c="gray.7">
                    {t('detail.noConflicts')}
                  </Text>
                ) : (
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {(conflicts ?? []).map((c) => (
                      <li key={c.judgeId} data-testid="detail-conflict">
                        <Text size="sm">
                          <strong>{c.judgeName}</strong>: {c.reason}
                        </Text>
                      </li>
                    ))}
                  </Stack>
                )}
              </Paper>
            </Stack>
          );
        }}
      </ListState>
    </Stack>
  );
}

function mean(xs: number[]): number | null {
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
}

function JudgeScoreCard({ score, criteria, tag }: { score: JudgeScore; criteria: Criterion[]; tag: string }) {
  const { t } = useTranslation(ns);
  const byId = new Map((score.scores ?? []).map((c) => [c.criterionId, c.score]));
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="judge-score">
      <Group justify="space-between" wrap="wrap" mb="xs">
        <Text fw={600}>{score.judgeName}</Text>
        <Badge variant="light" color="indigo" c="gray.9">
          {t('detail.judgeWeighted', { score: formatScore(score.weighted, tag) })}
        </Badge>
      </Group>
      <Table withTableBorder={false} verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('detail.criterion')}</Table.Th>
            <Table.Th scope="col">{t('detail.score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {criteria.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>{t('detail.criterionWeight', { name: c.name, weight: c.weight })}</Table.Td>
              <Table.Td>
                {byId.has(c.id) ? t('detail.outOf', { score: byId.get(c.id), max: c.maxScore }) : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {score.comment && (
        <Stack gap={2} mt="xs">
          <Text size="sm" fw={600}>
            {t('detail.comment')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {score.comment}
          </Text>
        </Stack>
      )}
      {score.privateNote && (
        <Stack gap={2} mt="xs" data-testid="private-note">
          <Text size="sm" fw={600}>
            {t('detail.privateNote')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {score.privateNote}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
