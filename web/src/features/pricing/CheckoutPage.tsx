import { Anchor, Button, Center, Container, Loader, Paper, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import type { CreditPackage } from '../../api/packages';
import { paymentsApi } from '../../api/payments';
import { usePageMeta } from '../../lib/usePageMeta';
import { useSession } from '../../lib/useSession';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { PackageDetails } from './PackageDetails';
import { TestCheckout } from './TestCheckout';
import { useLanguage, usePackage } from './usePackages';

function BackLink() {
  const { t } = useTranslation('pricing');
  return (
    <Anchor component={Link} to="/pricing" size="sm" fw={600}>
      <span aria-hidden="true">← </span>
      {t('checkout.backToPricing')}
    </Anchor>
  );
}

const StripeCheckout = lazy(() => import('./StripeCheckout'));

/**
 * PaymentSection is the signed-in user's balance and the card form of the
 * server's provider: Stripe Elements (loaded only then), or the test mode's own form.
 */
function PaymentSection({ pkg, locale }: { pkg: CreditPackage; locale: string }) {
  const { t } = useTranslation('pricing');
  const { user } = useSession();
  const config = useQuery({ queryKey: ['payments', 'config'], queryFn: paymentsApi.config, staleTime: 5 * 60_000 });

  let form: React.ReactNode;
  if (config.isPending) {
    form = <Loader role="status" size="sm" aria-label={t('checkout.form.loading')} />;
  } else if (config.isError) {
    form = (
      <Notice color="red" title={t('checkout.form.configError')} role="alert" data-testid="payment-config-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {apiErrorText(config.error, 'pricing')}
          </Text>
          <Button size="xs" variant="default" onClick={() => config.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  } else if (config.data.provider === 'stripe' && config.data.publishableKey) {
    form = (
      <Suspense fallback={<Loader role="status" size="sm" aria-label={t('checkout.form.loading')} />}>
        <StripeCheckout pkg={pkg} locale={locale} publishableKey={config.data.publishableKey} />
      </Suspense>
    );
  } else {
    form = <TestCheckout pkg={pkg} locale={locale} />;
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="checkout-payment">
      <Stack gap="md">
        <Title order={2} size="h3" id="checkout-payment">
          {t('checkout.form.title')}
        </Title>
        {user && (
          <Text size="sm" c="gray.8" data-testid="checkout-balance">
            {t('checkout.balance', { count: user.credits })}
          </Text>
        )}
        {form}
      </Stack>
    </Paper>
  );
}

/**
 * /pricing/:packageId: the checkout of any package (driven by the id): its
 * summary and the card form. An unknown or inactive id is not found; a
 * visitor is sent to log in and comes back.
 */
export default function CheckoutPage() {
  const { t } = useTranslation('pricing');
  usePageMeta(t('checkout.meta.title'), t('checkout.meta.description'));
  const { packageId = '' } = useParams();
  const { locale } = useLanguage();
  const pkg = usePackage(packageId);
  const { user, isLoading } = useSession();
  const location = useLocation();

  let body: React.ReactNode;
  if (pkg.isPending) {
    body = (
      <Center py="xl" mih={200}>
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  } else if (pkg.isError && pkg.error instanceof ApiError && pkg.error.status === 404) {
    body = (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="not-found">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            {t('checkout.notFoundTitle')}
          </Title>
          <Text>{t('checkout.notFoundText')}</Text>
          <Button component={Link} to="/pricing">
            {t('checkout.notFoundLink')}
          </Button>
        </Stack>
      </Paper>
    );
  } else if (pkg.isError) {
    body = (
      <Notice color="red" title={t('loadError')} role="alert" data-testid="checkout-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {apiErrorText(pkg.error, 'pricing')}
          </Text>
          <Button size="xs" variant="default" onClick={() => pkg.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  } else if (isLoading) {
    body = (
      <Center py="xl" mih={200}>
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  } else if (!user) {
    // A visitor logs in first and comes straight back here (LoginPage honours `from`).
    return <Navigate to="/login" state={{ from: location }} replace />;
  } else {
    const p = pkg.data;
    body = (
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="checkout-summary" data-testid="checkout-summary">
          <Stack gap="sm">
            <Text size="sm" fw={700} c="gray.7" tt="uppercase" id="checkout-summary">
              {t('checkout.summaryTitle')}
            </Text>
            <Title order={2} size="h2" data-testid="checkout-package-name">
              {p.name}
            </Title>
            <PackageDetails pkg={p} locale={locale} />
          </Stack>
        </Paper>
        <PaymentSection pkg={p} locale={locale} />
      </Stack>
    );
  }

  return (
    <Container size="sm" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <BackLink />
        <Title order={1}>{t('checkout.title')}</Title>
        {body}
      </Stack>
    </Container>
  );
}
