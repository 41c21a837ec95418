import { request, type Page } from './client';

/** The audited actions (marquee.AuditActions, in its order: go test . fails when they disagree). */
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
  'screening.cancel',
  'ticket_order.refund',
  'festival.settings',
  'festival.time_zone',
  'judging.lock',
  'judging.unlock',
  'submission.decide',
  'submission.flag',
  'waiver.create',
  'waiver.delete',
  'judge.invite',
  'judge.remove',
  'judge.assign',
  'judge.unassign',
  'judge.conflict',
  'screening.create',
  'screening.update',
  'door_staff.add',
  'door_staff.remove',
  'promotion.start',
  'festival.commission_set',
  'festival.commission_clear',
  'payout_account.connect',
  'payout.create',
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
  /** The festival the entry belongs to (null for none); its slug today ('' once it is gone). */
  festivalId: number | null;
  festivalSlug: string;
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
  /** A festival's slug. */
  festival?: string;
  page?: number;
}

/** Who wrote an entry of a festival's activity, by their part (marquee.ActivityActor). */
export type ActivityActor = 'organiser' | 'judge' | 'admin' | 'none';

/** One entry of a festival's activity, as its organiser reads it: no address, IP or account id. */
export interface FestivalActivity {
  id: number;
  actor: ActivityActor;
  action: AuditAction | string;
  targetType: string;
  targetId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export const auditApi = {
  /** GET /api/v1/admin/audit?actor=&action=&targetType=&targetId=&festival=&page= (admins only), 50 a page. */
  list: ({ actor = '', action = '', targetType = '', targetId = '', festival = '', page = 1 }: AuditQuery = {}) => {
    const params = new URLSearchParams({ page: String(page) });
    if (actor.trim()) params.set('actor', actor.trim());
    if (action) params.set('action', action);
    if (targetType.trim()) params.set('targetType', targetType.trim());
    if (targetId.trim()) params.set('targetId', targetId.trim());
    if (festival.trim()) params.set('festival', festival.trim());
    return request<Page<AuditEntry>>('GET', `/api/v1/admin/audit?${params.toString()}`);
  },
  /** GET /api/v1/manage/festivals/{slug}/activity?page= (the festival's organiser and admins), 50 a page, newest first. */
  festivalActivity: (slug: string, page = 1) =>
    request<Page<FestivalActivity>>('GET', `/api/v1/manage/festivals/${encodeURIComponent(slug)}/activity?page=${page}`),
};
