import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { historyMax, inquiriesApi, questionMax, turnMax, type InquiryFestival, type InquiryTurn } from '../../api/inquiries';
import { languageFor } from '../../i18n/languages';
import { VisitorLimitHint } from './VisitorLimitHint';

type Example = { question: string; description: string };

/**
 * errorText is what a failed question shows, as the seed did: the server's
 * message (translated by the server: an empty or too long question, too
 * many questions), else the fallback ('An error occurred').
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && err.message !== '' && !/^HTTP \d+$/.test(err.message)) {
    return err.message;
  }
  return fallback;
}

/** parseDay turns "YYYY-MM-DD" into a UTC date, or null. */
function parseDay(iso: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** formatDay renders a calendar day in the language (UTC, so it never shifts a day). */
export function formatDay(iso: string, tag: string): string {
  const d = parseDay(iso);
  return d ? new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' }).format(d) : '';
}

/** formatDays renders a festival's dates as one range in the language. */
export function formatDays(start: string, end: string, tag: string): string {
  const a = parseDay(start);
  const b = parseDay(end);
  if (!a) return '';
  const f = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  return !b || b.getTime() === a.getTime() ? f.format(a) : f.formatRange(a, b);
}

/**
 * placeOf is where a festival is, as its page and the festival cards say
 * it: "City, Country" with the country named in the language, or the
 * organiser's free-text location when neither is set (the location often
 * names the country already: 東京、日本).
 */
function placeOf(f: InquiryFestival, tag: string): string {
  let country = f.country;
  if (country) {
    try {
      country = new Intl.DisplayNames([tag], { type: 'region' }).of(country) ?? country;
    } catch {
      // The code as it is.
    }
  }
  const parts = [f.city, country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : f.location;
}

/** AnswerFestival is one festival of an answer: its name linking to its page, place, dates and next deadline. */
function AnswerFestival({ festival: f, tag }: { festival: InquiryFestival; tag: string }) {
  const { t } = useTranslation('inquiry');
  return (
    <Paper component="li" withBorder radius="md" p="sm" data-testid="inquiry-festival">
      <Stack gap={4}>
        <Anchor component={Link} to={`/festival/${encodeURIComponent(f.slug)}`} fw={700} c="indigo.9" style={{ overflowWrap: 'anywhere' }}>
          {f.name}
        </Anchor>
        <Text size="sm" c="gray.8">
          {placeOf(f, tag)}
        </Text>
        <Text size="sm" c="gray.8">
          <time dateTime={f.startDate}>{t('answer.dates', { dates: formatDays(f.startDate, f.endDate, tag) })}</time>
        </Text>
        <Group gap="xs" wrap="wrap">
          {f.nextDeadline ? (
            <>
              <Text size="sm" fw={600} c="gray.9">
                {t('answer.nextDeadline', { date: formatDay(f.nextDeadline, tag) })}
              </Text>
              {f.nextFee !== null && (
                <Badge color="indigo" variant="light" styles={{ label: { color: 'var(--mantine-color-indigo-9)' } }}>
                  {t('answer.fee', { count: f.nextFee })}
                </Badge>
              )}
            </>
          ) : (
            <Badge color="gray.7" variant="outline" styles={{ label: { color: 'var(--mantine-color-gray-8)' } }}>
              {t('answer.closed')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** festivalLink matches a Markdown link to a festival's page: [name](/festival/slug). */
const festivalLink = /\[([^\]\n]{1,300})\]\(\/festival\/([^)\s]{1,300})\)/g;

/** festivalPath is the page of a slug as the model wrote it (raw or percent-encoded). */
function festivalPath(slug: string): string {
  let raw = slug;
  try {
    raw = decodeURIComponent(slug);
  } catch {
    // Not encoded: as it is.
  }
  return `/festival/${encodeURIComponent(raw)}`;
}

/**
 * AnswerText is an answer's text with its links to festival pages
 * ([name](/festival/slug), as the assistant cites them) made links; any
 * other text, other links included, stays text.
 */
export function AnswerText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(festivalLink)) {
    const at = m.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      <Anchor key={at} component={Link} to={festivalPath(m[2])} c="indigo.9" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {m[1]}
      </Anchor>,
    );
    last = at + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** A question of the conversation and its answer as it comes. */
interface Turn {
  id: number;
  question: string;
  answer: string;
  notice?: string;
  festivals: InquiryFestival[];
  /** streaming until the answer is done or stopped (Stop), or failed before its end. */
  status: 'streaming' | 'done' | 'stopped' | 'failed';
}

/** AnswerView is one turn: the question asked, the answer under 'Answer:' ('No response' when empty), its notice and its festivals. */
function AnswerView({ turn }: { turn: Turn }) {
  const { t, i18n } = useTranslation('inquiry');
  const tag = languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
  const festivalsId = useId();
  const streaming = turn.status === 'streaming';
  return (
    <Stack gap="sm" data-testid="inquiry-answer" aria-live="polite" aria-busy={streaming}>
      <Text size="sm" c="gray.8" data-testid="inquiry-question" style={{ overflowWrap: 'anywhere' }}>
        <Text span fw={600} c="gray.9" size="sm">
          {t('conversation.asked')}
        </Text>{' '}
        {turn.question}
      </Text>
      <Title order={3} size="h4">
        {t('answer.title')}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="inquiry-answer-text">
        {turn.answer.trim() ? <AnswerText text={turn.answer.trim()} /> : streaming ? t('answer.writing') : t('answer.empty')}
      </Text>
      {turn.status === 'stopped' && (
        <Text size="sm" c="gray.8" data-testid="inquiry-stopped">
          {t('answer.stopped')}
        </Text>
      )}
      {turn.notice && (
        <Alert color="yellow" variant="light" data-testid="inquiry-notice">
          <Text size="sm" c="gray.9">
            {turn.notice}
          </Text>
        </Alert>
      )}
      {turn.festivals.length > 0 ? (
        <>
          <Text id={festivalsId} size="sm" fw={600} c="gray.8">
            {t('answer.festivals')}
          </Text>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={festivalsId}>
            {turn.festivals.map((f) => (
              <AnswerFestival key={f.slug} festival={f} tag={tag} />
            ))}
          </SimpleGrid>
        </>
      ) : (
        turn.status === 'done' && (
          <Anchor component={Link} to="/festivals" size="sm">
            {t('answer.search')}
          </Anchor>
        )
      )}
    </Stack>
  );
}

/**
 * historyOf is what a new question carries of the conversation: the
 * questions and answers of the turns answered (or stopped with some
 * text), the last historyMax, each cut to turnMax characters.
 */
export function historyOf(turns: { question: string; answer: string; status: string }[]): InquiryTurn[] {
  const out: InquiryTurn[] = [];
  for (const turn of turns) {
    const answer = turn.answer.trim();
    if ((turn.status !== 'done' && turn.status !== 'stopped') || answer === '') continue;
    out.push({ role: 'user', text: [...turn.question].slice(0, turnMax).join('') });
    out.push({ role: 'assistant', text: [...answer].slice(0, turnMax).join('') });
  }
  return out.slice(-historyMax);
}

/**
 * FestivalInquiry is the seed's 'Ask About Any Film Festival' block: how-to
 * steps, example questions (clicking one fills the question), a 4-row
 * question box and Ask Now ('Loading...' and disabled while an answer
 * comes). An empty or whitespace-only question sends nothing. The answer
 * streams in under 'Answer:' with the festivals it is drawn from; Stop
 * ends it (and the server's work). The questions and answers stay on the
 * page as a conversation: a follow-up ("and in Japan?") carries the last
 * ones (historyOf), and New conversation forgets them. Nothing is kept
 * after the page. Errors show in red (the server's message, else 'An
 * error occurred').
 */
export function FestivalInquiry() {
  const { t } = useTranslation('inquiry');
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  const nextId = useRef(1);
  const titleId = useId();
  const steps = t('howTo.steps', { returnObjects: true }) as string[];
  const examples = t('examples.items', { returnObjects: true }) as Example[];
  const busy = turns.some((turn) => turn.status === 'streaming');

  // Leaving the page stops the answer.
  useEffect(() => () => abort.current?.abort(), []);

  function update(id: number, change: (turn: Turn) => Turn) {
    setTurns((all) => all.map((turn) => (turn.id === id ? change(turn) : turn)));
  }

  async function ask(q: string) {
    const id = nextId.current++;
    const controller = new AbortController();
    abort.current = controller;
    const history = historyOf(turns);
    setError(null);
    setTurns((all) => [...all, { id, question: q, answer: '', festivals: [], status: 'streaming' }]);
    setQuestion('');
    try {
      await inquiriesApi.stream(q, history, controller.signal, {
        onText: (delta) => update(id, (turn) => ({ ...turn, answer: turn.answer + delta })),
        onAnswer: (answer, notice) => update(id, (turn) => ({ ...turn, answer, notice })),
        onFestivals: (festivals) => update(id, (turn) => ({ ...turn, festivals })),
      });
      update(id, (turn) => ({ ...turn, status: 'done' }));
    } catch (err) {
      if (controller.signal.aborted) {
        update(id, (turn) => ({ ...turn, status: 'stopped' }));
      } else {
        setError(err);
        // A question that got no answer leaves the conversation; its text goes back in the box.
        setTurns((all) => all.flatMap((turn) => (turn.id !== id ? [turn] : turn.answer.trim() ? [{ ...turn, status: 'failed' as const }] : [])));
        setQuestion((current) => current || q);
      }
    } finally {
      if (abort.current === controller) abort.current = null;
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = question.trim();
    if (q === '' || busy) return;
    void ask(q);
  }

  function newConversation() {
    setTurns([]);
    setError(null);
  }

  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'xl' }} aria-labelledby={titleId} data-testid="festival-inquiry">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id={titleId}>
            {t('title')}
          </Title>
          <Text c="gray.8">{t('subtitle')}</Text>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('howTo.title')}
          </Title>
          <List type="ordered" spacing={4} size="sm" c="gray.9">
            {Array.isArray(steps) && steps.map((s) => <List.Item key={s}>{s}</List.Item>)}
          </List>
        </Stack>

        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('examples.title')}
          </Title>
          <Text size="sm" c="gray.8">
            {t('examples.hint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="inquiry-examples">
            {Array.isArray(examples) &&
              examples.map((ex) => (
                <UnstyledButton
                  key={ex.question}
                  onClick={() => setQuestion(ex.question)}
                  p="sm"
                  style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)' }}
                >
                  <Text fw={600} c="indigo.9">
                    {ex.question}
                  </Text>
                  <Text size="sm" c="gray.8">
                    {ex.description}
                  </Text>
                </UnstyledButton>
              ))}
          </SimpleGrid>
        </Stack>

        {turns.length > 0 && (
          <Stack gap="lg" data-testid="inquiry-conversation">
            {turns.map((turn) => (
              <AnswerView key={turn.id} turn={turn} />
            ))}
          </Stack>
        )}

        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('form.label')}
              placeholder={turns.length > 0 ? t('form.followUpPlaceholder') : t('form.placeholder')}
              rows={4}
              maxLength={questionMax}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
            />
            <Group gap="sm" wrap="wrap">
              <Button type="submit" disabled={busy}>
                {busy ? t('form.loading') : t('form.submit')}
              </Button>
              {busy && (
                <Button type="button" variant="outline" color="red.8" onClick={() => abort.current?.abort()}>
                  {t('form.stop')}
                </Button>
              )}
              {!busy && turns.length > 0 && (
                <Button type="button" variant="subtle" onClick={newConversation}>
                  {t('form.newConversation')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>

        {error !== null && (
          <Text c="red.8" role="alert" data-testid="inquiry-error">
            {errorText(error, t('error'))}
          </Text>
        )}
        {error !== null && <VisitorLimitHint error={error} />}
      </Stack>
    </Paper>
  );
}
