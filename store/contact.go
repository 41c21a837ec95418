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

// CreateContactMessage stores a message from the contact form.
func (db *DB) CreateContactMessage(ctx context.Context, m *marquee.ContactMessage) error {
	m.CreatedAt = db.now()
	err := db.writer().queryRow(ctx, `INSERT INTO contact_messages (name, email, subject, message, ip, created_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, m.Name, m.Email, m.Subject, m.Message, m.IP, m.CreatedAt).Scan(&m.ID)
	if err != nil {
		return fmt.Errorf("store: create contact message: %w", err)
	}
	return nil
}

// ContactStatus selects messages by whether an admin has handled them.
type ContactStatus string

// The contact message filters.
const (
	ContactOpen    ContactStatus = "open"
	ContactHandled ContactStatus = "handled"
	ContactAll     ContactStatus = "all"
)

// ListContactMessages returns messages with the given status, newest first, and their count.
func (db *DB) ListContactMessages(ctx context.Context, status ContactStatus, limit, offset int) ([]*marquee.ContactMessage, int64, error) {
	where := ""
	switch status {
	case ContactOpen:
		where = ` WHERE handled_at IS NULL`
	case ContactHandled:
		where = ` WHERE handled_at IS NOT NULL`
	case ContactAll:
	default:
		return nil, 0, marquee.Errorf(marquee.EInvalid, "Unknown status %q (want open, handled or all)", status)
	}
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	var total int64
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM contact_messages`+where).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: count contact messages: %w", err)
	}
	rows, err := db.reader().query(ctx, `SELECT `+contactColumns+` FROM contact_messages`+where+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, limit, max(offset, 0))
	if err != nil {
		return nil, 0, fmt.Errorf("store: list contact messages: %w", err)
	}
	defer rows.Close()
	out := []*marquee.ContactMessage{}
	for rows.Next() {
		m, err := scanContact(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("store: scan contact message: %w", err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: list contact messages: %w", err)
	}
	return out, total, nil
}

// SetContactMessageHandled marks a message handled by the admin (or open
// again) and returns it.
func (db *DB) SetContactMessageHandled(ctx context.Context, id int64, handled bool, adminID int64) (*marquee.ContactMessage, error) {
	var res sql.Result
	var err error
	if handled {
		res, err = db.writer().exec(ctx, `UPDATE contact_messages SET handled_at = ?, handled_by = ? WHERE id = ?`, db.now(), adminID, id)
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
