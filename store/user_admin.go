package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

var _ marquee.UserAdminService = (*UserService)(nil)

// auditTargetUser is the audit log's target type of an account.
const auditTargetUser = "user"

// UserDetail returns account id with its festivals, newest purchases and
// ledger rows, and open sessions (admin only).
func (db *UserService) UserDetail(ctx context.Context, id int64) (*marquee.UserDetail, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	u, err := db.FindUser(ctx, id)
	if err != nil {
		return nil, err
	}
	d := &marquee.UserDetail{User: u, Festivals: []*marquee.UserFestival{}, Purchases: []*marquee.Purchase{},
		Ledger: []*marquee.LedgerEntry{}, Sessions: []*marquee.SessionInfo{}}
	limit := strconv.Itoa(marquee.UserDetailRows)
	r := db.reader()

	rows, err := r.query(ctx, `SELECT id, slug, name, status, created_at FROM festivals WHERE organiser_id = ? ORDER BY id DESC LIMIT `+limit, id)
	if err != nil {
		return nil, fmt.Errorf("store: festivals of user %d: %w", id, err)
	}
	for rows.Next() {
		var f marquee.UserFestival
		if err := rows.Scan(&f.ID, &f.Slug, &f.Name, &f.Status, &f.CreatedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: scan festival of user %d: %w", id, err)
		}
		f.CreatedAt = f.CreatedAt.UTC()
		d.Festivals = append(d.Festivals, &f)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("store: festivals of user %d: %w", id, err)
	}

	rows, err = r.query(ctx, `SELECT `+purchaseColumns+purchaseFrom+` WHERE p.user_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT `+limit, "en", id)
	if err != nil {
		return nil, fmt.Errorf("store: purchases of user %d: %w", id, err)
	}
	for rows.Next() {
		p, err := scanPurchase(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: scan purchase of user %d: %w", id, err)
		}
		d.Purchases = append(d.Purchases, p)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("store: purchases of user %d: %w", id, err)
	}

	rows, err = r.query(ctx, `SELECT id, user_id, delta, reason, reference, note, created_at FROM credit_ledger WHERE user_id = ? ORDER BY id DESC LIMIT `+limit, id)
	if err != nil {
		return nil, fmt.Errorf("store: ledger of user %d: %w", id, err)
	}
	for rows.Next() {
		var e marquee.LedgerEntry
		if err := rows.Scan(&e.ID, &e.UserID, &e.Delta, &e.Reason, &e.Reference, &e.Note, &e.CreatedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: scan ledger of user %d: %w", id, err)
		}
		e.CreatedAt = e.CreatedAt.UTC()
		d.Ledger = append(d.Ledger, &e)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("store: ledger of user %d: %w", id, err)
	}

	rows, err = r.query(ctx, `SELECT id, created_at, expires_at, user_agent, ip FROM sessions WHERE user_id = ? AND expires_at > ? ORDER BY id DESC LIMIT `+limit, id, db.now())
	if err != nil {
		return nil, fmt.Errorf("store: sessions of user %d: %w", id, err)
	}
	for rows.Next() {
		var s marquee.SessionInfo
		if err := rows.Scan(&s.ID, &s.CreatedAt, &s.ExpiresAt, &s.UserAgent, &s.IP); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: scan session of user %d: %w", id, err)
		}
		s.CreatedAt, s.ExpiresAt = s.CreatedAt.UTC(), s.ExpiresAt.UTC()
		d.Sessions = append(d.Sessions, &s)
	}
	if err := closeRows(rows); err != nil {
		return nil, fmt.Errorf("store: sessions of user %d: %w", id, err)
	}
	return d, nil
}

// closeRows closes rows and returns the error that ended their iteration.
func closeRows(rows interface {
	Err() error
	Close() error
}) error {
	err := rows.Err()
	if cerr := rows.Close(); err == nil {
		err = cerr
	}
	return err
}

// ChangeRole gives user id the role rc.Role (admin only), with its audit
// entry in the same transaction. The last-admin rule is checked with every
// enabled admin's row locked (lockAdmins), so two admins demoting each
// other at once cannot leave none.
func (db *UserService) ChangeRole(ctx context.Context, id int64, rc marquee.RoleChange) (*marquee.User, error) {
	actor, err := marquee.RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	if err := rc.Validate(); err != nil {
		return nil, err
	}
	var out *marquee.User
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		target, others, err := db.lockAdminChange(ctx, c, id)
		if err != nil {
			return err
		}
		out = target
		if target.Role == rc.Role {
			return nil
		}
		if err := marquee.CheckRoleChange(actor, target, rc.Role, others); err != nil {
			return err
		}
		if err := updateUser(ctx, c, now, id, `role = ?`, string(rc.Role)); err != nil {
			return err
		}
		before := target.Role
		out.Role = rc.Role
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserRoleChange,
			TargetType: auditTargetUser, TargetID: auditTargetID(id),
			Before: auditJSON(map[string]any{"role": before}),
			After:  auditJSON(map[string]any{"role": rc.Role})})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// AdjustCredits adds adj.Delta credits to user id (admin only): a ledger
// row (reason 'adjustment', the reason as its note), the balance and the
// audit entry in one transaction, with the user's row locked so that the
// balance never goes below 0.
func (db *UserService) AdjustCredits(ctx context.Context, id int64, adj marquee.CreditAdjustment) (*marquee.User, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if err := adj.Validate(); err != nil {
		return nil, err
	}
	ref, err := adjustmentReference()
	if err != nil {
		return nil, err
	}
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		e := marquee.LedgerEntry{UserID: id, Delta: adj.Delta, Reason: marquee.LedgerAdjustment, Reference: ref, Note: adj.Reason, CreatedAt: now}
		moved, err := moveCredits(ctx, c, e)
		var low *lowBalanceError
		if errors.As(err, &low) {
			if err := marquee.CheckCreditBalance(low.Balance, adj.Delta); err != nil {
				return err
			}
			return fmt.Errorf("store: adjust credits of user %d: %w", id, err)
		} else if err != nil {
			return fmt.Errorf("store: adjust credits of user %d: %w", id, err)
		}
		bal := moved[id] - adj.Delta
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserCreditAdjust,
			TargetType: auditTargetUser, TargetID: auditTargetID(id),
			// The reason is the ledger row's note, named here by its
			// reference: free text may name the person, and an account's
			// deletion clears notes but cannot edit the audit log.
			Before: auditJSON(map[string]any{"credits": bal}),
			After:  auditJSON(map[string]any{"credits": bal + adj.Delta, "delta": adj.Delta, "ledgerReference": ref})})
	})
	if err != nil {
		return nil, err
	}
	return db.FindUser(ctx, id)
}

// adjustmentReference is the ledger reference of an admin's adjustment:
// random, as (reason, reference) is unique.
func adjustmentReference() (string, error) {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("store: adjustment reference: %w", err)
	}
	return "admin:" + hex.EncodeToString(b), nil
}

// SetDisabled disables or enables user id (admin only). Disabling deletes
// every session of the account in the same transaction (its bearer
// tokens are refused at once) and is refused for oneself and for the last
// enabled admin (CheckDisable, with the admins' rows locked). Asking for
// the state the account is in changes nothing and writes no entry.
func (db *UserService) SetDisabled(ctx context.Context, id int64, disabled bool) (*marquee.User, error) {
	actor, err := marquee.RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		target, others, err := db.lockAdminChange(ctx, c, id)
		if err != nil {
			return err
		}
		if target.Disabled() == disabled {
			return nil
		}
		if !disabled {
			if err := updateUser(ctx, c, now, id, `disabled_at = ?`, nil); err != nil {
				return err
			}
			return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserEnable,
				TargetType: auditTargetUser, TargetID: auditTargetID(id),
				Before: auditJSON(map[string]any{"disabledAt": target.DisabledAt}),
				After:  auditJSON(map[string]any{"disabledAt": nil})})
		}
		if err := marquee.CheckDisable(actor, target, others); err != nil {
			return err
		}
		if err := updateUser(ctx, c, now, id, `disabled_at = ?`, now); err != nil {
			return err
		}
		ended, err := deleteSessions(ctx, c, id)
		if err != nil {
			return err
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserDisable,
			TargetType: auditTargetUser, TargetID: auditTargetID(id),
			Before: auditJSON(map[string]any{"disabledAt": nil}),
			After:  auditJSON(map[string]any{"disabledAt": now, "sessionsEnded": ended})})
	})
	if err != nil {
		return nil, err
	}
	return db.FindUser(ctx, id)
}

// EndSessions ends every session of user id (admin only) and returns how
// many, with its audit entry in the same transaction.
func (db *UserService) EndSessions(ctx context.Context, id int64) (int64, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return 0, err
	}
	var ended int64
	err := db.inTx(ctx, func(c conn) error {
		now := db.now()
		if _, err := db.lockUser(ctx, c, id); err != nil {
			return err
		}
		var err error
		if ended, err = deleteSessions(ctx, c, id); err != nil {
			return err
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditUserSessionsEnd,
			TargetType: auditTargetUser, TargetID: auditTargetID(id),
			Before: auditJSON(map[string]any{"sessions": ended}),
			After:  auditJSON(map[string]any{"sessions": 0})})
	})
	return ended, err
}

// deleteSessions deletes every session of user id through c.
func deleteSessions(ctx context.Context, c conn, id int64) (int64, error) {
	res, err := c.exec(ctx, `DELETE FROM sessions WHERE user_id = ?`, id)
	if err != nil {
		return 0, fmt.Errorf("store: end sessions of user %d: %w", id, err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// lockAdminChange locks what a change of user id's role or access
// reads: every enabled admin's row, then the user's, in that order for
// every such change, so that two of them cannot deadlock. It returns the
// user and how many enabled admins there are besides them.
func (db *UserService) lockAdminChange(ctx context.Context, c conn, id int64) (*marquee.User, int64, error) {
	others, err := db.lockAdmins(ctx, c, id)
	if err != nil {
		return nil, 0, err
	}
	target, err := db.lockUser(ctx, c, id)
	if err != nil {
		return nil, 0, err
	}
	return target, others, nil
}

// lockAdmins locks the rows of every enabled admin (on PostgreSQL, in id
// order; SQLite's write transactions are serial already) and returns how
// many there are besides user except. A concurrent change of another
// admin waits here until this transaction ends, then sees its outcome.
func (db *UserService) lockAdmins(ctx context.Context, c conn, except int64) (int64, error) {
	q := `SELECT id FROM users WHERE role = ? AND disabled_at IS NULL ORDER BY id`
	if db.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	rows, err := c.query(ctx, q, string(marquee.RoleAdmin))
	if err != nil {
		return 0, fmt.Errorf("store: lock admins: %w", err)
	}
	var others int64
	err = scanEach(rows, func() error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		if id != except {
			others++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("store: lock admins: %w", err)
	}
	return others, nil
}

// lockUser reads user id through c, its row locked on PostgreSQL;
// ENotFound when there is none.
func (db *UserService) lockUser(ctx context.Context, c conn, id int64) (*marquee.User, error) {
	q := `SELECT ` + userColumns + ` FROM users WHERE id = ?`
	if db.dialect == Postgres {
		q += ` FOR UPDATE`
	}
	u, err := scanUser(c.queryRow(ctx, q, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: lock user %d: %w", id, err)
	}
	return u, nil
}

var _ marquee.SecurityEventService = (*UserService)(nil)

// auditAccountMax bounds the account name a lock-out entry keeps.
const auditAccountMax = 254

// LoginLocked records (in a transaction of its own) that client was
// locked out of account for failed logins; the address is the caller's.
// An account that exists is named by its user id, never its address (the
// log is append-only, and an account's deletion must leave no address
// behind); a name no account has is kept as typed.
func (db *UserService) LoginLocked(ctx context.Context, account, client string) error {
	account = search.TruncateRunes(strings.ToValidUTF8(account, "\uFFFD"), auditAccountMax)
	return db.inTx(ctx, func(c conn) error {
		e := marquee.AuditEntry{Action: marquee.AuditLoginRateLimited, TargetType: "account", TargetID: account,
			After: auditJSON(map[string]any{"client": client})}
		var id int64
		err := c.queryRow(ctx, `SELECT id FROM users WHERE email = ?`, marquee.NormalizeEmail(account)).Scan(&id)
		switch {
		case err == nil:
			e.TargetType, e.TargetID = auditTargetUser, auditTargetID(id)
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: find locked account: %w", err)
		}
		return recordAudit(ctx, c, db.now(), e)
	})
}
