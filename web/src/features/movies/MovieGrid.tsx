import { Box, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moviesApi, type Movie, type MoviePage } from '../../api/movies';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { PosterImage } from '../../ui/PosterImage';
import { moviesKey } from './format';
import local from './movies.module.css';

/** nextPage is the page after last, or undefined when last was the end of the list. */
export function nextPage(last: MoviePage): number | undefined {
  if (last.items.length === 0 || last.message) return undefined;
  return last.page * last.perPage < last.total ? last.page + 1 : undefined;
}

/**
 * MovieGrid is the grid of /movies: 20 movies at a time from the server
 * (The Movie Database's popular movies, or the films listed on Marquee),
 * with a control for more. `empty` is shown when there are none at all;
 * a failure shows its message over an empty list with Try again.
 */
export function MovieGrid({ empty }: { empty: React.ReactNode }) {
  const { t, i18n } = useTranslation('movies');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useInfiniteQuery({
    queryKey: moviesKey(language),
    queryFn: ({ pageParam }) => moviesApi.popular(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

  if (query.isPending) {
    return (
      <Center py="xl" mih={240}>
        <Loader role="status" aria-label={t('grid.loading')} />
      </Center>
    );
  }
  // A failed next page keeps the pages already shown (the query's data).
  if (!query.data) {
    return <Failure message={apiErrorText(query.error, 'movies')} onRetry={() => void query.refetch()} testId="movies-error" />;
  }
  const pages = query.data.pages;
  const first = pages[0];
  const movies = pages.flatMap((p) => p.items);
  if (movies.length === 0 && first.message) {
    return <Failure message={first.message} onRetry={() => void query.refetch()} testId="movies-error" />;
  }
  if (movies.length === 0) return <>{empty}</>;
  const last = pages[pages.length - 1];
  const tmdb = movies.some((m) => m.source === 'tmdb');
  return (
    <Stack gap="lg" mt="xl">
      <SimpleGrid
        cols={{ base: 1, xs: 2, sm: 3, md: 4 }}
        spacing="lg"
        component="ul"
        p={0}
        m={0}
        className={local.grid}
        aria-label={t('grid.label')}
        data-testid="movies-grid"
      >
        {movies.map((m) => (
          <MovieCard key={`${m.source}-${m.id}`} movie={m} />
        ))}
      </SimpleGrid>
      {last.message && <Failure message={last.message} onRetry={() => void query.refetch()} testId="movies-more-error" />}
      {query.isFetchNextPageError && (
        <Failure
          message={`${t('grid.failedMore')} ${apiErrorText(query.error, 'movies')}`}
          onRetry={() => void query.fetchNextPage()}
          testId="movies-more-error"
        />
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite" data-testid="movies-count">
          {t('grid.count', { shown: movies.length, total: Math.max(first.total, movies.length) })}
        </Text>
        {query.hasNextPage && !query.isFetchNextPageError && (
          <Button
            variant="light"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            loaderProps={{ 'aria-label': t('grid.loadingMore') } as object}
            data-testid="movies-more"
          >
            {t('grid.more')}
          </Button>
        )}
      </Group>
      {tmdb && (
        <Text size="xs" c="gray.7" data-testid="tmdb-notice">
          {t('grid.tmdbNotice')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * How wide a card's poster is shown: the grid's columns (1, then 2 from xs,
 * 3 from sm, 4 from md) in a Container of size lg (1140 px at most).
 */
const movieCardSizes = '(min-width: 62em) min(25vw, 285px), (min-width: 48em) 33vw, (min-width: 36em) 50vw, 100vw';

function MovieCard({ movie: m }: { movie: Movie }) {
  const { t } = useTranslation('movies');
  return (
    <Card component="li" withBorder radius="md" padding="md" className={local.card} data-testid="movie-card">
      <Card.Section>
        <Box className={local.poster}>
          {m.posterUrl ? (
            <PosterImage
              url={m.posterUrl}
              images={m.posterImages}
              use="card"
              sizes={movieCardSizes}
              alt=""
              loading="lazy"
              w="100%"
              h="100%"
              fit="cover"
              data-testid="movie-poster"
            />
          ) : (
            <Center h="100%" data-testid="movie-poster-placeholder">
              <Text c="gray.7" size="sm">
                {t('grid.noPoster')}
              </Text>
            </Center>
          )}
        </Box>
      </Card.Section>
      <Stack gap="xs" mt="md" className={local.cardBody}>
        <Title order={2} size="h4" className={local.title}>
          {m.title}
        </Title>
        {m.overview && (
          <Text size="sm" c="gray.7" lineClamp={4} lang={m.overviewLanguage}>
            {m.overview}
          </Text>
        )}
        <Button
          component={Link}
          to={`/movie/${m.id}`}
          variant="default"
          mt="auto"
          aria-label={t('grid.viewDetailsLabel', { title: m.title })}
        >
          {t('grid.viewDetails')}
        </Button>
      </Stack>
    </Card>
  );
}

/** Failure is a friendly message with Try again. */
export function Failure({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation('movies');
  return (
    <Notice color="red" role="alert" title={t('grid.failed')} data-testid={testId} mt="xl">
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="gray.9">
          {message}
        </Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('grid.retry')}
        </Button>
      </Stack>
    </Notice>
  );
}
