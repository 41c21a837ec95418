import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screeningsApi } from '../../api/tickets';
import { apiErrorText } from '../../lib/apiErrorText';
import { formatMoney, useTag } from '../../lib/format';
import { Notice } from '../../ui/Notice';
import { screeningsKey } from './ScreeningForm';
import { ns } from './schema';

/** The currencies a festival may sell tickets in (the server's marquee.TicketCurrencies). */
export const ticketCurrencies = ['usd', 'eur', 'jpy', 'cny'] as const;

/**
 * CurrencySection shows the currency the festival sells its tickets in and
 * changes it (PUT currency): its screenings and ticket types follow, and
 * the server refuses once tickets have been sold (its message is shown).
 */
export function CurrencySection({ slug, currency }: { slug: string; currency: string }) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const client = useQueryClient();
  const [chosen, setChosen] = useState(currency);
  const save = useMutation({
    mutationFn: (c: string) => screeningsApi.setCurrency(slug, c),
    onSuccess: () => void client.invalidateQueries({ queryKey: screeningsKey(slug) }),
  });
  const data = ticketCurrencies.map((c) => ({ value: c, label: `${c.toUpperCase()} (${formatMoney(150000, c, tag)})` }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="screenings-currency">
      <Stack gap="sm">
        <Title order={2} size="h4" id="screenings-currency">
          {t('currency.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('currency.text')}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('currency.label')}
            data={data}
            value={chosen}
            onChange={(v) => setChosen(v ?? currency)}
            allowDeselect={false}
            w={{ base: '100%', xs: 240 }}
            data-testid="currency-select"
          />
          <Button onClick={() => save.mutate(chosen)} loading={save.isPending} disabled={chosen === currency} data-testid="currency-save">
            {t('currency.save')}
          </Button>
        </Group>
        {save.isError && (
          <Notice color="red" role="alert" data-testid="currency-error">
            {apiErrorText(save.error, ns)}
          </Notice>
        )}
        {save.isSuccess && chosen === currency && (
          <Text size="sm" c="teal.9" role="status" data-testid="currency-saved">
            {t('currency.saved', { currency: currency.toUpperCase() })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
