import { Radio, Select, Stack, Text, Textarea, TextInput, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { submissionManagementApi, type Question } from '../api/submissionManagement';

/** The query key of a festival's questions. */
export const questionsKey = (slug: string) => ['festival-questions', slug] as const;

/** answerField is the error field the server names for question id ("answers.<id>"). */
export const answerField = (id: number) => `answers.${id}`;

/**
 * QuestionFields asks a festival's custom questions at submission: one
 * field per question (a line, a text, a choice, yes/no), required ones
 * marked, each with the server's message for it (errors by answerField).
 */
export function QuestionFields({
  slug,
  values,
  onChange,
  errors,
  disabled,
}: {
  slug: string;
  values: Record<number, string>;
  onChange: (id: number, value: string) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('submission-management');
  const questions = useQuery({ queryKey: questionsKey(slug), queryFn: () => submissionManagementApi.questions(slug) });
  if (!questions.data || questions.data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="question-fields">
      <Text fw={600}>{t('answers.title')}</Text>
      {questions.data.map((q) => (
        <QuestionField key={q.id} q={q} value={values[q.id] ?? ''} onChange={(v) => onChange(q.id, v)} error={errors[answerField(q.id)]} disabled={disabled} />
      ))}
    </Stack>
  );
}

function QuestionField({
  q,
  value,
  onChange,
  error,
  disabled,
}: {
  q: Question;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('submission-management');
  const common = { label: q.label, required: q.required, error, disabled, 'data-testid': `answer-${q.id}` };
  switch (q.kind) {
    case 'long_text':
      return <Textarea {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} rows={4} maxLength={5000} />;
    case 'choice':
      return (
        <Select
          {...common}
          data={q.options}
          value={value || null}
          onChange={(v) => onChange(v ?? '')}
          placeholder={t('answers.choose')}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'yes_no':
      return (
        <Radio.Group {...common} value={value} onChange={onChange}>
          <Group gap="md" mt={4}>
            <Radio value="yes" label={t('answers.yes')} />
            <Radio value="no" label={t('answers.no')} />
          </Group>
        </Radio.Group>
      );
    default:
      return <TextInput {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} maxLength={200} />;
  }
}
