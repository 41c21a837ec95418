import { Button, Group, NumberInput, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketOffersApi, type OrderItem, type TicketType, type VoucherQuote } from '../../api/ticketOffers';
import type { Screening } from '../../api/tickets';
import { languageFor } from '../../i18n/languages';
import { formatMoney } from '../../lib/format';
import { fieldText } from '../../lib/apiErrorText';
import { initialQuantities, maxFor, missingNames, orderTotal, setQuantity, subtotalCents, toItems, totalSeats, type Names, type Quantities } from './order';

export const ns = 'ticket-types';


/** typeLabel is a ticket type's name, the default type's being "Standard". */
export function useTypeLabel(): (t: Pick<TicketType, 'name'>) => string {
  const { t } = useTranslation(ns);
  return (tt) => tt.name || t('standard');
}

interface Props {
  screening: Screening;
  busy: boolean;
  /** onReserve holds the chosen seats with the applied code ("" for none). */
  onReserve: (items: OrderItem[], voucherCode: string) => void;
}

/**
 * TypeChooser is the buy page's choice: seats per ticket type (each
 * bounded by its own rest, the screening's and the order's limit), the
 * attendees' names when the screening asks for them, a discount code
 * checked with the server, and the total.
 */
export function TypeChooser({ screening: s, busy, onReserve }: Props) {
  const { t, i18n } = useTranslation(ns);
  const tag = languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
  const label = useTypeLabel();
  const types = useMemo(() => s.ticketTypes ?? [], [s.ticketTypes]);
  const mode = s.attendeeNames ?? 'off';
  const [q, setQ] = useState<Quantities>(() => initialQuantities(types, s.remaining));
  const [names, setNames] = useState<Names>({});
  const [code, setCode] = useState('');
  const [quote, setQuote] = useState<VoucherQuote | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [namesError, setNamesError] = useState(false);
  const money = (c: number) => (c === 0 ? t('free') : formatMoney(c, s.currency, tag));
  const seats = totalSeats(q);
  const items = toItems(types, q, names, mode);
  const sum = orderTotal(subtotalCents(types, q), quote);

  function change(tt: TicketType, v: string | number) {
    setQ((prev) => setQuantity(prev, tt.id, Number(v), maxFor(tt, prev, s.remaining)));
    setQuote(null);
  }

  function setName(typeId: number, i: number, v: string) {
    setNames((prev) => {
      const list = [...(prev[typeId] ?? [])];
      list[i] = v;
      return { ...prev, [typeId]: list };
    });
  }

  async function apply() {
    if (checking || !code.trim() || seats === 0) return;
    setChecking(true);
    setCodeError(null);
    try {
      setQuote(await ticketOffersApi.checkVoucher(s.id, code.trim(), items));
    } catch (err) {
      setQuote(null);
      setCodeError(fieldText(err, 'voucherCode') ?? (err instanceof Error ? err.message : t('codeError')));
    } finally {
      setChecking(false);
    }
  }

  function reserve() {
    if (missingNames(items, mode)) {
      setNamesError(true);
      return;
    }
    setNamesError(false);
    onReserve(items, quote ? quote.code : '');
  }

  return (
    <Stack gap="md" data-testid="type-chooser">
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('type')}</Table.Th>
              <Table.Th>{t('price')}</Table.Th>
              <Table.Th w={110}>{t('quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {types.map((tt) => {
              const max = maxFor(tt, q, s.remaining);
              return (
                <Table.Tr key={tt.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Text fw={600}>{label(tt)}</Text>
                    {tt.remaining === 0 && (
                      <Text size="sm" c="red.9">
                        {t('typeSoldOut')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{money(tt.priceCents)}</Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('quantityOf', { type: label(tt) })}
                      min={0}
                      max={Math.max(max, q[tt.id] ?? 0)}
                      value={q[tt.id] ?? 0}
                      onChange={(v) => change(tt, v)}
                      allowDecimal={false}
                      allowNegative={false}
                      disabled={tt.remaining === 0}
                      data-testid={`qty-${tt.id}`}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="sm" c="gray.8">
        {t('limit', { count: Math.min(10, s.remaining) })}
      </Text>

      {mode !== 'off' && seats > 0 && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text fw={700}>{mode === 'required' ? t('namesRequired') : t('namesOptional')}</Text>
            {items.map((it) => {
              const tt = types.find((x) => x.id === it.ticketTypeId);
              return Array.from({ length: it.quantity }, (_, i) => (
                <TextInput
                  key={`${it.ticketTypeId}-${i}`}
                  label={t('attendee', { n: i + 1, type: tt ? label(tt) : '' })}
                  value={names[it.ticketTypeId]?.[i] ?? ''}
                  onChange={(e) => setName(it.ticketTypeId, i, e.currentTarget.value)}
                  maxLength={100}
                  required={mode === 'required'}
                  error={namesError && mode === 'required' && !(names[it.ticketTypeId]?.[i] ?? '').trim() ? t('nameMissing') : undefined}
                  data-testid={`attendee-${it.ticketTypeId}-${i}`}
                />
              ));
            })}
          </Stack>
        </Paper>
      )}

      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('code')}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setQuote(null);
            setCodeError(null);
          }}
          error={codeError}
          maxLength={32}
          autoCapitalize="characters"
          style={{ flex: '1 1 180px' }}
          data-testid="voucher-code"
        />
        <Button variant="default" onClick={() => void apply()} loading={checking} disabled={!code.trim() || seats === 0} data-testid="voucher-apply">
          {t('apply')}
        </Button>
      </Group>
      {quote && (
        <Text size="sm" c="teal.9" data-testid="voucher-applied">
          {t('applied', { code: quote.code })}
        </Text>
      )}

      <Stack gap={2} data-testid="buy-total">
        {sum.discount > 0 && (
          <>
            <Text>{t('subtotal', { amount: money(sum.subtotal) })}</Text>
            <Text c="teal.9">{t('discount', { amount: formatMoney(sum.discount, s.currency, tag) })}</Text>
          </>
        )}
        <Text fw={700} size="lg">
          {t('total', { amount: money(sum.total) })}
        </Text>
      </Stack>
      <Group>
        <Button onClick={reserve} loading={busy} disabled={seats === 0} data-testid="reserve">
          {sum.total === 0 ? t('getFree', { count: seats }) : t('reserve', { count: seats })}
        </Button>
      </Group>
    </Stack>
  );
}
