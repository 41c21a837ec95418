package marquee

import "context"

// userContextKey is the context key of the signed-in user.
type userContextKey struct{}

// NewContextWithUser returns a copy of ctx carrying the signed-in user u.
// The HTTP layer sets it once per request; services read it with
// UserFromContext to know who acts.
func NewContextWithUser(ctx context.Context, u *User) context.Context {
	return context.WithValue(ctx, userContextKey{}, u)
}

// UserFromContext returns the signed-in user carried by ctx, or nil for a
// visitor.
func UserFromContext(ctx context.Context) *User {
	u, _ := ctx.Value(userContextKey{}).(*User)
	return u
}

// RequireUser returns the signed-in user of ctx, or EUnauthorized.
func RequireUser(ctx context.Context) (*User, error) {
	if u := UserFromContext(ctx); u != nil {
		return u, nil
	}
	return nil, Errorf(EUnauthorized, "Please log in")
}

// RequireAdmin returns the signed-in admin of ctx: EUnauthorized for a
// visitor, EForbidden for anyone else.
func RequireAdmin(ctx context.Context) (*User, error) {
	u, err := RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if !u.IsAdmin() {
		return nil, Errorf(EForbidden, "Admin access required")
	}
	return u, nil
}

// CanManageFestival reports whether u may read a festival in full and
// edit it: its organiser and the admins.
func CanManageFestival(u *User, f *Festival) bool {
	return u != nil && f != nil && (f.OrganiserID == u.ID || u.IsAdmin())
}

// CanSeeFestival reports whether u (nil for a visitor) may see festival f
// on the public site: approved festivals only, whoever asks.
func CanSeeFestival(_ *User, f *Festival) bool {
	return f != nil && f.Status == FestivalApproved
}

// ErrFestivalNotFound is the answer for a festival that does not exist or
// that the caller may not see; the two are never told apart.
func ErrFestivalNotFound() error { return Errorf(ENotFound, "Festival not found") }

// RecordsScope says whose per-user records (purchases and their receipts,
// the credit ledger, data exports, door staff places) a read returns:
// UserID's, or everyone's when UserID is 0.
type RecordsScope struct {
	UserID int64
}

// OwnRecords is the scope of a read of the caller's own records: the
// signed-in user's and no one else's, whatever their role. Every
// /api/v1/me route reads with it, so "me" means the caller for an admin
// too: an admin reads other accounts' records through the admin routes
// (AdminRecords), never through their own pages. A visitor is
// EUnauthorized.
func OwnRecords(ctx context.Context) (RecordsScope, error) {
	u, err := RequireUser(ctx)
	if err != nil {
		return RecordsScope{}, err
	}
	return RecordsScope{UserID: u.ID}, nil
}

// AdminRecords is the scope of an admin's read of one user's records
// (user > 0; a negative id names no one) or of everyone's (0):
// EUnauthorized for a visitor, EForbidden for anyone else (RequireAdmin).
func AdminRecords(ctx context.Context, user int64) (RecordsScope, error) {
	if _, err := RequireAdmin(ctx); err != nil {
		return RecordsScope{}, err
	}
	return RecordsScope{UserID: user}, nil
}

// Includes reports whether the scope covers the records of owner.
func (s RecordsScope) Includes(owner int64) bool { return s.UserID == 0 || s.UserID == owner }
