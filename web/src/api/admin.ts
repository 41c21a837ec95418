import { request, type User } from './client';

/** One month of sign-ups; month is 'YYYY-MM'. */
export interface MonthlySignups {
  month: string;
  users: number;
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
}

export interface UserPage {
  users: User[];
  total: number;
}

export interface UserQuery {
  q?: string;
  limit?: number;
  offset?: number;
}

export const adminApi = {
  dashboard: () => request<DashboardSummary>('GET', '/api/v1/admin/dashboard'),
  users: ({ q = '', limit = 50, offset = 0 }: UserQuery = {}) => {
    const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
    if (q.trim()) params.set('q', q.trim());
    return request<UserPage>('GET', `/api/v1/admin/users?${params.toString()}`);
  },
};
