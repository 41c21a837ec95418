import { Anchor, Container, Loader, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../api/client';
import { usePageMeta } from '../../lib/usePageMeta';
import { ResendVerification } from './ResendVerification';
import { sessionKey, useSession } from '../../lib/useSession';

type Outcome = 'checking' | 'done' | 'failed' | 'missing';

/**
 * VerifyEmailPage (/verify-email?token=...) is where the link of the
 * confirmation e-mail lands: it posts the token once (the link is single
 * use, so never twice, even when React runs effects twice) and shows the
 * result; a dead link offers a new one to a signed-in, unconfirmed user.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  usePageMeta(t('verifyEmail.title'), t('verifyEmail.description'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const client = useQueryClient();
  const { user } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(token ? 'checking' : 'missing');
  const posted = useRef('');

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    authApi.verifyEmail(token).then(
      () => {
        setOutcome('done');
        void client.invalidateQueries({ queryKey: sessionKey });
      },
      () => setOutcome('failed'),
    );
  }, [token, client]);

  return (
    <Container size="sm" py={{ base: 'lg', sm: 48 }} px="md">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('verifyEmail.title')}
          </Title>
          <div role="status" aria-live="polite">
            {outcome === 'checking' && (
              <Stack gap="xs" align="flex-start">
                <Loader size="sm" aria-hidden />
                <Text>{t('verifyEmail.checking')}</Text>
              </Stack>
            )}
            {outcome === 'done' && <Text data-testid="verify-email-done">{t('verifyEmail.done')}</Text>}
            {outcome === 'failed' && <Text data-testid="verify-email-failed">{t('verifyEmail.failed')}</Text>}
            {outcome === 'missing' && <Text data-testid="verify-email-failed">{t('verifyEmail.missing')}</Text>}
          </div>
          {outcome === 'done' && user && (
            <Anchor component={Link} to="/account">
              {t('verifyEmail.continue')}
            </Anchor>
          )}
          {(outcome === 'failed' || outcome === 'missing') &&
            (user ? (
              user.emailVerified === false && <ResendVerification email={user.email} />
            ) : (
              <Text size="sm">
                <Anchor component={Link} to="/login">
                  {t('verifyEmail.login')}
                </Anchor>{' '}
                {t('verifyEmail.failedSignedOut')}
              </Text>
            ))}
        </Stack>
      </Paper>
    </Container>
  );
}
