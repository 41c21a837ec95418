import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../ui/page/PageState';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../../lib/useSession';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LedgerList } from './LedgerList';
import { PurchaseHistory } from './PurchaseHistory';
import { ProfileSummary } from './ProfileSummary';
import { PrivacyLink } from './PrivacyLink';

/**
 * AccountPage (/account, signed-in users only): the profile as the server
 * holds it (with the credit balance), the change-password form, the
 * purchases with their receipts and the credit ledger.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageMeta(t('account.title'), t('account.description'));
  const { user, isLoading } = useSession();

  // RequireAuth only lets signed-in users through; this covers the moment a
  // session ends while the page is open.
  if (isLoading || !user) return <PageLoading />;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 48 }} px="md">
      <Title order={1}>{t('account.title')}</Title>
      <Text c="gray.7" mt="xs" maw={640}>
        {t('account.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="xl" style={{ alignItems: 'start' }}>
        <ProfileSummary user={user} />
        <ChangePasswordForm />
      </SimpleGrid>
      <Stack gap="lg" mt="lg">
        <PurchaseHistory />
        <LedgerList />
        <PrivacyLink />
      </Stack>
    </Container>
  );
}
