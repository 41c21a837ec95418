import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminPackagesApi, type PackageEdit, type PackageLanguage } from '../../api/adminPackages';
import { usePageMeta } from '../../lib/usePageMeta';
import { apiErrorText } from '../../lib/apiErrorText';
import { dollars } from './format';
import { PackageEditForm } from './PackageEditForm';
import { PromotionPricesSection } from './PromotionPricesSection';

/** AdminPricingPage: the seed's 'Pricing Plans' cards, read from the packages table (hidden ones too), each with Edit. */
export default function AdminPricingPage() {
  const { t, i18n } = useTranslation('admin');
  const { t: tu } = useTranslation('admin-users');
  usePageMeta(t('pricing.title'), t('pricing.description'));
  const language = i18n.resolvedLanguage ?? i18n.language;
  const query = useQuery({ queryKey: ['admin', 'packages'], queryFn: adminPackagesApi.list });
  const [editing, setEditing] = useState<PackageEdit | null>(null);
  const [saved, setSaved] = useState('');
  const text = (p: PackageEdit) => p.texts[language as PackageLanguage] ?? p.texts.en;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('pricing.title')}</Title>
        <Text c="gray.7" mt={4}>
          {t('pricing.subtitle')}
        </Text>
      </div>
      {query.isPending && (
        <Text role="status">{t('dashboard.loading')}</Text>
      )}
      {query.isError && (
        <Text c="red.8" role="alert">
          {t('pricing.error', { message: apiErrorText(query.error, 'common', t('pricing.failed')) })}
        </Text>
      )}
      {saved && (
        <Text c="teal.9" role="status" data-testid="package-saved">
          {saved}
        </Text>
      )}
      {query.data && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {query.data.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="lg" data-testid="plan-card">
              <Stack gap="xs" h="100%">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Title order={2} size="h3">
                    {text(p).name}
                  </Title>
                  {!p.active && (
                    <Badge color="gray.8" variant="outline">
                      {tu('pricingEdit.hidden')}
                    </Badge>
                  )}
                </Group>
                <Text fz={32} fw={800} c="indigo.8">
                  {dollars(p.priceCents, language)}
                </Text>
                <Text fw={600}>{t('pricing.tokens', { count: p.credits })}</Text>
                <Text c="gray.7" style={{ flex: 1 }}>
                  {text(p).description}
                </Text>
                <Button
                  component={Link}
                  to={`/pricing/${p.id}`}
                  fullWidth
                  mt="sm"
                  aria-label={t('pricing.getStartedLabel', { name: text(p).name })}
                >
                  {t('pricing.getStarted')}
                </Button>
                <Button
                  variant="default"
                  fullWidth
                  onClick={() => {
                    setSaved('');
                    setEditing(p);
                  }}
                  aria-label={tu('pricingEdit.editLabel', { name: text(p).name })}
                >
                  {tu('pricingEdit.edit')}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? tu('pricingEdit.title', { name: text(editing).name }) : ''}
        closeButtonProps={{ 'aria-label': tu('pricingEdit.cancel') }}
        size="lg"
        styles={{ title: { fontWeight: 700 } }}
      >
        {editing && (
          <PackageEditForm
            pkg={editing}
            onCancel={() => setEditing(null)}
            onSaved={(p) => {
              setEditing(null);
              setSaved(tu('pricingEdit.saved', { name: text(p).name }));
            }}
          />
        )}
      </Modal>
      <PromotionPricesSection />
    </Stack>
  );
}
