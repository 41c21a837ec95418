import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import { Title } from '../../ui/Title';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ticketSelfServiceApi, type CancellationPolicy } from '../../api/ticketSelfService';
import { apiErrorText } from '../../lib/apiErrorText';
import { currencyDecimals } from '../../lib/format';
import { Notice } from '../../ui/Notice';

export const selfNs = 'ticket-self-service';

type Rule = CancellationPolicy['refund'];

/** The form's values: the fee as typed, in the currency's main unit (fixed) or percent. */
interface Values {
  enabled: boolean;
  cutoffHours: number | string;
  refund: Rule;
  fee: number | string;
  percent: number | string;
}

function toValues(p: CancellationPolicy, currency: string): Values {
  return {
    enabled: p.enabled,
    cutoffHours: p.enabled ? p.cutoffHours : 48,
    refund: p.enabled ? p.refund : 'full',
    fee: p.feeCents ? p.feeCents / 10 ** currencyDecimals(currency) : '',
    percent: p.feePercent || '',
  };
}

/**
 * toPolicy is what the form sends: the fee in the currency's minor unit
 * (cents; whole yen for JPY), only the one the rule uses.
 */
export function toPolicy(v: Values, currency: string): CancellationPolicy {
  return {
    enabled: v.enabled,
    cutoffHours: Number(v.cutoffHours) || 0,
    refund: v.refund,
    feeCents: v.refund === 'fixed_fee' ? Math.round(Number(v.fee || 0) * 10 ** currencyDecimals(currency)) : 0,
    feePercent: v.refund === 'percent_fee' ? Number(v.percent || 0) : 0,
  };
}

function PolicyForm({ slug, policy, currency }: { slug: string; policy: CancellationPolicy; currency: string }) {
  const { t } = useTranslation(selfNs);
  const client = useQueryClient();
  const [v, setV] = useState<Values>(() => toValues(policy, currency));
  const set = <K extends keyof Values>(k: K) => (value: Values[K]) => setV((prev) => ({ ...prev, [k]: value }));
  const save = useMutation({
    mutationFn: () => ticketSelfServiceApi.setPolicy(slug, toPolicy(v, currency)),
    onSuccess: (p) => client.setQueryData(['cancellation-policy', slug], p),
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <Stack gap="sm">
      <Switch
        label={t('policy.enabled')}
        checked={v.enabled}
        onChange={(e) => set('enabled')(e.currentTarget.checked)}
        data-testid="policy-enabled"
      />
      {v.enabled && (
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label={t('policy.cutoff')}
            description={t('policy.cutoffHint')}
            value={v.cutoffHours}
            onChange={set('cutoffHours')}
            min={0}
            max={8760}
            allowDecimal={false}
            error={fields.cutoffHours}
            w={{ base: '100%', xs: 200 }}
            data-testid="policy-cutoff"
          />
          <Select
            label={t('policy.refund')}
            data={(['full', 'fixed_fee', 'percent_fee', 'none'] as const).map((r) => ({ value: r, label: t(`policy.rules.${r}`) }))}
            value={v.refund}
            onChange={(r) => set('refund')((r ?? 'full') as Rule)}
            allowDeselect={false}
            error={fields.refund}
            w={{ base: '100%', xs: 260 }}
            data-testid="policy-refund"
          />
          {v.refund === 'fixed_fee' && (
            <NumberInput
              label={t('policy.fee', { currency: currency.toUpperCase() })}
              value={v.fee}
              onChange={set('fee')}
              min={0}
              decimalScale={currencyDecimals(currency)}
              error={fields.feeCents}
              w={{ base: '100%', xs: 160 }}
              data-testid="policy-fee"
            />
          )}
          {v.refund === 'percent_fee' && (
            <NumberInput
              label={t('policy.percent')}
              value={v.percent}
              onChange={set('percent')}
              min={1}
              max={99}
              allowDecimal={false}
              suffix=" %"
              error={fields.feePercent}
              w={{ base: '100%', xs: 160 }}
              data-testid="policy-percent"
            />
          )}
        </Group>
      )}
      <Group>
        <Button onClick={() => save.mutate()} loading={save.isPending} data-testid="policy-save">
          {t('policy.save')}
        </Button>
      </Group>
      {save.isError && Object.keys(fields).length === 0 && (
        <Notice color="red" role="alert">
          {apiErrorText(save.error, selfNs)}
        </Notice>
      )}
      {save.isSuccess && (
        <Text size="sm" c="teal.9" role="status" data-testid="policy-saved">
          {t('policy.saved')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * CancellationPolicySection is the festival's rule for buyers who cancel
 * their own paid tickets: whether they may, until how many hours before
 * the screening, and what they get back (all, minus a fixed or a percent
 * fee, or nothing).
 */
export function CancellationPolicySection({ slug, currency }: { slug: string; currency: string }) {
  const { t } = useTranslation(selfNs);
  const query = useQuery({ queryKey: ['cancellation-policy', slug], queryFn: () => ticketSelfServiceApi.policy(slug) });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cancellation-policy" data-testid="cancellation-policy">
      <Stack gap="sm">
        <Title order={2} size="h4" id="cancellation-policy">
          {t('policy.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('policy.text')}
        </Text>
        {query.isPending ? null : query.isError ? (
          <Notice color="red" role="alert">
            {apiErrorText(query.error, selfNs)}
          </Notice>
        ) : (
          <PolicyForm slug={slug} policy={query.data} currency={currency} />
        )}
      </Stack>
    </Paper>
  );
}
