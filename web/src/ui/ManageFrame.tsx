import { Anchor, Button, Container, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { festivalsApi, manageFestivalKey } from '../api/festivals';
import { PageLoading } from './page/PageState';
import { PageLoadError } from './PageLoadError';
import { Title } from './Title';

// The organiser's pages of one festival (features festivals, manage-submissions,
// screenings, check-in, analytics, activity and earnings) share this frame and its links.
const ns = 'manage-submissions';

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
  | 'submission-tools'
  | 'screenings'
  | 'check-in'
  | 'analytics'
  | 'activity'
  | 'earnings';

const sections: ManageSection[] = ['festival', 'submissions', 'judges', 'ranking', 'settings', 'submission-tools', 'screenings', 'check-in', 'analytics', 'activity', 'earnings'];

/** sectionPath is the address of one of a managed festival's pages. */
export function sectionPath(slug: string, s: ManageSection): string {
  const root = `/manage/festivals/${encodeURIComponent(slug)}`;
  return s === 'festival' ? root : `${root}/${s}`;
}

/** ManageNav links a managed festival's pages: the editor, submissions, judges, ranking, settings, questions and messages (submission tools), screenings, check-in, analytics, activity and earnings. */
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
