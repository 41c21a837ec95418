package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// ActiveRemindersMax bounds how many unsent reminders one user may keep.
const ActiveRemindersMax = 200

// reminderColumns are the columns scanReminder reads, qualified by the
// alias r; reminderReturning the same unqualified, for RETURNING.
const (
	reminderColumns   = `r.id, r.user_id, r.festival_name, r.festival_slug, r.festival_date, r.preference, r.language, r.send_at, r.sent_at, r.created_at, r.category_id, r.category_name, r.deadline_tier`
	reminderReturning = `id, user_id, festival_name, festival_slug, festival_date, preference, language, send_at, sent_at, created_at, category_id, category_name, deadline_tier`
)

func scanReminder(row interface{ Scan(...any) error }, extra ...any) (*marquee.Reminder, error) {
	var r marquee.Reminder
	var pref, tier string
	var sent sql.NullTime
	var category sql.NullInt64
	dest := append([]any{&r.ID, &r.UserID, &r.FestivalName, &r.FestivalSlug, &r.Date, &pref, &r.Language, &r.SendAt, &sent, &r.CreatedAt,
		&category, &r.CategoryName, &tier}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	r.Preference = marquee.ReminderPreference(pref)
	r.Tier = marquee.DeadlineTier(tier)
	r.CategoryID = category.Int64
	r.SendAt = r.SendAt.UTC()
	r.CreatedAt = r.CreatedAt.UTC()
	if sent.Valid {
		t := sent.Time.UTC()
		r.SentAt = &t
	}
	return &r, nil
}

// ReminderService implements marquee.ReminderService.
type ReminderService struct{ service }

var _ marquee.ReminderService = (*ReminderService)(nil)

// Create validates the signed-in user's reminder nr against today and
// stores it, to be e-mailed in language at marquee.ReminderSendAt. A
// FestivalSlug must name an approved festival. A deadline reminder
// (nr.IsDeadline) takes its festival's name, category and date from that
// festival (marquee.NewReminder.ForDeadline); the same deadline asked for
// again with the same preference while unsent is EConflict. A user who
// already has ActiveRemindersMax unsent reminders gets EInvalid.
func (db *ReminderService) Create(ctx context.Context, nr marquee.NewReminder, language string) (*marquee.Reminder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := db.now()
	nr.FestivalSlug = strings.TrimSpace(nr.FestivalSlug)
	if nr.IsDeadline() && nr.FestivalSlug == "" {
		return nil, marquee.ErrReminderFestivalUnlisted()
	}
	if !nr.IsDeadline() {
		if err := nr.Validate(now); err != nil {
			return nil, err
		}
	}
	if nr.FestivalSlug != "" {
		f, err := loadFestival(ctx, db.reader(), marquee.Today(now), `f.slug = ?`, nr.FestivalSlug)
		switch {
		case marquee.ErrorCode(err) == marquee.ENotFound || (err == nil && !marquee.CanSeeFestival(u, f)):
			return nil, marquee.ErrReminderFestivalUnlisted()
		case err != nil:
			return nil, err
		}
		if nr.IsDeadline() {
			if err := nr.ForDeadline(f); err != nil {
				return nil, err
			}
			if err := nr.Validate(now); err != nil {
				return nil, err
			}
		}
	}
	userID := u.ID
	sendAt, ok := marquee.ReminderSendAt(nr.Date, nr.Preference)
	if !ok {
		return nil, fmt.Errorf("store: create reminder: unvalidated date %q or preference %q", nr.Date, nr.Preference)
	}
	var out *marquee.Reminder
	err = db.inTx(ctx, func(c conn) error {
		// Lock the user's row on PostgreSQL so that two requests at once
		// cannot both pass the limit; SQLite's single writer already serialises.
		lock := `SELECT id FROM users WHERE id = ?`
		if db.dialect == Postgres {
			lock += ` FOR UPDATE`
		}
		var id int64
		if err := c.queryRow(ctx, lock, userID).Scan(&id); errors.Is(err, sql.ErrNoRows) {
			return marquee.Errorf(marquee.ENotFound, "User not found")
		} else if err != nil {
			return fmt.Errorf("store: create reminder: lock user %d: %w", userID, err)
		}
		var active int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM reminders WHERE user_id = ? AND sent_at IS NULL`, userID).Scan(&active); err != nil {
			return fmt.Errorf("store: create reminder: count user %d's reminders: %w", userID, err)
		}
		if active >= ActiveRemindersMax {
			return marquee.Errorf(marquee.EInvalid, "You already have 200 upcoming reminders. Delete one before adding another.")
		}
		var category any // NULL for a festival date's reminder
		if nr.IsDeadline() {
			category = nr.CategoryID
			var same int
			if err := c.queryRow(ctx, `SELECT COUNT(*) FROM reminders WHERE user_id = ? AND category_id = ? AND deadline_tier = ?
				AND preference = ? AND sent_at IS NULL`, userID, nr.CategoryID, string(nr.Tier), string(nr.Preference)).Scan(&same); err != nil {
				return fmt.Errorf("store: create reminder: find user %d's reminders of category %d: %w", userID, nr.CategoryID, err)
			}
			if same > 0 {
				return marquee.Errorf(marquee.EConflict, "You already have this reminder for this deadline.")
			}
		}
		r, err := scanReminder(c.queryRow(ctx, `INSERT INTO reminders (user_id, festival_name, festival_slug, festival_date, preference, language, send_at, created_at,
			category_id, category_name, deadline_tier)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+reminderReturning,
			userID, nr.FestivalName, nr.FestivalSlug, nr.Date, string(nr.Preference), language, sendAt, db.now(),
			category, nr.CategoryName, string(nr.Tier)))
		if err != nil {
			return fmt.Errorf("store: create reminder for user %d: %w", userID, err)
		}
		out = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// List returns the signed-in user's reminders, sent or not, by festival date
// (then send time).
func (db *ReminderService) List(ctx context.Context) ([]*marquee.Reminder, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	userID := u.ID
	rows, err := db.reader().query(ctx, `SELECT `+reminderColumns+` FROM reminders r
		WHERE r.user_id = ? ORDER BY r.festival_date, r.send_at, r.id`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: list reminders of user %d: %w", userID, err)
	}
	defer rows.Close()
	out := []*marquee.Reminder{}
	for rows.Next() {
		r, err := scanReminder(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan reminder: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list reminders of user %d: %w", userID, err)
	}
	return out, nil
}

// Delete deletes the signed-in user's reminder id; another user's
// reminder or an unknown id is ENotFound.
func (db *ReminderService) Delete(ctx context.Context, id int64) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	res, err := db.writer().exec(ctx, `DELETE FROM reminders WHERE id = ? AND user_id = ?`, id, u.ID)
	if err != nil {
		return fmt.Errorf("store: delete reminder %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("store: delete reminder %d: %w", id, err)
	} else if n == 0 {
		return marquee.Errorf(marquee.ENotFound, "Reminder not found")
	}
	return nil
}

// SendDue takes up to limit due reminders (send time reached, not
// yet sent), oldest first, marks each sent and puts its e-mail, written by
// compose, in the outbox with status (MailQueued when an SMTP server will
// deliver it, MailKept otherwise), all in one transaction. It returns how
// many reminders it sent. Several workers may call it at once, on several
// nodes: PostgreSQL hands each due row to one of them (FOR UPDATE SKIP
// LOCKED), SQLite's single writer runs them one after the other, and the
// sent_at guard makes every reminder produce exactly one e-mail.
//
// A reminder of a user whose address is not confirmed is not due: it is
// left unsent, and becomes due when the address is confirmed. Sent then,
// after its day, it still goes (late, as one the worker could not send in
// time does), and its e-mail says the date rather than "tomorrow" (see
// mail.Composer.Reminder).
func (db *ReminderService) SendDue(ctx context.Context, limit int, compose marquee.ComposeReminder, status marquee.MailStatus) (int, error) {
	if status != marquee.MailQueued && status != marquee.MailKept {
		return 0, fmt.Errorf("store: send due reminders: status %q (want queued or kept)", status)
	}
	if limit <= 0 {
		limit = 100
	}
	sent := 0
	err := db.inTx(ctx, func(c conn) error {
		now := db.now()
		q := `SELECT ` + reminderColumns + `, u.email FROM reminders r JOIN users u ON u.id = r.user_id
			WHERE r.sent_at IS NULL AND r.send_at <= ? AND u.email_verified_at IS NOT NULL ORDER BY r.send_at, r.id LIMIT ?`
		if db.dialect == Postgres {
			q += ` FOR UPDATE OF r SKIP LOCKED`
		}
		rows, err := c.query(ctx, q, now, limit)
		if err != nil {
			return fmt.Errorf("store: select due reminders: %w", err)
		}
		type due struct {
			r  *marquee.Reminder
			to string
		}
		var work []due
		for rows.Next() {
			var to string
			r, err := scanReminder(rows, &to)
			if err != nil {
				rows.Close()
				return fmt.Errorf("store: scan due reminder: %w", err)
			}
			work = append(work, due{r, to})
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: select due reminders: %w", err)
		}
		for _, d := range work {
			res, err := c.exec(ctx, `UPDATE reminders SET sent_at = ? WHERE id = ? AND sent_at IS NULL`, now, d.r.ID)
			if err != nil {
				return fmt.Errorf("store: mark reminder %d sent: %w", d.r.ID, err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("store: mark reminder %d sent: %w", d.r.ID, err)
			} else if n == 0 {
				continue // another worker sent it in the meantime
			}
			d.r.SentAt = &now
			m := compose(d.r, d.to)
			m.Status = status
			if err := insertMail(ctx, c, &m, now); err != nil {
				return fmt.Errorf("store: queue mail for reminder %d: %w", d.r.ID, err)
			}
			sent++
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return sent, nil
}
