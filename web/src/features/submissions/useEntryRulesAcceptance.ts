import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { entryRulesKey, filmProjectsApi } from '../../api/filmProjects';

/**
 * useEntryRulesAcceptance reads the chosen festivals' rules and terms and
 * keeps which of them the filmmaker accepted: every festival with terms
 * must be accepted before paying (Submit refuses otherwise).
 */
export function useEntryRulesAcceptance(slugs: string[]) {
  const [accepted, setAccepted] = useState<Record<string, boolean>>({});
  const rulesQueries = useQueries({
    queries: slugs.map((slug) => ({ queryKey: entryRulesKey(slug), queryFn: () => filmProjectsApi.entryRules(slug), staleTime: 60_000 })),
  });
  const termsToAccept = slugs
    .map((slug, i) => ({ slug, terms: rulesQueries[i]?.data?.terms ?? '' }))
    .filter((r) => r.terms !== '');
  const allAccepted = termsToAccept.every((r) => accepted[r.slug]);
  const accept = (slug: string, on: boolean) => setAccepted((a) => ({ ...a, [slug]: on }));
  return { termsToAccept, accepted, allAccepted, accept };
}
