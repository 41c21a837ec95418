package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// FestivalPayouts lists the festival's payouts, newest first (its
// organiser or an admin).
func (s *PayoutService) FestivalPayouts(ctx context.Context, slug string, page marquee.PageRequest) (*marquee.Page[*marquee.Payout], error) {
	f, err := s.managedPayoutFestival(ctx, slug)
	if err != nil {
		return nil, err
	}
	return s.listPayouts(ctx, ` WHERE p.festival_id = ?`, []any{f.ID}, page)
}

// AdminPayouts lists every festival's payouts, newest first, narrowed by
// status (admins only).
func (s *PayoutService) AdminPayouts(ctx context.Context, f marquee.PayoutFilter) (*marquee.Page[*marquee.Payout], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	where, args := ` WHERE 1 = 1`, []any{}
	if f.Status != "" {
		where += ` AND p.status = ?`
		args = append(args, string(f.Status))
	}
	return s.listPayouts(ctx, where, args, f.PageRequest)
}

func (s *PayoutService) listPayouts(ctx context.Context, where string, args []any, page marquee.PageRequest) (*marquee.Page[*marquee.Payout], error) {
	if page.PerPage <= 0 {
		page.PerPage = marquee.PayoutsPerPage
	}
	total, err := countCapped(ctx, s.reader(), "payouts", `FROM payouts p`+where, args...)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT `+payoutColumns+payoutFrom+where+` ORDER BY p.created_at DESC, p.id DESC`+limitOffset(page.PerPage),
		append(args, page.Offset())...)
	if err != nil {
		return nil, fmt.Errorf("store: list payouts: %w", err)
	}
	defer rows.Close()
	out := []*marquee.Payout{}
	for rows.Next() {
		p, err := scanPayout(rows)
		if err != nil {
			return nil, fmt.Errorf("store: scan payout: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list payouts: %w", err)
	}
	return marquee.NewCappedPage(out, total, max(page.Page, 1), page.PerPage), nil
}
