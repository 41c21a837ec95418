import { request, type Page, type User } from './client';

/** One month of sign-ups; month is 'YYYY-MM'. */
export interface MonthlySignups {
  month: string;
  users: number;
}

/** One month of income (succeeded purchases less refunds); month is 'YYYY-MM'. */
export interface MonthlyIncome {
  month: string;
  amountCents: number;
}

/** GET /api/v1/admin/dashboard. */
export interface DashboardSummary {
  totalUsers: number;
  totalSubscriptions: number;
  totalTransactions: number;
  totalIncomeCents: number;
  usersThisMonth: number;
  /** Twelve entries, oldest first, ending with the current month. */
  signupsByMonth: MonthlySignups[];
  /** Twelve entries like signupsByMonth (absent from older servers): credit purchases. */
  incomeByMonth?: MonthlyIncome[];
  /** Paid ticket orders with a price and their money, apart from the credit purchases above. */
  ticketOrders?: number;
  ticketIncomeCents?: number;
  /** Twelve entries like incomeByMonth: ticket sales. */
  ticketIncomeByMonth?: MonthlyIncome[];
  /** The platform's commission less what refunds gave back, and festivals' earnings net of it (before payouts), in cents. */
  commissionCents?: number;
  festivalEarningsCents?: number;
  /** What a credit spent on an entry fee earns a festival, in cents. */
  creditValueCents?: number;
}

/** One page of users, newest first (50 a page). */
export type UserPage = Page<User>;

export interface UserQuery {
  /** Part of the e-mail or name. */
  q?: string;
  /** The page number, from 1. */
  page?: number;
}

export const adminApi = {
  dashboard: () => request<DashboardSummary>('GET', '/api/v1/admin/dashboard'),
  /** GET /api/v1/admin/users?q=&page= (admins only): {items, total, page, perPage}. */
  users: ({ q = '', page = 1 }: UserQuery = {}) => {
    const params = new URLSearchParams({ page: String(page) });
    if (q.trim()) params.set('q', q.trim());
    return request<UserPage>('GET', `/api/v1/admin/users?${params.toString()}`);
  },
};
