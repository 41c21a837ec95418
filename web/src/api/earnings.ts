import { api, unwrap, type Schemas } from './client';

/** Why a festival's earnings moved (marquee.EarningKind). */
export type EarningKind = Schemas['EarningKind'];

/** One row of a festival's earnings ledger (marquee.FestivalEarning); amounts signed, in cents; source names its cause ("submission:12"). */
export type FestivalEarning = Omit<Schemas['FestivalEarning'], 'kind'> & { kind: EarningKind };

/** A festival's balance (marquee.EarningsBalance). */
export type EarningsBalance = Schemas['EarningsBalance'];

/** One month of a festival's earnings (marquee.EarningsStatement). */
export type EarningsStatement = Omit<Schemas['EarningsStatement'], 'rows'> & { rows: FestivalEarning[] };

/** The earnings page's data (marquee.FestivalEarningsReport). */
export type FestivalEarningsReport = Omit<Schemas['FestivalEarningsReport'], 'statement'> & { statement: EarningsStatement };

/** A festival's own commission (marquee.CommissionOverride) and the admins' list of them. */
export type CommissionOverride = Schemas['CommissionOverride'];
export type CommissionOverrideList = Schemas['CommissionOverrideList'];

/** earningsKey is the TanStack Query key of a festival's earnings in a month ('' this month) and currency ('' the festival's). */
export const earningsKey = (slug: string, month: string, currency = '') => ['earnings', slug, month, currency] as const;
export const commissionOverridesKey = ['admin', 'commission-overrides'] as const;

const slugPath = (slug: string) => ({ params: { path: { slug } } });

export const earningsApi = {
  /** GET /api/v1/manage/festivals/{slug}/earnings?month=YYYY-MM&currency= (its organiser and admins; one currency per statement). */
  festival: (slug: string, month = '', currency = '') =>
    unwrap(
      api.GET('/api/v1/manage/festivals/{slug}/earnings', {
        params: { path: { slug }, query: { month: month || undefined, currency: currency || undefined } },
      }),
    ) as Promise<FestivalEarningsReport>,
  /** The address of the month's statement in a currency as CSV (UTF-8 with a BOM), a download link. */
  statementCsvUrl: (slug: string, month: string, currency = 'usd') =>
    `/api/v1/manage/festivals/${encodeURIComponent(slug)}/earnings/statement.csv?month=${encodeURIComponent(month)}&currency=${encodeURIComponent(currency)}`,
  /** The address of the month's statement in a currency as a PDF in language lang (en, ja, zh), a download link. */
  statementPdfUrl: (slug: string, month: string, lang: string, currency = 'usd') =>
    `/api/v1/manage/festivals/${encodeURIComponent(slug)}/earnings/statement.pdf?month=${encodeURIComponent(month)}&lang=${encodeURIComponent(lang)}&currency=${encodeURIComponent(currency)}`,
  /** GET /api/v1/admin/commission-overrides (admins). */
  commissionOverrides: () => unwrap(api.GET('/api/v1/admin/commission-overrides')),
  /** PUT /api/v1/admin/festivals/{slug}/commission {percent} (admins, audited). */
  setCommission: (slug: string, percent: string) =>
    unwrap(api.PUT('/api/v1/admin/festivals/{slug}/commission', { ...slugPath(slug), body: { percent } })),
  /** DELETE /api/v1/admin/festivals/{slug}/commission (admins, audited). */
  clearCommission: (slug: string) => unwrap(api.DELETE('/api/v1/admin/festivals/{slug}/commission', slugPath(slug))),
};
