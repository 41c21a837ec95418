import { Box, Container, Paper, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { ReminderForm } from './ReminderForm';
import { RemindersList } from './RemindersList';
import { prefillFromParams } from './prefill';
import type { ReactNode } from 'react';

const prefillParams = ['festival', 'name', 'date'];

/**
 * ManagePage (/manage, signed in): the seed's 'Manage Your Festival
 * Reminders' form, the user's reminders, and the festivals they registered.
 * A festival page's 'Remind me' button arrives with
 * ?festival=<slug>&name=<name>&date=<YYYY-MM-DD>, which fills in the form.
 * The festivals (another feature's list) render in `festivals`: src/app/ManageRoute.tsx
 * puts them there.
 */
export default function ManagePage({ festivals }: { festivals?: ReactNode }) {
  const { t } = useTranslation('reminders');
  usePageMeta(t('meta.title'), t('meta.description'));
  const [params, setParams] = useSearchParams();
  const prefill = useMemo(() => prefillFromParams(params), [params]);
  // A new 'Remind me' hand-over starts a fresh form.
  const formKey = prefill ? `${prefill.festivalSlug}\n${prefill.festivalName}\n${prefill.date}` : '';

  // Once the reminder is stored, the hand-over is spent: a reload must not fill the form again.
  const clearPrefill = () => {
    if (!prefill) return;
    const next = new URLSearchParams(params);
    for (const key of prefillParams) next.delete(key);
    setParams(next, { replace: true });
  };

  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px="md">
      <Title order={1}>{t('page.title')}</Title>
      <Text size="lg" c="gray.7" mt="sm">
        {t('page.subtitle')}
      </Text>
      <Paper component="section" id="reminders" aria-labelledby="reminder-form-title" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} mt="xl">
        <ReminderForm key={formKey} prefill={prefill} onCreated={clearPrefill} />
      </Paper>
      <Box mt={48}>
        <RemindersList />
      </Box>
      {festivals && <Box mt={48}>{festivals}</Box>}
    </Container>
  );
}
