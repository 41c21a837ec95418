package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// followDeadlines keeps festival id's unsent deadline reminders in step
// with its categories, in the transaction c that replaced them
// (ReplaceCategories): a reminder whose tier moved takes the new date and
// send time (marquee.ReminderSendAt), a renamed category its new name, and
// one whose tier no longer exists is deleted (as the category's deletion
// deletes its reminders, by foreign key). Sent reminders are history and
// stay as they were.
func followDeadlines(ctx context.Context, c conn, id int64) error {
	const ofFestival = `sent_at IS NULL AND category_id IN (SELECT id FROM festival_categories WHERE festival_id = ?)`
	if _, err := c.exec(ctx, `DELETE FROM reminders WHERE `+ofFestival+` AND NOT EXISTS (
		SELECT 1 FROM festival_deadlines d WHERE d.category_id = reminders.category_id AND d.tier = reminders.deadline_tier)`, id); err != nil {
		return fmt.Errorf("store: delete festival %d's reminders of removed deadlines: %w", id, err)
	}
	if _, err := c.exec(ctx, `UPDATE reminders SET category_name = (SELECT c.name FROM festival_categories c WHERE c.id = reminders.category_id)
		WHERE `+ofFestival+` AND category_name <> (SELECT c.name FROM festival_categories c WHERE c.id = reminders.category_id)`, id); err != nil {
		return fmt.Errorf("store: rename festival %d's deadline reminders: %w", id, err)
	}
	rows, err := c.query(ctx, `SELECT r.id, r.preference, d.due_on FROM reminders r
		JOIN festival_deadlines d ON d.category_id = r.category_id AND d.tier = r.deadline_tier
		WHERE d.festival_id = ? AND r.sent_at IS NULL AND r.festival_date <> d.due_on`, id)
	if err != nil {
		return fmt.Errorf("store: find festival %d's moved deadline reminders: %w", id, err)
	}
	type moved struct {
		id   int64
		pref string
		date string
	}
	var all []moved
	for rows.Next() {
		var m moved
		if err := rows.Scan(&m.id, &m.pref, &m.date); err != nil {
			rows.Close()
			return fmt.Errorf("store: scan moved deadline reminder: %w", err)
		}
		all = append(all, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: find festival %d's moved deadline reminders: %w", id, err)
	}
	for _, m := range all {
		sendAt, ok := marquee.ReminderSendAt(m.date, marquee.ReminderPreference(m.pref))
		if !ok {
			return fmt.Errorf("store: deadline reminder %d: date %q or preference %q unreadable", m.id, m.date, m.pref)
		}
		if _, err := c.exec(ctx, `UPDATE reminders SET festival_date = ?, send_at = ? WHERE id = ? AND sent_at IS NULL`, m.date, sendAt, m.id); err != nil {
			return fmt.Errorf("store: move deadline reminder %d: %w", m.id, err)
		}
	}
	return nil
}
