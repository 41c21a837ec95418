import { api, unwrap, type Schemas } from './client';

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
  'festival.currency',
  'festival.cancellation_policy',
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
  'voucher.create',
  'voucher.disable',
  'festival.commission_set',
  'festival.commission_clear',
  'questions.update',
  'entry_status.create',
  'entry_status.delete',
  'submission.entry_status',
  'deadline.extend',
  'deadline.extension_delete',
  'notice_text.update',
  'bulk_message.send',
  'ticket.check_in_undo',
  'payout_account.connect',
  'payout.create',
] as const;

export type AuditAction = (typeof auditActions)[number];

/** One entry of the audit log (marquee.AuditEntry). */
export type AuditEntry = Schemas['AuditEntry'];

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
export type ActivityActor = Schemas['ActivityActor'];

/** One entry of a festival's trail, its actor named only by part (marquee.FestivalActivity). */
export type FestivalActivity = Schemas['FestivalActivity'];

export const auditApi = {
  /** GET /api/v1/admin/audit?actor=&action=&targetType=&targetId=&festival=&page= (admins only), newest first. */
  list: ({ actor = '', action = '', targetType = '', targetId = '', festival = '', page = 1 }: AuditQuery = {}) =>
    unwrap(
      api.GET('/api/v1/admin/audit', {
        params: {
          query: {
            page,
            actor: actor.trim() || undefined,
            action: (action || undefined) as Schemas['AuditAction'] | undefined,
            targetType: targetType.trim() || undefined,
            targetId: targetId.trim() || undefined,
            festival: festival.trim() || undefined,
          },
        },
      }),
    ),
  /** GET /api/v1/manage/festivals/{slug}/activity?page=: a festival's trail (its organiser and admins). */
  festivalActivity: (slug: string, page = 1) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/activity', { params: { path: { slug }, query: { page } } })),
};
