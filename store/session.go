package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// SessionService implements marquee.SessionService: sessions behind
// random 32-byte tokens of which only the SHA-256 is stored.
type SessionService struct {
	service
	ttl time.Duration
}

var _ marquee.SessionService = (*SessionService)(nil)

// userAgentMaxRunes is how much of a client's user agent a session keeps:
// cut at a character, never inside one, and with invalid bytes replaced,
// because PostgreSQL refuses text that is not UTF-8.
const userAgentMaxRunes = 300

// tokenMaxLength bounds the tokens worth looking up; longer ones are not ours.
const tokenMaxLength = 200

// hashToken returns the stored form of a session token ("" for "").
func hashToken(token string) string {
	if token == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Start opens a session for the user and returns its token.
func (db *SessionService) Start(ctx context.Context, userID int64, userAgent, ip string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("store: session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	if _, err := db.create(ctx, userID, hashToken(token), userAgent, ip); err != nil {
		return "", err
	}
	return token, nil
}

// create stores a session for the user under tokenHash.
func (db *SessionService) create(ctx context.Context, userID int64, tokenHash, userAgent, ip string) (*marquee.Session, error) {
	now := db.now()
	s := &marquee.Session{UserID: userID, TokenHash: tokenHash, CreatedAt: now, ExpiresAt: now.Add(db.ttl)}
	userAgent = search.TruncateRunes(strings.ToValidUTF8(userAgent, "\uFFFD"), userAgentMaxRunes)
	err := db.writer().queryRow(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent, ip)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, tokenHash, userID, s.CreatedAt, s.ExpiresAt, userAgent, ip).Scan(&s.ID)
	if err != nil {
		return nil, fmt.Errorf("store: create session for user %d: %w", userID, err)
	}
	return s, nil
}

// User returns the user of the unexpired session with the given token, or
// EUnauthorized.
func (db *SessionService) User(ctx context.Context, token string) (*marquee.User, error) {
	if token == "" || len(token) > tokenMaxLength {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Please log in")
	}
	// A disabled account's sessions are deleted when it is disabled; the
	// condition on disabled_at refuses a session started in a race too.
	row := db.reader().queryRow(ctx, `SELECT `+prefixColumns("u.", userColumns)+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ? AND u.disabled_at IS NULL`, hashToken(token), db.now())
	u, err := scanUser(row)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Please log in")
	} else if err != nil {
		return nil, fmt.Errorf("store: find session: %w", err)
	}
	return u, nil
}

// End ends the session with the given token (no error when it is already gone).
func (db *SessionService) End(ctx context.Context, token string) error {
	if token == "" || len(token) > tokenMaxLength {
		return nil
	}
	if _, err := db.writer().exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, hashToken(token)); err != nil {
		return fmt.Errorf("store: delete session: %w", err)
	}
	return nil
}

// DeleteExpired removes sessions past their expiry and returns how many.
func (db *SessionService) DeleteExpired(ctx context.Context) (int64, error) {
	res, err := db.writer().exec(ctx, `DELETE FROM sessions WHERE expires_at <= ?`, db.now())
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}
