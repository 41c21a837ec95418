import { request } from './client';

/** Why a festival's earnings moved (marquee.EarningKind). */
export type EarningKind =
  | 'entry_fee'
  | 'ticket'
  | 'refund'
  | 'withdrawal'
  | 'commission'
  | 'commission_reversal'
  | 'payout'
  | 'payout_reversal'
  | 'adjustment';

/** One row of a festival's earnings ledger (marquee.FestivalEarning); amounts signed, in cents. */
export interface FestivalEarning {
  id: number;
  festivalId: number;
  kind: EarningKind;
  amountCents: number;
  currency: string;
  /** What caused it: "submission:12", "ticket_order:4", "payout:7". */
  source: string;
  note: string;
  availableAt: string;
  createdAt: string;
}

/** A festival's balance (marquee.EarningsBalance). */
export interface EarningsBalance {
  availableCents: number;
  pendingCents: number;
  paidCents: number;
}

/** One month of a festival's earnings (marquee.EarningsStatement). */
export interface EarningsStatement {
  month: string;
  currency: string;
  openingCents: number;
  entryFeeCents: number;
  entryFees: number;
  ticketCents: number;
  ticketOrders: number;
  refundCents: number;
  withdrawalCents: number;
  commissionCents: number;
  payoutCents: number;
  adjustmentCents: number;
  closingCents: number;
  rows: FestivalEarning[];
}

/** The earnings page's data (marquee.FestivalEarningsReport). */
export interface FestivalEarningsReport {
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  currency: string;
  balance: EarningsBalance;
  creditValueCents: number;
  commissionPercent: string;
  commissionOverridden: boolean;
  months: string[];
  statement: EarningsStatement;
  generatedAt: string;
}

/** A festival's own commission (marquee.CommissionOverride). */
export interface CommissionOverride {
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  commissionPercent: string;
  updatedAt: string;
}

export interface CommissionOverrideList {
  defaultPercent: string;
  items: CommissionOverride[];
}

const manage = (slug: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}/earnings`;

/** earningsKey is the TanStack Query key of a festival's earnings in a month ('' this month). */
export const earningsKey = (slug: string, month: string) => ['earnings', slug, month] as const;
export const commissionOverridesKey = ['admin', 'commission-overrides'] as const;

export const earningsApi = {
  /** GET /api/v1/manage/festivals/{slug}/earnings?month=YYYY-MM (its organiser and admins). */
  festival: (slug: string, month = '') =>
    request<FestivalEarningsReport>('GET', manage(slug) + (month ? `?month=${encodeURIComponent(month)}` : '')),
  /** The address of the month's statement as CSV (UTF-8 with a BOM). */
  statementCsvUrl: (slug: string, month: string) => `${manage(slug)}/statement.csv?month=${encodeURIComponent(month)}`,
  /** GET /api/v1/admin/commission-overrides (admins). */
  commissionOverrides: () => request<CommissionOverrideList>('GET', '/api/v1/admin/commission-overrides'),
  /** PUT /api/v1/admin/festivals/{slug}/commission {percent} (admins, audited). */
  setCommission: (slug: string, percent: string) =>
    request<CommissionOverride>('PUT', `/api/v1/admin/festivals/${encodeURIComponent(slug)}/commission`, { percent }),
  /** DELETE /api/v1/admin/festivals/{slug}/commission (admins, audited). */
  clearCommission: (slug: string) => request<void>('DELETE', `/api/v1/admin/festivals/${encodeURIComponent(slug)}/commission`),
};
