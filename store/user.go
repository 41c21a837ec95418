package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

const userColumns = `id, email, name, role, credits, terms_accepted_at, created_at, password_hash`

// scanUser reads userColumns, then any extra columns into extra.
func scanUser(row interface{ Scan(...any) error }, extra ...any) (*marquee.User, error) {
	var u marquee.User
	var terms sql.NullTime
	var role string
	dest := append([]any{&u.ID, &u.Email, &u.Name, &role, &u.Credits, &terms, &u.CreatedAt, &u.PasswordHash}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	u.Role = marquee.Role(role)
	u.CreatedAt = u.CreatedAt.UTC()
	if terms.Valid {
		t := terms.Time.UTC()
		u.TermsAcceptedAt = &t
	}
	return &u, nil
}

// NewUser is what it takes to create an account.
type NewUser struct {
	Email        string
	Name         string
	PasswordHash string
	Role         marquee.Role
}

// CreateUser inserts a user. The email is stored normalised (lower case); a
// second account with the same address fails with EEmailTaken.
func (db *DB) CreateUser(ctx context.Context, nu NewUser) (*marquee.User, error) {
	if nu.Role == "" {
		nu.Role = marquee.RoleFilmmaker
	}
	if !nu.Role.Valid() {
		return nil, marquee.Errorf(marquee.EInvalid, "Unknown role %q", nu.Role)
	}
	now := db.now()
	email := marquee.NormalizeEmail(nu.Email)
	row := db.writer().queryRow(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING `+userColumns,
		email, strings.TrimSpace(nu.Name), nu.PasswordHash, string(nu.Role), now, now)
	u, err := scanUser(row)
	if isUniqueViolation(err) {
		return nil, &marquee.Error{Code: marquee.EEmailTaken, Message: "Email already exists", Fields: map[string]string{"email": "Email already exists"}}
	} else if err != nil {
		return nil, fmt.Errorf("store: create user %s: %w", email, err)
	}
	return u, nil
}

// FindUserByID returns the user with the given id, or ENotFound.
func (db *DB) FindUserByID(ctx context.Context, id int64) (*marquee.User, error) {
	u, err := scanUser(db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find user %d: %w", id, err)
	}
	return u, nil
}

// FindUserByEmail returns the user with the given address (any case), or ENotFound.
func (db *DB) FindUserByEmail(ctx context.Context, email string) (*marquee.User, error) {
	email = marquee.NormalizeEmail(email)
	u, err := scanUser(db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find user by email: %w", err)
	}
	return u, nil
}

// UpdatePassword stores a new password hash for the user.
func (db *DB) UpdatePassword(ctx context.Context, userID int64, hash string) error {
	return db.updateUser(ctx, userID, `password_hash = ?`, hash)
}

// SetRole changes a user's role.
func (db *DB) SetRole(ctx context.Context, userID int64, role marquee.Role) error {
	if !role.Valid() {
		return marquee.Errorf(marquee.EInvalid, "Unknown role %q", role)
	}
	return db.updateUser(ctx, userID, `role = ?`, string(role))
}

// AcceptTerms records that the user accepted the terms of service now.
func (db *DB) AcceptTerms(ctx context.Context, userID int64) (*marquee.User, error) {
	if err := db.updateUser(ctx, userID, `terms_accepted_at = ?`, db.now()); err != nil {
		return nil, err
	}
	return db.FindUserByID(ctx, userID)
}

func (db *DB) updateUser(ctx context.Context, userID int64, set string, arg any) error {
	res, err := db.writer().exec(ctx, `UPDATE users SET `+set+`, updated_at = ? WHERE id = ?`, arg, db.now(), userID)
	if err != nil {
		return fmt.Errorf("store: update user %d: %w", userID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return marquee.Errorf(marquee.ENotFound, "User not found")
	}
	return nil
}

// UpsertAdmin makes the account with the given email an admin with the
// given password hash, creating it (named name) when there is none. It
// reports whether it created the account; both steps are one transaction.
func (db *DB) UpsertAdmin(ctx context.Context, email, name, hash string) (created bool, err error) {
	email = marquee.NormalizeEmail(email)
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		res, err := c.exec(ctx, `UPDATE users SET role = ?, password_hash = ?, updated_at = ? WHERE email = ?`, string(marquee.RoleAdmin), hash, now, email)
		if err != nil {
			return fmt.Errorf("store: promote %s: %w", email, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		created = true
		_, err = c.exec(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at) VALUES (?, ?, ?, ?, 0, ?, ?)`,
			email, strings.TrimSpace(name), hash, string(marquee.RoleAdmin), now, now)
		if err != nil {
			return fmt.Errorf("store: create admin %s: %w", email, err)
		}
		return nil
	})
	return created, err
}

// UserFilter narrows ListUsers.
type UserFilter struct {
	// Query matches part of the email or name, case-insensitively.
	Query  string
	Limit  int
	Offset int
}

// ListUsers returns a page of users, newest first, and the number matching the filter.
func (db *DB) ListUsers(ctx context.Context, f UserFilter) ([]*marquee.User, int64, error) {
	if f.Limit <= 0 || f.Limit > 200 {
		f.Limit = 50
	}
	if f.Offset < 0 {
		f.Offset = 0
	}
	q := strings.TrimSpace(f.Query)
	if q == "" {
		var total int64
		if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&total); err != nil {
			return nil, 0, fmt.Errorf("store: count users: %w", err)
		}
		users, _, err := db.listUsers(ctx, `SELECT `+userColumns+`, 0 FROM users ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, f.Limit, f.Offset)
		return users, total, err
	}
	// A substring search reads every row once: the window count rides along
	// instead of a second scan.
	like := "%" + escapeLike(strings.ToLower(q)) + "%"
	where := ` WHERE (email LIKE ? ESCAPE '\' OR name ` + db.caseInsensitiveLike() + ` ? ESCAPE '\')`
	users, total, err := db.listUsers(ctx, `SELECT `+userColumns+`, COUNT(*) OVER () FROM users`+where+
		` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, like, like, f.Limit, f.Offset)
	if err != nil || len(users) > 0 || f.Offset == 0 {
		return users, total, err
	}
	// Past the last page: the window had no row to ride on.
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM users`+where, like, like).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: count users: %w", err)
	}
	return users, total, nil
}

// listUsers runs a query selecting userColumns plus one count column.
func (db *DB) listUsers(ctx context.Context, query string, args ...any) ([]*marquee.User, int64, error) {
	rows, err := db.reader().query(ctx, query, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list users: %w", err)
	}
	defer rows.Close()
	users := []*marquee.User{}
	var total int64
	for rows.Next() {
		u, err := scanUser(rows, &total)
		if err != nil {
			return nil, 0, fmt.Errorf("store: scan user: %w", err)
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: list users: %w", err)
	}
	return users, total, nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// monthStart returns the first instant of t's month in UTC.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
