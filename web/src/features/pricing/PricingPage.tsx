import { Accordion, Button, Card, Center, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { ContentPage } from '../../ui/page/ContentPage';
import { PackageDetails } from './PackageDetails';
import { useLanguage, usePackages } from './usePackages';

export interface PricingContent {
  eyebrow: string;
  title: string;
  subtitle: string;
  intro: string[];
  credits: { title: string; faqs: { question: string; answer: string }[] };
  [key: string]: unknown;
}

function PackageCards() {
  const { t } = useTranslation('pricing');
  const { locale } = useLanguage();
  const packages = usePackages();

  if (packages.isPending) {
    return (
      <Center py="xl" mih={200}>
        <Loader role="status" aria-label={t('loading')} />
      </Center>
    );
  }
  if (packages.isError) {
    return (
      <Notice color="red" title={t('loadError')} role="alert" data-testid="packages-error">
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="gray.9">
            {apiErrorText(packages.error, 'pricing')}
          </Text>
          <Button size="xs" variant="default" onClick={() => packages.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Notice>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="package-cards">
      {packages.data.map((pkg) => {
        const featured = pkg.id === 'pro';
        return (
          <Card
            key={pkg.id}
            withBorder
            radius="lg"
            padding="lg"
            shadow={featured ? 'md' : 'xs'}
            component="section"
            aria-labelledby={`package-${pkg.id}`}
            data-testid={`package-${pkg.id}`}
            style={featured ? { borderColor: 'var(--mantine-color-indigo-7)', borderWidth: 2 } : undefined}
          >
            <Stack gap="md" h="100%" justify="space-between">
              <Stack gap="sm">
                <Title order={2} size="h3" id={`package-${pkg.id}`}>
                  {pkg.name}
                </Title>
                <PackageDetails pkg={pkg} locale={locale} />
              </Stack>
              <Button
                component={Link}
                to={`/pricing/${pkg.id}`}
                fullWidth
                size="md"
                variant={featured ? 'filled' : 'outline'}
                aria-label={t('card.getStartedLabel', { name: pkg.name })}
              >
                {t('card.getStarted')}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** /pricing: the credit packages from the server, with a note on what credits are for. */
export default function PricingPage() {
  const { t } = useTranslation('pricing');
  usePageMeta(t('meta.title'), t('meta.description'));

  return (
    <ContentPage<PricingContent> page="pricing">
      {(c) => (
        <>
          <PackageCards />
          <Stack gap="sm" component="section" aria-labelledby="credits-faq-title" maw={760} w="100%">
            <Title order={2} size="h3" id="credits-faq-title">
              {c.credits.title}
            </Title>
            <Accordion variant="separated" radius="md" multiple defaultValue={["0"]} order={3}>
              {c.credits.faqs.map((f, i) => (
                <Accordion.Item key={i} value={String(i)}>
                  <Accordion.Control>
                    <Text component="span" fw={600}>{f.question}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm">{f.answer}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        </>
      )}
    </ContentPage>
  );
}
