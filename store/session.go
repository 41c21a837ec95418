package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// CreateSession stores a session for the user, identified by the hash of its token.
func (db *DB) CreateSession(ctx context.Context, userID int64, tokenHash string, ttl time.Duration, userAgent, ip string) (*marquee.Session, error) {
	now := db.now()
	s := &marquee.Session{UserID: userID, TokenHash: tokenHash, CreatedAt: now, ExpiresAt: now.Add(ttl)}
	if len(userAgent) > 300 {
		userAgent = userAgent[:300]
	}
	err := db.writer().queryRow(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent, ip)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, tokenHash, userID, s.CreatedAt, s.ExpiresAt, userAgent, ip).Scan(&s.ID)
	if err != nil {
		return nil, fmt.Errorf("store: create session for user %d: %w", userID, err)
	}
	return s, nil
}

// FindSessionUser returns the user of the unexpired session with the given
// token hash, or EUnauthorized.
func (db *DB) FindSessionUser(ctx context.Context, tokenHash string) (*marquee.User, error) {
	row := db.reader().queryRow(ctx, `SELECT u.id, u.email, u.name, u.role, u.credits, u.terms_accepted_at, u.created_at, u.password_hash
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ?`, tokenHash, db.now())
	u, err := scanUser(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Please log in")
	} else if err != nil {
		return nil, fmt.Errorf("store: find session: %w", err)
	}
	return u, nil
}

// DeleteSession ends the session with the given token hash (no error when it is already gone).
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	if _, err := db.writer().exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteUserSessions ends every session of the user except the one with keepHash.
func (db *DB) DeleteUserSessions(ctx context.Context, userID int64, keepHash string) error {
	if _, err := db.writer().exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, keepHash); err != nil {
		return fmt.Errorf("store: delete sessions of user %d: %w", userID, err)
	}
	return nil
}

// DeleteExpiredSessions removes sessions past their expiry and returns how many.
func (db *DB) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	res, err := db.writer().exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, db.now())
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
