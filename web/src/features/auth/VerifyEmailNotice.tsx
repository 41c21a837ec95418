import { Box, Container, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/useSession';

// Only an unverified user sees the button (and its mutation code): not part of every page's first load.
const ResendVerification = lazy(() => import('./ResendVerification').then((m) => ({ default: m.ResendVerification })));

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
        <Suspense fallback={null}>
          <ResendVerification email={user.email} />
        </Suspense>
      </Container>
    </Box>
  );
}
