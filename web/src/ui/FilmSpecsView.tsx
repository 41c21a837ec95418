import { Anchor, Badge, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilmSpecs, FilmStill } from '../api/filmProjects';

/**
 * FilmSpecsView shows a film's specs (trailer, technical specs, flags,
 * premiere status, its screenings and awards) and stills, read-only: to
 * the festival team on an entry, and to judges (the server sends judges
 * the specs under blind review too: they name festivals, never people).
 * Nothing is shown when the filmmaker filled nothing in.
 */
export function FilmSpecsView({ specs, stills, title }: { specs?: FilmSpecs; stills?: FilmStill[]; title: string }) {
  const { t } = useTranslation('film-project');
  if (!specs) return null;
  const facts: [string, string][] = [
    [t('specs.completionDate'), specs.completionDate],
    [t('specs.aspectRatio'), specs.aspectRatio],
    [t('specs.sound'), specs.sound ? t(`sounds.${specs.sound.replace('.', '_')}`) : ''],
    [t('specs.shootingFormat'), specs.shootingFormat],
    [t('specs.languages'), (specs.languages ?? []).join(', ')],
    [t('specs.subtitles'), (specs.subtitles ?? []).join(', ')],
    [t('specs.premiere'), specs.premiere ? t(`premieres.${specs.premiere}`) : ''],
  ].filter(([, v]) => v !== '') as [string, string][];
  const history = specs.history ?? [];
  const shots = stills ?? [];
  if (!facts.length && !history.length && !shots.length && !specs.trailerUrl && !specs.firstTime && !specs.student) return null;
  return (
    <Stack gap="xs" data-testid="film-specs">
      <Text size="sm" fw={600}>
        {t('specs.title')}
      </Text>
      {specs.trailerUrl && (
        <Anchor href={specs.trailerUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('specs.watchTrailer')}
        </Anchor>
      )}
      {(specs.firstTime || specs.student) && (
        <Group gap="xs">
          {specs.firstTime && (
            <Badge variant="light" color="indigo" c="gray.9">
              {t('specs.firstTime')}
            </Badge>
          )}
          {specs.student && (
            <Badge variant="light" color="indigo" c="gray.9">
              {t('specs.student')}
            </Badge>
          )}
        </Group>
      )}
      {facts.map(([label, value]) => (
        <Text key={label} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {label}: {value}
        </Text>
      ))}
      {history.length > 0 && (
        <Stack gap={2} data-testid="film-history">
          <Text size="sm" fw={600}>
            {t('history.title')}
          </Text>
          {history.map((h, i) => (
            <Text key={i} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {h.award ? t('history.lineAward', { festival: h.festival, year: h.year, award: h.award }) : t('history.line', { festival: h.festival, year: h.year })}
            </Text>
          ))}
        </Stack>
      )}
      {shots.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
          {shots.map((s, i) => (
            <Image key={s.id} src={s.images.card.url} alt={t('stills.alt', { n: i + 1, film: title })} h={90} fit="cover" radius="sm" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
