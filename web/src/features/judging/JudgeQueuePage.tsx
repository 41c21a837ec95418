import { Anchor, Badge, Container, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { judgingApi, type Assignment } from '../../api/judging';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { useLanguage } from '../../lib/dates';
import { formatScore } from '../../lib/format';
import { ns, queueKey, useJudgeFestivals } from './shared';

type Show = 'all' | 'unscored' | 'scored';
const shows: Show[] = ['all', 'unscored', 'scored'];

/** matches tells whether an assignment passes the scored/unscored filter. */
export function matches(a: Assignment, show: Show): boolean {
  if (show === 'scored') return a.myScore !== null;
  if (show === 'unscored') return a.myScore === null && !a.conflict;
  return true;
}

/** /judge/:slug: my queue of a festival, filtered by scored or unscored (in the URL). */
export default function JudgeQueuePage() {
  const { slug = '' } = useParams();
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const [params, setParams] = useSearchParams();
  const raw = params.get('show') as Show | null;
  const show: Show = raw && shows.includes(raw) ? raw : 'all';
  const festivals = useJudgeFestivals();
  const festival = festivals.data?.find((f) => f.festivalSlug === slug);
  usePageMeta(festival ? t('queue.metaTitle', { name: festival.festivalName }) : t('queue.title'), t('queue.description'));
  const queue = useQuery({ queryKey: queueKey(slug), queryFn: () => judgingApi.queue(slug) });
  const locked = festival?.locked || queue.data?.some((a) => a.locked);
  const items = (queue.data ?? []).filter((a) => matches(a, show));

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/judge" size="sm" c="indigo.9">
          {t('queue.back')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {festival?.festivalName ?? t('queue.title')}
          </Title>
          {festival && (
            <Text c="gray.7">{t('home.progress', { scored: festival.scored, assigned: festival.assigned })}</Text>
          )}
        </Stack>
        {locked && (
          <Notice color="orange" title={t('lockedTitle')} data-testid="queue-locked">
            <Text size="sm" c="gray.9">
              {t('lockedText')}
            </Text>
          </Notice>
        )}
        <SegmentedControl
          aria-label={t('queue.filter')}
          value={show}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === 'all') next.delete('show');
            else next.set('show', v);
            setParams(next, { replace: true });
          }}
          data={shows.map((s) => ({ value: s, label: t(`queue.show.${s}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <ListState
          query={{ ...queue, data: queue.data ? items : undefined }}
          isEmpty={(d) => d.length === 0}
          loadingLabel={t('queue.loading')}
          errorTitle={t('queue.loadError')}
          errorText={apiErrorText(queue.error, ns)}
          retryLabel={t('retry')}
          errorTestId="queue-error"
          emptyText={t(`queue.empty.${show}`)}
          emptyTestId="queue-empty"
        >
          {(list) => (
            <Table.ScrollContainer minWidth={480}>
              <Table verticalSpacing="sm" striped data-testid="queue-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('queue.film')}</Table.Th>
                    <Table.Th scope="col">{t('queue.category')}</Table.Th>
                    <Table.Th scope="col">{t('queue.myScore')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((a) => (
                    <Table.Tr key={a.submission.id} data-testid="queue-row">
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Group gap="xs" wrap="wrap">
                          <Anchor component={Link} to={`/judge/${encodeURIComponent(slug)}/${a.submission.id}`} fw={600} size="sm">
                            {a.film?.title || a.submission.filmTitle}
                          </Anchor>
                          {a.conflict && (
                            <Badge color="red.9" variant="outline" data-testid="conflict-badge">
                              {t('queue.conflict')}
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>{a.submission.categoryName}</Table.Td>
                      <Table.Td data-testid="my-score">
                        {a.myScore ? formatScore(a.myScore.weighted, tag) : t('queue.notScored')}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </ListState>
      </Stack>
    </Container>
  );
}
