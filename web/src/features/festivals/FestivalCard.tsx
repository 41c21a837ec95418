import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Festival } from '../../api/festivals';
import { countryName } from '../../lib/countries';
import { formatDate, formatDateRange, useLanguage } from '../../lib/dates';
import { submissionState } from './submissionState';

/** festivalPlace is "City, Country" (or the free-text location when neither is set). */
export function festivalPlace(f: Pick<Festival, 'city' | 'country' | 'location'>, tag: string): string {
  const parts = [f.city, countryName(f.country, tag)].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : f.location;
}

/** FestivalCard is one discovery result: name (to the public page), place, dates, deadline and fee. */
export function FestivalCard({ festival: f }: { festival: Festival }) {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  const state = submissionState(f);
  const open = state === 'open';
  const titleId = `festival-${f.id}-name`;
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="festival-card" aria-labelledby={titleId}>
      <Stack gap={6}>
        <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          <Anchor component={Link} to={`/festival/${encodeURIComponent(f.slug)}`} c="indigo.9" inherit>
            {f.name}
          </Anchor>
        </Title>
        <Text size="sm" c="gray.8">
          {festivalPlace(f, tag)}
        </Text>
        <Text size="sm" c="gray.8">
          <time dateTime={f.startDate}>{formatDateRange(f.startDate, f.endDate, tag)}</time>
        </Text>
        <Group gap="xs" mt={4} wrap="wrap">
          {open ? (
            <>
              <Text size="sm" fw={600} c="gray.9">
                {t('card.nextDeadline', { date: formatDate(f.nextDeadline, tag) })}
              </Text>
              {f.minFee !== null && (
                <Badge color="indigo" variant="light" styles={{ label: { color: 'var(--mantine-color-indigo-9)' } }}>
                  {t('card.fromFee', { count: f.minFee })}
                </Badge>
              )}
            </>
          ) : (
            <Badge color="gray.7" variant="outline" styles={{ label: { color: 'var(--mantine-color-gray-8)' } }}>
              {t(state === 'notOpen' ? 'card.notOpen' : 'card.closed')}
            </Badge>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
