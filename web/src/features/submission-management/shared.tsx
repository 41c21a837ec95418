import type { EntryStatusPreset } from '../../api/submissionManagement';
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../lib/apiErrorText';
import { Title } from '../../ui/Title';
import { ns } from './logic';

/** useErrorText gives a failed call's text: apiErrorMessage's (the code's translation, else the server's message), or a generic one. */
export function useErrorText() {
  const { t } = useTranslation(ns);
  return (err: unknown) => apiErrorText(err, ns, t('error'));
}

/** fieldErrors are an API error's messages per field ({} for none). */
export const fieldErrors = (err: unknown): Record<string, string> => (err instanceof ApiError ? err.fields : {});

/** Section is one titled part of the tools page. */
export function Section({ id, title, help, children }: { id: string; title: string; help?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={2} size="h4" id={`${id}-title`} mb={4}>
        {title}
      </Title>
      {help && (
        <Text size="sm" c="gray.7" mb="sm">
          {help}
        </Text>
      )}
      {children}
    </Paper>
  );
}


/** statusLabel names an organiser's status: a preset in the reader's language, a custom one as written. */
export function useStatusLabel() {
  const { t } = useTranslation(ns);
  return (s: { name: string; preset: EntryStatusPreset }) => (s.preset ? t(`presets.${s.preset}`) : s.name);
}
