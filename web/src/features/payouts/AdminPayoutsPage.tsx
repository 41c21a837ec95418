import { Alert, Button, Group, Pagination, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCount } from '../../api/client';
import { payoutsApi, type Payout, type PayoutStatus } from '../../api/payouts';
import { usePageMeta } from '../../lib/usePageMeta';
import { money } from './format';
import { PayoutList } from './PayoutList';

const ns = 'payouts';
const filters = ['all', 'pending', 'paid', 'failed'] as const;

/** /admin/payouts: every payout filtered by status, a festival paid on demand, failed payouts retried. */
export default function AdminPayoutsPage() {
  const { t, i18n } = useTranslation(ns);
  const language = i18n.resolvedLanguage ?? i18n.language;
  usePageMeta(t('admin.title'), t('admin.subtitle'));
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PayoutStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const [slug, setSlug] = useState('');
  const [made, setMade] = useState<Payout | null>(null);
  const list = useQuery({ queryKey: ['admin', 'payouts', status, page], queryFn: () => payoutsApi.adminList(status, page) });
  const settled = (p: Payout) => {
    setMade(p);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'payouts'] });
  };
  const payNow = useMutation({ mutationFn: (s: string) => payoutsApi.payNow(s), onSuccess: settled });
  const retry = useMutation({ mutationFn: (id: number) => payoutsApi.retry(id), onSuccess: settled });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    payNow.mutate(slug.trim());
  };
  const error = payNow.error ?? retry.error;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('admin.title')}</Title>
        <Text c="dimmed">{t('admin.subtitle')}</Text>
      </Stack>
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="wrap">
          <TextInput label={t('admin.festival')} placeholder={t('admin.festivalPlaceholder')} value={slug} onChange={(e) => setSlug(e.currentTarget.value)} />
          <Button type="submit" loading={payNow.isPending} disabled={!slug.trim()}>
            {t('admin.payNow')}
          </Button>
        </Group>
      </form>
      {made && (
        <Alert color={made.status === 'failed' ? 'red' : 'teal'} role="status" withCloseButton onClose={() => setMade(null)} data-testid="payout-made">
          {t(`admin.made.${made.status}`, { name: made.festivalName, amount: money(made.amountCents, made.currency, language) })}
        </Alert>
      )}
      {error && (payNow.isError || retry.isError) && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      <SegmentedControl
        data={filters.map((f) => ({ value: f, label: t(`admin.filter.${f}`) }))}
        value={status}
        onChange={(v) => {
          setStatus(v as PayoutStatus | 'all');
          setPage(1);
        }}
        aria-label={t('admin.filterLabel')}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isPending && <Text c="dimmed">{t('loading')}</Text>}
      {list.isError && (
        <Text c="red.8" role="alert">
          {list.error.message}
        </Text>
      )}
      {list.data && (
        <PayoutList
          items={list.data.items}
          showFestival
          actions={(p) =>
            p.status === 'failed' && p.retriedBy === 0 ? (
              <Button size="compact-sm" variant="light" loading={retry.isPending && retry.variables === p.id} onClick={() => retry.mutate(p.id)}>
                {t('admin.retry')}
              </Button>
            ) : null
          }
        />
      )}
      {pageCount(list.data) > 1 && <Pagination total={pageCount(list.data)} value={page} onChange={setPage} />}
    </Stack>
  );
}
