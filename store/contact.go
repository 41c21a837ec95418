package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

const contactColumns = `id, name, email, subject, message, ip, created_at, handled_at`

func scanContact(row interface{ Scan(...any) error }) (*marquee.ContactMessage, error) {
	var m marquee.ContactMessage
	var handled sql.NullTime
	if err := row.Scan(&m.ID, &m.Name, &m.Email, &m.Subject, &m.Message, &m.IP, &m.CreatedAt, &handled); err != nil {
		return nil, err
	}
	m.CreatedAt = m.CreatedAt.UTC()
	if handled.Valid {
		t := handled.Time.UTC()
		m.HandledAt = &t
	}
	return &m, nil
}

// ContactService implements marquee.ContactService.
type ContactService struct{ service }

var _ marquee.ContactService = (*ContactService)(nil)

// Send validates and stores a message from the contact form; a message
// that filled the honeypot is dropped (nil error, nothing stored).
func (db *ContactService) Send(ctx context.Context, nm marquee.NewContactMessage) error {
	if err := nm.Validate(); err != nil {
		return err
	}
	if nm.IsSpam() {
		return nil
	}
	m := &marquee.ContactMessage{Name: nm.Name, Email: nm.Email, Subject: nm.Subject, Message: nm.Message, IP: nm.IP, CreatedAt: db.now()}
	err := db.writer().queryRow(ctx, `INSERT INTO contact_messages (name, email, subject, message, ip, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, m.Name, m.Email, m.Subject, m.Message, m.IP, m.CreatedAt).Scan(&m.ID)
	if err != nil {
		return fmt.Errorf("store: create contact message: %w", err)
	}
	return nil
}

// List returns a page of messages with the filter's status, newest first,
// and their count (admin only).
func (db *ContactService) List(ctx context.Context, f marquee.ContactFilter) (*marquee.Page[*marquee.ContactMessage], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	where := ""
	switch f.Status {
	case marquee.ContactOpen, "":
		where = ` WHERE handled_at IS NULL`
	case marquee.ContactHandled:
		where = ` WHERE handled_at IS NOT NULL`
	case marquee.ContactAll:
	default:
		return nil, fmt.Errorf("store: list contact messages: unknown status %q", f.Status)
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.AdminMessagesPerPage
	}
	var total int64
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM contact_messages`+where).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count contact messages: %w", err)
	}
	rows, err := db.reader().query(ctx, `SELECT `+contactColumns+` FROM contact_messages`+where+` ORDER BY created_at DESC, id DESC`+limitOffset(f.PerPage), f.Offset())
	if err != nil {
		return nil, fmt.Errorf("store: list contact messages: %w", err)
	}
	defer rows.Close()
	out := []*marquee.ContactMessage{}
	for rows.Next() {
		m, err := scanContact(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan contact message: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list contact messages: %w", err)
	}
	return marquee.NewPage(out, total, max(f.Page, 1), f.PerPage), nil
}

// SetHandled marks a message handled by the signed-in admin (or open
// again) and returns it.
func (db *ContactService) SetHandled(ctx context.Context, id int64, handled bool) (*marquee.ContactMessage, error) {
	admin, err := marquee.RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	var res sql.Result
	if handled {
		res, err = db.writer().exec(ctx, `UPDATE contact_messages SET handled_at = ?, handled_by = ? WHERE id = ?`, db.now(), admin.ID, id)
	} else {
		res, err = db.writer().exec(ctx, `UPDATE contact_messages SET handled_at = NULL, handled_by = NULL WHERE id = ?`, id)
	}
	if err != nil {
		return nil, fmt.Errorf("store: update contact message %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, marquee.Errorf(marquee.ENotFound, "Message not found")
	}
	m, err := scanContact(db.writer().queryRow(ctx, `SELECT `+contactColumns+` FROM contact_messages WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "Message not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find contact message %d: %w", id, err)
	}
	return m, nil
}
