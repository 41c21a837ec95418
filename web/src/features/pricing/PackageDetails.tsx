import { Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreditPackage } from '../../api/packages';
import { formatPrice } from './format';
import { CheckIcon, TicketIcon } from './icons';

/** The price, credits, description and features of one package. */
export function PackageDetails({ pkg, locale }: { pkg: CreditPackage; locale: string }) {
  const { t } = useTranslation('pricing');
  return (
    <Stack gap="sm">
      <Group gap={6} align="baseline">
        <Text fz={40} fw={800} lh={1} c="indigo.9" data-testid="package-price">
          {formatPrice(pkg.priceCents, locale)}
        </Text>
        <Text size="sm" c="gray.7">
          {t('card.oneTime')}
        </Text>
      </Group>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon variant="light" color="yellow" size={30} radius="xl" aria-hidden>
          <TicketIcon size={18} />
        </ThemeIcon>
        <Text fw={700} data-testid="package-credits">
          {t('card.credits', { count: pkg.credits })}
        </Text>
      </Group>
      <Text size="sm" c="gray.8">
        {pkg.description}
      </Text>
      {pkg.features.length > 0 && (
        <List
          spacing={6}
          size="sm"
          aria-label={t('card.featuresLabel', { name: pkg.name })}
          icon={
            <ThemeIcon color="teal.8" size={20} radius="xl" aria-hidden>
              <CheckIcon size={12} />
            </ThemeIcon>
          }
        >
          {pkg.features.map((f, i) => (
            <List.Item key={i}>{f}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
