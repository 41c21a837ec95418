import { Anchor, Button, Container, Group, NumberInput, Paper, Stack, Text, Textarea } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { judgingApi, weightedScore, withSubmission, type Assignment, type ScoredAssignment } from '../../api/judging';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { useLanguage } from '../../lib/dates';
import { FilmCard } from '../../ui/FilmCard';
import { formatScore } from '../../lib/format';
import { assignmentKey, judgeFestivalsKey, ns, queueKey } from './shared';

/**
 * /judge/:slug/:submissionId: one film of my queue: the film and its
 * screener, a score per criterion with the live weighted score, a comment
 * and a private note, Save; a declared conflict of interest; previous and
 * next through the queue. Read-only while judging is locked.
 */
export default function JudgeScorePage() {
  const { slug = '', submissionId = '' } = useParams();
  const id = Number(submissionId);
  const { t } = useTranslation(ns);
  usePageMeta(t('score.title'), t('score.description'));
  const queue = useQuery({ queryKey: queueKey(slug), queryFn: () => judgingApi.queue(slug) });
  const assignment = useQuery({ queryKey: assignmentKey(slug, id), queryFn: () => judgingApi.assignment(slug, id) });

  const list = queue.data ?? [];
  const at = list.findIndex((a) => a.submission.id === id);
  const prev = at > 0 ? list[at - 1] : undefined;
  const next = at >= 0 && at < list.length - 1 ? list[at + 1] : undefined;
  const inQueue = at >= 0 ? list[at] : undefined;
  const notFound = assignment.error instanceof ApiError && assignment.error.status === 404;
  // The server hides a submission I declared a conflict on; the queue still lists it as such.
  const conflict = assignment.data?.conflict || (notFound && inQueue?.conflict);

  let body: React.ReactNode;
  if (assignment.isPending || (notFound && queue.isPending)) body = <PageLoading />;
  else if (conflict) {
    body = (
      <Notice color="orange" title={t('conflict.declaredTitle')} data-testid="conflict-declared">
        <Text size="sm" c="gray.9">
          {t('conflict.declaredText')}
        </Text>
      </Notice>
    );
  } else if (assignment.isError) {
    body = (
      <Notice color="red" role="alert" title={notFound ? t('score.notFound') : t('score.loadError')} data-testid="score-error">
        {!notFound && (
          <Text size="sm" c="gray.9">
            {apiErrorText(assignment.error, ns)}
          </Text>
        )}
      </Notice>
    );
  } else if (withSubmission(assignment.data)) {
    body = <Scoring key={id} slug={slug} a={assignment.data} />;
  }

  const title = assignment.data?.film?.title || assignment.data?.submission?.filmTitle || inQueue?.submission.filmTitle;

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Anchor component={Link} to={`/judge/${encodeURIComponent(slug)}`} size="sm" c="indigo.9">
            {t('score.back')}
          </Anchor>
          <Group component="nav" aria-label={t('score.queueNav')} gap="xs">
            {prev && (
              <Button component={Link} to={`/judge/${encodeURIComponent(slug)}/${prev.submission.id}`} size="xs" variant="default">
                {t('score.previous')}
              </Button>
            )}
            {at >= 0 && (
              <Text size="sm" c="gray.7">
                {t('score.position', { n: at + 1, total: list.length })}
              </Text>
            )}
            {next && (
              <Button component={Link} to={`/judge/${encodeURIComponent(slug)}/${next.submission.id}`} size="xs" variant="default">
                {t('score.next')}
              </Button>
            )}
          </Group>
        </Group>
        {title && <Title order={1} style={{ overflowWrap: 'anywhere' }}>{title}</Title>}
        {body}
      </Stack>
    </Container>
  );
}

function Scoring({ slug, a }: { slug: string; a: ScoredAssignment }) {
  const { t } = useTranslation(ns);
  const { tag } = useLanguage();
  const queryClient = useQueryClient();
  const id = a.submission.id;
  const criteria = a.criteria ?? [];
  const [scores, setScores] = useState<Record<number, number | undefined>>(() =>
    Object.fromEntries((a.myScore?.scores ?? []).map((s) => [s.criterionId, s.score])),
  );
  const [comment, setComment] = useState(a.myScore?.comment ?? '');
  const [note, setNote] = useState(a.myScore?.privateNote ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [declaring, setDeclaring] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queueKey(slug) });
    void queryClient.invalidateQueries({ queryKey: judgeFestivalsKey });
  };
  const save = useMutation({
    mutationFn: () =>
      judgingApi.saveScore(slug, id, {
        scores: criteria.map((c) => ({ criterionId: c.id, score: scores[c.id]! })),
        comment,
        privateNote: note,
      }),
    onSuccess: (score) => {
      setSaved(true);
      queryClient.setQueryData<Assignment>(assignmentKey(slug, id), (prev) => (prev ? { ...prev, myScore: score } : prev));
      refresh();
    },
  });
  const declare = useMutation({
    mutationFn: () => judgingApi.declareConflict(slug, id, reason.trim()),
    onSuccess: () => {
      queryClient.setQueryData<Assignment>(assignmentKey(slug, id), (prev) => (prev ? { ...prev, conflict: true } : prev));
      refresh();
    },
  });

  const live = weightedScore(criteria, scores);
  const locked = a.locked;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.reset();
    if (criteria.some((c) => scores[c.id] === undefined)) {
      setError(t('score.scoreEvery'));
      return;
    }
    setError(null);
    save.mutate();
  };

  const submitConflict = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') {
      setReasonError(t('conflict.reasonRequired'));
      return;
    }
    setReasonError(null);
    declare.mutate();
  };

  return (
    <Stack gap="lg">
      <FilmCard film={a.film} />
      {locked && (
        <Notice color="orange" title={t('lockedTitle')} data-testid="score-locked">
          <Text size="sm" c="gray.9">
            {t('lockedText')}
          </Text>
        </Notice>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="scoring-title">
        <Title order={2} size="h4" id="scoring-title" mb="sm">
          {t('score.scoring')}
        </Title>
        <form onSubmit={submit} noValidate aria-labelledby="scoring-title">
          <fieldset disabled={locked || save.isPending} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="md">
              {criteria.map((c) => (
                <NumberInput
                  key={c.id}
                  label={t('score.criterion', { name: c.name, weight: c.weight, max: c.maxScore })}
                  min={0}
                  max={c.maxScore}
                  clampBehavior="strict"
                  allowDecimal={false}
                  allowNegative={false}
                  value={scores[c.id] ?? ''}
                  onChange={(v) => {
                    setSaved(false);
                    setScores((prev) => ({ ...prev, [c.id]: v === '' ? undefined : Number(v) }));
                  }}
                  disabled={locked}
                  maw={260}
                  data-testid={`criterion-${c.id}`}
                />
              ))}
              <Text aria-live="polite" data-testid="live-score">
                {t('score.live')}: <strong>{formatScore(live, tag)}</strong>
              </Text>
              <Textarea
                label={t('score.comment')}
                description={t('score.commentHelp')}
                value={comment}
                onChange={(e) => {
                  setSaved(false);
                  setComment(e.currentTarget.value);
                }}

                rows={4}
                maxLength={5000}
                disabled={locked}
              />
              <Textarea
                label={t('score.note')}
                description={t('score.noteHelp')}
                value={note}
                onChange={(e) => {
                  setSaved(false);
                  setNote(e.currentTarget.value);
                }}

                rows={3}
                maxLength={5000}
                disabled={locked}
              />
              {error && (
                <Text size="sm" c="red.9" role="alert">
                  {error}
                </Text>
              )}
              {save.isError && (
                <Text size="sm" c="red.9" role="alert">
                  {t('score.saveError')} {apiErrorText(save.error, ns)}
                </Text>
              )}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending} disabled={locked}>
                  {t('score.save')}
                </Button>
                {saved && (
                  <Text size="sm" c="teal.9" role="status" data-testid="saved">
                    {t('score.saved')}
                  </Text>
                )}
              </Group>
            </Stack>
          </fieldset>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="conflict-title">
        <Title order={2} size="h4" id="conflict-title" mb={4}>
          {t('conflict.title')}
        </Title>
        <Text size="sm" c="gray.7" mb="sm">
          {t('conflict.help')}
        </Text>
        {!declaring ? (
          <Button variant="outline" color="red.9" onClick={() => setDeclaring(true)}>
            {t('conflict.declare')}
          </Button>
        ) : (
          <form onSubmit={submitConflict} noValidate aria-labelledby="conflict-title">
            <Stack gap="sm">
              <Textarea
                label={t('conflict.reason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={reasonError}
                maxLength={500}
                withAsterisk

                rows={3}
              />
              {declare.isError && (
                <Text size="sm" c="red.9" role="alert">
                  {apiErrorText(declare.error, ns)}
                </Text>
              )}
              <Group gap="sm">
                <Button type="submit" color="red.9" loading={declare.isPending}>
                  {t('conflict.confirm')}
                </Button>
                <Button variant="default" onClick={() => setDeclaring(false)} disabled={declare.isPending}>
                  {t('cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
