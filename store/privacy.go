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

// PrivacyOptions are the privacy service's e-mail settings and its limit.
type PrivacyOptions struct {
	// ComposePasswordReset writes the reset e-mail; nil sends none.
	ComposePasswordReset marquee.ComposePasswordReset
	// MailStatus is the outbox status of its e-mails (MailKept by default).
	MailStatus marquee.MailStatus
	// ExportsPerHour replaces the allowance of marquee.LimitDataExport
	// (MARQUEE_DATA_EXPORT_RATE_PER_HOUR); 0 keeps the policy's.
	ExportsPerHour int
}

// PrivacyService implements marquee.PrivacyService: password resets
// (privacy.go), data exports (privacy_export.go) and account deletion
// (privacy_delete.go).
type PrivacyService struct {
	service
	users        *UserService
	files        marquee.FileStore
	composeReset marquee.ComposePasswordReset
	mailStatus   marquee.MailStatus
	// exports is the data export limit (marquee.LimitDataExport).
	exports marquee.RateLimitPolicy
}

var _ marquee.PrivacyService = (*PrivacyService)(nil)

// newToken returns 32 random bytes as URL-safe text.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("store: token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// RequestPasswordReset e-mails a reset link to the enabled account with
// req.Email. Both paths run the same statement in one transaction (the
// INSERT finds no user for an unknown address), so the answer and its time
// do not tell whether the account exists. Issuing a link spends the
// account's older unused ones: only the newest link works.
func (s *PrivacyService) RequestPasswordReset(ctx context.Context, req marquee.PasswordResetRequest) error {
	if err := req.Validate(); err != nil {
		return err
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		now := s.now()
		var userID int64
		err := c.queryRow(ctx, `INSERT INTO password_resets (user_id, token_hash, created_at, expires_at)
			SELECT id, ?, ?, ? FROM users WHERE email = ? AND disabled_at IS NULL RETURNING user_id`,
			hashToken(token), now, now.Add(marquee.PasswordResetTTL), req.Email).Scan(&userID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return fmt.Errorf("store: request password reset: %w", err)
		}
		return s.sendReset(ctx, c, userID, req.Email, token, req.Language, now)
	})
}

// sendReset spends the user's older unused links and puts the e-mail with
// token's link in the outbox, in c's transaction.
func (s *PrivacyService) sendReset(ctx context.Context, c conn, userID int64, email, token, lang string, now time.Time) error {
	if _, err := c.exec(ctx, `UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL AND token_hash <> ?`,
		now, userID, hashToken(token)); err != nil {
		return fmt.Errorf("store: spend older reset links of user %d: %w", userID, err)
	}
	if s.composeReset == nil {
		return nil
	}
	m := s.composeReset(email, token, lang)
	m.Status = s.mailStatus
	if err := insertMail(ctx, c, &m, now); err != nil {
		return fmt.Errorf("store: reset mail to user %d: %w", userID, err)
	}
	return nil
}

// SendPasswordReset is an admin's sending of a reset link to user id, in
// the language of the user's latest submission or purchase (English when
// none): the same e-mail as the forgotten-password flow. A disabled
// account gets none (ErrResetDisabled). The audit entry is written in the
// same transaction.
func (s *PrivacyService) SendPasswordReset(ctx context.Context, userID int64) error {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return err
	}
	token, err := newToken()
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		now := s.now()
		var email, lang string
		var disabled sql.NullTime
		err := c.queryRow(ctx, `SELECT email, disabled_at, COALESCE(
				(SELECT language FROM submissions WHERE filmmaker_id = u.id ORDER BY id DESC LIMIT 1),
				(SELECT language FROM purchases WHERE user_id = u.id ORDER BY id DESC LIMIT 1), 'en')
			FROM users u WHERE id = ?`, userID).Scan(&email, &disabled, &lang)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.Errorf(marquee.ENotFound, "User not found")
		} else if err != nil {
			return fmt.Errorf("store: send password reset to user %d: %w", userID, err)
		}
		if disabled.Valid {
			return marquee.ErrResetDisabled()
		}
		if _, err := c.exec(ctx, `INSERT INTO password_resets (user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?)`,
			userID, hashToken(token), now, now.Add(marquee.PasswordResetTTL)); err != nil {
			return fmt.Errorf("store: send password reset to user %d: %w", userID, err)
		}
		if err := s.sendReset(ctx, c, userID, email, token, lang, now); err != nil {
			return err
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserResetRequest, TargetType: "user", TargetID: auditTargetID(userID)})
	})
}

// ResetPassword sets the password of p.Token's account. The link must be
// unused, unexpired and its account enabled; in one transaction it is
// spent, the password changed, the address marked confirmed (the link
// reached it) with its held mail released, every session of the account
// ended, and the audit entry written (no actor: nobody is signed in).
func (s *PrivacyService) ResetPassword(ctx context.Context, p marquee.PasswordReset) error {
	if p.Token == "" || len(p.Token) > tokenMaxLength {
		return marquee.ErrResetLink()
	}
	// A link that is no good is told before the password's faults, and
	// costs no hashing.
	var userID int64
	err := s.reader().queryRow(ctx, `SELECT r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id
		WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ? AND u.disabled_at IS NULL`,
		hashToken(p.Token), s.now()).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return marquee.ErrResetLink()
	} else if err != nil {
		return fmt.Errorf("store: reset password: %w", err)
	}
	if err := p.Validate(); err != nil {
		return err
	}
	hash, err := s.users.hashPassword(ctx, p.Password)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		now := s.now()
		var id int64
		err := c.queryRow(ctx, `UPDATE password_resets SET used_at = ?
			WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id`,
			now, hashToken(p.Token), now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrResetLink() // spent meanwhile
		} else if err != nil {
			return fmt.Errorf("store: reset password: %w", err)
		}
		var email string
		err = c.queryRow(ctx, `UPDATE users SET password_hash = ?, email_verified_at = COALESCE(email_verified_at, ?), updated_at = ?
			WHERE id = ? AND disabled_at IS NULL RETURNING email`, hash, now, now, id).Scan(&email)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrResetLink()
		} else if err != nil {
			return fmt.Errorf("store: reset password of user %d: %w", id, err)
		}
		if err := releaseHeldMail(ctx, c, email, now); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, id); err != nil {
			return fmt.Errorf("store: end sessions of user %d: %w", id, err)
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserPasswordReset, TargetType: "user", TargetID: auditTargetID(id)})
	})
}

// unusablePasswordHash returns the hash of 32 random bytes nobody knows:
// the password of a deleted account.
func (s *PrivacyService) unusablePasswordHash(ctx context.Context) (string, error) {
	secret, err := newToken()
	if err != nil {
		return "", err
	}
	hash, err := s.users.hashPassword(ctx, secret)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return "", err
	} else if err != nil {
		return "", fmt.Errorf("store: %w", err)
	}
	return hash, nil
}
