import { Anchor, Button, Center, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePageMeta } from '../../content/usePageMeta';
import { useSession } from '../auth/useSession';
import { apiErrorText } from '../contact/apiErrorText';
import { Notice } from '../contact/Notice';
import { PackageDetails } from './PackageDetails';
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

/** What a visitor or a signed-in user can do next; online payment is not enabled yet. */
function NextStep() {
  const { t } = useTranslation('pricing');
  const { user, isLoading } = useSession();
  const location = useLocation();

  if (isLoading) return <Loader size="sm" aria-label={t('loading')} />;
  if (!user) {
    return (
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="checkout-visitor">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('checkout.visitorTitle')}
          </Title>
          <Text size="sm">{t('checkout.visitorText')}</Text>
          <Group gap="sm">
            <Button component={Link} to="/login" state={{ from: location }}>
              {t('checkout.login')}
            </Button>
            <Button component={Link} to="/signup" state={{ from: location }} variant="default">
              {t('checkout.signup')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.8" data-testid="checkout-balance">
        {t('checkout.balance', { count: user.credits })}
      </Text>
      <Notice color="yellow" title={t('checkout.paymentUnavailableTitle')} data-testid="payment-unavailable">
        <Stack gap="xs">
          <Text size="sm" c="gray.9">
            {t('checkout.paymentUnavailable')}
          </Text>
          <Anchor component={Link} to="/contact" fw={600} size="sm" c="indigo.9">
            {t('checkout.contactLink')}
          </Anchor>
        </Stack>
      </Notice>
    </Stack>
  );
}

/** /pricing/:packageId: the chosen package's summary before buying it. */
export default function CheckoutPage() {
  const { t } = useTranslation('pricing');
  usePageMeta(t('checkout.meta.title'), t('checkout.meta.description'));
  const { packageId = '' } = useParams();
  const { locale } = useLanguage();
  const pkg = usePackage(packageId);

  let body: React.ReactNode;
  if (pkg.isPending) {
    body = (
      <Center py="xl" mih={200}>
        <Loader aria-label={t('loading')} />
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
        <NextStep />
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
