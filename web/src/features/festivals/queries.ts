import type { AdminFestivalFilter, FestivalSearch } from '../../api/festivals';

/** TanStack Query keys of the festival screens. */
export const myFestivalsKey = ['festivals', 'mine'] as const;
export const manageFestivalKey = (slug: string) => ['festivals', 'manage', slug] as const;
export const publicFestivalKey = (slug: string) => ['festivals', 'public', slug] as const;
export const festivalSearchKey = (s: FestivalSearch) => ['festivals', 'search', s] as const;
export const adminFestivalsKey = (status: AdminFestivalFilter, page: number) =>
  ['admin', 'festivals', status, page] as const;
