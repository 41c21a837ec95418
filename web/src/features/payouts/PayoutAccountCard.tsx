import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { payoutsApi, type PayoutTaxData } from '../../api/payouts';
import { money, taxFieldErrors } from './format';

const ns = 'payouts';

/** payoutAccountKey is the query key of a festival's payout account view. */
export const payoutAccountKey = (slug: string) => ['payout-account', slug] as const;

/**
 * PayoutAccountCard shows a festival's payout account (status and tax data)
 * and its form: connecting opens the provider's onboarding (Stripe's page,
 * or the test mode's own). Composed on the earnings page and the payouts page.
 */
export function PayoutAccountCard({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation(ns);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: payoutAccountKey(slug), queryFn: () => payoutsApi.account(slug) });
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<PayoutTaxData | null>(null);
  const connect = useMutation({
    mutationFn: (d: PayoutTaxData) => payoutsApi.connect(slug, d),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: payoutAccountKey(slug) });
      window.location.assign(res.url);
    },
  });
  const refresh = useMutation({
    mutationFn: () => payoutsApi.refresh(slug),
    onSuccess: (v) => queryClient.setQueryData(payoutAccountKey(slug), v),
  });
  if (view.isPending) return <Text c="dimmed">{t('loading')}</Text>;
  if (view.isError) {
    return (
      <Alert color="red" role="alert">
        {view.error.message}
      </Alert>
    );
  }
  const { account, provider, minimumCents, scheduleDay } = view.data;
  const data: PayoutTaxData = form ??
    (account
      ? { legalName: account.legalName, address: account.address, country: account.country, taxId: account.taxId }
      : { legalName: '', address: '', country: '', taxId: '' });
  const errs = connect.error instanceof ApiError ? taxFieldErrors(connect.error.fields) : {};
  const set = (k: keyof PayoutTaxData) => (v: string) => setForm({ ...data, [k]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    connect.mutate(data);
  };
  const showForm = !account || editing;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="payout-account">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {t('account.title')}
          </Title>
          {account && (
            <Badge color={account.status === 'active' ? 'teal.9' : account.status === 'restricted' ? 'red.8' : 'yellow.9'} data-testid="payout-account-status">
              {t(`account.status.${account.status}`)}
            </Badge>
          )}
        </Group>
        {provider === 'test' && <Text size="sm">{t('account.testMode')}</Text>}
        <Text size="sm">{t('account.schedule', { day: scheduleDay, minimum: money(minimumCents, 'usd', language) })}</Text>
        {account && !editing && (
          <Stack gap={2} data-testid="payout-tax-data">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {account.legalName}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {account.address}
            </Text>
            <Text size="sm">
              {t('account.countryValue', { country: account.country })} · {t('account.taxIdValue', { taxId: account.taxId })}
            </Text>
            <Group gap="xs" mt="xs" wrap="wrap">
              {account.status !== 'active' && (
                <Button size="compact-md" onClick={() => connect.mutate(data)} loading={connect.isPending}>
                  {t('account.continue')}
                </Button>
              )}
              <Button size="compact-md" variant="light" onClick={() => refresh.mutate()} loading={refresh.isPending}>
                {t('account.refresh')}
              </Button>
              <Button size="compact-md" variant="subtle" onClick={() => setEditing(true)}>
                {t('account.edit')}
              </Button>
            </Group>
          </Stack>
        )}
        {showForm && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              {!account && <Text size="sm">{t('account.intro')}</Text>}
              <TextInput label={t('account.legalName')} value={data.legalName} onChange={(e) => set('legalName')(e.currentTarget.value)} error={errs.legalName} required />
              <Textarea label={t('account.address')} value={data.address} onChange={(e) => set('address')(e.currentTarget.value)} error={errs.address} rows={3} required />
              <TextInput label={t('account.country')} description={t('account.countryHint')} value={data.country} maxLength={2} onChange={(e) => set('country')(e.currentTarget.value)} error={errs.country} required />
              <TextInput label={t('account.taxId')} value={data.taxId} onChange={(e) => set('taxId')(e.currentTarget.value)} error={errs.taxId} required />
              {connect.isError && !Object.keys(errs).length && (
                <Alert color="red" role="alert">
                  {connect.error.message}
                </Alert>
              )}
              <Group gap="xs">
                <Button type="submit" loading={connect.isPending}>
                  {account ? t('account.save') : t('account.connect')}
                </Button>
                {account && (
                  <Button variant="default" onClick={() => setEditing(false)}>
                    {t('account.cancel')}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
