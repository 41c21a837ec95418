import { Anchor, Button, Container, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { filmsApi, filmsKey } from '../../api/films';
import {
  submissionEntriesMax,
  submissionsApi,
  type NewSubmission,
  type SubmissionEntry,
  type SubmitResult,
} from '../../api/submissions';
import { usePageMeta } from '../../lib/usePageMeta';
import { QuestionFields } from '../../ui/QuestionFields';
import { formatNumber } from '../../lib/format';
import { sessionCreditsChanged } from '../../lib/useSession';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { inputStyles } from '../../ui/inputStyles';
import { entryKey, FestivalCategories, FestivalSearch } from './FestivalPicker';
import { quoteKey, submissionsKey } from './queries';
import { QuoteView } from './QuoteView';
import { Confirmation } from './Confirmation';

/**
 * /submit-film?festival=slug&film=id: the filmmaker enters a film project in
 * categories of one or more open festivals, sees a live quote (fee per
 * entry by today's tier, less a waiver) and pays the total in credits.
 */
export default function SubmitFilmPage() {
  const { t, i18n } = useTranslation('submissions');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  usePageMeta(t('submit.meta.title'), t('submit.meta.description'));
  const [params] = useSearchParams();
  const client = useQueryClient();
  const films = useQuery({ queryKey: filmsKey, queryFn: filmsApi.list });
  const [chosenFilm, setChosenFilm] = useState<string | null>(params.get('film') || null);
  const [slugs, setSlugs] = useState<string[]>(() => (params.get('festival') ? [params.get('festival')!] : []));
  const [entries, setEntries] = useState<SubmissionEntry[]>([]);
  const [waiver, setWaiver] = useState('');
  // The answers to the festivals' questions, by question id: sent with the entries, never quoted.
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [result, setResult] = useState<SubmitResult | null>(null);

  // The film: the one asked for when it is the user's, else the only one.
  const filmList = films.data ?? [];
  const filmId =
    chosenFilm && filmList.some((f) => String(f.id) === chosenFilm)
      ? chosenFilm
      : filmList.length === 1
        ? String(filmList[0].id)
        : null;

  const body = useMemo<NewSubmission | null>(() => {
    if (!filmId || entries.length === 0) return null;
    const code = waiver.trim();
    return { filmId: Number(filmId), entries, ...(code && { waiverCode: code }) };
  }, [filmId, entries, waiver]);
  const [debounced] = useDebouncedValue(body, 350);
  const quote = useQuery({
    queryKey: quoteKey(debounced),
    queryFn: () => submissionsApi.quote(debounced!),
    // Not once submitted: the entries now exist, and a new quote of them would be refused.
    enabled: debounced !== null && result === null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // The quote shown is the one of what is on screen, once the typing settles.
  const current = body !== null && debounced === body && !quote.isPlaceholderData;
  // A waiver code the server refuses (unknown, expired, used up, malformed)
  // answers no quote: the fees are then quoted without it, so that the
  // table stays while the field shows why the code does not work.
  const waiverRefused = current && quote.error instanceof ApiError && Boolean(quote.error.fields.waiverCode);
  const plainBody = useMemo<NewSubmission | null>(
    () => (debounced ? { filmId: debounced.filmId, entries: debounced.entries } : null),
    [debounced],
  );
  const plain = useQuery({
    queryKey: quoteKey(plainBody),
    queryFn: () => submissionsApi.quote(plainBody!),
    enabled: waiverRefused && plainBody !== null && result === null,
    staleTime: 0,
  });

  const submit = useMutation({
    mutationFn: submissionsApi.submit,
    onSuccess: (r) => {
      sessionCreditsChanged(client, r.balance);
      // The filmmaker's lists, not the quotes: a quote of entries that now
      // exist would be refused.
      void client.invalidateQueries({
        queryKey: submissionsKey,
        predicate: (q) => q.queryKey[1] !== 'quote',
      });
      void client.invalidateQueries({ queryKey: filmsKey });
      setResult(r);
      window.scrollTo?.({ top: 0 });
    },
  });
  const busy = submit.isPending;

  const picked = useMemo(() => new Set(entries.map(entryKey)), [entries]);
  const toggle = (e: SubmissionEntry, on: boolean) => {
    submit.reset();
    setEntries((list) => {
      const rest = list.filter((x) => entryKey(x) !== entryKey(e));
      return on ? [...rest, e] : rest;
    });
  };
  const removeFestival = useCallback((slug: string, festivalId?: number) => {
    setSlugs((s) => s.filter((x) => x !== slug));
    if (festivalId !== undefined) setEntries((list) => list.filter((x) => x.festivalId !== festivalId));
  }, []);

  if (result) return <Confirmation result={result} />;

  const insufficient = submit.error instanceof ApiError && submit.error.code === 'insufficient_credits';
  const waiverProblem =
    (submit.error instanceof ApiError && submit.error.fields.waiverCode) ||
    (current && quote.error instanceof ApiError && quote.error.fields.waiverCode) ||
    undefined;
  const q = body === null ? undefined : waiverRefused ? plain.data : quote.data;
  const shownFetching = waiverRefused ? plain.isFetching : quote.isFetching;
  const quoteError =
    current && quote.isError && !waiverProblem
      ? apiErrorText(quote.error, 'submissions')
      : waiverRefused && plain.isError
        ? apiErrorText(plain.error, 'submissions')
        : null;
  // Why the pay button is off, said beside it: a refused code (the server
  // would refuse the payment too) or a balance below the total (it would
  // answer 402).
  const short = current && !shownFetching && q !== undefined && q.balance < q.total;
  const blocked = waiverRefused ? 'waiver' : short ? 'credits' : null;

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('submit.title')}</Title>
          <Text c="gray.7">{t('submit.intro')}</Text>
        </div>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="submit-film-title">
          <Stack gap="sm">
            <Title order={2} size="h3" id="submit-film-title">
              {t('submit.step1')}
            </Title>
            {films.isPending ? (
              <Loader role="status" size="sm" aria-label={t('submit.loadingFilms')} />
            ) : films.isError ? (
              <Notice color="red" role="alert">
                {apiErrorText(films.error, 'submissions')}
              </Notice>
            ) : filmList.length === 0 ? (
              <Text size="sm" data-testid="no-films">
                {t('submit.noFilms')}{' '}
                <Anchor component={Link} to="/films/new" fw={600}>
                  {t('submit.createFilm')}
                </Anchor>
              </Text>
            ) : (
              <Select
                label={t('submit.film')}
                placeholder={t('submit.filmPlaceholder')}
                data={filmList.map((f) => ({ value: String(f.id), label: f.year ? `${f.title} (${f.year})` : f.title }))}
                value={filmId}
                onChange={(v) => {
                  submit.reset();
                  setChosenFilm(v);
                }}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                disabled={busy}
                styles={inputStyles}
                data-testid="film-select"
              />
            )}
          </Stack>
        </Paper>

        <Stack gap="sm" component="section" aria-labelledby="submit-categories-title">
          <Title order={2} size="h3" id="submit-categories-title">
            {t('submit.step2')}
          </Title>
          {slugs.length === 0 && (
            <Text size="sm" c="gray.7">
              {t('submit.noFestival')}
            </Text>
          )}
          {slugs.map((slug) => (
            <FestivalCategories key={slug} slug={slug} picked={picked} onToggle={toggle} onRemove={removeFestival} disabled={busy} />
          ))}
          {entries.length > submissionEntriesMax && (
            <Notice color="yellow" role="status">
              {t('submit.tooMany', { max: submissionEntriesMax })}
            </Notice>
          )}
          {slugs.map((slug) => (
            <QuestionFields
              key={`questions-${slug}`}
              slug={slug}
              values={answers}
              onChange={(id, v) => setAnswers((a) => ({ ...a, [id]: v }))}
              errors={submit.error instanceof ApiError ? submit.error.fields : {}}
              disabled={busy}
            />
          ))}
          <FestivalSearch exclude={slugs} onAdd={(slug) => setSlugs((s) => (s.includes(slug) ? s : [...s, slug]))} disabled={busy} />
        </Stack>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="submit-pay-title">
          <Stack gap="md">
            <Title order={2} size="h3" id="submit-pay-title">
              {t('submit.step3')}
            </Title>
            <TextInput
              label={t('submit.waiver')}
              description={t('submit.waiverHint')}
              value={waiver}
              onChange={(e) => {
                submit.reset();
                setWaiver(e.currentTarget.value.toUpperCase());
              }}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              error={waiverProblem || undefined}
              styles={inputStyles}
              data-testid="waiver-input"
            />
            {body === null ? (
              <Text size="sm" c="gray.7" data-testid="quote-empty">
                {filmId ? t('submit.pickCategories') : t('submit.pickFilm')}
              </Text>
            ) : (
              <QuoteView
                quote={q}
                loading={!q && (shownFetching || !current || (waiverRefused && plain.isPending))}
                updating={!current || shownFetching}
                error={quoteError}
                waiverTried={Boolean(body.waiverCode) && !waiverRefused}
              />
            )}
            {submit.isError && (
              <Notice color="red" role="alert" title={insufficient ? t('submit.insufficientTitle') : t('submit.failedTitle')} data-testid="submit-error">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm" c="gray.9">
                    {insufficient && submit.error instanceof ApiError ? submit.error.message : apiErrorText(submit.error, 'submissions')}
                  </Text>
                  {insufficient && (
                    <Button component={Link} to="/pricing" size="xs" data-testid="buy-credits">
                      {t('submit.buyCredits')}
                    </Button>
                  )}
                </Stack>
              </Notice>
            )}
            {blocked && (
              <Text size="sm" c="red.9" id="pay-blocked" data-testid="pay-blocked">
                {blocked === 'waiver'
                  ? t('submit.waiverBlocks')
                  : t('submit.short', { count: q!.total, total: formatNumber(q!.total, lang), balance: formatNumber(q!.balance, lang) })}
                {blocked === 'credits' && (
                  <>
                    {' '}
                    <Anchor component={Link} to="/pricing" fw={600} data-testid="pay-buy-credits">
                      {t('submit.buyCredits')}
                    </Anchor>
                  </>
                )}
              </Text>
            )}
            <Group justify="flex-end">
              <Button
                onClick={() =>
                  body &&
                  submit.mutate({
                    ...body,
                    answers: Object.entries(answers).map(([id, value]) => ({ questionId: Number(id), value })),
                  })
                }
                disabled={
                  busy || !current || !q || shownFetching || entries.length > submissionEntriesMax || blocked !== null
                }
                aria-describedby={blocked ? 'pay-blocked' : undefined}
                data-testid="confirm-pay"
              >
                {busy ? t('submit.submitting') : t('submit.confirm', { count: q?.total ?? 0, total: formatNumber(q?.total ?? 0, lang) })}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
