import { Button, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, UnstyledButton } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { historyMax, inquiriesApi, questionMax, turnMax, type InquiryTurn } from '../../api/inquiries';
import { AnswerView, errorText, type Turn } from './InquiryAnswer';
import { VisitorLimitHint } from './VisitorLimitHint';

type Example = { question: string; description: string };

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
