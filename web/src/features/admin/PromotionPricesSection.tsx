import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { promotionsApi, type PromotionPrice } from '../../api/promotions';
import { apiErrorText } from '../../lib/apiErrorText';

const ns = 'promotion';
const priceKey = ['promotion', 'prices'] as const;
const priceSchema = z.number().int().min(1).max(100000);

/** PromotionPricesSection: the campaign prices on /admin/pricing, below the packages; each edit is audited. */
export function PromotionPricesSection() {
  const { t } = useTranslation(ns);
  const query = useQuery({ queryKey: priceKey, queryFn: promotionsApi.prices });
  return (
    <Stack gap="sm" component="section" aria-labelledby="promotion-prices">
      <Title order={2} size="h3" id="promotion-prices">
        {t('prices.title')}
      </Title>
      <Text c="gray.7">{t('prices.subtitle')}</Text>
      {query.isError && (
        <Text c="red.8" role="alert">
          {apiErrorText(query.error, ns)}
        </Text>
      )}
      {query.data && (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {query.data.map((p) => (
            <PriceCard key={p.days} price={p} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PriceCard({ price }: { price: PromotionPrice }) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | string>(price.credits);
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (credits: number) => promotionsApi.updatePrice(price.days, credits),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: priceKey }),
  });
  const submit = () => {
    const parsed = priceSchema.safeParse(Number(value));
    if (!parsed.success) {
      setError(t('prices.invalid'));
      return;
    }
    setError('');
    save.mutate(parsed.data);
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`promotion-price-${price.days}`}>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('prices.days', { count: price.days })}
        </Title>
        <NumberInput
          label={t('prices.credits')}
          value={value}
          onChange={setValue}
          min={1}
          max={100000}
          error={error || (save.isError ? apiErrorText(save.error, ns) : undefined)}
        />
        <Group>
          <Button size="xs" onClick={submit} loading={save.isPending}>
            {t('prices.save')}
          </Button>
          {save.isSuccess && (
            <Text size="sm" c="teal.9" role="status">
              {t('prices.saved')}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
