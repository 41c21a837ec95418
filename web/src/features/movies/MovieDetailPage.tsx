import { Anchor, Badge, Box, Button, Center, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { moviesApi, type Movie } from '../../api/movies';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { PosterImage } from '../../ui/PosterImage';
import { movieKey, releaseText } from './format';
import classes from '../../ui/page/pages.module.css';
import local from './movies.module.css';

/**
 * MovieDetailPage (/movie/{id}): a movie's poster, title, overview, release
 * date, and runtime and genres where known, with a link back to /movies.
 */
export default function MovieDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('movies');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({ queryKey: movieKey(id, language), queryFn: () => moviesApi.get(id) });
  usePageMeta(query.data?.title, query.data ? t('details.metaDescription', { title: query.data.title }) : undefined);

  let body: React.ReactNode;
  if (query.isPending) {
    body = (
      <Center py="xl" mih={240}>
        <Loader role="status" aria-label={t('details.loading')} />
      </Center>
    );
  } else if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    body = (
      <Notice
        color={notFound ? 'gray' : 'red'}
        role="alert"
        title={notFound ? t('details.notFound') : t('details.failed')}
        data-testid={notFound ? 'movie-not-found' : 'movie-error'}
        mt="lg"
      >
        {!notFound && (
          <Stack gap="sm" align="flex-start">
            <Text size="sm" c="gray.9">
              {apiErrorText(query.error, 'movies')}
            </Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('details.retry')}
            </Button>
          </Stack>
        )}
      </Notice>
    );
  } else {
    body = <MovieDetails movie={query.data} language={language} />;
  }

  return (
    <Container size="lg" className={classes.page}>
      <Anchor component={Link} to="/movies" fw={600} data-testid="movies-back">
        ← {t('details.back')}
      </Anchor>
      {body}
    </Container>
  );
}

/** How wide the page's poster is shown: its column of 18rem, the full width under 48em. */
const movieDetailSizes = '(min-width: 48em) 18rem, 100vw';

function MovieDetails({ movie: m, language }: { movie: Movie; language: string }) {
  const { t } = useTranslation('movies');
  const release = releaseText(m.releaseDate, language);
  const yearOnly = /^\d{4}$/.test(m.releaseDate);
  return (
    <article className={local.details} data-testid="movie-details">
      <Box className={local.poster} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        {m.posterUrl ? (
          <PosterImage
            url={m.posterUrl}
            images={m.posterImages}
            use="detail"
            sizes={movieDetailSizes}
            alt={t('details.posterAlt', { title: m.title })}
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
      <Stack gap="md">
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {m.title}
        </Title>
        <Text
          c={m.overview ? 'gray.9' : 'gray.7'}
          style={{ whiteSpace: 'pre-line' }}
          lang={m.overview ? m.overviewLanguage : undefined}
          data-testid="movie-overview"
        >
          {m.overview || t('details.noOverview')}
        </Text>
        <dl className={local.facts}>
          {release && (
            <>
              <dt>{yearOnly ? t('details.year') : t('details.releaseDate')}</dt>
              <dd data-testid="movie-release">{release}</dd>
            </>
          )}
          {m.runtime ? (
            <>
              <dt>{t('details.runtimeLabel')}</dt>
              <dd data-testid="movie-runtime">{t('details.minutes', { count: m.runtime })}</dd>
            </>
          ) : null}
          {m.genres && m.genres.length > 0 && (
            <>
              <dt>{t('details.genres')}</dt>
              <dd>
                <Group gap={6} data-testid="movie-genres">
                  {m.genres.map((g) => (
                    <Badge key={g} variant="light" color="indigo" styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
                      {g}
                    </Badge>
                  ))}
                </Group>
              </dd>
            </>
          )}
        </dl>
        {m.source === 'tmdb' && (
          <Text size="xs" c="gray.7" data-testid="tmdb-notice">
            {t('grid.tmdbNotice')}
          </Text>
        )}
      </Stack>
    </article>
  );
}
