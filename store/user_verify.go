package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// UserOptions are the user service's e-mail settings.
type UserOptions struct {
	// ComposeVerification writes the confirmation e-mail; nil sends none
	// (accounts then stay unconfirmed until confirmed otherwise).
	ComposeVerification marquee.ComposeVerification
	// MailStatus is the outbox status of its e-mails (MailKept by default).
	MailStatus marquee.MailStatus
}

// sendVerification stores a new confirmation token for user u (only its
// SHA-256) and puts the e-mail with the link in the outbox, in c's
// transaction.
func (db *UserService) sendVerification(ctx context.Context, c conn, u *marquee.User, lang string, now time.Time) error {
	if db.composeVerification == nil {
		return nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return fmt.Errorf("store: verification token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	if _, err := c.exec(ctx, `INSERT INTO email_verifications (user_id, email, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)`,
		u.ID, u.Email, hashToken(token), now, now.Add(marquee.EmailVerificationTTL)); err != nil {
		return fmt.Errorf("store: verification of user %d: %w", u.ID, err)
	}
	m := db.composeVerification(u.Email, token, lang)
	m.Status = db.mailStatus
	if err := insertMail(ctx, c, &m, now); err != nil {
		return fmt.Errorf("store: verification mail to user %d: %w", u.ID, err)
	}
	return nil
}

// RequestVerification sends the signed-in user a new confirmation link
// (ErrAlreadyVerified when their address is confirmed). Earlier links
// stay good until they expire. How often it may be asked is the server's
// rate limit.
func (db *UserService) RequestVerification(ctx context.Context, lang string) error {
	cu, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	return db.inTx(ctx, func(c conn) error {
		u, err := scanUser(c.queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, cu.ID))
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.Errorf(marquee.ENotFound, "User not found")
		} else if err != nil {
			return fmt.Errorf("store: request verification of user %d: %w", cu.ID, err)
		}
		if u.EmailVerified {
			return marquee.ErrAlreadyVerified()
		}
		return db.sendVerification(ctx, c, u, lang, db.now())
	})
}

// VerifyEmail confirms the address of token's link: the link must be
// unused, unexpired and for the account's current address. In one
// transaction it spends the link, marks the address confirmed and
// releases the mail held for it (reminders that came due meanwhile are
// the worker's: they are due now). Nobody is signed in.
func (db *UserService) VerifyEmail(ctx context.Context, token string) (*marquee.User, error) {
	if token == "" || len(token) > tokenMaxLength {
		return nil, marquee.ErrVerificationLink()
	}
	var userID int64
	err := db.inTx(ctx, func(c conn) error {
		now := db.now()
		var id int64
		var email string
		err := c.queryRow(ctx, `UPDATE email_verifications SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING id, user_id, email`,
			now, hashToken(token), now).Scan(&id, &userID, &email)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrVerificationLink()
		} else if err != nil {
			return fmt.Errorf("store: verify e-mail: %w", err)
		}
		res, err := c.exec(ctx, `UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?), updated_at = ?
			WHERE id = ? AND email = ?`, now, now, userID, email)
		if err != nil {
			return fmt.Errorf("store: verify e-mail of user %d: %w", userID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.ErrVerificationLink() // the address changed since
		}
		return releaseHeldMail(ctx, c, email, now)
	})
	if err != nil {
		return nil, err
	}
	return db.FindUser(ctx, userID)
}
