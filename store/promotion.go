package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// PromotionService sells promotion campaigns for credits, features the
// promoted festivals (first in the search: markIndexChanged when a
// campaign starts or ends) and ends them, early with a pro rata refund
// or on time through the worker.
type PromotionService struct{ service }

// promotionColumns and promotionFrom read a campaign with its festival
// and buyer (scanPromotion).
const promotionColumns = `p.id, p.festival_id, f.slug, f.name, COALESCE(u.email, ''), p.days, p.credits, p.status, p.end_reason,
	p.refunded_credits, p.starts_at, p.ends_at, p.ended_at, p.created_at`
const promotionFrom = ` FROM promotions p JOIN festivals f ON f.id = p.festival_id LEFT JOIN users u ON u.id = p.user_id`

// scanPromotion reads a row of promotionColumns.
func scanPromotion(row interface{ Scan(...any) error }) (*marquee.Promotion, error) {
	var p marquee.Promotion
	var ended sql.NullTime
	if err := row.Scan(&p.ID, &p.FestivalID, &p.FestivalSlug, &p.FestivalName, &p.OrganiserEmail, &p.Days, &p.Credits, &p.Status,
		&p.EndReason, &p.RefundedCredits, &p.StartsAt, &p.EndsAt, &ended, &p.CreatedAt); err != nil {
		return nil, err
	}
	if ended.Valid {
		t := ended.Time
		p.EndedAt = &t
	}
	return &p, nil
}

// loadPromotion reads campaign id through c.
func loadPromotion(ctx context.Context, c conn, id int64) (*marquee.Promotion, error) {
	p, err := scanPromotion(c.queryRow(ctx, `SELECT `+promotionColumns+promotionFrom+` WHERE p.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrPromotionNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find campaign %d: %w", id, err)
	}
	return p, nil
}

// Prices lists the promotion prices, shortest first.
func (s *PromotionService) Prices(ctx context.Context) ([]marquee.PromotionPrice, error) {
	return promotionPrices(ctx, s.reader())
}

func promotionPrices(ctx context.Context, c conn) ([]marquee.PromotionPrice, error) {
	rows, err := c.query(ctx, `SELECT days, credits, updated_at FROM promotion_prices ORDER BY days`)
	if err != nil {
		return nil, fmt.Errorf("store: promotion prices: %w", err)
	}
	out := []marquee.PromotionPrice{}
	err = scanEach(rows, func() error {
		var p marquee.PromotionPrice
		if err := rows.Scan(&p.Days, &p.Credits, &p.UpdatedAt); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: promotion prices: %w", err)
	}
	return out, nil
}

// UpdatePrice sets the price of a length (admins), with an audit entry
// holding the price before and after, in one transaction.
func (s *PromotionService) UpdatePrice(ctx context.Context, days int, credits int64) (*marquee.PromotionPrice, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if err := marquee.ValidatePromotionPrice(days, credits); err != nil {
		return nil, err
	}
	now := s.now()
	out := &marquee.PromotionPrice{Days: days, Credits: credits, UpdatedAt: now}
	err := s.inTx(ctx, func(c conn) error {
		var before int64
		err := c.queryRow(ctx, `SELECT credits FROM promotion_prices WHERE days = ?`, days).Scan(&before)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrPromotionLength()
		} else if err != nil {
			return fmt.Errorf("store: promotion price of %d days: %w", days, err)
		}
		if _, err := c.exec(ctx, `UPDATE promotion_prices SET credits = ?, updated_at = ? WHERE days = ?`, credits, now, days); err != nil {
			return fmt.Errorf("store: set promotion price of %d days: %w", days, err)
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPromotionPriceChange, TargetType: "promotion_price",
			TargetID: strconv.Itoa(days), Before: auditJSON(map[string]int64{"credits": before}), After: auditJSON(map[string]int64{"credits": credits})})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
