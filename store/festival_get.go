package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Public returns an approved festival by slug with its categories (each
// with the tier that applies today); any other is ErrFestivalNotFound.
func (db *FestivalService) Public(ctx context.Context, slug string) (*marquee.Festival, error) {
	f, err := loadFestival(ctx, db.reader(), db.today(), `f.slug = ?`, slug)
	if err != nil {
		return nil, err
	}
	if !marquee.CanSeeFestival(marquee.UserFromContext(ctx), f) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return f, nil
}

// Managed returns a festival in full (categories, criteria) by slug to
// its organiser or an admin; to anyone else it does not exist.
func (db *FestivalService) Managed(ctx context.Context, slug string) (*marquee.Festival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadFestival(ctx, db.reader(), db.today(), `f.slug = ?`, slug)
	if err != nil {
		return nil, err
	}
	if !marquee.CanManageFestival(u, f) {
		return nil, marquee.ErrFestivalNotFound()
	}
	if err := attachRevisions(ctx, db.reader(), f); err != nil {
		return nil, err
	}
	return f, nil
}

// FestivalByID returns a festival in full by id, whoever asks: for tests
// and commands, never for a request.
func (db *FestivalService) FestivalByID(ctx context.Context, id int64) (*marquee.Festival, error) {
	return loadFestival(ctx, db.reader(), db.today(), `f.id = ?`, id)
}

// ListManaged returns the signed-in user's festivals, any status, newest first.
func (db *FestivalService) ListManaged(ctx context.Context) ([]*marquee.Festival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := db.refreshDaily(ctx); err != nil {
		return nil, err
	}
	rows, err := db.reader().query(ctx, `SELECT `+festivalColumns+` FROM festivals f
		WHERE f.organiser_id = ? ORDER BY f.created_at DESC, f.id DESC`, u.ID)
	if err != nil {
		return nil, fmt.Errorf("store: list festivals of user %d: %w", u.ID, err)
	}
	out, err := scanFestivals(rows)
	if err != nil {
		return nil, fmt.Errorf("store: list festivals of user %d: %w", u.ID, err)
	}
	return out, nil
}

// ListForReview returns a page of festivals with the filter's status ("" for
// all), newest first, and their count (admin only); with f.Revisions, the
// approved festivals with a pending revision, newest revision first. Every
// festival carries its revision, if any.
func (db *FestivalService) ListForReview(ctx context.Context, f marquee.FestivalReviewFilter) (*marquee.Page[*marquee.Festival], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	from, where, order, args := ` FROM festivals f`, "", `f.created_at DESC, f.id DESC`, []any{}
	if f.Status != "" {
		if !f.Status.Valid() {
			return nil, fmt.Errorf("store: list festivals: unknown status %q", f.Status)
		}
		where, args = ` WHERE f.status = ?`, append(args, string(f.Status))
	}
	if f.Revisions {
		from = ` FROM festivals f JOIN festival_revisions r ON r.festival_id = f.id AND r.status = 'pending'`
		where, args = ` WHERE f.status = 'approved'`, []any{}
		order = `r.created_at DESC, f.id DESC`
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.AdminFestivalsPerPage
	}
	if err := db.refreshDaily(ctx); err != nil {
		return nil, err
	}
	var total int64
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*)`+from+where, args...).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count festivals: %w", err)
	}
	rows, err := db.reader().query(ctx, `SELECT `+festivalColumns+from+where+`
		ORDER BY `+order+limitOffset(f.PerPage), append(args, f.Offset())...)
	if err != nil {
		return nil, fmt.Errorf("store: list festivals: %w", err)
	}
	out, err := scanFestivals(rows)
	if err != nil {
		return nil, fmt.Errorf("store: list festivals: %w", err)
	}
	if err := attachRevisions(ctx, db.reader(), out...); err != nil {
		return nil, err
	}
	return marquee.NewPage(out, total, max(f.Page, 1), f.PerPage), nil
}

// Count returns how many festivals there are, any status: for commands
// (the seed's demo mode), never for a request.
func (db *FestivalService) Count(ctx context.Context) (int64, error) {
	var n int64
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM festivals`).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: count festivals: %w", err)
	}
	return n, nil
}
