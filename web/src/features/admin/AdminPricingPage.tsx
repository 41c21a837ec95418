import { Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { packagesApi } from '../../api/packages';
import { usePageMeta } from '../../content/usePageMeta';
import { apiErrorMessage } from '../../i18n/errorMessage';
import { dollars } from './format';
import { PromotionPricesSection } from '../promotion/PromotionPricesSection';

/** AdminPricingPage: the seed's 'Pricing Plans' cards, read from the packages table. */
export default function AdminPricingPage() {
  const { t, i18n } = useTranslation('admin');
  usePageMeta(t('pricing.title'), t('pricing.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({ queryKey: ['packages', language], queryFn: packagesApi.list });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('pricing.title')}</Title>
        <Text c="gray.7" mt={4}>
          {t('pricing.subtitle')}
        </Text>
      </div>
      {query.isPending && <Text>{t('dashboard.loading')}</Text>}
      {query.isError && (
        <Text c="red.8" role="alert">
          {t('pricing.error', { message: apiErrorMessage(i18n, query.error, t('pricing.failed')) })}
        </Text>
      )}
      {query.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {query.data.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="lg" data-testid="plan-card">
              <Stack gap="xs" h="100%">
                <Title order={2} size="h3">
                  {p.name}
                </Title>
                <Text fz={32} fw={800} c="indigo.8">
                  {dollars(p.priceCents, language)}
                </Text>
                <Text fw={600}>{t('pricing.tokens', { count: p.credits })}</Text>
                <Text c="gray.7" style={{ flex: 1 }}>
                  {p.description}
                </Text>
                <Button
                  component={Link}
                  to={`/pricing/${p.id}`}
                  fullWidth
                  mt="sm"
                  aria-label={t('pricing.getStartedLabel', { name: p.name })}
                >
                  {t('pricing.getStarted')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <PromotionPricesSection />
    </Stack>
  );
}
