package marquee

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// AuditAction names what an audit entry records. Every admin action and
// every security-relevant event writes one entry, in the transaction of
// the change it records (a change that fails leaves no entry).
type AuditAction string

// The audited actions. Add a constant here (and its label in the front
// end's admin.audit.actions) for every new kind of entry.
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
	AuditScreeningCancel      AuditAction = "screening.cancel" // an organiser cancelled a screening: its orders are refunded
)

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
	TargetType string          `json:"targetType"`
	TargetID   string          `json:"targetId"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	IP         string          `json:"ip"`
	CreatedAt  time.Time       `json:"createdAt"`
}

// AuditFilter narrows the audit log: by actor (id, or part of the e-mail),
// by action, by target (type and, optionally, id). Zero values match all.
type AuditFilter struct {
	ActorID    int64
	Actor      string
	Action     AuditAction
	TargetType string
	TargetID   string
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
}

// AuditService reads the audit log; only admins may. Entries are written
// by the services that make the changes, never through this interface.
type AuditService interface {
	List(ctx context.Context, f AuditFilter) (*Page[*AuditEntry], error)
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
