package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// ListUsers returns a page of users, newest first, with the number
// matching the filter (admin only). The whole list's total is exact (the
// rollup's sign-ups); a role or a search counts its matches up to
// marquee.CountCap and answers TotalCapped beyond, so that no page counts
// hundreds of thousands of rows (README "Admin pages at 500,000 users").
func (db *UserService) ListUsers(ctx context.Context, f marquee.UserFilter) (*marquee.Page[*marquee.User], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.AdminUsersPerPage
	}
	q := strings.TrimSpace(f.Query)
	if f.Role != "" && !f.Role.Valid() {
		return nil, marquee.FieldError("role", "Choose a role: filmmaker, organiser or admin")
	}
	if q == "" && f.Role == "" {
		users, total, err := db.listAllUsers(ctx, f.PerPage, f.Offset())
		if err != nil {
			return nil, err
		}
		return marquee.NewPage(users, total, max(f.Page, 1), f.PerPage), nil
	}
	if q == "" {
		users, counted, err := db.listUsersByRole(ctx, f.Role, f.PerPage, f.Offset())
		if err != nil {
			return nil, err
		}
		return marquee.NewCappedPage(users, counted, max(f.Page, 1), f.PerPage), nil
	}
	users, counted, err := db.searchUsers(ctx, q, f.Role, f.PerPage, max(f.Offset(), 0))
	if err != nil {
		return nil, err
	}
	return marquee.NewCappedPage(users, counted, max(f.Page, 1), f.PerPage), nil
}

// listAllUsers returns limit users after offset, newest first, and the
// number of users (the rollup's sign-ups: every account is one).
func (db *UserService) listAllUsers(ctx context.Context, limit, offset int) ([]*marquee.User, int64, error) {
	var total int64
	if err := db.reader().queryRow(ctx, `SELECT CAST(COALESCE(SUM(signups), 0) AS BIGINT) FROM dashboard_days`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: count users: %w", err)
	}
	users, _, err := db.listUsers(ctx, `SELECT `+userColumns+`, 0 FROM users ORDER BY created_at DESC, id DESC`+limitOffset(limit), max(offset, 0))
	return users, total, err
}

// listUsersByRole returns limit users of role after offset, newest
// first (users_role on SQLite, users_role_id on PostgreSQL), and their
// number counted up to marquee.CountCap+1 (remembered for a minute when
// past it, as a search's).
func (db *UserService) listUsersByRole(ctx context.Context, role marquee.Role, limit, offset int) ([]*marquee.User, int64, error) {
	counted, err := db.countSearch(ctx, "", role, `FROM users WHERE role = ?`, []any{string(role)})
	if err != nil {
		return nil, 0, err
	}
	users, _, err := db.listUsers(ctx, `SELECT `+userColumns+`, 0 FROM users WHERE role = ? ORDER BY id DESC`+limitOffset(limit), string(role), max(offset, 0))
	return users, counted, err
}

// listUsers runs a query selecting userColumns plus one count column.
func (db *UserService) listUsers(ctx context.Context, query string, args ...any) ([]*marquee.User, int64, error) {
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
