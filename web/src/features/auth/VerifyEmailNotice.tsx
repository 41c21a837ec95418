import { Box, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ResendVerification } from './ResendVerification';
import { useSession } from './useSession';

/**
 * VerifyEmailNotice is the discreet band under the header while the
 * signed-in user has not confirmed their address: what to do, and a
 * button that sends the link again. It is hidden on /verify-email itself.
 */
export function VerifyEmailNotice() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || user.emailVerified !== false || pathname === '/verify-email') return null;
  return (
    <Box component="aside" aria-label={t('verifyEmail.title')} bg="yellow.0" py="xs" data-testid="verify-email-notice"
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-3)' }}>
      <Container size="lg" px="md">
        <Text size="sm" mb={4}>
          {t('verifyEmail.notice', { email: user.email })}
        </Text>
        <ResendVerification email={user.email} />
      </Container>
    </Box>
  );
}
