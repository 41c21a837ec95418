import { Alert, Anchor, Badge, Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { inquiriesApi, questionMax, type InquiryAnswer, type InquiryFestival } from '../../api/inquiries';
import { languageFor } from '../../i18n/languages';

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

/** AnswerView is the answer under 'Answer:' ('No response' when empty), its notice and its festivals. */
function AnswerView({ answer }: { answer: InquiryAnswer }) {
  const { t, i18n } = useTranslation('inquiry');
  const tag = languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
  const festivalsId = useId();
  return (
    <Stack gap="sm" data-testid="inquiry-answer" aria-live="polite">
      <Title order={3} size="h4">
        {t('answer.title')}
      </Title>
      <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="inquiry-answer-text">
        {answer.answer.trim() || t('answer.empty')}
      </Text>
      {answer.notice && (
        <Alert color="yellow" variant="light" data-testid="inquiry-notice">
          <Text size="sm" c="gray.9">
            {answer.notice}
          </Text>
        </Alert>
      )}
      {answer.festivals.length > 0 ? (
        <>
          <Text id={festivalsId} size="sm" fw={600} c="gray.8">
            {t('answer.festivals')}
          </Text>
          <SimpleGrid component="ul" cols={{ base: 1, sm: 2 }} spacing="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby={festivalsId}>
            {answer.festivals.map((f) => (
              <AnswerFestival key={f.slug} festival={f} tag={tag} />
            ))}
          </SimpleGrid>
        </>
      ) : (
        <Anchor component={Link} to="/festivals" size="sm">
          {t('answer.search')}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * FestivalInquiry is the seed's 'Ask About Any Film Festival' block: how-to
 * steps, example questions (clicking one fills the question), a 4-row
 * question box and Ask Now ('Loading...' and disabled while busy). An empty
 * or whitespace-only question sends nothing. Errors show in red (the
 * server's message, else 'An error occurred'); the answer comes under
 * 'Answer:' with the festivals it is drawn from.
 */
export function FestivalInquiry() {
  const { t } = useTranslation('inquiry');
  const [question, setQuestion] = useState('');
  const titleId = useId();
  const ask = useMutation({ mutationFn: (q: string) => inquiriesApi.ask(q) });
  const steps = t('howTo.steps', { returnObjects: true }) as string[];
  const examples = t('examples.items', { returnObjects: true }) as Example[];

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = question.trim();
    if (q === '' || ask.isPending) return;
    ask.mutate(q);
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

        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('form.label')}
              placeholder={t('form.placeholder')}
              rows={4}
              maxLength={questionMax}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" disabled={ask.isPending}>
                {ask.isPending ? t('form.loading') : t('form.submit')}
              </Button>
            </Group>
          </Stack>
        </form>

        {ask.isError && (
          <Text c="red.8" role="alert" data-testid="inquiry-error">
            {errorText(ask.error, t('error'))}
          </Text>
        )}
        {ask.isSuccess && <AnswerView answer={ask.data} />}
      </Stack>
    </Paper>
  );
}
