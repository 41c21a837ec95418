import { Anchor, Badge, Button, Container, Grid, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageViewBeacon } from '../../lib/usePageViewBeacon';
import { ApiError } from '../../api/client';
import { festivalsApi, type Category, type Festival, publicFestivalKey } from '../../api/festivals';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { festivalPlace } from './FestivalCard';
import { formatDate, formatDateRange, useLanguage } from '../../lib/dates';
import { callForEntries, submissionState } from './submissionState';

/** remindMeLink opens the reminder form on /manage filled with the festival (the reminders feature reads these). */
export function remindMeLink(f: Pick<Festival, 'slug' | 'name' | 'startDate'>): string {
  const p = new URLSearchParams({ festival: f.slug, name: f.name, date: f.startDate });
  return `/manage?${p.toString()}#reminders`;
}

/**
 * submitFilmLink opens the filmmaker's submission with the festival chosen
 * (a visitor logs in first and comes back: /submit-film is guarded).
 */
export function submitFilmLink(slug: string): string {
  return `/submit-film?${new URLSearchParams({ festival: slug }).toString()}`;
}

/**
 * /festival/:slug: the public page of an approved festival (no login):
 * details, categories with their current fee tier and deadline, 'Submit a
 * film' while submissions are open, a 'Remind me' button (the festival's
 * dates) and one per category (its deadlines; visitors are asked to sign in
 * and come back). Unknown and unapproved festivals are not found.
 * Other features' parts come in as render props, which src/app/FestivalRoute.tsx
 * supplies: the festival's screenings (`screenings`, between the facts and the
 * categories), a category's deadline reminder (`categoryReminder`) and the
 * reminder a visitor chose before signing in (`pendingReminder`, given only
 * while one is pending).
 */
/** FestivalSlots are the parts of the festival page that other features render (see FestivalPage). */
export interface FestivalSlots {
  screenings?: (slug: string) => ReactNode;
  categoryReminder?: (slug: string, category: Category) => ReactNode;
  pendingReminder?: (slug: string, categories: Category[]) => ReactNode;
}

export default function FestivalPage(slots: FestivalSlots) {
  const { slug = '' } = useParams();
  const { t } = useTranslation('festivals');
  const query = useQuery({ queryKey: publicFestivalKey(slug), queryFn: () => festivalsApi.get(slug) });
  usePageViewBeacon(slug, query.isSuccess);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  usePageMeta(
    query.data?.name ?? (notFound ? t('public.notFound.title') : undefined),
    query.data ? summary(query.data.description) : notFound ? t('public.notFound.message') : undefined,
  );

  if (query.isPending) return <PageLoading />;
  if (notFound) return <FestivalNotFound />;
  if (query.isError) {
    return (
      <Container size="md" px="md" py="xl">
        <Notice color="red" role="alert" title={t('public.loadError')} data-testid="festival-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {apiErrorText(query.error, 'festivals')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('public.retry')}
            </Button>
          </Stack>
        </Notice>
      </Container>
    );
  }
  return <FestivalView festival={query.data} slots={slots} />;
}

// The page description for search engines and link previews: the festival's first 160 characters.
function summary(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > 160 ? `${chars.slice(0, 157).join('')}…` : flat;
}

function FestivalNotFound() {
  const { t } = useTranslation('festivals');
  return (
    <Container size="sm" py={64} data-testid="festival-not-found">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('public.notFound.title')}</Title>
        <Text c="gray.7">{t('public.notFound.message')}</Text>
        <Button component={Link} to="/festivals">
          {t('public.notFound.browse')}
        </Button>
      </Stack>
    </Container>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="gray.7">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} c="gray.9" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function FestivalView({ festival: f, slots }: { festival: Festival; slots: FestivalSlots }) {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  const categories = f.categories ?? [];
  // One rule with the list's cards: city and the country named in the page's language.
  const place = festivalPlace(f, tag);
  const state = submissionState(f);
  // The badge names the last day entries are taken, not the end of today's tier.
  const call = callForEntries(f);

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {f.name}
          </Title>
          <Text size="lg" c="gray.7">
            <time dateTime={f.startDate}>{formatDateRange(f.startDate, f.endDate, tag)}</time>
            {' · '}
            {place}
          </Text>
          <Group gap="sm" mt="xs">
            {f.nextDeadline && (
              <Button component={Link} to={submitFilmLink(f.slug)} data-testid="submit-film">
                {t('public.submitFilm')}
              </Button>
            )}
            <Button component={Link} to={remindMeLink(f)} variant={f.nextDeadline ? 'light' : 'filled'} data-testid="remind-me">
              {t('public.remindMe')}
            </Button>
            {state === 'open' ? (
              <>
                <Badge size="lg" color="teal" variant="light" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }} data-testid="open-until">
                  {t('public.openUntil', { date: formatDate(call?.finalDeadline ?? f.nextDeadline, tag) })}
                </Badge>
                {call && (
                  <Text size="sm" c="gray.8" data-testid="current-tier">
                    {call.tiers.length === 1
                      ? t('public.currentTier', { tier: t(`tiers.${call.tiers[0]}`), date: formatDate(call.tierEnds, tag) })
                      : t('public.currentTiers', {
                          tiers: new Intl.ListFormat(tag, { type: 'disjunction' }).format(call.tiers.map((x) => t(`tiers.${x}`))),
                          date: formatDate(call.tierEnds, tag),
                        })}
                  </Text>
                )}
              </>
            ) : (
              <Badge
                size="lg"
                color="gray.7"
                variant="outline"
                styles={{ label: { color: 'var(--mantine-color-gray-8)' } }}
                data-testid="submission-state"
              >
                {t(state === 'notOpen' ? 'public.notOpenYet' : 'public.closed')}
              </Badge>
            )}
          </Group>
        </Stack>

        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }} component="section" aria-labelledby="festival-about">
            <Stack gap="sm">
            <Title order={2} size="h3" id="festival-about">
              {t('public.about')}
            </Title>
            {f.description ? (
              <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="festival-description">
                {f.description}
              </Text>
            ) : (
              <Text c="gray.7">{t('public.noDescription')}</Text>
            )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="festival-facts">
            <Title order={2} size="h4" id="festival-facts" mb="sm">
              {t('public.facts')}
            </Title>
            <Stack component="dl" gap="sm" m={0}>
              <Fact label={t('public.dates')}>
                <time dateTime={f.startDate}>{formatDate(f.startDate, tag, 'long')}</time>
                {f.endDate !== f.startDate && (
                  <>
                    {' – '}
                    <time dateTime={f.endDate}>{formatDate(f.endDate, tag, 'long')}</time>
                  </>
                )}
              </Fact>
              <Fact label={t('public.location')}>{place}</Fact>
              <Fact label={t('public.nextDeadline')}>
                {state === 'open'
                  ? formatDate(f.nextDeadline, tag, 'long')
                  : t(state === 'notOpen' ? 'public.notOpenYet' : 'public.closed')}
              </Fact>
              {f.website && (
                <Fact label={t('public.website')}>
                  <Anchor href={f.website} target="_blank" rel="noopener noreferrer" c="indigo.9">
                    {f.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                    <Text span size="xs" c="gray.7">
                      {' '}
                      {t('public.newTab')}
                    </Text>
                  </Anchor>
                </Fact>
              )}
              <Fact label={t('public.contact')}>
                <Anchor href={`mailto:${f.contactEmail}`} c="indigo.9">
                  {f.contactEmail}
                </Anchor>
              </Fact>
            </Stack>
          </Paper>
          </Grid.Col>
        </Grid>

        {/* A deadline reminder a visitor chose before signing in is set on their return. */}
        {slots.pendingReminder && <Suspense fallback={null}>{slots.pendingReminder(f.slug, categories)}</Suspense>}

        {/* Upcoming screenings with what is left and Buy (their own translations load with them). */}
        {slots.screenings && <Suspense fallback={null}>{slots.screenings(f.slug)}</Suspense>}

        <Stack gap="sm" component="section" aria-labelledby="festival-categories">
          <Title order={2} size="h3" id="festival-categories">
            {t('public.categories')}
          </Title>
          {categories.length === 0 ? (
            <Text c="gray.7" data-testid="no-categories">
              {t('public.noCategories')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={640}>
              <Table striped withTableBorder verticalSpacing="sm" data-testid="categories-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('public.table.category')}</Table.Th>
                    <Table.Th scope="col">{t('public.table.description')}</Table.Th>
                    <Table.Th scope="col">{t('public.table.currentFee')}</Table.Th>
                    <Table.Th scope="col">{t('public.table.deadline')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {categories.map((c) => (
                    <CategoryRow key={c.id} slug={f.slug} category={c} reminder={slots.categoryReminder} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}

function CategoryRow({
  slug,
  category: c,
  reminder,
}: {
  slug: string;
  category: Category;
  reminder?: FestivalSlots['categoryReminder'];
}) {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  const current = c.current;
  const later = current ? c.deadlines.filter((d) => d.date > current.date) : [];
  return (
    <Table.Tr data-testid="category-row">
      <Table.Th scope="row" fw={600}>
        {c.name}
      </Table.Th>
      <Table.Td style={{ whiteSpace: 'pre-line' }}>{c.description}</Table.Td>
      {current ? (
        <>
          <Table.Td>
            <Text size="sm" fw={600}>
              {t('public.tierFee', { tier: t(`tiers.${current.tier}`), count: current.fee })}
            </Text>
            {later.map((d) => (
              <Text key={d.tier} size="xs" c="gray.7">
                {t('public.laterTier', { tier: t(`tiers.${d.tier}`), count: d.fee, date: formatDate(d.date, tag) })}
              </Text>
            ))}
          </Table.Td>
          <Table.Td>
            <Stack gap={6} align="flex-start">
              <time dateTime={current.date}>{formatDate(current.date, tag)}</time>
              {/* Remind me of one of its deadlines (its reminder texts load with it). */}
              {reminder && <Suspense fallback={null}>{reminder(slug, c)}</Suspense>}
            </Stack>
          </Table.Td>
        </>
      ) : (
        <Table.Td colSpan={2} c="gray.8">
          {t('public.submissionsClosed')}
        </Table.Td>
      )}
    </Table.Tr>
  );
}
