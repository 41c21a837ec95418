package marquee

import (
	"context"
	"strings"
	"time"
)

// UserNameMax bounds a user's display name.
const UserNameMax = 100

// NewUser is a sign-up: an e-mail address, a password and an optional name.
type NewUser struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Name     string `json:"name"`
	// Language is the language of the confirmation e-mail sent at sign-up
	// (the request's; the server sets it).
	Language string `json:"-"`
}

// Validate normalises u (e-mail lower case, name trimmed and, when empty,
// the e-mail's local part, cut to UserNameMax characters) and checks it.
func (u *NewUser) Validate() error {
	u.Email = NormalizeEmail(u.Email)
	u.Name = strings.TrimSpace(u.Name)
	var f FieldErrors
	CheckSingleLine("email", u.Email, &f)
	CheckSingleLine("name", u.Name, &f)
	switch {
	case u.Email == "":
		f.Add("email", "Email is required")
	case !ValidEmail(u.Email):
		f.Add("email", "Enter a valid email address")
	}
	if msg := CheckPassword(u.Password); msg != "" {
		f.Add("password", msg)
	}
	if Length(u.Name) > UserNameMax {
		f.Add("name", "Name must be at most 100 characters")
	}
	if u.Email == "" && u.Password == "" {
		return f.ErrMessage("Email and password are required")
	}
	if err := f.Err(); err != nil {
		return err
	}
	if u.Name == "" {
		// The address's local part, which may be longer than a name.
		local, _, _ := strings.Cut(u.Email, "@")
		if r := []rune(local); len(r) > UserNameMax {
			local = string(r[:UserNameMax])
		}
		u.Name = strings.TrimSpace(local)
	}
	return nil
}

// Credentials are what a user logs in with.
type Credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// Validate normalises the e-mail and checks that both fields are there.
func (c *Credentials) Validate() error {
	c.Email = NormalizeEmail(c.Email)
	var f FieldErrors
	if c.Email == "" {
		f.Add("email", "Email is required")
	}
	if c.Password == "" {
		f.Add("password", "Password is required")
	}
	return f.ErrMessage("Both fields are required")
}

// ErrBadLogin is the one answer to a wrong e-mail or password: the two are
// never told apart.
func ErrBadLogin() error { return Errorf(EBadLogin, "Invalid email or password") }

// ErrPasswordBusy is the answer (429) when a password could not be hashed
// or checked because the server's queue for it was full, or the request
// waited its longest in it: retryAfter is the time the queue is expected
// to take to drain, sent as Retry-After.
func ErrPasswordBusy(retryAfter time.Duration) error {
	e := Errorf(ERateLimited, "The server is busy. Try again in a moment.")
	e.RetryAfter = retryAfter
	return e
}

// PasswordChange is a signed-in user's change of password.
type PasswordChange struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// Validate checks a password change, given whether the current password
// matched the stored one (the service verifies it).
func (p *PasswordChange) Validate(currentMatches bool) error {
	var f FieldErrors
	switch {
	case p.CurrentPassword == "":
		f.Add("currentPassword", "Current password is required")
	case !currentMatches:
		f.Add("currentPassword", "Current password is incorrect")
	}
	if msg := CheckPassword(p.NewPassword); msg != "" {
		f.Add("newPassword", msg)
	}
	return f.Err()
}

// UserFilter narrows the admins' list of users.
type UserFilter struct {
	// Query matches part of the e-mail or name, ignoring case.
	Query string
	// Role keeps the users of one role ("" for every role).
	Role Role
	PageRequest
}

// AdminUsersPerPage is the page size of the admins' user list.
const AdminUsersPerPage = 50

// UserService keeps accounts: sign-up, login, passwords, terms, and the
// admins' view of users. Methods that act for someone read the signed-in
// user from the context (NewContextWithUser).
type UserService interface {
	EmailVerificationService
	// Register creates a filmmaker account (EEmailTaken for a known
	// address), not yet verified, and sends its confirmation e-mail in
	// nu.Language.
	Register(ctx context.Context, nu NewUser) (*User, error)
	// Authenticate returns the user with these credentials, or ErrBadLogin
	// in about the same time whether the e-mail is unknown or the password wrong.
	Authenticate(ctx context.Context, c Credentials) (*User, error)
	// ChangePassword changes the signed-in user's password and ends their
	// other sessions (all but keepToken).
	ChangePassword(ctx context.Context, pc PasswordChange, keepToken string) error
	// AcceptTerms records that the signed-in user accepted the terms now.
	AcceptTerms(ctx context.Context) (*User, error)
	// FindUser returns a user by id, or ENotFound.
	FindUser(ctx context.Context, id int64) (*User, error)
	// ListUsers is the admins' list of users, newest first (admin only).
	ListUsers(ctx context.Context, f UserFilter) (*Page[*User], error)
	// UpsertAdmin makes the account with this e-mail an admin with this
	// password, creating it when there is none; it reports whether it did.
	// It is the operator's command, not an API call.
	UpsertAdmin(ctx context.Context, email, name, password string) (created bool, err error)
	// Dashboard is the admins' figures (admin only).
	Dashboard(ctx context.Context) (*DashboardSummary, error)
}

// SessionService keeps signed-in sessions behind opaque tokens, of which
// only a hash is stored.
type SessionService interface {
	// Start opens a session for the user and returns its token.
	Start(ctx context.Context, userID int64, userAgent, ip string) (token string, err error)
	// User returns the user of an unexpired session token, or EUnauthorized.
	User(ctx context.Context, token string) (*User, error)
	// End ends the session of token (no error when it is already gone).
	End(ctx context.Context, token string) error
	// DeleteExpired removes expired sessions and returns how many.
	DeleteExpired(ctx context.Context) (int64, error)
}
