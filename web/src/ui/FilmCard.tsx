import { Anchor, Button, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Film } from '../api/manageSubmissions';
import { countryName } from '../lib/countries';
import { useLanguage } from '../lib/dates';
import { PosterImage } from './PosterImage';
import { Title } from './Title';

/** FilmCard shows a film with its poster, texts, credits and screener (with a copy button for the password). */
export function FilmCard({ film, headingLevel = 2 }: { film: Film | null; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('manage-submissions');
  const { tag } = useLanguage();
  if (!film) return null;
  const facts = [
    film.runtimeMinutes > 0 ? t('film.runtime', { count: film.runtimeMinutes }) : '',
    countryName(film.country, tag),
    film.language,
    film.year > 0 ? String(film.year) : '',
    film.genre,
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="film-title" data-testid="film-card">
      <Group align="flex-start" gap="lg" wrap="wrap">
        {film.posterUrl ? (
          <PosterImage
            url={film.posterUrl}
            images={film.posterImages}
            use="card"
            sizes="160px"
            alt={t('film.poster', { title: film.title })}
            w={160}
            radius="sm"
          />
        ) : null}
        <Stack gap="xs" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={headingLevel} size="h3" id="film-title" style={{ overflowWrap: 'anywhere' }}>
            {film.title}
          </Title>
          {film.originalTitle && film.originalTitle !== film.title && (
            <Text size="sm" c="gray.7">
              {film.originalTitle}
            </Text>
          )}
          {facts.length > 0 && (
            <Text size="sm" c="gray.7">
              {facts.join(' · ')}
            </Text>
          )}
          {film.logline && <Text fw={600}>{film.logline}</Text>}
          {film.synopsis && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {film.synopsis}
            </Text>
          )}
          {(film.director || (film.credits ?? []).length > 0) && (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t('film.credits')}
              </Text>
              {film.director && (
                <Text size="sm">
                  {t('film.director')}: {film.director}
                </Text>
              )}
              {(film.credits ?? []).map((c, i) => (
                <Text size="sm" key={i}>
                  {c.role}: {c.name}
                </Text>
              ))}
            </Stack>
          )}
          {film.screenerUrl && (
            <Stack gap={4} data-testid="screener">
              <Text size="sm" fw={600}>
                {t('film.screener')}
              </Text>
              <Anchor href={film.screenerUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
                {film.screenerUrl}
              </Anchor>
              {film.screenerPassword && (
                <Group gap="xs">
                  <Text size="sm">
                    {t('film.password')}: <code>{film.screenerPassword}</code>
                  </Text>
                  <CopyButton value={film.screenerPassword}>
                    {({ copied, copy }) => (
                      <Button size="compact-xs" variant="default" onClick={copy} aria-label={t('film.copyPassword')}>
                        {copied ? t('film.copied') : t('film.copy')}
                      </Button>
                    )}
                  </CopyButton>
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
