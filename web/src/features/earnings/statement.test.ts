import { describe, expect, it } from 'vitest';
import type { EarningsStatement } from '../../api/earnings';
import { formatMoney, isPending, monthLabel, parseSource, statementAddsUp, statementLines } from './statement';

const row = (kind: EarningsStatement['rows'][number]['kind'], amountCents: number, source = 'ticket_order:4') => ({
  id: 1,
  festivalId: 1,
  kind,
  amountCents,
  currency: 'usd',
  source,
  note: '',
  availableAt: '2026-03-15T21:00:00Z',
  createdAt: '2026-03-10T12:00:00Z',
});

const statement: EarningsStatement = {
  month: '2026-03',
  currency: 'usd',
  openingCents: 1000,
  entryFeeCents: 800,
  entryFees: 1,
  ticketCents: 2500,
  ticketOrders: 1,
  refundCents: 0,
  withdrawalCents: 0,
  commissionCents: -281,
  payoutCents: 0,
  adjustmentCents: 0,
  closingCents: 4019,
  rows: [row('entry_fee', 800, 'submission:9'), row('commission', -68, 'submission:9'), row('ticket', 2500), row('commission', -213)],
};

describe('the earnings statement', () => {
  it('lists the balances and income, and leaves out lines of nothing', () => {
    expect(statementLines(statement).map((l) => l.key)).toEqual(['opening', 'entryFees', 'tickets', 'commission', 'closing']);
    const refunded = { ...statement, refundCents: -2500, closingCents: 1519 };
    expect(statementLines(refunded).map((l) => l.key)).toContain('refunds');
  });

  it('checks that the lines and the rows add up to the closing balance', () => {
    expect(statementAddsUp(statement)).toBe(true);
    expect(statementAddsUp({ ...statement, closingCents: 4020 })).toBe(false);
    expect(statementAddsUp({ ...statement, rows: statement.rows.slice(1) })).toBe(false);
  });

  it('reads sources and pending rows', () => {
    expect(parseSource('submission:12')).toEqual({ type: 'submission', id: '12' });
    expect(parseSource('payout:7')).toEqual({ type: 'payout', id: '7' });
    expect(parseSource('gift')).toEqual({ type: 'other', id: 'gift' });
    expect(isPending(row('ticket', 1), new Date('2026-03-10T00:00:00Z'))).toBe(true);
    expect(isPending(row('ticket', 1), new Date('2026-03-16T00:00:00Z'))).toBe(false);
  });

  it('writes money and months in the language', () => {
    expect(formatMoney(-21300, 'usd', 'en-US')).toBe('-$213.00');
    expect(formatMoney(40, 'usd', 'ja-JP')).toMatch(/0\.40/);
    expect(monthLabel('2026-03', 'en-US')).toBe('March 2026');
    expect(monthLabel('2026-03', 'ja-JP')).toBe('2026年3月');
  });
});
