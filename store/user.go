package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

const userColumns = `id, email, name, role, credits, terms_accepted_at, created_at, password_hash, email_verified_at, disabled_at`

// scanUser reads userColumns, then any extra columns into extra.
func scanUser(row interface{ Scan(...any) error }, extra ...any) (*marquee.User, error) {
	var u marquee.User
	var terms, verified, disabled sql.NullTime
	var role string
	dest := append([]any{&u.ID, &u.Email, &u.Name, &role, &u.Credits, &terms, &u.CreatedAt, &u.PasswordHash, &verified, &disabled}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	u.Role = marquee.Role(role)
	u.EmailVerified = verified.Valid
	u.CreatedAt = u.CreatedAt.UTC()
	if terms.Valid {
		t := terms.Time.UTC()
		u.TermsAcceptedAt = &t
	}
	if disabled.Valid {
		t := disabled.Time.UTC()
		u.DisabledAt = &t
	}
	return &u, nil
}

// UserRecord is an account as stored: its password already hashed.
type UserRecord struct {
	Email        string
	Name         string
	PasswordHash string
	Role         marquee.Role
	// Unverified leaves the address to be confirmed (sign-ups); accounts
	// made otherwise (admins, seeds, tests) are taken as confirmed.
	Unverified bool
}

// UserService implements marquee.UserService.
type UserService struct {
	service
	// hasher hashes and checks the requests' passwords, bounded
	// (user_password.go).
	hasher    *password.Hasher
	dummyHash string

	composeVerification marquee.ComposeVerification
	mailStatus          marquee.MailStatus
	// broad remembers the searches that matched past the count's cap
	// (user_search_broad.go).
	broad broadSearches
	// bounds are the search's trigram probes' (user_search.go), and grams
	// the counts they found (user_search_grams.go).
	bounds searchBounds
	grams  gramCounts
}

var _ marquee.UserService = (*UserService)(nil)

// Register creates a filmmaker account from a sign-up, its address not
// confirmed yet, and puts the confirmation e-mail (in nu.Language) in the
// outbox, in one transaction.
func (db *UserService) Register(ctx context.Context, nu marquee.NewUser) (*marquee.User, error) {
	if err := nu.Validate(); err != nil {
		return nil, err
	}
	hash, err := db.hashPassword(ctx, nu.Password)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("store: register: %w", err)
	}
	var u *marquee.User
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		var err error
		u, err = db.createUser(ctx, c, now, UserRecord{Email: nu.Email, Name: nu.Name, PasswordHash: hash, Role: marquee.RoleFilmmaker, Unverified: true})
		if err != nil {
			return err
		}
		return db.sendVerification(ctx, c, u, nu.Language, now)
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// Authenticate returns the user with these credentials, or ErrBadLogin;
// an unknown e-mail costs a password check too, so that the two cannot be
// told apart by time.
func (db *UserService) Authenticate(ctx context.Context, c marquee.Credentials) (*marquee.User, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	u, err := db.FindUserByEmail(ctx, c.Email)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		if _, err := db.verifyPassword(ctx, c.Password, db.dummyHash); marquee.ErrorCode(err) == marquee.ERateLimited {
			return nil, err
		}
		return nil, marquee.ErrBadLogin()
	} else if err != nil {
		return nil, err
	}
	ok, err := db.verifyPassword(ctx, c.Password, u.PasswordHash)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("store: authenticate user %d: %w", u.ID, err)
	}
	if !ok {
		return nil, marquee.ErrBadLogin()
	}
	if u.Disabled() {
		// Told only to whoever knows the password.
		return nil, marquee.ErrAccountDisabled()
	}
	return u, nil
}

// ChangePassword checks the signed-in user's current password and stores
// the new one, ending every other session (all but keepToken's) in the
// same transaction.
func (db *UserService) ChangePassword(ctx context.Context, pc marquee.PasswordChange, keepToken string) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	matches := false
	if pc.CurrentPassword != "" {
		if matches, err = db.verifyPassword(ctx, pc.CurrentPassword, u.PasswordHash); marquee.ErrorCode(err) == marquee.ERateLimited {
			return err
		} else if err != nil {
			return fmt.Errorf("store: change password of user %d: %w", u.ID, err)
		}
	}
	if err := pc.Validate(matches); err != nil {
		return err
	}
	hash, err := db.hashPassword(ctx, pc.NewPassword)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return err
	} else if err != nil {
		return fmt.Errorf("store: change password of user %d: %w", u.ID, err)
	}
	return db.inTx(ctx, func(c conn) error {
		if err := updateUser(ctx, c, db.now(), u.ID, `password_hash = ?`, hash); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, u.ID, hashToken(keepToken)); err != nil {
			return fmt.Errorf("store: end other sessions of user %d: %w", u.ID, err)
		}
		return nil
	})
}

// CreateUser inserts a user. The email is stored normalised (lower case); a
// second account with the same address fails with EEmailTaken.
func (db *UserService) CreateUser(ctx context.Context, nu UserRecord) (*marquee.User, error) {
	if nu.Role == "" {
		nu.Role = marquee.RoleFilmmaker
	}
	var u *marquee.User
	err := db.inTx(ctx, func(c conn) error {
		var err error
		u, err = db.createUser(ctx, c, db.now(), nu)
		return err
	})
	return u, err
}

// createUser inserts a user on c (see CreateUser).
func (db *UserService) createUser(ctx context.Context, c conn, now time.Time, nu UserRecord) (*marquee.User, error) {
	if nu.Role == "" {
		nu.Role = marquee.RoleFilmmaker
	}
	if !nu.Role.Valid() {
		return nil, marquee.Errorf(marquee.EInvalid, "Unknown role %q", nu.Role)
	}
	var verified *time.Time
	if !nu.Unverified {
		verified = &now
	}
	email := marquee.NormalizeEmail(nu.Email)
	row := c.queryRow(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at, email_verified_at)
		VALUES (?, ?, ?, ?, 0, ?, ?, ?) RETURNING `+userColumns,
		email, strings.TrimSpace(nu.Name), nu.PasswordHash, string(nu.Role), now, now, verified)
	u, err := scanUser(row)
	if isUniqueViolation(err) {
		return nil, &marquee.Error{Code: marquee.EEmailTaken, Message: "Email already exists", Fields: map[string]string{"email": "Email already exists"}}
	} else if err != nil {
		return nil, fmt.Errorf("store: create user %s: %w", email, err)
	}
	if err := addDashboardDay(ctx, c, dayKey(now), dayDelta{Signups: 1}); err != nil {
		return nil, err
	}
	return u, nil
}

// FindUser returns the user with the given id, or ENotFound.
func (db *UserService) FindUser(ctx context.Context, id int64) (*marquee.User, error) {
	u, err := scanUser(db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find user %d: %w", id, err)
	}
	return u, nil
}

// FindUserByEmail returns the user with the given address (any case), or ENotFound.
func (db *UserService) FindUserByEmail(ctx context.Context, email string) (*marquee.User, error) {
	email = marquee.NormalizeEmail(email)
	u, err := scanUser(db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find user by email: %w", err)
	}
	return u, nil
}

// SetRole changes a user's role.
func (db *UserService) SetRole(ctx context.Context, userID int64, role marquee.Role) error {
	if !role.Valid() {
		return marquee.Errorf(marquee.EInvalid, "Unknown role %q", role)
	}
	return updateUser(ctx, db.writer(), db.now(), userID, `role = ?`, string(role))
}

// AcceptTerms records that the signed-in user accepted the terms of
// service now.
func (db *UserService) AcceptTerms(ctx context.Context) (*marquee.User, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := db.now()
	if err := updateUser(ctx, db.writer(), now, u.ID, `terms_accepted_at = ?`, now); err != nil {
		return nil, err
	}
	return db.FindUser(ctx, u.ID)
}

// updateUser applies set (one assignment taking arg) to user userID.
func updateUser(ctx context.Context, c conn, now time.Time, userID int64, set string, arg any) error {
	res, err := c.exec(ctx, `UPDATE users SET `+set+`, updated_at = ? WHERE id = ?`, arg, now, userID)
	if err != nil {
		return fmt.Errorf("store: update user %d: %w", userID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return marquee.Errorf(marquee.ENotFound, "User not found")
	}
	return nil
}

// UpsertAdmin makes the account with the given email an admin with the
// given password, creating it (named name) when there is none. It
// reports whether it created the account; both steps are one transaction.
func (db *UserService) UpsertAdmin(ctx context.Context, email, name, pw string) (created bool, err error) {
	email = marquee.NormalizeEmail(email)
	if !marquee.ValidEmail(email) {
		return false, marquee.FieldError("email", "Enter a valid email address")
	}
	if msg := marquee.CheckPassword(pw); msg != "" {
		return false, marquee.FieldError("password", msg)
	}
	hash, err := db.hashPassword(ctx, pw)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return false, err
	} else if err != nil {
		return false, fmt.Errorf("store: upsert admin: %w", err)
	}
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		// The operator names the address: it is taken as confirmed.
		res, err := c.exec(ctx, `UPDATE users SET role = ?, password_hash = ?, updated_at = ?, email_verified_at = COALESCE(email_verified_at, ?)
			WHERE email = ?`, string(marquee.RoleAdmin), hash, now, now, email)
		if err != nil {
			return fmt.Errorf("store: promote %s: %w", email, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		created = true
		_, err = c.exec(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at, email_verified_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)`,
			email, strings.TrimSpace(name), hash, string(marquee.RoleAdmin), now, now, now)
		if err != nil {
			return fmt.Errorf("store: create admin %s: %w", email, err)
		}
		return addDashboardDay(ctx, c, dayKey(now), dayDelta{Signups: 1})
	})
	return created, err
}

// monthStart returns the first instant of t's month in UTC.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
