import { api, unwrap, type Role, type Schemas } from './client';

/** An account as the admins' pages show it: the user, with disabledAt (null: enabled). */
export type AdminUser = Schemas['User'];

/** GET /api/v1/admin/users/{id}: the account and the newest 50 of each list (marquee.UserDetail). */
export type UserDetail = Schemas['UserDetail'];

/** A festival the user organises. */
export type UserFestival = UserDetail['festivals'][number];

/** An open session (never its token). */
export type SessionInfo = UserDetail['sessions'][number];

/** A ledger row with an admin adjustment's reason. */
export type AdminLedgerEntry = UserDetail['ledger'][number];

export interface AdminUserQuery {
  /** Part of the e-mail or name. */
  q?: string;
  /** One role, or every role when absent. */
  role?: Role | '';
  /** The page number, from 1. */
  page?: number;
}

/** A credit adjustment: delta credits (negative takes away) with a required reason. */
export type CreditAdjustment = Schemas['CreditAdjustment'];

const id_ = (id: number) => ({ params: { path: { id } } });

export const adminUsersApi = {
  /** GET /api/v1/admin/users?q=&role=&page= (admins only), 50 a page. */
  list: ({ q = '', role = '', page = 1 }: AdminUserQuery = {}) =>
    unwrap(api.GET('/api/v1/admin/users', { params: { query: { page, q: q.trim() || undefined, role: role || undefined } } })),
  /** GET /api/v1/admin/users/{id}. */
  get: (id: number) => unwrap(api.GET('/api/v1/admin/users/{id}', id_(id))),
  /** PUT /api/v1/admin/users/{id}/role. */
  changeRole: (id: number, role: Role) =>
    unwrap(api.PUT('/api/v1/admin/users/{id}/role', { ...id_(id), body: { role } })).then((r) => r.user),
  /** POST /api/v1/admin/users/{id}/credits. */
  adjustCredits: (id: number, adj: CreditAdjustment) =>
    unwrap(api.POST('/api/v1/admin/users/{id}/credits', { ...id_(id), body: adj })).then((r) => r.user),
  /** POST /api/v1/admin/users/{id}/disable (ends every session) or /enable. */
  setDisabled: (id: number, disabled: boolean) =>
    unwrap(
      disabled ? api.POST('/api/v1/admin/users/{id}/disable', id_(id)) : api.POST('/api/v1/admin/users/{id}/enable', id_(id)),
    ).then((r) => r.user),
  /** DELETE /api/v1/admin/users/{id}/sessions: how many ended. */
  endSessions: (id: number) => unwrap(api.DELETE('/api/v1/admin/users/{id}/sessions', id_(id))).then((r) => r.ended),
  /** POST /api/v1/admin/users/{id}/password-reset: e-mails the user a reset link (202). */
  sendPasswordReset: (id: number) => unwrap(api.POST('/api/v1/admin/users/{id}/password-reset', id_(id))),
};
