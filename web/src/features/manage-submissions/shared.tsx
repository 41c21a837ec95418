import { Anchor, Badge, Button, Container, Group, Stack } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { festivalsApi } from '../../api/festivals';
import type { SubmissionFlag, SubmissionStatus } from '../../api/manageSubmissions';
import { PageLoading } from '../../content/PageState';
import { PageLoadError } from '../contact/PageLoadError';
import { manageFestivalKey } from '../festivals/queries';

/** The namespace of the organiser's submission and judging pages. */
export const ns = 'manage-submissions';

/** TanStack Query keys of these pages; everything of one festival starts with manageKey(slug). */
export const manageKey = (slug: string) => ['manage-submissions', slug] as const;
export const receivedKey = (slug: string, filter: unknown) => [...manageKey(slug), 'list', filter] as const;
export const detailKey = (slug: string, id: number) => [...manageKey(slug), 'detail', id] as const;
export const settingsKey = (slug: string) => [...manageKey(slug), 'settings'] as const;
export const waiversKey = (slug: string) => [...manageKey(slug), 'waivers'] as const;
export const judgesKey = (slug: string) => [...manageKey(slug), 'judges'] as const;
export const conflictsKey = (slug: string) => [...manageKey(slug), 'conflicts'] as const;
export const rankingKey = (slug: string, filter: unknown) => [...manageKey(slug), 'ranking', filter] as const;

/** useManagedFestival loads the festival (name, categories, criteria) the organiser's pages work on. */
export function useManagedFestival(slug: string) {
  return useQuery({ queryKey: manageFestivalKey(slug), queryFn: () => festivalsApi.manage(slug) });
}

export type ManageSection =
  | 'festival'
  | 'submissions'
  | 'judges'
  | 'ranking'
  | 'settings'
  | 'screenings'
  | 'check-in'
  | 'analytics'
  | 'activity'
  | 'payouts';
const sections: ManageSection[] = [
  'festival',
  'submissions',
  'judges',
  'ranking',
  'settings',
  'screenings',
  'check-in',
  'analytics',
  'activity',
  'payouts',
];

/** sectionPath is the address of one of a managed festival's pages. */
export function sectionPath(slug: string, s: ManageSection): string {
  const root = `/manage/festivals/${encodeURIComponent(slug)}`;
  return s === 'festival' ? root : `${root}/${s}`;
}

/** ManageNav links a managed festival's pages: the editor, submissions, judges, ranking, settings, screenings, check-in, analytics, activity and payouts. */
export function ManageNav({ slug, current }: { slug: string; current: ManageSection }) {
  const { t } = useTranslation(ns);
  return (
    <Group component="nav" aria-label={t('nav.label')} gap={4} wrap="wrap" data-testid="manage-nav">
      {sections.map((s) => (
        <Button
          key={s}
          component={Link}
          to={sectionPath(slug, s)}
          size="compact-sm"
          variant={s === current ? 'light' : 'subtle'}
          aria-current={s === current ? 'page' : undefined}
        >
          {t(`nav.${s}`)}
        </Button>
      ))}
    </Group>
  );
}

/**
 * ManageFrame is the frame of the organiser's pages: the festival's name,
 * the page's title, the section links, and the festival's loading and
 * not-found states.
 */
export function ManageFrame({
  slug,
  current,
  title,
  size = 'xl',
  children,
}: {
  slug: string;
  current: ManageSection;
  title: string;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const festival = useManagedFestival(slug);
  if (festival.isPending) return <PageLoading />;
  if (festival.isError) {
    return (
      <PageLoadError
        error={festival.error}
        ns={ns}
        notFoundTitle={t('frame.notFound')}
        errorTitle={t('frame.loadError')}
        backTo="/manage"
        backLabel={t('frame.back')}
        testId="manage-error"
      />
    );
  }
  return (
    <Container size={size} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={sectionPath(slug, 'festival')} size="sm" c="indigo.9" style={{ overflowWrap: 'anywhere' }}>
            {festival.data.name}
          </Anchor>
          <Title order={1}>{title}</Title>
        </Stack>
        <ManageNav slug={slug} current={current} />
        {children}
      </Stack>
    </Container>
  );
}

const statusColors: Record<SubmissionStatus, string> = {
  submitted: 'gray.8',
  in_consideration: 'blue.9',
  selected: 'teal.9',
  not_selected: 'red.9',
  finalist: 'violet.9',
  award_winner: 'yellow.9',
  withdrawn: 'gray.7',
};

/** SubmissionStatusBadge shows a submission's status (with the award's name for a winner). */
export function SubmissionStatusBadge({ status, awardName }: { status: SubmissionStatus; awardName?: string }) {
  const { t } = useTranslation(ns);
  return (
    <Badge variant="outline" color={statusColors[status] ?? 'gray.8'} data-testid="submission-status" style={{ maxWidth: '100%' }}>
      {t(`status.${status}`, { defaultValue: status })}
      {status === 'award_winner' && awardName ? `: ${awardName}` : ''}
    </Badge>
  );
}

const flagColors: Record<Exclude<SubmissionFlag, ''>, string> = {
  strong_contender: 'teal.9',
  needs_review: 'orange.9',
  not_selected: 'red.9',
};

/** FlagBadge shows the team's flag, or nothing. */
export function FlagBadge({ flag }: { flag: SubmissionFlag }) {
  const { t } = useTranslation(ns);
  if (!flag) return null;
  return (
    <Badge variant="light" color={flagColors[flag] ?? 'gray'} data-testid="submission-flag" c="gray.9">
      {t(`flag.${flag}`, { defaultValue: flag })}
    </Badge>
  );
}

/** formatScore renders a 0..100 score with one decimal, or the dash for none. */
export function formatScore(n: number | null | undefined, tag: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(tag, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(n);
}

/** formatCalibrated renders a standardised score with its sign and two decimals, or the dash. */
export function formatCalibrated(n: number | null | undefined, tag: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(tag, { maximumFractionDigits: 2, minimumFractionDigits: 2, signDisplay: 'exceptZero' }).format(n);
}

/** formatDay renders an RFC 3339 time as a day in the language. */
export function formatDay(iso: string | null | undefined, tag: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(d);
}

/** countryName names an ISO country code in the language ("" stays ""). */
export function countryName(code: string, tag: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames([tag], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
