import { Anchor, Button, Container, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { filmProjectsApi, savedFestivalsKey, type SavedFestival } from '../../api/filmProjects';
import { remindersApi } from '../../api/reminders';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { errorText } from './errors';

/** formatDay writes a YYYY-MM-DD day in the page's language, as a calendar day (no time zone moves it). */
export function formatDay(day: string, lang: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/**
 * /saved-festivals: the filmmaker's watch list, soonest next deadline
 * first, each with a reminder of that deadline (the ordinary deadline
 * reminders, a week before) and a way to take it off the list.
 */
export default function SavedFestivalsPage() {
  const { t } = useTranslation('film-project');
  usePageMeta(t('saved.meta.title'), t('saved.meta.description'));
  const list = useQuery({ queryKey: savedFestivalsKey, queryFn: filmProjectsApi.saved });
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('saved.title')}</Title>
          <Text c="gray.7">{t('saved.intro')}</Text>
        </div>
        {list.isPending ? (
          <Loader role="status" aria-label={t('loading')} />
        ) : list.isError ? (
          <Text role="alert" c="red.9">
            {errorText(list.error)}
          </Text>
        ) : list.data.length === 0 ? (
          <Text data-testid="saved-empty">
            {t('saved.empty')}{' '}
            <Anchor component={Link} to="/festivals" fw={600}>
              {t('saved.browse')}
            </Anchor>
          </Text>
        ) : (
          <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="saved-list">
            {list.data.map((f) => (
              <SavedRow key={f.festivalId} f={f} />
            ))}
          </Stack>
        )}
      </Stack>
    </Container>
  );
}

function SavedRow({ f }: { f: SavedFestival }) {
  const { t, i18n } = useTranslation('film-project');
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const client = useQueryClient();
  const [reminded, setReminded] = useState(false);
  const unsave = useMutation({
    mutationFn: () => filmProjectsApi.unsave(f.festivalSlug),
    onSuccess: () => client.invalidateQueries({ queryKey: savedFestivalsKey }),
  });
  const remind = useMutation({
    mutationFn: () =>
      remindersApi.create({ festivalSlug: f.festivalSlug, categoryId: f.categoryId, tier: f.tier || 'regular', preference: 'one-week-before' }),
    onSuccess: () => setReminded(true),
    // The same reminder twice is 409: it is there already.
    onError: (err) => err instanceof ApiError && err.status === 409 && setReminded(true),
  });
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="saved-festival">
      <Stack gap={6}>
        <Anchor component={Link} to={`/festival/${encodeURIComponent(f.festivalSlug)}`} fw={700} c="indigo.9" style={{ overflowWrap: 'anywhere' }}>
          {f.festivalName}
        </Anchor>
        <Text size="sm" c="gray.8" data-testid="saved-deadline">
          {f.nextDeadline
            ? t('saved.nextDeadline', { date: formatDay(f.nextDeadline, lang), category: f.categoryName, tier: t(`tiers.${f.tier}`) })
            : t('saved.noDeadline')}
        </Text>
        <Group gap="xs">
          {f.nextDeadline && (
            <Button size="xs" variant="light" onClick={() => remind.mutate()} disabled={reminded} loading={remind.isPending}
              data-testid="saved-remind">
              {reminded ? t('saved.reminded') : t('saved.remind')}
            </Button>
          )}
          <Button component={Link} to={`/submit-film?festival=${encodeURIComponent(f.festivalSlug)}`} size="xs" variant="default">
            {t('saved.submit')}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => unsave.mutate()} loading={unsave.isPending} data-testid="saved-remove">
            {t('saved.remove')}
          </Button>
        </Group>
        {(remind.isError && !reminded) || unsave.isError ? (
          <Text size="sm" c="red.9" role="alert">
            {errorText(remind.error ?? unsave.error)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
