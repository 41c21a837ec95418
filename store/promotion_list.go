package store

import (
	"context"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// Overview answers the signed-in user's promotion screen: their
// festivals (an admin's own too) with any running campaign, the prices
// and their balance.
func (s *PromotionService) Overview(ctx context.Context) (*marquee.PromotionOverview, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	c := s.reader()
	out := &marquee.PromotionOverview{Festivals: []marquee.PromotableFestival{}}
	if out.Prices, err = promotionPrices(ctx, c); err != nil {
		return nil, err
	}
	if err := c.queryRow(ctx, `SELECT credits FROM users WHERE id = ?`, u.ID).Scan(&out.Balance); err != nil {
		return nil, fmt.Errorf("store: balance of user %d: %w", u.ID, err)
	}
	rows, err := c.query(ctx, `SELECT id, slug, name, status FROM festivals WHERE organiser_id = ? ORDER BY name, id LIMIT 200`, u.ID)
	if err != nil {
		return nil, fmt.Errorf("store: festivals of user %d: %w", u.ID, err)
	}
	index := map[int64]int{}
	err = scanEach(rows, func() error {
		var f marquee.PromotableFestival
		if err := rows.Scan(&f.ID, &f.Slug, &f.Name, &f.Status); err != nil {
			return err
		}
		index[f.ID] = len(out.Festivals)
		out.Festivals = append(out.Festivals, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: festivals of user %d: %w", u.ID, err)
	}
	rows, err = c.query(ctx, `SELECT `+promotionColumns+promotionFrom+` WHERE f.organiser_id = ? AND p.status = 'active'`, u.ID)
	if err != nil {
		return nil, fmt.Errorf("store: campaigns of user %d: %w", u.ID, err)
	}
	err = scanEach(rows, func() error {
		p, err := scanPromotion(rows)
		if err != nil {
			return err
		}
		if i, ok := index[p.FestivalID]; ok {
			out.Festivals[i].Campaign = p
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: campaigns of user %d: %w", u.ID, err)
	}
	return out, nil
}

// Featured lists the approved festivals a campaign features now, the
// newest campaign first, at most marquee.MaxFeatured.
func (s *PromotionService) Featured(ctx context.Context) ([]marquee.FeaturedFestival, error) {
	rows, err := s.reader().query(ctx, `SELECT p.id, f.slug, f.name, f.location, f.country, f.start_date, f.end_date
		FROM promotions p JOIN festivals f ON f.id = p.festival_id
		WHERE p.status = 'active' AND f.status = 'approved' AND p.ends_at > ?
		ORDER BY p.starts_at DESC, p.id DESC LIMIT `+strconv.Itoa(marquee.MaxFeatured), s.now())
	if err != nil {
		return nil, fmt.Errorf("store: featured festivals: %w", err)
	}
	out := []marquee.FeaturedFestival{}
	err = scanEach(rows, func() error {
		var f marquee.FeaturedFestival
		if err := rows.Scan(&f.CampaignID, &f.Slug, &f.Name, &f.Location, &f.Country, &f.StartDate, &f.EndDate); err != nil {
			return err
		}
		out = append(out, f)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: featured festivals: %w", err)
	}
	return out, nil
}

// List pages every campaign, newest first (admins).
func (s *PromotionService) List(ctx context.Context, page marquee.PageRequest) (*marquee.Page[*marquee.Promotion], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	page.PerPage = marquee.PromotionsPerPage
	page.Page = max(page.Page, 1)
	c := s.reader()
	total, err := countCapped(ctx, c, "campaigns", `FROM promotions`)
	if err != nil {
		return nil, err
	}
	rows, err := c.query(ctx, `SELECT `+promotionColumns+promotionFrom+` ORDER BY p.id DESC`+limitOffset(page.PerPage), page.Offset())
	if err != nil {
		return nil, fmt.Errorf("store: list campaigns: %w", err)
	}
	items := []*marquee.Promotion{}
	err = scanEach(rows, func() error {
		p, err := scanPromotion(rows)
		if err != nil {
			return err
		}
		items = append(items, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: list campaigns: %w", err)
	}
	return marquee.NewCappedPage(items, total, page.Page, page.PerPage), nil
}
