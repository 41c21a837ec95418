package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// analyticsFestival finds a festival the signed-in user manages.
func (s *AnalyticsService) analyticsFestival(ctx context.Context, slug string) (int64, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return 0, err
	}
	var f marquee.Festival
	err = s.reader().queryRow(ctx, `SELECT id, organiser_id FROM festivals WHERE slug = ?`, strings.TrimSpace(slug)).Scan(&f.ID, &f.OrganiserID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return 0, fmt.Errorf("store: analytics of %q: %w", slug, err)
	}
	if !marquee.CanManageFestival(u, &f) {
		return 0, marquee.ErrFestivalNotFound()
	}
	return f.ID, nil
}

// FestivalAnalytics answers a managed festival's analytics over r, in
// the festival's days, from per-day rollups only (submission_rollups,
// page_view_days, page_view_sources, promotion_days): 5,000 submissions
// or a million views are a few hundred rows, never a scan of either.
func (s *AnalyticsService) FestivalAnalytics(ctx context.Context, slug string, r marquee.AnalyticsRange) (*marquee.Analytics, error) {
	id, err := s.analyticsFestival(ctx, slug)
	if err != nil {
		return nil, err
	}
	c := s.reader()
	loc, err := festivalLocation(ctx, c, id)
	if err != nil {
		return nil, err
	}
	now := s.now().In(loc)
	today := now.Format(time.DateOnly)
	a := &marquee.Analytics{Range: r, From: r.FirstDay(now), To: today, TimeZone: loc.String(),
		Submissions: []marquee.DayCount{}, Deadlines: []marquee.DeadlineMarker{}, ByCategory: []marquee.NamedCount{},
		ByCountry: []marquee.NamedCount{}, ByStatus: []marquee.NamedCount{}, FeeIncome: []marquee.TierIncome{},
		PageViews: []marquee.PageViewDay{}, Sources: []marquee.NamedCount{}, Campaigns: []marquee.CampaignStats{}}
	if err := s.submissionFigures(ctx, c, id, a); err != nil {
		return nil, err
	}
	if err := s.viewFigures(ctx, c, id, a); err != nil {
		return nil, err
	}
	if err := s.campaignFigures(ctx, c, id, a); err != nil {
		return nil, err
	}
	if a.Tickets, err = ticketStatsByScreening(ctx, c, id); err != nil {
		return nil, err
	}
	first := a.From
	if first == "" {
		first = today
		if len(a.Submissions) > 0 {
			first = min(first, a.Submissions[0].Day)
		}
		if len(a.PageViews) > 0 {
			first = min(first, a.PageViews[0].Day)
		}
		a.From = first
	}
	a.Submissions = fillDays(a.Submissions, first, today)
	a.PageViews = fillViewDays(a.PageViews, first, today)
	deadlines := a.Deadlines[:0]
	for _, d := range a.Deadlines {
		if d.Date >= first {
			deadlines = append(deadlines, d)
		}
	}
	a.Deadlines = deadlines
	return a, nil
}

// submissionFigures fills the submission tables of a from the festival's
// submission rollups of the days from a.From (all days when empty).
func (s *AnalyticsService) submissionFigures(ctx context.Context, c conn, id int64, a *marquee.Analytics) error {
	names := map[int64]string{}
	rows, err := c.query(ctx, `SELECT id, name FROM festival_categories WHERE festival_id = ?`, id)
	if err != nil {
		return fmt.Errorf("store: analytics categories of festival %d: %w", id, err)
	}
	err = scanEach(rows, func() error {
		var cid int64
		var name string
		if err := rows.Scan(&cid, &name); err != nil {
			return err
		}
		names[cid] = name
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: analytics categories of festival %d: %w", id, err)
	}
	rows, err = c.query(ctx, `SELECT c.name, d.tier, d.due_on FROM festival_deadlines d JOIN festival_categories c ON c.id = d.category_id
		WHERE d.festival_id = ? ORDER BY d.due_on, c.position`, id)
	if err != nil {
		return fmt.Errorf("store: analytics deadlines of festival %d: %w", id, err)
	}
	err = scanEach(rows, func() error {
		var d marquee.DeadlineMarker
		if err := rows.Scan(&d.Category, &d.Tier, &d.Date); err != nil {
			return err
		}
		a.Deadlines = append(a.Deadlines, d)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: analytics deadlines of festival %d: %w", id, err)
	}
	// The rollups of the range: per day entered, then each facet summed.
	rows, err = c.query(ctx, `SELECT day, count FROM submission_rollups WHERE festival_id = ? AND facet = 'day' AND day >= ? AND count <> 0 ORDER BY day`,
		id, a.From)
	if err != nil {
		return fmt.Errorf("store: analytics submissions of festival %d: %w", id, err)
	}
	err = scanEach(rows, func() error {
		var d marquee.DayCount
		if err := rows.Scan(&d.Day, &d.Count); err != nil {
			return err
		}
		a.TotalSubmissions += d.Count
		a.Submissions = append(a.Submissions, d)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: analytics submissions of festival %d: %w", id, err)
	}
	sums, err := s.facetSums(ctx, c, id, a.From)
	if err != nil {
		return fmt.Errorf("store: analytics submissions of festival %d: %w", id, err)
	}
	fees := map[marquee.DeadlineTier]*marquee.TierIncome{}
	for _, f := range sums {
		switch f.facet {
		case "category":
			cid, _ := strconv.ParseInt(f.key, 10, 64)
			a.ByCategory = append(a.ByCategory, marquee.NamedCount{Key: f.key, Label: names[cid], Count: f.count})
		case "country":
			a.ByCountry = append(a.ByCountry, marquee.NamedCount{Key: f.key, Label: f.key, Count: f.count})
		case "status":
			a.ByStatus = append(a.ByStatus, marquee.NamedCount{Key: f.key, Label: f.key, Count: f.count})
		case "tier":
			fees[marquee.DeadlineTier(f.key)] = &marquee.TierIncome{Tier: marquee.DeadlineTier(f.key), Submissions: f.count, Credits: f.credits}
		}
	}
	for _, t := range marquee.Tiers {
		if f := fees[t]; f != nil {
			a.FeeIncome = append(a.FeeIncome, *f)
		} else {
			a.FeeIncome = append(a.FeeIncome, marquee.TierIncome{Tier: t})
		}
	}
	for _, xs := range [][]marquee.NamedCount{a.ByCategory, a.ByCountry, a.ByStatus} {
		sortNamed(xs)
	}
	return nil
}

// sortNamed orders counts highest first, then by key.
func sortNamed(xs []marquee.NamedCount) {
	slices.SortFunc(xs, func(x, y marquee.NamedCount) int {
		if x.Count != y.Count {
			return cmp.Compare(y.Count, x.Count)
		}
		return cmp.Compare(x.Key, y.Key)
	})
}

// viewFigures fills the page views and sources of a from the rollups.
func (s *AnalyticsService) viewFigures(ctx context.Context, c conn, id int64, a *marquee.Analytics) error {
	rows, err := c.query(ctx, `SELECT day, views, visitors FROM page_view_days WHERE festival_id = ? AND day >= ? AND day <> '*' ORDER BY day`, id, a.From)
	if err != nil {
		return fmt.Errorf("store: analytics views of festival %d: %w", id, err)
	}
	err = scanEach(rows, func() error {
		var d marquee.PageViewDay
		if err := rows.Scan(&d.Day, &d.Views, &d.Visitors); err != nil {
			return err
		}
		a.TotalViews += d.Views
		a.TotalVisitors += d.Visitors
		a.PageViews = append(a.PageViews, d)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: analytics views of festival %d: %w", id, err)
	}
	sources, args := `SELECT source, views FROM page_view_sources WHERE festival_id = ? AND day = '*'`, []any{id}
	if a.From != "" {
		sources = `SELECT source, SUM(views) FROM page_view_sources WHERE festival_id = ? AND day >= ? GROUP BY source`
		args = append(args, a.From)
	}
	rows, err = c.query(ctx, sources, args...)
	if err != nil {
		return fmt.Errorf("store: analytics sources of festival %d: %w", id, err)
	}
	err = scanEach(rows, func() error {
		var n marquee.NamedCount
		if err := rows.Scan(&n.Key, &n.Count); err != nil {
			return err
		}
		n.Label = n.Key
		a.Sources = append(a.Sources, n)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: analytics sources of festival %d: %w", id, err)
	}
	sortNamed(a.Sources)
	if len(a.Sources) > 50 {
		a.Sources = a.Sources[:50]
	}
	return nil
}

// campaignFigures fills the festival's campaigns and their events in the
// range.
func (s *AnalyticsService) campaignFigures(ctx context.Context, c conn, id int64, a *marquee.Analytics) error {
	rows, err := c.query(ctx, `SELECT p.id, p.days, p.status, p.starts_at, p.ends_at,
			COALESCE(SUM(d.views), 0), COALESCE(SUM(d.visitors), 0), COALESCE(SUM(d.clicks), 0)
		FROM promotions p LEFT JOIN promotion_days d ON d.promotion_id = p.id AND d.day >= ?
		WHERE p.festival_id = ? GROUP BY p.id, p.days, p.status, p.starts_at, p.ends_at ORDER BY p.id DESC LIMIT 100`, a.From, id)
	if err != nil {
		return fmt.Errorf("store: analytics campaigns of festival %d: %w", id, err)
	}
	err = scanEach(rows, func() error {
		var x marquee.CampaignStats
		if err := rows.Scan(&x.ID, &x.Days, &x.Status, &x.StartsAt, &x.EndsAt, &x.Views, &x.Visitors, &x.Clicks); err != nil {
			return err
		}
		a.Campaigns = append(a.Campaigns, x)
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: analytics campaigns of festival %d: %w", id, err)
	}
	return nil
}

// fillDays returns days with every day from first to last, cumulated.
func fillDays(days []marquee.DayCount, first, last string) []marquee.DayCount {
	out := []marquee.DayCount{}
	i := 0
	var total int64
	eachDay(first, last, func(day string) {
		d := marquee.DayCount{Day: day}
		for i < len(days) && days[i].Day < day {
			i++
		}
		if i < len(days) && days[i].Day == day {
			d.Count = days[i].Count
		}
		total += d.Count
		d.Cumulative = total
		out = append(out, d)
	})
	return out
}

// fillViewDays returns days with every day from first to last.
func fillViewDays(days []marquee.PageViewDay, first, last string) []marquee.PageViewDay {
	out := []marquee.PageViewDay{}
	i := 0
	eachDay(first, last, func(day string) {
		d := marquee.PageViewDay{Day: day}
		for i < len(days) && days[i].Day < day {
			i++
		}
		if i < len(days) && days[i].Day == day {
			d = days[i]
		}
		out = append(out, d)
	})
	return out
}

// eachDay calls fn with each day from first to last (YYYY-MM-DD).
func eachDay(first, last string, fn func(string)) {
	t, err := time.Parse(time.DateOnly, first)
	if err != nil {
		return
	}
	for day := t.Format(time.DateOnly); day <= last; day = t.Format(time.DateOnly) {
		fn(day)
		t = t.AddDate(0, 0, 1)
	}
}
