import { formatMoney as formatLibMoney } from '../../lib/format';
import type { EarningKind, EarningsStatement, FestivalEarning } from '../../api/earnings';

/** formatMoney writes minor units in the currency for a language ("$1,234.50", "-$2.13", "¥3,000"). */
export function formatMoney(cents: number, currency: string, locale: string): string {
  return formatLibMoney(cents, currency, locale);
}

/** A line of the month's statement: a translation key under statement.lines, its amount and count. */
export interface StatementLine {
  key: 'opening' | 'entryFees' | 'tickets' | 'refunds' | 'withdrawals' | 'commission' | 'payouts' | 'adjustments' | 'closing';
  cents: number;
  count?: number;
  /** total marks the balances (opening, closing), shown apart from the movements. */
  total?: boolean;
}

/**
 * statementLines lists the statement in the order the page and the print
 * show it: the opening balance, income by source, what was taken back,
 * the commission, payouts and adjustments, the closing balance. Lines of
 * nothing are left out, except the balances and the income.
 */
export function statementLines(s: EarningsStatement): StatementLine[] {
  const lines: StatementLine[] = [
    { key: 'opening', cents: s.openingCents, total: true },
    { key: 'entryFees', cents: s.entryFeeCents, count: s.entryFees },
    { key: 'tickets', cents: s.ticketCents, count: s.ticketOrders },
    { key: 'refunds', cents: s.refundCents },
    { key: 'withdrawals', cents: s.withdrawalCents },
    { key: 'commission', cents: s.commissionCents },
    { key: 'payouts', cents: s.payoutCents },
    { key: 'adjustments', cents: s.adjustmentCents },
    { key: 'closing', cents: s.closingCents, total: true },
  ];
  return lines.filter((l) => l.total || l.key === 'entryFees' || l.key === 'tickets' || l.cents !== 0);
}

/**
 * statementAddsUp checks the page's arithmetic before showing it: the
 * closing balance is the opening plus every line, and plus every row.
 */
export function statementAddsUp(s: EarningsStatement): boolean {
  const moves = s.entryFeeCents + s.ticketCents + s.refundCents + s.withdrawalCents + s.commissionCents + s.payoutCents + s.adjustmentCents;
  const rows = s.rows.reduce((sum, r) => sum + r.amountCents, 0);
  return s.openingCents + moves === s.closingCents && s.openingCents + rows === s.closingCents;
}

/** What a row's source names, for its label: an entry, a ticket order, a payout. */
export interface SourceRef {
  type: 'submission' | 'ticket_order' | 'payout' | 'other';
  id: string;
}

/** parseSource reads "submission:12" as {type: 'submission', id: '12'}. */
export function parseSource(source: string): SourceRef {
  const [type, id = ''] = source.split(':', 2);
  if (type === 'submission' || type === 'ticket_order' || type === 'payout') return { type, id };
  return { type: 'other', id: source };
}

/** isIncome reports whether a row's kind moves money to the festival by nature. */
export function isIncome(kind: EarningKind): boolean {
  return kind === 'entry_fee' || kind === 'ticket';
}

/** pendingRows are the rows not yet available at now (ISO time), for the "available on" column. */
export function isPending(row: FestivalEarning, now: Date): boolean {
  return new Date(row.availableAt).getTime() > now.getTime();
}

/** monthLabel writes "2026-03" as the language's month and year ("March 2026", "2026年3月"). */
export function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}
