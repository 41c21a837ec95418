package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Sitemap returns every approved festival's slug and update time, oldest
// registration first: one read of two columns (the server keeps the
// sitemap it makes of them for a few minutes per node).
func (db *FestivalService) Sitemap(ctx context.Context) ([]marquee.FestivalSitemapEntry, error) {
	rows, err := db.reader().query(ctx, `SELECT slug, updated_at FROM festivals WHERE status = ? ORDER BY id`, string(marquee.FestivalApproved))
	if err != nil {
		return nil, fmt.Errorf("store: festival sitemap: %w", err)
	}
	defer rows.Close()
	out := []marquee.FestivalSitemapEntry{}
	for rows.Next() {
		var e marquee.FestivalSitemapEntry
		if err := rows.Scan(&e.Slug, &e.UpdatedAt); err != nil {
			return nil, fmt.Errorf("store: scan festival sitemap entry: %w", err)
		}
		e.UpdatedAt = e.UpdatedAt.UTC()
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: festival sitemap: %w", err)
	}
	return out, nil
}
