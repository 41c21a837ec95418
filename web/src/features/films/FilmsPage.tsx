import { Badge, Box, Button, Card, Center, Container, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { filmsApi, type Film, filmsKey } from '../../api/films';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { PosterImage } from '../../ui/PosterImage';

/** /films: the signed-in user's film projects as cards, and 'New film'. */
export default function FilmsPage() {
  const { t } = useTranslation('films');
  usePageMeta(t('meta.title'), t('meta.description'));
  const films = useQuery({ queryKey: filmsKey, queryFn: filmsApi.list });

  let body: React.ReactNode;
  if (films.isPending) {
    body = (
      <Center py="xl">
        <Loader role="status" aria-label={t('list.loading')} />
      </Center>
    );
  } else if (films.isError) {
    body = (
      <Notice color="red" role="alert" title={t('list.loadError')} data-testid="films-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {apiErrorText(films.error, 'films')}
          </Text>
          <Button size="xs" variant="default" onClick={() => void films.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  } else if (films.data.length === 0) {
    body = (
      <Stack align="flex-start" gap="sm" data-testid="films-empty">
        <Text c="gray.7">{t('list.empty')}</Text>
        <Button component={Link} to="/films/new" variant="light">
          {t('list.createFirst')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {films.data.map((f) => (
          <FilmCard key={f.id} film={f} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={1}>{t('list.title')}</Title>
            <Text c="gray.7">{t('list.intro')}</Text>
          </div>
          <Group gap="sm">
            <Button component={Link} to="/submissions" variant="default">
              {t('list.mySubmissions')}
            </Button>
            <Button component={Link} to="/films/new" data-testid="new-film">
              {t('list.new')}
            </Button>
          </Group>
        </Group>
        {body}
      </Stack>
    </Container>
  );
}

function FilmCard({ film: f }: { film: Film }) {
  const { t } = useTranslation('films');
  const facts = [f.year ? String(f.year) : '', f.runtimeMinutes ? t('list.runtime', { count: f.runtimeMinutes }) : '']
    .filter(Boolean)
    .join(' · ');
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="film-card">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box w={72} h={108} style={{ flexShrink: 0, borderRadius: 4, overflow: 'hidden', background: 'var(--mantine-color-gray-1)' }}>
          {f.posterUrl ? (
            <PosterImage
              url={f.posterUrl}
              images={f.posterImages}
              use="card"
              sizes="72px"
              alt=""
              w={72}
              h={108}
              fit="cover"
              loading="lazy"
              data-testid="film-poster"
            />
          ) : (
            <Center h="100%" aria-hidden="true" data-testid="film-poster-placeholder">
              <Text fz={28} c="gray.5">
                🎞
              </Text>
            </Center>
          )}
        </Box>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text
            component={Link}
            to={`/films/${f.id}`}
            fw={700}
            c="indigo.9"
            style={{ overflowWrap: 'anywhere', textDecoration: 'none' }}
          >
            {f.title}
          </Text>
          {facts && (
            <Text size="sm" c="gray.7">
              {facts}
            </Text>
          )}
          <Badge variant="light" color={f.activeSubmissions > 0 ? 'teal' : 'gray'} styles={{ label: { color: 'var(--mantine-color-gray-9)' } }}>
            {t('list.active', { count: f.activeSubmissions })}
          </Badge>
          <Group gap="xs" mt={4}>
            <Button component={Link} to={`/films/${f.id}`} size="compact-sm" variant="default" aria-label={t('list.editLabel', { title: f.title })}>
              {t('list.edit')}
            </Button>
            <Button component={Link} to={`/submit-film?film=${f.id}`} size="compact-sm" variant="light" aria-label={t('list.submitLabel', { title: f.title })}>
              {t('list.submit')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
