import { Button, Container, Group, Stack, Text } from '@mantine/core';
import { Title } from '../ui/Title';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** RouteError is what RouteErrorBoundary shows: a translated message and a way home. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();

  useEffect(() => {
    document.title = `${t('routeError.title')} | Marquee`;
    console.warn('route error', error);
  }, [error, t]);

  return (
    <Container size="sm" py={64} component="main" id="main">
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text c="gray.7">{t('routeError.message')}</Text>
        <Group justify="center">
          <Button onClick={() => window.location.reload()} variant="outline">
            {t('routeError.reload')}
          </Button>
          {/* A full page load: the router that failed may be in a bad state. */}
          <Button component="a" href="/">
            {t('common.backHome')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
