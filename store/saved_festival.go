package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// SavedFestivalService implements marquee.SavedFestivalService over
// saved_festivals.
type SavedFestivalService struct {
	service
}

var _ marquee.SavedFestivalService = (*SavedFestivalService)(nil)

// List returns the signed-in user's saved approved festivals with the
// next deadline of each (the earliest tier on or after today across its
// categories; ties by category order, then tier order), sorted by
// marquee.SortSavedFestivals. Two queries: the festivals, their deadlines.
func (s *SavedFestivalService) List(ctx context.Context) ([]*marquee.SavedFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	c := s.reader()
	rows, err := c.query(ctx, `SELECT f.id, f.slug, f.name, f.city, f.country, sf.created_at
		FROM saved_festivals sf JOIN festivals f ON f.id = sf.festival_id
		WHERE sf.user_id = ? AND f.status = 'approved'`, u.ID)
	if err != nil {
		return nil, fmt.Errorf("store: saved festivals of user %d: %w", u.ID, err)
	}
	out := []*marquee.SavedFestival{}
	byID := map[int64]*marquee.SavedFestival{}
	for rows.Next() {
		var sf marquee.SavedFestival
		if err := rows.Scan(&sf.FestivalID, &sf.FestivalSlug, &sf.FestivalName, &sf.City, &sf.Country, &sf.SavedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: saved festivals of user %d: %w", u.ID, err)
		}
		sf.SavedAt = sf.SavedAt.UTC()
		out = append(out, &sf)
		byID[sf.FestivalID] = &sf
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: saved festivals of user %d: %w", u.ID, err)
	}
	if len(out) > 0 {
		ids := make([]int64, 0, len(out))
		for _, sf := range out {
			ids = append(ids, sf.FestivalID)
		}
		d, err := c.query(ctx, `SELECT d.festival_id, d.due_on, d.category_id, c.name, d.tier
			FROM festival_deadlines d JOIN festival_categories c ON c.id = d.category_id
			WHERE d.festival_id IN (`+subMarks(len(ids))+`) AND d.due_on >= ?
			ORDER BY d.festival_id, d.due_on, c.position, CASE d.tier WHEN 'early' THEN 0 WHEN 'regular' THEN 1 ELSE 2 END`,
			append(subArgs(ids), s.today())...)
		if err != nil {
			return nil, fmt.Errorf("store: deadlines of saved festivals: %w", err)
		}
		defer d.Close()
		for d.Next() {
			var fid, cat int64
			var due, name, tier string
			if err := d.Scan(&fid, &due, &cat, &name, &tier); err != nil {
				return nil, fmt.Errorf("store: deadlines of saved festivals: %w", err)
			}
			if sf := byID[fid]; sf != nil && sf.NextDeadline == "" {
				sf.NextDeadline, sf.CategoryID, sf.CategoryName, sf.Tier = due, cat, name, marquee.DeadlineTier(tier)
			}
		}
		if err := d.Err(); err != nil {
			return nil, fmt.Errorf("store: deadlines of saved festivals: %w", err)
		}
	}
	marquee.SortSavedFestivals(out)
	return out, nil
}

// Save adds the approved festival slug to the signed-in user's list
// (again: nothing changes); past marquee.SavedFestivalsMax it is refused.
func (s *SavedFestivalService) Save(ctx context.Context, slug string) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	id, err := s.approvedID(ctx, s.reader(), slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		lock := `SELECT id FROM users WHERE id = ?`
		if s.dialect == Postgres {
			lock += ` FOR UPDATE`
		}
		var uid int64
		if err := c.queryRow(ctx, lock, u.ID).Scan(&uid); err != nil {
			return fmt.Errorf("store: save festival: lock user %d: %w", u.ID, err)
		}
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM saved_festivals WHERE user_id = ?`, u.ID).Scan(&n); err != nil {
			return fmt.Errorf("store: save festival: count: %w", err)
		}
		if n >= marquee.SavedFestivalsMax {
			return marquee.ErrTooManySaved()
		}
		if _, err := c.exec(ctx, `INSERT INTO saved_festivals (user_id, festival_id, created_at) VALUES (?, ?, ?)
			ON CONFLICT (user_id, festival_id) DO NOTHING`, u.ID, id, s.now()); err != nil {
			return fmt.Errorf("store: save festival %d for user %d: %w", id, u.ID, err)
		}
		return nil
	})
}

// Unsave removes the festival slug from the signed-in user's list; one
// not in it, or unknown, changes nothing.
func (s *SavedFestivalService) Unsave(ctx context.Context, slug string) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		if _, err := c.exec(ctx, `DELETE FROM saved_festivals WHERE user_id = ? AND festival_id IN
			(SELECT id FROM festivals WHERE slug = ?)`, u.ID, strings.TrimSpace(slug)); err != nil {
			return fmt.Errorf("store: unsave festival %q for user %d: %w", slug, u.ID, err)
		}
		return nil
	})
}

// approvedID returns the id of the approved festival slug, or
// ErrFestivalNotFound.
func (s *SavedFestivalService) approvedID(ctx context.Context, c conn, slug string) (int64, error) {
	var id int64
	err := c.queryRow(ctx, `SELECT id FROM festivals WHERE slug = ? AND status = 'approved'`, strings.TrimSpace(slug)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return 0, fmt.Errorf("store: find festival %q: %w", slug, err)
	}
	return id, nil
}
