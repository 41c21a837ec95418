import { Container, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../content/usePageMeta';

/**
 * GuardedPlaceholder is the page a signed-in user sees at /festivals, /submit
 * and /manage until those features arrive: what the page is for, honestly.
 */
export function GuardedPlaceholder({ page }: { page: 'discover' | 'submit' | 'manage' }) {
  const { t } = useTranslation();
  const title = t(`festivals.${page}.title`);
  const description = t(`festivals.${page}.description`);
  usePageMeta(title, description);
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px="md">
      <Title order={1}>{title}</Title>
      <Text size="lg" c="gray.7" mt="sm">
        {description}
      </Text>
      <Paper withBorder p="lg" mt="xl" radius="md" bg="indigo.0">
        <Text c="gray.9">{t(`festivals.${page}.body`)}</Text>
      </Paper>
    </Container>
  );
}
