package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/marquee-festival/marquee"
)

// MailMaxAttempts is how many times the SMTP sender tries a mail before
// giving up on it (status failed).
const MailMaxAttempts = 5

// mailLastErrorMax bounds the SMTP error kept with a mail, in characters.
const mailLastErrorMax = 1000

const mailColumns = `id, kind, to_addr, subject, body, language, status, attempts, last_error, created_at, sent_at, held`

func scanMail(row interface{ Scan(...any) error }) (*marquee.Mail, error) {
	var m marquee.Mail
	var status string
	var sent sql.NullTime
	var held int
	if err := row.Scan(&m.ID, &m.Kind, &m.To, &m.Subject, &m.Body, &m.Language, &status, &m.Attempts, &m.LastError, &m.CreatedAt, &sent, &held); err != nil {
		return nil, err
	}
	m.Status = marquee.MailStatus(status)
	if held == 1 {
		m.Status = marquee.MailHeld
	}
	m.CreatedAt = m.CreatedAt.UTC()
	if sent.Valid {
		t := sent.Time.UTC()
		m.SentAt = &t
	}
	return &m, nil
}

// insertMail adds m to the outbox with m.Status, due at once, and sets its
// ID and CreatedAt. It is the one way into the outbox, and holds the one
// rule of who may be mailed: a mail to the address of an account that has
// not confirmed it is held (m.Status becomes MailHeld; it becomes m.Status
// again when the address is confirmed, see releaseHeldMail), except the
// confirmation itself (marquee.MailKindVerification) and a password reset
// link (marquee.MailKindPasswordReset), whose use proves the address. An address with no
// account is not held: such mail (judge invitations) is bounded where it
// is sent.
func insertMail(ctx context.Context, c conn, m *marquee.Mail, now time.Time) error {
	m.CreatedAt, m.Attempts, m.LastError, m.SentAt = now, 0, "", nil
	held := 0
	if m.Kind != marquee.MailKindVerification && m.Kind != marquee.MailKindPasswordReset {
		// On PostgreSQL the row lock makes a concurrent confirmation wait
		// for this transaction, so that its release sees this mail.
		q := `SELECT id FROM users WHERE email = ? AND email_verified_at IS NULL`
		if c.db.dialect == Postgres {
			q += ` FOR SHARE`
		}
		var id int64
		to := marquee.NormalizeEmail(m.To)
		err := c.queryRow(ctx, q, to).Scan(&id)
		switch {
		case err == nil:
			held, m.To = 1, to // as releaseHeldMail finds it
		case !errors.Is(err, sql.ErrNoRows):
			return fmt.Errorf("store: is %s verified: %w", m.To, err)
		}
	}
	err := c.queryRow(ctx, `INSERT INTO mail_outbox (kind, to_addr, subject, body, language, status, attempts, last_error, next_attempt_at, created_at, held)
		VALUES (?, ?, ?, ?, ?, ?, 0, '', ?, ?, ?) RETURNING id`,
		m.Kind, m.To, m.Subject, m.Body, m.Language, string(m.Status), now, now, held).Scan(&m.ID)
	if err != nil {
		return err
	}
	for i, a := range m.Attachments {
		if _, err := c.exec(ctx, `INSERT INTO mail_attachments (mail_id, position, filename, content_type, data) VALUES (?, ?, ?, ?, ?)`,
			m.ID, i+1, a.Filename, a.ContentType, a.Data); err != nil {
			return fmt.Errorf("store: attachment %q of mail %d: %w", a.Filename, m.ID, err)
		}
		m.Attachments[i].Size = len(a.Data)
	}
	if held == 1 {
		m.Status = marquee.MailHeld
	}
	return nil
}

// loadAttachments reads the attachments of mails through c, with their
// data (for the sender) or only their names and sizes (for the outbox
// list).
func loadAttachments(ctx context.Context, c conn, mails []*marquee.Mail, withData bool) error {
	if len(mails) == 0 {
		return nil
	}
	byID := map[int64]*marquee.Mail{}
	args := make([]any, 0, len(mails))
	marks := ""
	for i, m := range mails {
		byID[m.ID] = m
		args = append(args, m.ID)
		if i > 0 {
			marks += ", "
		}
		marks += "?"
	}
	data := `NULL`
	if withData {
		data = `data`
	}
	rows, err := c.query(ctx, `SELECT mail_id, filename, content_type, LENGTH(data), `+data+` FROM mail_attachments
		WHERE mail_id IN (`+marks+`) ORDER BY mail_id, position`, args...)
	if err != nil {
		return fmt.Errorf("store: mail attachments: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var a marquee.MailAttachment
		if err := rows.Scan(&id, &a.Filename, &a.ContentType, &a.Size, &a.Data); err != nil {
			return fmt.Errorf("store: mail attachments: %w", err)
		}
		if m := byID[id]; m != nil {
			m.Attachments = append(m.Attachments, a)
		}
	}
	return rows.Err()
}

// releaseHeldMail lets the mail held for a newly confirmed address go, due
// at once, with the status it was written with (queued or kept).
func releaseHeldMail(ctx context.Context, c conn, email string, now time.Time) error {
	if _, err := c.exec(ctx, `UPDATE mail_outbox SET held = 0, next_attempt_at = ? WHERE held = 1 AND to_addr = ?`, now, email); err != nil {
		return fmt.Errorf("store: release mail held for %s: %w", email, err)
	}
	return nil
}

// MailService implements marquee.MailService.
type MailService struct{ service }

var _ marquee.MailService = (*MailService)(nil)

// Enqueue puts m in the outbox: m.Status must be MailQueued (an SMTP
// sender will deliver it) or MailKept (no SMTP server: it stays for admins).
func (db *MailService) Enqueue(ctx context.Context, m *marquee.Mail) error {
	if m.Status != marquee.MailQueued && m.Status != marquee.MailKept {
		return fmt.Errorf("store: enqueue mail: status %q (want queued or kept)", m.Status)
	}
	if err := insertMail(ctx, db.writer(), m, db.now()); err != nil {
		return fmt.Errorf("store: enqueue mail to %s: %w", m.To, err)
	}
	return nil
}

// Claim leases up to limit queued mails that are due (first
// attempt or retry time reached) and not leased by another sender, for
// lease. The caller delivers them outside any transaction, then calls
// MarkMailSent or MarkMailFailed; a mail whose sender died becomes
// claimable again when its lease ends. On PostgreSQL concurrent senders
// skip each other's rows (FOR UPDATE SKIP LOCKED).
func (db *MailService) Claim(ctx context.Context, limit int, lease time.Duration) ([]*marquee.Mail, error) {
	if limit <= 0 {
		limit = 20
	}
	if lease <= 0 {
		return nil, fmt.Errorf("store: claim mail: lease %v must be positive", lease)
	}
	now := db.now()
	pick := `SELECT id FROM mail_outbox WHERE status = 'queued' AND held = 0 AND next_attempt_at <= ?
		AND (locked_until IS NULL OR locked_until <= ?) ORDER BY next_attempt_at, id LIMIT ?`
	if db.dialect == Postgres {
		pick += ` FOR UPDATE SKIP LOCKED`
	}
	rows, err := db.writer().query(ctx, `UPDATE mail_outbox SET locked_until = ? WHERE id IN (`+pick+`) RETURNING `+mailColumns,
		now.Add(lease), now, now, limit)
	if err != nil {
		return nil, fmt.Errorf("store: claim mail: %w", err)
	}
	defer rows.Close()
	out := []*marquee.Mail{}
	for rows.Next() {
		m, err := scanMail(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan claimed mail: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: claim mail: %w", err)
	}
	// RETURNING keeps no order: deliver the oldest first.
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	if err := loadAttachments(ctx, db.writer(), out, true); err != nil {
		return nil, err
	}
	return out, nil
}

// MarkMailSent records that the SMTP server accepted queued mail id.
func (db *MailService) MarkSent(ctx context.Context, id int64) error {
	res, err := db.writer().exec(ctx, `UPDATE mail_outbox SET status = 'sent', sent_at = ?, attempts = attempts + 1,
		last_error = '', locked_until = NULL WHERE id = ? AND status = 'queued'`, db.now(), id)
	if err != nil {
		return fmt.Errorf("store: mark mail %d sent: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: mark mail %d sent: %w", id, err)
	} else if n == 0 {
		return marquee.Errorf(marquee.ENotFound, "Mail not found")
	}
	return nil
}

// MarkMailFailed records a failed delivery of queued mail id: it is tried
// again from retryAt, or marked failed once it has had MailMaxAttempts
// attempts. A zero retryAt gives up at once (the server refused the mail
// for good). It returns the mail's new status.
func (db *MailService) MarkFailed(ctx context.Context, id int64, sendErr error, retryAt time.Time) (marquee.MailStatus, error) {
	maxAttempts := MailMaxAttempts
	if retryAt.IsZero() {
		maxAttempts, retryAt = 0, db.now()
	}
	msg := "unknown error"
	if sendErr != nil {
		msg = sendErr.Error()
	}
	if r := []rune(msg); len(r) > mailLastErrorMax {
		msg = string(r[:mailLastErrorMax])
	}
	var status string
	err := db.writer().queryRow(ctx, `UPDATE mail_outbox SET attempts = attempts + 1, last_error = ?, locked_until = NULL,
		status = CASE WHEN attempts + 1 >= ? THEN 'failed' ELSE 'queued' END, next_attempt_at = ?
		WHERE id = ? AND status = 'queued' RETURNING status`, msg, maxAttempts, retryAt.UTC(), id).Scan(&status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", marquee.Errorf(marquee.ENotFound, "Mail not found")
	} else if err != nil {
		return "", fmt.Errorf("store: mark mail %d failed: %w", id, err)
	}
	return marquee.MailStatus(status), nil
}

// List returns a page of the outbox's mails with the filter's status ("" for
// every status), newest first, and their count up to marquee.CountCap
// (admin only).
func (db *MailService) List(ctx context.Context, f marquee.MailFilter) (*marquee.Page[*marquee.Mail], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	where, args := "", []any{}
	switch f.Status {
	case "":
	case marquee.MailHeld:
		where = ` WHERE held = 1`
	case marquee.MailQueued, marquee.MailSent, marquee.MailFailed, marquee.MailKept:
		where, args = ` WHERE status = ? AND held = 0`, append(args, string(f.Status))
	default:
		return nil, fmt.Errorf("store: list mail: unknown status %q", f.Status)
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.OutboxPerPage
	}
	limit, offset := f.PerPage, f.Offset()
	total, err := countCapped(ctx, db.reader(), "mail", `FROM mail_outbox`+where, args...)
	if err != nil {
		return nil, err
	}
	rows, err := db.reader().query(ctx, `SELECT `+mailColumns+` FROM mail_outbox`+where+` ORDER BY created_at DESC, id DESC`+limitOffset(limit),
		append(args, max(offset, 0))...)
	if err != nil {
		return nil, fmt.Errorf("store: list mail: %w", err)
	}
	defer rows.Close()
	out := []*marquee.Mail{}
	for rows.Next() {
		m, err := scanMail(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan mail: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list mail: %w", err)
	}
	rows.Close()
	if err := loadAttachments(ctx, db.reader(), out, false); err != nil {
		return nil, err
	}
	return marquee.NewCappedPage(out, total, max(f.Page, 1), f.PerPage), nil
}
