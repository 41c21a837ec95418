import { Anchor, Badge, Container, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { ListState } from '../../ui/list/ListState';
import { apiErrorText } from '../../lib/apiErrorText';
import { ns, useJudgeFestivals } from './shared';

/** /judge: the festivals I judge, with my progress in each. */
export default function JudgeHomePage() {
  const { t } = useTranslation(ns);
  usePageMeta(t('home.title'), t('home.description'));
  const festivals = useJudgeFestivals();
  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('home.title')}</Title>
          <Text c="gray.7">{t('home.subtitle')}</Text>
        </Stack>
        <ListState
          query={festivals}
          isEmpty={(d) => d.length === 0}
          loadingLabel={t('home.loading')}
          errorTitle={t('home.loadError')}
          errorText={apiErrorText(festivals.error, ns)}
          retryLabel={t('retry')}
          errorTestId="judge-festivals-error"
          emptyText={t('home.empty')}
          emptyTestId="judge-festivals-empty"
        >
          {(items) => (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {items.map((f) => {
                const pct = f.assigned > 0 ? Math.round((100 * f.scored) / f.assigned) : 0;
                return (
                  <Paper withBorder radius="md" p="md" component="li" key={f.festivalId} data-testid="judge-festival">
                    <Group justify="space-between" wrap="wrap" mb="xs">
                      <Anchor component={Link} to={`/judge/${encodeURIComponent(f.festivalSlug)}`} fw={700} style={{ overflowWrap: 'anywhere' }}>
                        {f.festivalName}
                      </Anchor>
                      {f.locked && (
                        <Badge variant="outline" color="gray.8">
                          {t('locked')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" mb={4}>
                      {t('home.progress', { scored: f.scored, assigned: f.assigned })}
                    </Text>
                    <Progress value={pct} aria-label={t('home.progressLabel', { name: f.festivalName })} />
                  </Paper>
                );
              })}
            </Stack>
          )}
        </ListState>
      </Stack>
    </Container>
  );
}
