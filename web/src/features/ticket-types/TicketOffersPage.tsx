import { Badge, Button, Container, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  offerScreeningsKey,
  screeningOrdersKey,
  ticketOffersApi,
  ticketTypesKey,
  type AttendeeNames,
  type ManagedTicketType,
} from '../../api/ticketOffers';
import { screeningsApi } from '../../api/tickets';
import { PageLoading } from '../../ui/page/PageState';
import { currencyDecimals } from '../../lib/format';
import { usePageMeta } from '../../lib/usePageMeta';
import { Title } from '../../ui/Title';
import { ns, useTypeLabel } from './TypeChooser';
import { errorText, useMoney } from './offerParts';
import { VouchersSection } from './VouchersSection';

/** TypesSection lists a screening's ticket types and adds or deletes them. */
function TypesSection({ slug, screeningId, currency }: { slug: string; screeningId: number; currency: string }) {
  const { t } = useTranslation(ns);
  const label = useTypeLabel();
  const money = useMoney(currency);
  const decimals = currencyDecimals(currency);
  const client = useQueryClient();
  const key = ticketTypesKey(slug, screeningId);
  const types = useQuery({ queryKey: key, queryFn: () => ticketOffersApi.types(slug, screeningId) });
  const [name, setName] = useState('');
  const [price, setPrice] = useState<number | string>('');
  const [quota, setQuota] = useState<number | string>('');
  const [editing, setEditing] = useState<ManagedTicketType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => {
      const input = { name, priceCents: Math.round(Number(price || 0) * 10 ** decimals), quota: quota === '' ? null : Number(quota) };
      return editing ? ticketOffersApi.updateType(slug, screeningId, editing.id, input) : ticketOffersApi.createType(slug, screeningId, input);
    },
    onSuccess: () => {
      setEditing(null);
      setName('');
      setPrice('');
      setQuota('');
      setError(null);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setError(errorText(err, t('saveError'))),
  });
  const remove = useMutation({
    mutationFn: (tt: ManagedTicketType) => ticketOffersApi.deleteType(slug, screeningId, tt.id),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
    onError: (err) => setError(errorText(err, t('saveError'))),
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="types-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="types-title">
          {t('types.title')}
        </Title>
        <Text size="sm" c="gray.8">
          {t('types.intro')}
        </Text>
        {types.data && (
          <Table.ScrollContainer minWidth={420}>
            <Table data-testid="types-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('type')}</Table.Th>
                  <Table.Th>{t('price')}</Table.Th>
                  <Table.Th>{t('types.quota')}</Table.Th>
                  <Table.Th>{t('types.sold')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.data.map((tt) => (
                  <Table.Tr key={tt.id} data-testid="type-row">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{label(tt)}</Table.Td>
                    <Table.Td>{tt.priceCents === 0 ? t('free') : money(tt.priceCents)}</Table.Td>
                    <Table.Td>{tt.quota === null ? t('types.noQuota') : tt.quota}</Table.Td>
                    <Table.Td>{t('types.soldHeld', { sold: tt.sold, held: tt.held })}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => {
                          setEditing(tt);
                          setName(tt.name);
                          setPrice(tt.priceCents / 10 ** decimals);
                          setQuota(tt.quota ?? '');
                        }}
                        aria-label={t('types.editLabel', { type: label(tt) })}
                      >
                        {t('types.edit')}
                      </Button>
                      {!tt.default && tt.sold + tt.held === 0 && (
                        <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => remove.mutate(tt)}>
                          {t('types.delete')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label={t('types.name')} placeholder={editing?.default ? t('standard') : undefined} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={60} data-testid="type-name" />
          <NumberInput label={t('types.priceLabel', { currency: currency.toUpperCase() })} value={price} onChange={setPrice} min={0} decimalScale={decimals} allowDecimal={decimals > 0} w={140} data-testid="type-price" />
          <NumberInput label={t('types.quotaLabel')} value={quota} onChange={setQuota} min={0} allowDecimal={false} w={140} data-testid="type-quota" />
          <Button onClick={() => add.mutate()} loading={add.isPending} data-testid="type-add">
            {editing ? t('types.save') : t('types.add')}
          </Button>
          {editing && (
            <Button
              variant="default"
              onClick={() => {
                setEditing(null);
                setName('');
                setPrice('');
                setQuota('');
              }}
            >
              {t('types.stopEditing')}
            </Button>
          )}
        </Group>
        {error && (
          <Text c="red.9" role="alert" data-testid="types-error">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** AttendeeSection sets whether buyers name each ticket's attendee. */
function AttendeeSection({ slug, screeningId, value }: { slug: string; screeningId: number; value: AttendeeNames }) {
  const { t } = useTranslation(ns);
  const client = useQueryClient();
  const set = useMutation({
    mutationFn: (mode: AttendeeNames) => ticketOffersApi.setAttendeeNames(slug, screeningId, mode),
    onSuccess: () => void client.invalidateQueries({ queryKey: offerScreeningsKey(slug) }),
  });
  return (
    <Select
      label={t('names.label')}
      description={t('names.hint')}
      data={(['off', 'optional', 'required'] as const).map((m) => ({ value: m, label: t(`names.${m}`) }))}
      value={set.variables ?? value}
      onChange={(v) => v && set.mutate(v as AttendeeNames)}
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
      data-testid="attendee-names"
    />
  );
}

/** OrdersSection lists a screening's orders with their attendees. */
function OrdersSection({ slug, screeningId, currency }: { slug: string; screeningId: number; currency: string }) {
  const { t } = useTranslation(ns);
  const label = useTypeLabel();
  const money = useMoney(currency);
  const orders = useQuery({ queryKey: screeningOrdersKey(slug, screeningId), queryFn: () => ticketOffersApi.orders(slug, screeningId) });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="orders-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="orders-title">
          {t('orders.title')}
        </Title>
        {orders.data?.length === 0 && <Text c="gray.8">{t('orders.none')}</Text>}
        {orders.data && orders.data.length > 0 && (
          <Table.ScrollContainer minWidth={520}>
            <Table data-testid="orders-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orders.buyer')}</Table.Th>
                  <Table.Th>{t('orders.seats')}</Table.Th>
                  <Table.Th>{t('orders.attendees')}</Table.Th>
                  <Table.Th>{t('orders.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.map((o) => (
                  <Table.Tr key={o.id} data-testid="order-row">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={600}>
                        {o.buyerName || o.buyerEmail}
                      </Text>
                      <Badge variant="light" color={o.status === 'paid' ? 'teal' : 'gray'}>
                        {t(`orders.status.${o.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{o.lines.map((l) => `${label(l)} × ${l.quantity}`).join(', ')}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.attendees.filter(Boolean).join(', ') || '—'}</Table.Td>
                    <Table.Td>
                      {money(o.amountCents)}
                      {o.voucherCode && (
                        <Text size="xs" c="gray.8">
                          {t('orders.voucher', { code: o.voucherCode, amount: money(o.discountCents) })}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /manage/festivals/:slug/ticket-offers?screening=ID (organiser, admins):
 * a screening's ticket types, attendee names and orders, and the
 * festival's vouchers.
 */
export default function TicketOffersPage() {
  const { t } = useTranslation(ns);
  const { slug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  usePageMeta(t('title'), t('title'));
  const list = useQuery({ queryKey: offerScreeningsKey(slug), queryFn: () => screeningsApi.list(slug) });
  if (list.isPending) return <PageLoading />;
  if (list.isError) {
    return (
      <Container size="lg" px="md" py="xl">
        <Text c="red.9" role="alert" data-testid="offers-error">
          {errorText(list.error, t('loadError'))}
        </Text>
      </Container>
    );
  }
  const items = list.data.items.filter((s) => s.status === 'scheduled');
  const chosen = items.find((s) => String(s.id) === params.get('screening')) ?? items[0];
  const currency = chosen?.currency ?? items[0]?.currency ?? 'usd';
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t('title')}</Title>
          <Button component={Link} to={`/manage/festivals/${encodeURIComponent(slug)}/screenings`} variant="default">
            {t('back')}
          </Button>
        </Group>
        {chosen ? (
          <>
            <Group align="flex-end" gap="md" wrap="wrap">
              <Select
                label={t('screening')}
                data={items.map((s) => ({ value: String(s.id), label: s.title }))}
                value={String(chosen.id)}
                onChange={(v) => v && setParams({ screening: v })}
                allowDeselect={false}
                w={{ base: '100%', xs: 320 }}
                data-testid="offers-screening"
              />
              <AttendeeSection key={chosen.id} slug={slug} screeningId={chosen.id} value={chosen.attendeeNames ?? 'off'} />
            </Group>
            <TypesSection key={`types-${chosen.id}`} slug={slug} screeningId={chosen.id} currency={currency} />
            <OrdersSection key={`orders-${chosen.id}`} slug={slug} screeningId={chosen.id} currency={currency} />
          </>
        ) : (
          <Text c="gray.8">{t('noScreenings')}</Text>
        )}
        <VouchersSection slug={slug} currency={currency} screeningId={chosen?.id ?? null} />
      </Stack>
    </Container>
  );
}
