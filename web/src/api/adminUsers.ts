import { request, type Page, type Role, type User } from './client';
import type { LedgerEntry, Purchase } from './payments';

/** An account as the admins' pages show it: the user plus when it was disabled (null: enabled). */
export interface AdminUser extends User {
  disabledAt: string | null;
}

/** A festival the user organises. */
export interface UserFestival {
  id: number;
  slug: string;
  name: string;
  status: 'pending' | 'approved' | 'rejected';
  createdAt: string;
}

/** An open session (never its token). */
export interface SessionInfo {
  id: number;
  createdAt: string;
  expiresAt: string;
  userAgent: string;
  ip: string;
}

/** A ledger row with an admin adjustment's reason. */
export interface AdminLedgerEntry extends LedgerEntry {
  note?: string;
}

/** GET /api/v1/admin/users/{id}: the account and the newest 50 of each list. */
export interface UserDetail {
  user: AdminUser;
  festivals: UserFestival[];
  purchases: Purchase[];
  ledger: AdminLedgerEntry[];
  sessions: SessionInfo[];
}

export interface AdminUserQuery {
  /** Part of the e-mail or name. */
  q?: string;
  /** One role, or every role when absent. */
  role?: Role | '';
  /** The page number, from 1. */
  page?: number;
}

/** A credit adjustment: delta credits (negative takes away) with a required reason. */
export interface CreditAdjustment {
  delta: number;
  reason: string;
}

const base = (id: number) => `/api/v1/admin/users/${id}`;

export const adminUsersApi = {
  /** GET /api/v1/admin/users?q=&role=&page= (admins only), 50 a page. */
  list: ({ q = '', role = '', page = 1 }: AdminUserQuery = {}) => {
    const params = new URLSearchParams({ page: String(page) });
    if (q.trim()) params.set('q', q.trim());
    if (role) params.set('role', role);
    return request<Page<AdminUser>>('GET', `/api/v1/admin/users?${params.toString()}`);
  },
  /** GET /api/v1/admin/users/{id}. */
  get: (id: number) => request<UserDetail>('GET', base(id)),
  /** PUT /api/v1/admin/users/{id}/role. */
  changeRole: (id: number, role: Role) => request<{ user: AdminUser }>('PUT', `${base(id)}/role`, { role }).then((r) => r.user),
  /** POST /api/v1/admin/users/{id}/credits. */
  adjustCredits: (id: number, adj: CreditAdjustment) =>
    request<{ user: AdminUser }>('POST', `${base(id)}/credits`, adj).then((r) => r.user),
  /** POST /api/v1/admin/users/{id}/disable (ends every session) or /enable. */
  setDisabled: (id: number, disabled: boolean) =>
    request<{ user: AdminUser }>('POST', `${base(id)}/${disabled ? 'disable' : 'enable'}`).then((r) => r.user),
  /** DELETE /api/v1/admin/users/{id}/sessions: how many ended. */
  endSessions: (id: number) => request<{ ended: number }>('DELETE', `${base(id)}/sessions`).then((r) => r.ended),
  /** POST /api/v1/admin/users/{id}/password-reset: e-mails the user a reset link (202). */
  sendPasswordReset: (id: number) => request<unknown>('POST', `${base(id)}/password-reset`, {}),
};
