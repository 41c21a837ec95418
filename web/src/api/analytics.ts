import { request } from './client';

export type AnalyticsRange = '7d' | '30d' | '90d' | 'all';
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

export interface DayCount {
  day: string;
  count: number;
  cumulative: number;
}
export interface PageViewDay {
  day: string;
  views: number;
  visitors: number;
}
export interface NamedCount {
  key: string;
  label: string;
  count: number;
}
export interface TierIncome {
  tier: 'early' | 'regular' | 'late';
  submissions: number;
  credits: number;
}
export interface DeadlineMarker {
  date: string;
  category: string;
  tier: 'early' | 'regular' | 'late';
}
export interface CampaignStats {
  id: number;
  days: number;
  status: 'active' | 'ended';
  startsAt: string;
  endsAt: string;
  views: number;
  visitors: number;
  clicks: number;
}
export interface ScreeningStats {
  screeningId: number;
  title: string;
  startsAt: string;
  capacity: number;
  sold: number;
  checkedIn: number;
  incomeCents: number;
}

/** A festival's analytics over a range, in the festival's days. */
export interface Analytics {
  range: AnalyticsRange;
  from: string;
  to: string;
  timeZone: string;
  totalSubmissions: number;
  submissions: DayCount[];
  deadlines: DeadlineMarker[];
  byCategory: NamedCount[];
  byCountry: NamedCount[];
  byStatus: NamedCount[];
  feeIncome: TierIncome[];
  totalViews: number;
  totalVisitors: number;
  pageViews: PageViewDay[];
  sources: NamedCount[];
  campaigns: CampaignStats[];
  /** null when the installation sells no tickets. */
  tickets: ScreeningStats[] | null;
}

/** The installation's real numbers (admins only). */
export interface SiteFigures {
  festivals: number;
  submissions: number;
  filmmakers: number;
  countries: number;
}

const manage = (slug: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}/analytics`;

export const analyticsApi = {
  /** GET /api/v1/manage/festivals/{slug}/analytics?range= (organiser or admin; others 404). */
  get: (slug: string, range: AnalyticsRange) => request<Analytics>('GET', `${manage(slug)}?range=${range}`),
  /** The address of one table's CSV download. */
  csvUrl: (slug: string, table: AnalyticsTable, range: AnalyticsRange) => `${manage(slug)}/${table}.csv?range=${range}`,
  /** POST /api/v1/festivals/{slug}/views: the public page's view beacon (204). */
  recordView: (slug: string, referrer: string) =>
    request<void>('POST', `/api/v1/festivals/${encodeURIComponent(slug)}/views`, { referrer }),
  /** GET /api/v1/admin/site-figures: the installation's real numbers. */
  siteFigures: () => request<SiteFigures>('GET', '/api/v1/admin/site-figures'),
};
