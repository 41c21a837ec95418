package marquee

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// UserDetail is an admin's view of one account: the profile and what hangs
// off it (festivals organised, recent purchases and ledger rows, open
// sessions).
type UserDetail struct {
	User      *User           `json:"user"`
	Festivals []*UserFestival `json:"festivals"`
	Purchases []*Purchase     `json:"purchases"`
	Ledger    []*LedgerEntry  `json:"ledger"`
	Sessions  []*SessionInfo  `json:"sessions"`
}

// UserDetailRows bounds each list of a UserDetail (the newest first).
const UserDetailRows = 50

// UserFestival is one festival a user organises, as the admin's user page
// lists it.
type UserFestival struct {
	ID        int64          `json:"id"`
	Slug      string         `json:"slug"`
	Name      string         `json:"name"`
	Status    FestivalStatus `json:"status"`
	CreatedAt time.Time      `json:"createdAt"`
}

// SessionInfo is one open session as an admin sees it (never its token).
type SessionInfo struct {
	ID        int64     `json:"id"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
	UserAgent string    `json:"userAgent"`
	IP        string    `json:"ip"`
}

// RoleChange is an admin's change of a user's role.
type RoleChange struct {
	Role Role `json:"role"`
}

// Validate checks that the role is one of Marquee's.
func (r *RoleChange) Validate() error {
	r.Role = Role(strings.TrimSpace(string(r.Role)))
	if !r.Role.Valid() {
		return FieldError("role", "Choose a role: filmmaker, organiser or admin")
	}
	return nil
}

// CreditAdjustmentMax bounds one adjustment either way.
const CreditAdjustmentMax = 1_000_000

// CreditReasonMax bounds an adjustment's reason.
const CreditReasonMax = 200

// CreditAdjustment is an admin's change of a user's balance by Delta
// credits (negative takes credits away), with the reason kept in the
// ledger row.
type CreditAdjustment struct {
	Delta  int64  `json:"delta"`
	Reason string `json:"reason"`
}

// Validate trims the reason and checks the adjustment: a change that is
// not zero and not beyond CreditAdjustmentMax, and a reason.
func (a *CreditAdjustment) Validate() error {
	a.Reason = strings.TrimSpace(a.Reason)
	var f FieldErrors
	switch {
	case a.Delta == 0:
		f.Add("delta", "Enter a number of credits other than 0")
	case a.Delta > CreditAdjustmentMax || a.Delta < -CreditAdjustmentMax:
		f.Add("delta", "An adjustment can be at most 1,000,000 credits either way")
	}
	CheckSingleLine("reason", a.Reason, &f)
	switch {
	case a.Reason == "":
		f.Add("reason", "A reason is required")
	case Length(a.Reason) > CreditReasonMax:
		f.Add("reason", "Reason must be at most 200 characters")
	}
	return f.Err()
}

// CheckCreditBalance refuses an adjustment that would take a balance of
// balance credits below zero.
func CheckCreditBalance(balance, delta int64) error {
	if balance+delta < 0 {
		return (&Error{Code: EInvalid, Message: "This would take the balance below 0: the user has {balance} credits",
			Fields: map[string]string{"delta": "This would take the balance below 0: the user has {balance} credits"}}).
			With("balance", strconv.FormatInt(balance, 10))
	}
	return nil
}

// CheckRoleChange is the rule on an admin (actor) giving target a new
// role: an admin cannot remove their own admin role, and the last admin
// cannot be demoted. otherAdmins is the number of enabled admins other
// than target (the service counts them with the admins' rows locked).
func CheckRoleChange(actor, target *User, role Role, otherAdmins int64) error {
	if !target.IsAdmin() || role == RoleAdmin {
		return nil
	}
	if actor != nil && actor.ID == target.ID {
		return Errorf(EConflict, "You cannot remove your own admin role")
	}
	if otherAdmins == 0 {
		return Errorf(EConflict, "The last admin cannot be demoted")
	}
	return nil
}

// CheckDisable is the rule on an admin (actor) disabling target: no one
// disables themselves, and the last enabled admin cannot be disabled.
// otherAdmins is as for CheckRoleChange.
func CheckDisable(actor, target *User, otherAdmins int64) error {
	if actor != nil && actor.ID == target.ID {
		return Errorf(EConflict, "You cannot disable your own account")
	}
	if target.IsAdmin() && otherAdmins == 0 {
		return Errorf(EConflict, "The last admin cannot be disabled")
	}
	return nil
}

// ErrAccountDisabled is the answer to a disabled account's login (given
// only after the password matched, so that it tells a stranger nothing).
func ErrAccountDisabled() error {
	return Errorf(EForbidden, "This account has been disabled. Contact support.")
}

// Disabled reports whether the account is disabled.
func (u *User) Disabled() bool { return u != nil && u.DisabledAt != nil }

// UserAdminService is what admins do to accounts. Every method is admin
// only and each change writes its audit entry in its own transaction.
type UserAdminService interface {
	// UserDetail returns the account id with its festivals, recent
	// purchases and ledger rows, and open sessions; ENotFound.
	UserDetail(ctx context.Context, id int64) (*UserDetail, error)
	// ChangeRole gives user id a role (CheckRoleChange).
	ChangeRole(ctx context.Context, id int64, rc RoleChange) (*User, error)
	// AdjustCredits adds adj.Delta credits to user id's balance with a
	// ledger row (reason 'adjustment', the reason text kept as its note);
	// never below 0 (CheckCreditBalance).
	AdjustCredits(ctx context.Context, id int64, adj CreditAdjustment) (*User, error)
	// SetDisabled disables (ending every session in the same transaction)
	// or enables user id (CheckDisable).
	SetDisabled(ctx context.Context, id int64, disabled bool) (*User, error)
	// EndSessions ends every session of user id and returns how many.
	EndSessions(ctx context.Context, id int64) (int64, error)
}

// SecurityEventService records security-relevant events that change
// nothing else, each as an audit entry.
type SecurityEventService interface {
	// LoginLocked records that a client was locked out of account (an
	// e-mail, known or not) for failing to log in too often: once per
	// lock, not per refused attempt.
	LoginLocked(ctx context.Context, account, client string) error
}
