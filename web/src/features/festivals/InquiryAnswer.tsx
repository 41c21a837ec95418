import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import type { InquiryFestival } from '../../api/inquiries';
import { languageFor } from '../../i18n/languages';

// The assistant's answer as FestivalInquiry shows it: one turn's text (festival
// links kept as links), its notice and the festivals it is drawn from.

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
export interface Turn {
  id: number;
  question: string;
  answer: string;
  notice?: string;
  festivals: InquiryFestival[];
  /** streaming until the answer is done or stopped (Stop), or failed before its end. */
  status: 'streaming' | 'done' | 'stopped' | 'failed';
}

/** AnswerView is one turn: the question asked, the answer under 'Answer:' ('No response' when empty), its notice and its festivals. */
export function AnswerView({ turn }: { turn: Turn }) {
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
