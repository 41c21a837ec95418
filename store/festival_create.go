package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// CreateFestival stores a new pending festival organised by organiserID, with
// a unique slug made from its name, and makes a filmmaker organiser its
// organiser role, in one transaction. d must already be validated (it is
// validated again, so that nothing invalid is ever stored).
func (db *DB) CreateFestival(ctx context.Context, organiserID int64, d marquee.FestivalDetails) (*marquee.Festival, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	var f *marquee.Festival
	// Two festivals of the same name created at once on PostgreSQL can
	// pick the same slug; the loser tries again with the next one.
	for attempt := 1; ; attempt++ {
		err := db.inTx(ctx, func(c conn) error {
			slug, err := uniqueSlug(ctx, c, d.Name, nil)
			if err != nil {
				return err
			}
			now := db.now()
			var id int64
			err = c.queryRow(ctx, `INSERT INTO festivals (slug, organiser_id, name, description, location, country, city, website,
					start_date, end_date, contact_email, status, rejection_reason, version, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', '', 1, ?, ?) RETURNING id`,
				slug, organiserID, d.Name, d.Description, d.Location, d.Country, d.City, d.Website,
				d.StartDate, d.EndDate, d.ContactEmail, now, now).Scan(&id)
			if err != nil {
				return fmt.Errorf("store: create festival %q: %w", slug, err)
			}
			if err := promoteOrganiser(ctx, c, organiserID); err != nil {
				return err
			}
			if err := markIndexChanged(ctx, c, id); err != nil {
				return err
			}
			f, err = db.loadFestival(ctx, c, `f.id = ?`, id)
			return err
		})
		if isUniqueViolation(err) && attempt < 5 {
			continue
		}
		if err != nil {
			return nil, err
		}
		return f, nil
	}
}

// promoteOrganiser makes a filmmaker an organiser (admins stay admins).
func promoteOrganiser(ctx context.Context, c conn, userID int64) error {
	if _, err := c.exec(ctx, `UPDATE users SET role = 'organiser', updated_at = ? WHERE id = ? AND role = 'filmmaker'`, c.db.now(), userID); err != nil {
		return fmt.Errorf("store: make user %d an organiser: %w", userID, err)
	}
	return nil
}
