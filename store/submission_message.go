package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// A submission's thread is between its filmmaker and its festival's team
// (the organiser, or an admin acting for them); judges have no route to
// it. The team's messages are signed with the festival's name, never a
// person's; each message is e-mailed to the other side in the reader's
// language: the submission's for the filmmaker, the language of the
// team's latest message for the team (English before any).

// Thread returns the signed-in filmmaker's thread on submission id.
func (s *SubmissionService) Thread(ctx context.Context, id int64) (*marquee.Thread, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	row, err := loadSubmission(ctx, s.reader(), id, `s.filmmaker_id = ?`, u.ID)
	if err != nil {
		return nil, err
	}
	return thread(ctx, s.reader(), row.Submission)
}

// FestivalThread returns the thread on submission id of a managed festival.
func (s *SubmissionService) FestivalThread(ctx context.Context, slug string, id int64) (*marquee.Thread, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	row, err := loadSubmission(ctx, s.reader(), id, `s.festival_id = ?`, fest.id)
	if err != nil {
		return nil, err
	}
	return thread(ctx, s.reader(), row.Submission)
}

// thread reads sub's messages through c, oldest first.
func thread(ctx context.Context, c conn, sub *marquee.Submission) (*marquee.Thread, error) {
	rows, err := c.query(ctx, `SELECT id, submission_id, from_festival, body, created_at FROM submission_messages
		WHERE submission_id = ? ORDER BY id`, sub.ID)
	if err != nil {
		return nil, fmt.Errorf("store: thread of submission %d: %w", sub.ID, err)
	}
	defer rows.Close()
	t := &marquee.Thread{SubmissionID: sub.ID, FilmTitle: sub.FilmTitle, FestivalName: sub.FestivalName, Messages: []*marquee.Message{}}
	for rows.Next() {
		var m marquee.Message
		var fromFestival int
		if err := rows.Scan(&m.ID, &m.SubmissionID, &fromFestival, &m.Body, &m.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: thread of submission %d: %w", sub.ID, err)
		}
		m.FromFestival, m.CreatedAt = fromFestival != 0, m.CreatedAt.UTC()
		m.AuthorName = messageAuthor(sub, m.FromFestival)
		t.Messages = append(t.Messages, &m)
	}
	return t, rows.Err()
}

// messageAuthor names a message's side: the festival, or the filmmaker.
func messageAuthor(sub *marquee.Submission, fromFestival bool) string {
	if fromFestival {
		return sub.FestivalName
	}
	return sub.FilmmakerName
}

// PostMessage adds the signed-in filmmaker's message to the thread of
// their submission id and e-mails the festival's organiser.
func (s *SubmissionService) PostMessage(ctx context.Context, id int64, m marquee.NewMessage) (*marquee.Message, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return s.postMessage(ctx, id, `s.filmmaker_id = ?`, u.ID, false, m)
}

// PostFestivalMessage adds the team's message to the thread of submission
// id of a managed festival and e-mails the filmmaker.
func (s *SubmissionService) PostFestivalMessage(ctx context.Context, slug string, id int64, m marquee.NewMessage) (*marquee.Message, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return s.postMessage(ctx, id, `s.festival_id = ?`, fest.id, true, m)
}

// postMessage writes message m on submission id (matching cond) and its
// e-mail to the other side, in one transaction.
func (s *SubmissionService) postMessage(ctx context.Context, id int64, cond string, arg any, fromFestival bool, m marquee.NewMessage) (*marquee.Message, error) {
	u := marquee.UserFromContext(ctx)
	now := s.now()
	var out *marquee.Message
	err := s.inTx(ctx, func(c conn) error {
		row, err := loadSubmission(ctx, c, id, cond, arg)
		if err != nil {
			return err
		}
		sub := row.Submission
		var mid int64
		if err := c.queryRow(ctx, `INSERT INTO submission_messages (submission_id, author_id, from_festival, language, body, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, id, u.ID, settingInt(fromFestival), m.Language, m.Body, now).Scan(&mid); err != nil {
			return fmt.Errorf("store: message on submission %d: %w", id, err)
		}
		out = &marquee.Message{ID: mid, SubmissionID: id, FromFestival: fromFestival, AuthorName: messageAuthor(sub, fromFestival), Body: m.Body, CreatedAt: now}
		if s.manageMail.Message == nil {
			return nil
		}
		to, lang := sub.FilmmakerEmail, sub.Language
		if !fromFestival {
			if to, lang, err = festivalTeam(ctx, c, sub.FestivalID); err != nil {
				return err
			}
		}
		view := *sub
		forFilmmaker(&view)
		mail := s.manageMail.Message(&view, out, !fromFestival, lang, to)
		mail.Status = s.mailStatus
		if err := insertMail(ctx, c, &mail, now); err != nil {
			return fmt.Errorf("store: message e-mail on submission %d: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// festivalTeam returns the address of festival id's organiser and the
// language of the team's latest message in any of its threads ("en"
// before any).
func festivalTeam(ctx context.Context, c conn, festivalID int64) (string, string, error) {
	var email string
	if err := c.queryRow(ctx, `SELECT u.email FROM festivals f JOIN users u ON u.id = f.organiser_id WHERE f.id = ?`, festivalID).Scan(&email); err != nil {
		return "", "", fmt.Errorf("store: organiser of festival %d: %w", festivalID, err)
	}
	lang := marquee.Languages[0]
	err := c.queryRow(ctx, `SELECT m.language FROM submission_messages m JOIN submissions s ON s.id = m.submission_id
		WHERE s.festival_id = ? AND m.from_festival = 1 ORDER BY m.id DESC LIMIT 1`, festivalID).Scan(&lang)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("store: language of festival %d's team: %w", festivalID, err)
	}
	return email, lang, nil
}

// bulkRecipient is one person a bulk message reaches.
type bulkRecipient struct {
	id       int64
	email    string
	language string
}

// bulkRecipients returns the filmmakers of festival id's entries chosen
// by sel (not withdrawn), each once, with the language of their latest
// entry.
func bulkRecipients(ctx context.Context, c conn, festivalID int64, sel marquee.BulkSelection) ([]bulkRecipient, error) {
	q := `SELECT s.filmmaker_id, u.email, s.language FROM submissions s JOIN users u ON u.id = s.filmmaker_id
		WHERE s.festival_id = ? AND s.status <> 'withdrawn'`
	args := []any{festivalID}
	if sel.Status != "" {
		q, args = q+` AND s.status = ?`, append(args, string(sel.Status))
	}
	if sel.CategoryID != 0 {
		q, args = q+` AND s.category_id = ?`, append(args, sel.CategoryID)
	}
	if sel.EntryStatusID != 0 {
		q, args = q+` AND EXISTS (SELECT 1 FROM submission_entry_statuses es WHERE es.submission_id = s.id AND es.status_id = ?)`, append(args, sel.EntryStatusID)
	}
	if len(sel.IDs) > 0 {
		q, args = q+` AND s.id IN (`+subMarks(len(sel.IDs))+`)`, append(args, subArgs(sel.IDs)...)
	}
	rows, err := c.query(ctx, q+` ORDER BY s.filmmaker_id, s.id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: bulk recipients of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := []bulkRecipient{}
	for rows.Next() {
		var r bulkRecipient
		if err := rows.Scan(&r.id, &r.email, &r.language); err != nil {
			return nil, fmt.Errorf("store: bulk recipients of festival %d: %w", festivalID, err)
		}
		if n := len(out); n > 0 && out[n-1].id == r.id {
			continue // an earlier entry of the same filmmaker
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// PreviewBulk tells how many filmmakers b would reach and how it reads in
// each language, writing nothing.
func (s *SubmissionService) PreviewBulk(ctx context.Context, slug string, b marquee.BulkMessage) (*marquee.BulkPreview, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	rs, err := bulkRecipients(ctx, s.reader(), fest.id, b.Selection)
	if err != nil {
		return nil, err
	}
	out := &marquee.BulkPreview{Recipients: int64(len(rs)), Previews: []*marquee.MailPreview{}}
	for _, lang := range marquee.Languages {
		p := &marquee.MailPreview{Language: lang, Subject: b.Subject, Body: b.Body}
		if s.manageMail.Bulk != nil {
			m := s.manageMail.Bulk(fest.name, b.Subject, b.Body, lang, "")
			p.Subject, p.Body = m.Subject, m.Body
		}
		out.Previews = append(out.Previews, p)
	}
	return out, nil
}

// SendBulk sends b to the filmmakers its selection chooses in one
// transaction: a bulk_messages row under b's idempotency key, one
// bulk_message_recipients row per filmmaker (its key refuses a second
// e-mail to one person for one send) and their e-mails in the outbox,
// each in the filmmaker's language; audited. An empty selection is
// refused. The row is written first, ON CONFLICT DO NOTHING on (festival,
// key): a request repeating a key (even at the same moment: PostgreSQL
// makes the second wait for the first's commit) sends nothing and answers
// the first send, with Repeat set.
func (s *SubmissionService) SendBulk(ctx context.Context, slug string, b marquee.BulkSend) (*marquee.BulkSent, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := b.Validate(); err != nil {
		return nil, err
	}
	now := s.now()
	var out *marquee.BulkSent
	err = s.inTx(ctx, func(c conn) error {
		out = &marquee.BulkSent{}
		sel, _ := json.Marshal(b.Selection)
		err := c.queryRow(ctx, `INSERT INTO bulk_messages (festival_id, idempotency_key, subject, body, selection, recipients, created_at)
			VALUES (?, ?, ?, ?, ?, 0, ?) ON CONFLICT (festival_id, idempotency_key) DO NOTHING RETURNING id`,
			fest.id, b.Key, b.Subject, b.Body, string(sel), now).Scan(&out.ID)
		if errors.Is(err, sql.ErrNoRows) {
			out.Repeat = true
			if err := c.queryRow(ctx, `SELECT id, recipients FROM bulk_messages WHERE festival_id = ? AND idempotency_key = ?`,
				fest.id, b.Key).Scan(&out.ID, &out.Recipients); err != nil {
				return fmt.Errorf("store: bulk message of festival %d sent before: %w", fest.id, err)
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("store: bulk message of festival %d: %w", fest.id, err)
		}
		rs, err := bulkRecipients(ctx, c, fest.id, b.Selection)
		if err != nil {
			return err
		}
		if len(rs) == 0 {
			return marquee.ErrNoRecipients()
		}
		if _, err := c.exec(ctx, `UPDATE bulk_messages SET recipients = ? WHERE id = ?`, len(rs), out.ID); err != nil {
			return fmt.Errorf("store: bulk message %d: %w", out.ID, err)
		}
		for _, r := range rs {
			if _, err := c.exec(ctx, `INSERT INTO bulk_message_recipients (bulk_message_id, user_id) VALUES (?, ?)`, out.ID, r.id); err != nil {
				return fmt.Errorf("store: bulk message %d to user %d: %w", out.ID, r.id, err)
			}
			if s.manageMail.Bulk == nil {
				continue
			}
			m := s.manageMail.Bulk(fest.name, b.Subject, b.Body, r.language, r.email)
			m.Status = s.mailStatus
			if err := insertMail(ctx, c, &m, now); err != nil {
				return fmt.Errorf("store: bulk message %d to user %d: %w", out.ID, r.id, err)
			}
		}
		out.Recipients = int64(len(rs))
		e := festivalAudit(fest.id, marquee.AuditBulkMessageSend, "bulk_message", auditTargetID(out.ID))
		e.After = auditJSON(map[string]any{"subject": b.Subject, "selection": b.Selection, "recipients": len(rs)})
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
