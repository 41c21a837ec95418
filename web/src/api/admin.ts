import { api, unwrap, type Page, type Schemas, type User } from './client';

/** One month of sign-ups; month is 'YYYY-MM'. */
export type MonthlySignups = Schemas['MonthlyCount'];

/** One month of income (succeeded purchases less refunds); month is 'YYYY-MM'. */
export type MonthlyIncome = Schemas['MonthlyAmount'];

/** GET /api/v1/admin/dashboard (marquee.DashboardSummary). */
export type DashboardSummary = Schemas['DashboardSummary'];

/** One page of users, newest first (50 a page). */
export type UserPage = Page<User>;

export interface UserQuery {
  /** Part of the e-mail or name. */
  q?: string;
  /** The page number, from 1. */
  page?: number;
}

export const adminApi = {
  dashboard: () => unwrap(api.GET('/api/v1/admin/dashboard')),
  /** GET /api/v1/admin/users?q=&page= (admins only): {items, total, page, perPage}. */
  users: ({ q = '', page = 1 }: UserQuery = {}) =>
    unwrap(api.GET('/api/v1/admin/users', { params: { query: { page, q: q.trim() || undefined } } })),
};
