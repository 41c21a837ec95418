package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/marquee-festival/marquee"
)

// AnalyticsService counts page views and campaign events the
// privacy-first way and answers organisers' analytics.
//
// A visitor is sha256(salt of the day || scope || IP || user agent): the
// salt is random, one analytics_salts row per day that every node reads
// (created with INSERT ... ON CONFLICT DO NOTHING), and the worker deletes
// it with the day's analytics_visitors hashes once the day has ended in
// every time zone (ForgetVisitors). The rollups (page_view_days,
// page_view_sources, promotion_days) keep counts only; no IP or user
// agent is stored anywhere.
type AnalyticsService struct {
	service
	// salts caches the salt of each day read from analytics_salts (a row
	// never changes while it exists).
	salts sync.Map // day -> []byte
	// ranges keeps the facet sums of ranges of days (analytics_range_cache.go).
	ranges rangeCache
}

// festivalLocation returns the time zone whose calendar days a
// festival's analytics count in: the festival's own (festivals.time_zone,
// or until its organiser sets one the default of its country and city,
// marquee.FestivalTimeZone). Every rollup and the analytics read follow it.
func festivalLocation(ctx context.Context, c conn, festivalID int64) (*time.Location, error) {
	var name, country, city string
	if err := c.queryRow(ctx, `SELECT time_zone, country, city FROM festivals WHERE id = ?`, festivalID).Scan(&name, &country, &city); err != nil {
		return nil, fmt.Errorf("store: time zone of festival %d: %w", festivalID, err)
	}
	return marquee.ZoneLocation(marquee.FestivalTimeZone(name, country, city)), nil
}

// visitorHash returns the day's hash of a visitor in scope.
func visitorHash(salt []byte, scope, ip, userAgent string) string {
	h := sha256.New()
	h.Write(salt)
	h.Write([]byte{0})
	h.Write([]byte(scope))
	h.Write([]byte{0})
	h.Write([]byte(ip))
	h.Write([]byte{0})
	h.Write([]byte(userAgent))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// saltOf returns the salt of day, creating the day's row the first time
// any node needs it.
func (s *AnalyticsService) saltOf(ctx context.Context, day string) ([]byte, error) {
	if v, ok := s.salts.Load(day); ok {
		return v.([]byte), nil
	}
	var salt string
	err := s.reader().queryRow(ctx, `SELECT salt FROM analytics_salts WHERE day = ?`, day).Scan(&salt)
	if errors.Is(err, sql.ErrNoRows) {
		b := make([]byte, 32)
		if _, err := rand.Read(b); err != nil {
			return nil, fmt.Errorf("store: salt of %s: %w", day, err)
		}
		if _, err := s.writer().exec(ctx, `INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT (day) DO NOTHING`,
			day, hex.EncodeToString(b)); err != nil {
			return nil, fmt.Errorf("store: salt of %s: %w", day, err)
		}
		err = s.writer().queryRow(ctx, `SELECT salt FROM analytics_salts WHERE day = ?`, day).Scan(&salt)
	}
	if err != nil {
		return nil, fmt.Errorf("store: salt of %s: %w", day, err)
	}
	b, err := hex.DecodeString(salt)
	if err != nil {
		return nil, fmt.Errorf("store: salt of %s: %w", day, err)
	}
	s.salts.Store(day, b)
	return b, nil
}

// newVisitor adds hash to the day's set and reports whether it is new.
func newVisitor(ctx context.Context, c conn, day, hash string) (int64, error) {
	r, err := c.exec(ctx, `INSERT INTO analytics_visitors (day, hash) VALUES (?, ?) ON CONFLICT (day, hash) DO NOTHING`, day, hash)
	if err != nil {
		return 0, fmt.Errorf("store: visitor of %s: %w", day, err)
	}
	n, err := r.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("store: visitor of %s: %w", day, err)
	}
	return n, nil
}

// RecordPageView counts a view of an approved festival's page: a view
// on the festival's local day, a visitor when the day's hash is new, and
// a view of its source. A bot's view is dropped without an error.
func (s *AnalyticsService) RecordPageView(ctx context.Context, v marquee.PageView) error {
	var id int64
	err := s.reader().queryRow(ctx, `SELECT id FROM festivals WHERE slug = ? AND status = 'approved'`, strings.TrimSpace(v.Slug)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return marquee.ErrFestivalNotFound()
	} else if err != nil {
		return fmt.Errorf("store: page view of %q: %w", v.Slug, err)
	}
	if marquee.IsBot(v.UserAgent) {
		return nil
	}
	loc, err := festivalLocation(ctx, s.reader(), id)
	if err != nil {
		return err
	}
	day := s.now().In(loc).Format(time.DateOnly)
	salt, err := s.saltOf(ctx, day)
	if err != nil {
		return err
	}
	hash := visitorHash(salt, "page:"+strconv.FormatInt(id, 10), v.IP, v.UserAgent)
	source := marquee.ViewSource(v.Referrer, v.Host)
	return s.inTx(ctx, func(c conn) error {
		n, err := newVisitor(ctx, c, day, hash)
		if err != nil {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO page_view_days (festival_id, day, views, visitors) VALUES (?, ?, 1, ?)
			ON CONFLICT (festival_id, day) DO UPDATE SET views = page_view_days.views + 1, visitors = page_view_days.visitors + excluded.visitors`,
			id, day, n); err != nil {
			return fmt.Errorf("store: page view of festival %d: %w", id, err)
		}
		// The source on its day and on all days ('*', allDays).
		if _, err := c.exec(ctx, `INSERT INTO page_view_sources (festival_id, day, source, views) VALUES (?, ?, ?, 1), (?, '*', ?, 1)
			ON CONFLICT (festival_id, day, source) DO UPDATE SET views = page_view_sources.views + 1`, id, day, source, id, source); err != nil {
			return fmt.Errorf("store: page view source of festival %d: %w", id, err)
		}
		return nil
	})
}

// RecordCampaignEvents counts impressions (or a click) of the running
// campaigns e names, on the UTC day; unknown or ended campaigns are
// skipped. A bot's events are dropped.
func (s *AnalyticsService) RecordCampaignEvents(ctx context.Context, e marquee.CampaignEvents) error {
	if err := e.Validate(); err != nil {
		return err
	}
	if marquee.IsBot(e.UserAgent) {
		return nil
	}
	day := s.now().Format(time.DateOnly)
	salt, err := s.saltOf(ctx, day)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		seen := map[int64]bool{}
		for _, id := range e.IDs {
			if seen[id] {
				continue
			}
			seen[id] = true
			var ok int
			err := c.queryRow(ctx, `SELECT 1 FROM promotions WHERE id = ? AND status = 'active'`, id).Scan(&ok)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			} else if err != nil {
				return fmt.Errorf("store: campaign %d: %w", id, err)
			}
			views, clicks := int64(1), int64(0)
			if e.Kind == marquee.CampaignClick {
				views, clicks = 0, 1
			}
			var visitors int64
			if e.Kind == marquee.CampaignView {
				hash := visitorHash(salt, "campaign:"+strconv.FormatInt(id, 10), e.IP, e.UserAgent)
				if visitors, err = newVisitor(ctx, c, day, hash); err != nil {
					return err
				}
			}
			if _, err := c.exec(ctx, `INSERT INTO promotion_days (promotion_id, day, views, clicks, visitors) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (promotion_id, day) DO UPDATE SET views = promotion_days.views + excluded.views,
					clicks = promotion_days.clicks + excluded.clicks, visitors = promotion_days.visitors + excluded.visitors`,
				id, day, views, clicks, visitors); err != nil {
				return fmt.Errorf("store: events of campaign %d: %w", id, err)
			}
		}
		return nil
	})
}

// ForgetVisitors deletes the salts and visitor hashes of the days before
// yesterday (UTC): by then the day has ended in every time zone, so no
// count needs them, and yesterday's visitor can no longer be recognised.
func (s *AnalyticsService) ForgetVisitors(ctx context.Context) (int64, error) {
	before := s.now().AddDate(0, 0, -1).Format(time.DateOnly)
	var n int64
	err := s.inTx(ctx, func(c conn) error {
		r, err := c.exec(ctx, `DELETE FROM analytics_visitors WHERE day < ?`, before)
		if err != nil {
			return fmt.Errorf("store: forget visitors: %w", err)
		}
		if n, err = r.RowsAffected(); err != nil {
			return fmt.Errorf("store: forget visitors: %w", err)
		}
		if _, err := c.exec(ctx, `DELETE FROM analytics_salts WHERE day < ?`, before); err != nil {
			return fmt.Errorf("store: forget salts: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	s.salts.Range(func(k, _ any) bool {
		if k.(string) < before {
			s.salts.Delete(k)
		}
		return true
	})
	return n, nil
}
