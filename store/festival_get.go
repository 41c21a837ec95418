package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// FestivalByID returns a festival with its categories (each with Current
// for today) and criteria.
func (db *DB) FestivalByID(ctx context.Context, id int64) (*marquee.Festival, error) {
	return db.loadFestival(ctx, db.reader(), `f.id = ?`, id)
}

// FestivalBySlug is FestivalByID by slug.
func (db *DB) FestivalBySlug(ctx context.Context, slug string) (*marquee.Festival, error) {
	return db.loadFestival(ctx, db.reader(), `f.slug = ?`, slug)
}

// ListOrganiserFestivals returns the festivals organiserID organises, any status, newest first.
func (db *DB) ListOrganiserFestivals(ctx context.Context, organiserID int64) ([]*marquee.Festival, error) {
	if err := db.refreshDaily(ctx); err != nil {
		return nil, err
	}
	rows, err := db.reader().query(ctx, `SELECT `+festivalColumns+` FROM festivals f
		WHERE f.organiser_id = ? ORDER BY f.created_at DESC, f.id DESC`, organiserID)
	if err != nil {
		return nil, fmt.Errorf("store: list festivals of user %d: %w", organiserID, err)
	}
	out, err := scanFestivals(rows)
	if err != nil {
		return nil, fmt.Errorf("store: list festivals of user %d: %w", organiserID, err)
	}
	return out, nil
}

// ListFestivalsForAdmin returns festivals with the status ("" for all),
// newest first, and their count.
func (db *DB) ListFestivalsForAdmin(ctx context.Context, status marquee.FestivalStatus, limit, offset int) ([]*marquee.Festival, int64, error) {
	where, args := "", []any{}
	if status != "" {
		if !status.Valid() {
			return nil, 0, &marquee.Error{Code: marquee.EInvalid, Message: "Unknown festival status (use pending, approved, rejected or all)",
				Fields: map[string]string{"status": "Unknown festival status (use pending, approved, rejected or all)"}}
		}
		where, args = ` WHERE f.status = ?`, append(args, string(status))
	}
	if limit <= 0 || limit > 200 {
		limit = 20
	}
	if err := db.refreshDaily(ctx); err != nil {
		return nil, 0, err
	}
	var total int64
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM festivals f`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: count festivals: %w", err)
	}
	rows, err := db.reader().query(ctx, `SELECT `+festivalColumns+` FROM festivals f`+where+`
		ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`, append(args, limit, max(offset, 0))...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list festivals: %w", err)
	}
	out, err := scanFestivals(rows)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list festivals: %w", err)
	}
	return out, total, nil
}
