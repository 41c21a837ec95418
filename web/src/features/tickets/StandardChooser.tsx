import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Screening } from '../../api/tickets';
import { formatMoney, useTag } from '../../lib/format';
import { ns } from './ScreeningsSection';

/**
 * StandardChooser is the buy page's choice for a screening with only its
 * standard ticket type: how many seats, an optional discount code (the
 * server checks it when the seats are held and says why it refuses one),
 * the total before any discount, and Reserve.
 */
export function StandardChooser({
  screening: s,
  max,
  quantity,
  onQuantity,
  code,
  codeError,
  onCode,
  busy,
  onReserve,
}: {
  screening: Screening;
  max: number;
  quantity: string;
  onQuantity: (v: string) => void;
  code: string;
  codeError: string | null;
  onCode: (v: string) => void;
  busy: boolean;
  onReserve: () => void;
}) {
  const { t } = useTranslation(ns);
  const tag = useTag();
  const n = Number(quantity);
  return (
    <>
      <Select
        label={t('buy.quantity')}
        description={t('buy.quantityHint', { count: max })}
        data={Array.from({ length: max }, (_, i) => String(i + 1))}
        value={quantity}
        onChange={(v) => onQuantity(v ?? '1')}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
        data-testid="quantity"
      />
      {s.priceCents > 0 && (
        <TextInput
          label={t('buy.code')}
          description={t('buy.codeHint')}
          value={code}
          onChange={(e) => onCode(e.currentTarget.value)}
          autoComplete="off"
          maxLength={64}
          error={codeError}
          w={{ base: '100%', xs: 280 }}
          data-testid="standard-voucher-code"
        />
      )}
      <Text fw={700} data-testid="buy-total">
        {t('buy.total', { total: s.priceCents === 0 ? t('free') : formatMoney(s.priceCents * n, s.currency, tag) })}
      </Text>
      <Group>
        <Button onClick={onReserve} loading={busy} disabled={n > max} data-testid="reserve">
          {s.priceCents === 0 ? t('buy.getFree', { count: n }) : t('buy.reserve', { count: n })}
        </Button>
      </Group>
    </>
  );
}
