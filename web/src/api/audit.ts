import { request, type Page } from './client';

/** The audited actions (marquee.AuditAction). */
export const auditActions = [
  'user.role_change',
  'user.credit_adjust',
  'user.disable',
  'user.enable',
  'user.sessions_end',
  'user.password_reset',
  'user.password_reset_sent',
  'user.delete',
  'user.export',
  'package.update',
  'purchase.refund',
  'festival.approve',
  'festival.reject',
  'festival_revision.approve',
  'festival_revision.reject',
  'login.rate_limited',
  'promotion.end',
  'promotion_price.update',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** One entry of the append-only audit log. */
export interface AuditEntry {
  id: number;
  /** null for an event without a signed-in actor (a login lock-out). */
  actorId: number | null;
  actorEmail: string;
  action: AuditAction | string;
  targetType: string;
  targetId: string;
  /** The target's state before and after (JSON objects), null when there is none. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
  createdAt: string;
}

export interface AuditQuery {
  /** Part of the actor's e-mail. */
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  page?: number;
}

export const auditApi = {
  /** GET /api/v1/admin/audit?actor=&action=&targetType=&targetId=&page= (admins only), 50 a page. */
  list: ({ actor = '', action = '', targetType = '', targetId = '', page = 1 }: AuditQuery = {}) => {
    const params = new URLSearchParams({ page: String(page) });
    if (actor.trim()) params.set('actor', actor.trim());
    if (action) params.set('action', action);
    if (targetType.trim()) params.set('targetType', targetType.trim());
    if (targetId.trim()) params.set('targetId', targetId.trim());
    return request<Page<AuditEntry>>('GET', `/api/v1/admin/audit?${params.toString()}`);
  },
};
