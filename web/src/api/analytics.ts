import { api, unwrap, type Schemas } from './client';

export type AnalyticsRange = Schemas['AnalyticsRange'];
export const analyticsRanges: AnalyticsRange[] = ['7d', '30d', '90d', 'all'];

/** The tables of the analytics that download as CSV. */
export type AnalyticsTable =
  | 'submissions'
  | 'categories'
  | 'countries'
  | 'statuses'
  | 'fees'
  | 'views'
  | 'sources'
  | 'campaigns'
  | 'tickets';

export type DayCount = Schemas['DayCount'];
export type PageViewDay = Schemas['PageViewDay'];
export type NamedCount = Schemas['NamedCount'];
export type TierIncome = Schemas['TierIncome'];
export type DeadlineMarker = Schemas['DeadlineMarker'];
export type CampaignStats = Schemas['CampaignStats'];
export type ScreeningStats = Schemas['ScreeningStats'];

/** A festival's analytics over a range, in the festival's days. */
export type Analytics = Schemas['Analytics'];

/** The installation's real numbers (admins only). */
export type SiteFigures = Schemas['SiteFigures'];

const manage = (slug: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}/analytics`;

export const analyticsApi = {
  /** GET /api/v1/manage/festivals/{slug}/analytics?range=: the dashboard's figures. */
  get: (slug: string, range: AnalyticsRange) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/analytics', { params: { path: { slug }, query: { range } } })),
  /** The address of one table as CSV (GET .../analytics/{table}.csv?range=), downloaded by the browser. */
  csvUrl: (slug: string, table: AnalyticsTable, range: AnalyticsRange) => `${manage(slug)}/${table}.csv?range=${range}`,
  /** POST /api/v1/festivals/{slug}/views {referrer}: the public page's view beacon (204). */
  recordView: (slug: string, referrer: string) =>
    unwrap(api.POST('/api/v1/festivals/{slug}/views', { params: { path: { slug } }, body: { referrer } })),
  /** GET /api/v1/admin/site-figures (admins only). */
  siteFigures: () => unwrap(api.GET('/api/v1/admin/site-figures')),
};
