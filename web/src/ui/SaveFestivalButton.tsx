import { Button } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { filmProjectsApi, savedFestivalsKey } from '../api/filmProjects';

/**
 * SaveFestivalButton saves a festival to the signed-in filmmaker's watch
 * list (/saved-festivals) or takes it off. It reads the session the shell
 * already holds (never fetching it); a visitor gets a link to sign in
 * (when visitorLink), or nothing. Every button of a page shares one read
 * of the list.
 */
export function SaveFestivalButton({
  slug,
  name,
  visitorLink = false,
  size = 'sm',
}: {
  slug: string;
  name: string;
  visitorLink?: boolean;
  size?: 'xs' | 'sm';
}) {
  // Not suspending for its texts: the button mounts with a page's results,
  // after the page is on screen, and a suspension there hid the whole page
  // behind the loader again for a moment (what had been typed into the
  // page's search box was lost). Until its texts are there it shows nothing.
  const { t, ready } = useTranslation('film-project', { useSuspense: false });
  const location = useLocation();
  const client = useQueryClient();
  const signedIn = useCachedSignedIn();
  const saved = useQuery({ queryKey: savedFestivalsKey, queryFn: filmProjectsApi.saved, enabled: signedIn, staleTime: 30_000 });
  const isSaved = (saved.data ?? []).some((f) => f.festivalSlug === slug);
  const toggle = useMutation({
    mutationFn: () => (isSaved ? filmProjectsApi.unsave(slug) : filmProjectsApi.save(slug)),
    onSettled: () => client.invalidateQueries({ queryKey: savedFestivalsKey }),
  });
  if (!ready) return null;
  if (!signedIn) {
    return visitorLink ? (
      <Button component={Link} to="/login" state={{ from: location }} variant="default" size={size} data-testid="save-festival">
        {t('save.save')}
      </Button>
    ) : null;
  }
  return (
    <Button
      variant={isSaved ? 'light' : 'default'}
      size={size}
      onClick={() => toggle.mutate()}
      loading={toggle.isPending || saved.isPending}
      aria-pressed={isSaved}
      aria-label={isSaved ? t('save.unsaveNamed', { name }) : t('save.saveNamed', { name })}
      data-testid="save-festival"
    >
      {isSaved ? t('save.saved') : t('save.save')}
    </Button>
  );
}

/**
 * useCachedSignedIn tells whether the session the shell read (query key
 * ['session']) has a user, following its changes, without ever fetching it.
 */
function useCachedSignedIn(): boolean {
  const client = useQueryClient();
  return useSyncExternalStore(
    (onChange) => client.getQueryCache().subscribe(onChange),
    () => Boolean(client.getQueryData(['session'])),
  );
}
