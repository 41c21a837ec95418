import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './NotFound';

/** RouteError is the router's error boundary: a translated message and a way home. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) {
      document.title = `${t('routeError.title')} | Marquee`;
      console.warn('route error', error);
    }
  }, [error, t]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Box component="main" id="main">
        <NotFound />
      </Box>
    );
  }

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
