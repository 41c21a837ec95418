import { Button, Container, Stack, Text } from '@mantine/core';
import { Title } from '../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/usePageMeta';

/** NotFound: the translated 404 content (data-testid="not-found" marks it for crawlers and tests). */
export function NotFound() {
  const { t } = useTranslation();
  usePageMeta(t('notFound.title'), t('notFound.description'));
  return (
    <Container size="sm" py={64} data-testid="not-found">
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="indigo.8" aria-hidden="true" lh={1}>
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="gray.7">{t('notFound.message')}</Text>
        <Button component={Link} to="/">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
