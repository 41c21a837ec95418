import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SubmissionFlag, SubmissionStatus } from '../../api/manageSubmissions';

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

/** formatDay renders an RFC 3339 time as a day in the language. */
export function formatDay(iso: string | null | undefined, tag: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(d);
}

/** entryStatusesKey is the query of the festival's own statuses (semi-finalist, finalist, custom), for the list's filter and bulk control. */
export const entryStatusesKey = (slug: string) => [...manageKey(slug), 'entry-statuses'] as const;

/** entryStatusLabel names one of the organiser's own statuses: a preset's label in the language, or the organiser's own name. */
export function entryStatusLabel(t: (key: string) => string, s: { name: string; preset: string }): string {
  return s.preset === 'semi_finalist' || s.preset === 'finalist' ? t(`list.presets.${s.preset}`) : s.name;
}
