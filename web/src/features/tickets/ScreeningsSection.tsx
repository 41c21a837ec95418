import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { ticketsApi, type Screening } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { formatLocalTime, formatMoney, useTag } from '../../lib/format';
import { useSession } from '../../lib/useSession';

/** The namespace of the buyer's ticket pages. */
export const ns = 'tickets';

/** TanStack Query key of a festival's public screenings. */
export const festivalScreeningsKey = (slug: string) => ['screenings', 'festival', slug] as const;

/** buyPath is where a screening's tickets are bought. */
export const buyPath = (id: number) => `/screenings/${id}/buy`;

/** guestPath is where a visitor without an account buys (or waits for) a screening's tickets. */
export const guestPath = (id: number) => `/screenings/${id}/guest`;

/** Availability is what a screening's card says about its seats. */
export type Availability = 'left' | 'soldOut' | 'notYet' | 'closed';

/** availability says whether a screening sells now, is sold out, or is outside its sales window. */
export function availability(s: Screening, now = Date.now()): Availability {
  if (s.soldOut || s.remaining <= 0) return 'soldOut';
  if (s.onSale) return 'left';
  return new Date(s.salesStartAt).getTime() > now ? 'notYet' : 'closed';
}

/** ScreeningWhen is a screening's start in the festival's zone, with the zone named. */
export function ScreeningWhen({ screening: s }: { screening: Pick<Screening, 'startsAt' | 'timeZone'> }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  return (
    <time dateTime={s.startsAt}>{t('when', { time: formatLocalTime(s.startsAt, tag, s.timeZone), zone: s.timeZone })}</time>
  );
}

/** PriceText is a screening's price, or Free. */
export function priceText(s: Pick<Screening, 'priceCents' | 'currency'>, tag: string, free: string): string {
  return s.priceCents === 0 ? free : formatMoney(s.priceCents, s.currency, tag);
}

function ScreeningCard({ screening: s }: { screening: Screening }) {
  const { t } = useTranslation(ns);
  const { user, isLoading } = useSession();
  const tag = useTag();
  const state = availability(s);
  const badge =
    state === 'left'
      ? t('left', { count: s.remaining })
      : state === 'soldOut'
        ? t('soldOut')
        : state === 'notYet'
          ? t('salesOpen', { date: formatLocalTime(s.salesStartAt, tag, s.timeZone) })
          : t('salesClosed');
  const color = state === 'left' ? 'teal' : state === 'soldOut' ? 'red' : 'gray';
  return (
    <Paper withBorder radius="md" p="md" component="article" data-testid="screening-card" aria-labelledby={`screening-${s.id}`}>
      <Stack gap={6} h="100%">
        <Title order={3} size="h4" id={`screening-${s.id}`} style={{ overflowWrap: 'anywhere' }}>
          {s.title}
        </Title>
        <Text size="sm" c="gray.8">
          <ScreeningWhen screening={s} />
        </Text>
        <Text size="sm" c="gray.8" style={{ overflowWrap: 'anywhere' }}>
          {s.venue}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Text fw={700} c="gray.9" data-testid="screening-price">
              {priceText(s, tag, t('free'))}
            </Text>
            <Badge color={color} variant="light" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }} data-testid="screening-availability">
              {badge}
            </Badge>
          </Stack>
          {state === 'left' ? (
            <Button component={Link} to={buyPath(s.id)} data-testid="buy-button" aria-label={t('buyLabel', { title: s.title })}>
              {t('buyButton')}
            </Button>
          ) : (
            <Button disabled data-testid="buy-button">
              {t('buyButton')}
            </Button>
          )}
        </Group>
        {!user && !isLoading && (state === 'left' || state === 'soldOut') && (
          <Anchor component={Link} to={guestPath(s.id)} size="sm" c="indigo.9" data-testid="guest-buy-link">
            {state === 'left' ? t('guest.buyLink') : t('guest.waitLink')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * ScreeningsSection is the festival page's list of upcoming screenings: when
 * and where (in the festival's time zone), the price, what is left, and Buy.
 */
export function ScreeningsSection({ slug }: { slug: string }) {
  const { t } = useTranslation(ns);
  const query = useQuery({ queryKey: festivalScreeningsKey(slug), queryFn: () => ticketsApi.festivalScreenings(slug) });
  if (query.isPending) return null;
  if (query.isError) {
    // A festival page without ticket sales still reads well: a missing list says nothing.
    if (query.error instanceof ApiError && query.error.status === 404) return null;
    return (
      <Notice color="red" role="alert" title={t('section.loadError')} data-testid="screenings-error">
        {apiErrorText(query.error, ns)}
      </Notice>
    );
  }
  const items = query.data.items;
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="festival-screenings" data-testid="screenings-section">
      <Title order={2} size="h3" id="festival-screenings">
        {t('section.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {items.map((s) => (
          <ScreeningCard key={s.id} screening={s} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
