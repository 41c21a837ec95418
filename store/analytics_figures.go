package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// SiteFigures answers the installation's real numbers (admins only):
// festivals and their countries from the in-memory search index, sign-ups
// and submissions from the dashboard_days rollup; no count of a large
// table.
func (s *AnalyticsService) SiteFigures(ctx context.Context) (*marquee.SiteFigures, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	f := &marquee.SiteFigures{}
	var err error
	if f.Festivals, f.Countries, err = s.searchIndex.Stats(ctx, indexLoader{s.DB}); err != nil {
		return nil, fmt.Errorf("store: site figures: %w", err)
	}
	if err := s.reader().queryRow(ctx, `SELECT COALESCE(SUM(signups), 0), COALESCE(SUM(submissions), 0) FROM dashboard_days`).
		Scan(&f.Filmmakers, &f.Submissions); err != nil {
		return nil, fmt.Errorf("store: site figures: %w", err)
	}
	return f, nil
}
