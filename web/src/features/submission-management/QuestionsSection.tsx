import { Button, Checkbox, Group, Paper, Select, Stack, Text, Textarea, TextInput, ActionIcon } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questionKinds, submissionManagementApi as api, type QuestionKind } from '../../api/submissionManagement';
import { questionsKey } from '../../ui/QuestionFields';
import { move, newDraft, ns, toDrafts, toInputs, type QuestionDraft } from './logic';
import { Section, fieldErrors, useErrorText } from './shared';


export function Questions({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const client = useQueryClient();
  const saved = useQuery({ queryKey: questionsKey(slug), queryFn: () => api.questions(slug) });
  const [drafts, setDrafts] = useState<QuestionDraft[] | null>(null);
  // The drafts start from the saved questions once they are read.
  if (saved.data && drafts === null) setDrafts(toDrafts(saved.data));
  const save = useMutation({
    mutationFn: (ds: QuestionDraft[]) => api.setQuestions(slug, toInputs(ds)),
    onSuccess: (qs) => {
      client.setQueryData(questionsKey(slug), qs);
      setDrafts(toDrafts(qs));
    },
  });
  const list = drafts ?? [];
  const errs = fieldErrors(save.error);
  const edit = (i: number, d: Partial<QuestionDraft>) => {
    save.reset();
    setDrafts(list.map((x, j) => (j === i ? { ...x, ...d } : x)));
  };
  return (
    <Section id="questions" title={t('questions.title')} help={t('questions.help')}>
      <Stack gap="md">
        {list.length === 0 && <Text size="sm">{t('questions.empty')}</Text>}
        {list.map((d, i) => (
          <Paper key={d.key} withBorder p="sm" radius="sm" data-testid="question-draft">
            <Stack gap="xs">
              <Group gap="xs" wrap="wrap" align="flex-end">
                <Select
                  label={t('questions.kind')}
                  data={questionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                  value={d.kind}
                  onChange={(v) => v && edit(i, { kind: v as QuestionKind })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  w={{ base: '100%', xs: 200 }}
                  error={errs[`questions.${i}.kind`]}
                  data-testid="question-kind"
                />
                <Checkbox label={t('questions.required')} checked={d.required} onChange={(e) => edit(i, { required: e.currentTarget.checked })} mb={8} data-testid="question-required" />
                <Group gap={4} ml="auto">
                  <ActionIcon variant="subtle" aria-label={t('questions.up')} onClick={() => setDrafts(move(list, i, -1))} disabled={i === 0}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="subtle" aria-label={t('questions.down')} onClick={() => setDrafts(move(list, i, 1))} disabled={i === list.length - 1}>
                    ↓
                  </ActionIcon>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDrafts(list.filter((_, j) => j !== i))}>
                    {t('questions.remove')}
                  </Button>
                </Group>
              </Group>
              <TextInput
                label={t('questions.label')}
                value={d.label}
                onChange={(e) => edit(i, { label: e.currentTarget.value })}
                maxLength={300}
                error={errs[`questions.${i}.label`]}
                data-testid="question-label"
              />
              {d.kind === 'choice' && (
                <Textarea
                  label={t('questions.options')}
                  description={t('questions.optionsHelp')}
                  value={d.optionsText}
                  onChange={(e) => edit(i, { optionsText: e.currentTarget.value })}
                  autosize
                  minRows={2}
                  error={errs[`questions.${i}.options`]}
                  data-testid="question-options"
                />
              )}
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between">
          <Button variant="default" onClick={() => setDrafts([...list, newDraft()])} data-testid="question-add">
            {t('questions.add')}
          </Button>
          <Button onClick={() => save.mutate(list)} loading={save.isPending} data-testid="questions-save">
            {t('questions.save')}
          </Button>
        </Group>
        {save.isError && (
          <Text size="sm" c="red.9" role="alert">
            {errorText(save.error)}
          </Text>
        )}
        {save.isSuccess && (
          <Text size="sm" c="teal.9" role="status">
            {t('questions.saved')}
          </Text>
        )}
      </Stack>
    </Section>
  );
}

