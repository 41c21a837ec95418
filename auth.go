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
