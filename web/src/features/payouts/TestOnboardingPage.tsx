import { Alert, Button, Checkbox, Container, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { payoutsApi } from '../../api/payouts';
import { usePageMeta } from '../../lib/usePageMeta';
import { slugFromReturn } from './format';

const ns = 'payouts';

/**
 * /payouts/test-onboarding?account=&return=: the test mode's stand-in for
 * Stripe's hosted onboarding. Nothing is verified and no money moves; the
 * organiser may mark the account as one whose transfers fail (to see a
 * failed payout).
 */
export default function TestOnboardingPage() {
  const { t } = useTranslation(ns);
  usePageMeta(t('onboarding.title'), t('onboarding.description'));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const slug = slugFromReturn(params.get('return'), window.location.origin);
  const [fail, setFail] = useState(false);
  const done = useMutation({
    mutationFn: () => payoutsApi.completeTestOnboarding(slug ?? '', fail),
    onSuccess: () => void navigate(`/manage/festivals/${encodeURIComponent(slug ?? '')}/earnings?payouts=return`),
  });
  return (
    <Container size="sm" px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="md">
        <Title order={1}>{t('onboarding.title')}</Title>
        <Alert color="yellow.9" variant="light">
          {t('onboarding.notice')}
        </Alert>
        {slug === null ? (
          <Text role="alert" c="red.8">
            {t('onboarding.badLink')}
          </Text>
        ) : (
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('onboarding.account', { account: params.get('account') ?? '' })}
            </Text>
            <Checkbox label={t('onboarding.fail')} checked={fail} onChange={(e) => setFail(e.currentTarget.checked)} />
            {done.isError && (
              <Alert color="red" role="alert">
                {done.error.message}
              </Alert>
            )}
            <Button onClick={() => done.mutate()} loading={done.isPending}>
              {t('onboarding.complete')}
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
