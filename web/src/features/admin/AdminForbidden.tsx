import { Button, Container, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';

/** AdminForbidden: what a signed-in non-admin sees at /admin/*. */
export function AdminForbidden() {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  usePageMeta(t('forbidden.title'), t('forbidden.message'));
  return (
    <Container component="main" id="main" size="sm" py={64} data-testid="admin-forbidden">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t('forbidden.title')}</Title>
        <Text fz="lg" fw={600}>
          {t('forbidden.message')}
        </Text>
        <Text c="gray.7">{t('forbidden.hint')}</Text>
        <Button component={Link} to="/">
          {tc('common.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
