import { useQuery } from '@tanstack/react-query';
import { judgeFestivals } from '../../api/judgeFestivals';

/** The namespace of the judge's pages. */
export const ns = 'judging';

/** TanStack Query keys of the judge's pages. */
export const judgeFestivalsKey = ['judging', 'festivals'] as const;
export const queueKey = (slug: string) => ['judging', 'queue', slug] as const;
export const assignmentKey = (slug: string, id: number) => ['judging', 'assignment', slug, id] as const;

/**
 * useJudgeFestivals is the one cached query of the festivals the signed-in
 * user judges (the header's Judging link and /judge share it).
 */
export function useJudgeFestivals(enabled = true) {
  return useQuery({ queryKey: judgeFestivalsKey, queryFn: judgeFestivals, enabled, staleTime: 5 * 60_000 });
}
