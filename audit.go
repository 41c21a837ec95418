package marquee

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// AuditAction names what an audit entry records. Every admin action,
// every change to a festival's management (its organiser's, or a judge's
// conflict) and every security-relevant event writes one entry, in the
// transaction of the change it records (a change that fails, or changes
// nothing, leaves no entry).
type AuditAction string

// The audited actions. Add a constant here, to AuditActions, and to the
// front end (web/src/api/audit.ts, with its labels in the admin-users
// and activity catalogues) for every new kind of entry.
const (
	AuditUserRoleChange       AuditAction = "user.role_change"
	AuditUserCreditAdjust     AuditAction = "user.credit_adjust"
	AuditUserDisable          AuditAction = "user.disable"
	AuditUserEnable           AuditAction = "user.enable"
	AuditUserSessionsEnd      AuditAction = "user.sessions_end"
	AuditUserPasswordReset    AuditAction = "user.password_reset"      // a reset link used: the password changed
	AuditUserResetRequest     AuditAction = "user.password_reset_sent" // an admin sent a reset e-mail
	AuditUserDelete           AuditAction = "user.delete"              // an account deleted (by its owner)
	AuditUserExport           AuditAction = "user.export"              // a user asked for their data
	AuditPackageUpdate        AuditAction = "package.update"
	AuditPurchaseRefund       AuditAction = "purchase.refund"
	AuditFestivalApprove      AuditAction = "festival.approve"
	AuditFestivalReject       AuditAction = "festival.reject"
	AuditRevisionApprove      AuditAction = "festival_revision.approve"
	AuditRevisionReject       AuditAction = "festival_revision.reject"
	AuditLoginRateLimited     AuditAction = "login.rate_limited" // failures over the rate limit
	AuditPromotionEnd         AuditAction = "promotion.end"
	AuditPromotionPriceChange AuditAction = "promotion_price.update"
	AuditScreeningCancel      AuditAction = "screening.cancel"    // an organiser cancelled a screening: its orders are refunded
	AuditTicketOrderRefund    AuditAction = "ticket_order.refund" // an admin refunded a paid ticket order

	// A festival's management (by its organiser, or an admin acting for
	// them); each entry carries the festival's id.
	AuditFestivalSettings AuditAction = "festival.settings"  // refunds on withdrawal, blind review
	AuditFestivalTimeZone AuditAction = "festival.time_zone" // the zone of its screenings and days
	AuditFestivalCurrency AuditAction = "festival.currency"  // the currency its tickets are sold in
	// AuditCancellationPolicy: the buyers' own cancellation rule (cut-off, refund, fee).
	AuditCancellationPolicy AuditAction = "festival.cancellation_policy"
	AuditJudgingLock        AuditAction = "judging.lock"
	AuditJudgingUnlock      AuditAction = "judging.unlock"
	AuditSubmissionDecide   AuditAction = "submission.decide" // a status, award or shared comments changed
	AuditSubmissionFlag     AuditAction = "submission.flag"
	AuditWaiverCreate       AuditAction = "waiver.create"
	AuditWaiverDelete       AuditAction = "waiver.delete"
	AuditJudgeInvite        AuditAction = "judge.invite" // an invitation sent (again)
	AuditJudgeRemove        AuditAction = "judge.remove"
	AuditJudgeAssign        AuditAction = "judge.assign" // judges' scope or specific assignments
	AuditJudgeUnassign      AuditAction = "judge.unassign"
	AuditJudgeConflict      AuditAction = "judge.conflict" // a judge declared a conflict: the submission left their queue
	AuditScreeningCreate    AuditAction = "screening.create"
	AuditScreeningUpdate    AuditAction = "screening.update"
	AuditDoorStaffAdd       AuditAction = "door_staff.add"
	AuditDoorStaffRemove    AuditAction = "door_staff.remove"
	AuditPromotionStart     AuditAction = "promotion.start"
	AuditVoucherCreate      AuditAction = "voucher.create" // a discount code (its code stays out of the log)
	AuditVoucherDisable     AuditAction = "voucher.disable"
	AuditCommissionSet      AuditAction = "festival.commission_set"   // an admin set the festival's own commission
	AuditCommissionClear    AuditAction = "festival.commission_clear" // an admin returned it to the platform's
	// Submission management (issue 30).
	AuditQuestionsUpdate   AuditAction = "questions.update"    // the custom questions replaced
	AuditEntryStatusCreate AuditAction = "entry_status.create" // an organiser's status added
	AuditEntryStatusDelete AuditAction = "entry_status.delete"
	AuditEntryStatusSet    AuditAction = "submission.entry_status" // an entry's status set or cleared
	AuditDeadlineExtend    AuditAction = "deadline.extend"         // a deadline extended for a category or a filmmaker
	AuditDeadlineUnextend  AuditAction = "deadline.extension_delete"
	AuditNoticeTextUpdate  AuditAction = "notice_text.update" // a decision e-mail's text
	AuditBulkMessageSend   AuditAction = "bulk_message.send"
	AuditCheckInUndo       AuditAction = "ticket.check_in_undo" // an organiser undid a ticket's check-in
	// Payouts (payout.go): an organiser's payout account and tax data,
	// an admin's payout (at once, or a failed one's retry).
	AuditPayoutAccountConnect AuditAction = "payout_account.connect"
	AuditPayoutCreate         AuditAction = "payout.create"
)

// AuditActions lists every audited action, in the order above; the front
// end's auditActions (web/src/api/audit.ts) mirrors it (go test . fails
// when they disagree).
var AuditActions = []AuditAction{
	AuditUserRoleChange, AuditUserCreditAdjust, AuditUserDisable, AuditUserEnable, AuditUserSessionsEnd,
	AuditUserPasswordReset, AuditUserResetRequest, AuditUserDelete, AuditUserExport,
	AuditPackageUpdate, AuditPurchaseRefund,
	AuditFestivalApprove, AuditFestivalReject, AuditRevisionApprove, AuditRevisionReject,
	AuditLoginRateLimited, AuditPromotionEnd, AuditPromotionPriceChange, AuditScreeningCancel, AuditTicketOrderRefund,
	AuditFestivalSettings, AuditFestivalTimeZone, AuditFestivalCurrency, AuditCancellationPolicy, AuditJudgingLock, AuditJudgingUnlock,
	AuditSubmissionDecide, AuditSubmissionFlag, AuditWaiverCreate, AuditWaiverDelete,
	AuditJudgeInvite, AuditJudgeRemove, AuditJudgeAssign, AuditJudgeUnassign, AuditJudgeConflict,
	AuditScreeningCreate, AuditScreeningUpdate, AuditDoorStaffAdd, AuditDoorStaffRemove, AuditPromotionStart,
	AuditVoucherCreate, AuditVoucherDisable,
	AuditCommissionSet, AuditCommissionClear,
	AuditQuestionsUpdate, AuditEntryStatusCreate, AuditEntryStatusDelete, AuditEntryStatusSet,
	AuditDeadlineExtend, AuditDeadlineUnextend, AuditNoticeTextUpdate, AuditBulkMessageSend,
	AuditCheckInUndo,
	AuditPayoutAccountConnect, AuditPayoutCreate,
}

// AuditEntry is one row of the append-only audit log: who did what to
// which target, the target's state before and after (JSON, null when
// there is none), from which address and when. Entries are never updated
// or deleted; there is no API to do either.
type AuditEntry struct {
	ID int64 `json:"id"`
	// ActorID is the user who acted; nil for an event without a signed-in
	// actor (a login failure, a reset link used).
	ActorID    *int64      `json:"actorId"`
	ActorEmail string      `json:"actorEmail"` // as it was when the entry was written
	Action     AuditAction `json:"action"`
	// TargetType is "user", "package", "purchase", "festival", ...;
	// TargetID the target's id as text ("12", "basic").
	TargetType string `json:"targetType"`
	TargetID   string `json:"targetId"`
	// FestivalID is the festival the entry belongs to (nil for none: an
	// account, a package); FestivalSlug its address today ("" once the
	// festival is gone), read with the entry.
	FestivalID   *int64          `json:"festivalId"`
	FestivalSlug string          `json:"festivalSlug"`
	Before       json.RawMessage `json:"before"`
	After        json.RawMessage `json:"after"`
	IP           string          `json:"ip"`
	CreatedAt    time.Time       `json:"createdAt"`
}

// AuditFilter narrows the audit log: by actor (id, or part of the e-mail),
// by action, by target (type and, optionally, id), by festival (its
// slug). Zero values match all.
type AuditFilter struct {
	ActorID    int64
	Actor      string
	Action     AuditAction
	TargetType string
	TargetID   string
	Festival   string
	PageRequest
}

// AuditPerPage is the audit log's page size.
const AuditPerPage = 50

// Normalize trims the filter's texts.
func (f *AuditFilter) Normalize() {
	f.Actor = strings.TrimSpace(f.Actor)
	f.Action = AuditAction(strings.TrimSpace(string(f.Action)))
	f.TargetType = strings.TrimSpace(f.TargetType)
	f.TargetID = strings.TrimSpace(f.TargetID)
	f.Festival = strings.TrimSpace(f.Festival)
}

// AuditService reads the audit log: all of it for admins (List), one
// festival's trail for those who manage it (FestivalActivity). Entries
// are written by the services that make the changes, never through this
// interface.
type AuditService interface {
	List(ctx context.Context, f AuditFilter) (*Page[*AuditEntry], error)
	// FestivalActivity answers a page of the entries of the festival with
	// slug, newest first, to its organiser and admins
	// (ErrFestivalNotFound to anyone else).
	FestivalActivity(ctx context.Context, slug string, p PageRequest) (*Page[*FestivalActivity], error)
}

// clientIPContextKey is the context key of the caller's address.
type clientIPContextKey struct{}

// NewContextWithClientIP returns a copy of ctx carrying the caller's IP
// address; the HTTP layer sets it once per request, and audit entries
// record it.
func NewContextWithClientIP(ctx context.Context, ip string) context.Context {
	return context.WithValue(ctx, clientIPContextKey{}, ip)
}

// ClientIPFromContext returns the caller's address carried by ctx, or "".
func ClientIPFromContext(ctx context.Context) string {
	ip, _ := ctx.Value(clientIPContextKey{}).(string)
	return ip
}
