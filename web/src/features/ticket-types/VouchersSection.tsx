import { Badge, Button, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketOffersApi, vouchersKey, type Voucher, type VoucherKind } from '../../api/ticketOffers';
import { currencyDecimals } from '../../lib/format';
import { errorText, useMoney } from './offerParts';
import { Title } from '../../ui/Title';
import { ns } from './TypeChooser';

/** voucherValue says what a voucher takes off. */
function useVoucherValue(currency: string) {
  const { t } = useTranslation(ns);
  const money = useMoney(currency);
  return (v: Pick<Voucher, 'kind' | 'value'>) =>
    v.kind === 'percent' ? t('vouchers.percentOff', { value: v.value }) : v.kind === 'fixed' ? t('vouchers.amountOff', { amount: money(v.value) }) : t('vouchers.freeTicket');
}

/** VouchersSection creates, lists and disables the festival's vouchers. */
export function VouchersSection({ slug, currency, screeningId }: { slug: string; currency: string; screeningId: number | null }) {
  const { t } = useTranslation(ns);
  const client = useQueryClient();
  const value = useVoucherValue(currency);
  const key = vouchersKey(slug);
  const vouchers = useQuery({ queryKey: key, queryFn: () => ticketOffersApi.vouchers(slug) });
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<VoucherKind>('percent');
  const [amount, setAmount] = useState<number | string>('');
  const [limit, setLimit] = useState<number | string>(10);
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [onlyThis, setOnlyThis] = useState<string>('all');
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      ticketOffersApi.createVoucher(slug, {
        code,
        kind,
        value: kind === 'fixed' ? Math.round(Number(amount || 0) * 10 ** currencyDecimals(currency)) : kind === 'percent' ? Number(amount || 0) : 0,
        usageLimit: Number(limit || 0),
        validFrom: from,
        validUntil: until,
        screeningIds: onlyThis === 'this' && screeningId ? [screeningId] : [],
        typeNames: [],
      }),
    onSuccess: () => {
      setCode('');
      setAmount('');
      setError(null);
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setError(errorText(err, t('saveError'))),
  });
  const disable = useMutation({
    mutationFn: (id: number) => ticketOffersApi.disableVoucher(slug, id),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="vouchers-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="vouchers-title">
          {t('vouchers.title')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput label={t('vouchers.code')} value={code} onChange={(e) => setCode(e.currentTarget.value)} maxLength={32} w={180} data-testid="voucher-new-code" />
          <Select
            label={t('vouchers.kind')}
            data={(['percent', 'fixed', 'free'] as const).map((k) => ({ value: k, label: t(`vouchers.kinds.${k}`) }))}
            value={kind}
            onChange={(v) => v && setKind(v as VoucherKind)}
            allowDeselect={false}
            w={180}
            data-testid="voucher-kind"
          />
          {kind !== 'free' && (
            <NumberInput
              label={kind === 'percent' ? t('vouchers.percent') : t('vouchers.amount', { currency: currency.toUpperCase() })}
              value={amount}
              onChange={setAmount}
              min={0}
              decimalScale={kind === 'fixed' ? currencyDecimals(currency) : 0}
              w={140}
              data-testid="voucher-value"
            />
          )}
          <NumberInput label={t('vouchers.limit')} value={limit} onChange={setLimit} min={1} allowDecimal={false} w={120} data-testid="voucher-limit" />
          <TextInput type="date" label={t('vouchers.from')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} w={170} />
          <TextInput type="date" label={t('vouchers.until')} value={until} onChange={(e) => setUntil(e.currentTarget.value)} w={170} />
          <Select
            label={t('vouchers.scope')}
            data={[
              { value: 'all', label: t('vouchers.allScreenings') },
              ...(screeningId ? [{ value: 'this', label: t('vouchers.thisScreening') }] : []),
            ]}
            value={onlyThis}
            onChange={(v) => setOnlyThis(v ?? 'all')}
            allowDeselect={false}
            w={200}
          />
          <Button onClick={() => create.mutate()} loading={create.isPending} data-testid="voucher-create">
            {t('vouchers.create')}
          </Button>
        </Group>
        {error && (
          <Text c="red.9" role="alert" data-testid="voucher-error">
            {error}
          </Text>
        )}
        {vouchers.data?.length === 0 && <Text c="gray.8">{t('vouchers.none')}</Text>}
        {vouchers.data && vouchers.data.length > 0 && (
          <Table.ScrollContainer minWidth={460}>
            <Table data-testid="vouchers-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('vouchers.code')}</Table.Th>
                  <Table.Th>{t('vouchers.kind')}</Table.Th>
                  <Table.Th>{t('vouchers.used')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {vouchers.data.map((v) => (
                  <Table.Tr key={v.id} data-testid="voucher-row">
                    <Table.Td>
                      <Text ff="monospace" fw={600}>
                        {v.code}
                      </Text>
                      {v.disabledAt && <Badge color="gray">{t('vouchers.disabled')}</Badge>}
                    </Table.Td>
                    <Table.Td>{value(v)}</Table.Td>
                    <Table.Td data-testid="voucher-used">{t('vouchers.usedOf', { used: v.used, limit: v.usageLimit })}</Table.Td>
                    <Table.Td>
                      {!v.disabledAt && (
                        <Button size="compact-sm" variant="subtle" color="red.9" onClick={() => disable.mutate(v.id)}>
                          {t('vouchers.disable')}
                        </Button>
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
