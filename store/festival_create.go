package store

import (
	"context"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// FestivalService implements marquee.FestivalService.
type FestivalService struct{ service }

var _ marquee.FestivalService = (*FestivalService)(nil)

// Create validates d as a new festival (its start not in the past) and
// stores it pending review, its time zone not chosen (it follows the
// festival's place: marquee.FestivalTimeZone), organised by the signed-in user, with a unique
// slug made from its name; the organiser's role follows
// marquee.RoleAfterFestivalRegistration in the same transaction.
func (db *FestivalService) Create(ctx context.Context, d marquee.FestivalDetails) (*marquee.Festival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := d.ValidateNew(db.today()); err != nil {
		return nil, err
	}
	organiserID := u.ID
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
					start_date, end_date, contact_email, status, rejection_reason, version, created_at, updated_at, time_zone)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', '', 1, ?, ?, '') RETURNING id`,
				slug, organiserID, d.Name, d.Description, d.Location, d.Country, d.City, d.Website,
				d.StartDate, d.EndDate, d.ContactEmail, now, now).Scan(&id)
			if err != nil {
				return fmt.Errorf("store: create festival %q: %w", slug, err)
			}
			if err := setRoleFrom(ctx, c, now, organiserID, u.Role, marquee.RoleAfterFestivalRegistration(u.Role)); err != nil {
				return err
			}
			if err := markIndexChanged(ctx, c, id); err != nil {
				return err
			}
			f, err = loadFestival(ctx, c, marquee.Today(now), `f.id = ?`, id)
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

// setRoleFrom changes user userID's role from one to to, if it still is
// from (nothing when the two are the same).
func setRoleFrom(ctx context.Context, c conn, now time.Time, userID int64, from, to marquee.Role) error {
	if from == to {
		return nil
	}
	if _, err := c.exec(ctx, `UPDATE users SET role = ?, updated_at = ? WHERE id = ? AND role = ?`, string(to), now, userID, string(from)); err != nil {
		return fmt.Errorf("store: make user %d %s: %w", userID, to, err)
	}
	return nil
}
