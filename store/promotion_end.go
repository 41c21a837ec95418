package store

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// End ends a running campaign early (admins), in one transaction: the
// campaign marked ended (guarded on its status, so it ends once), the
// remaining whole days' share of its price (marquee.PromotionRefund)
// given back to its buyer with a 'promotion-refund' ledger row, an audit
// entry, and the festival marked for the search index.
func (s *PromotionService) End(ctx context.Context, id int64) (*marquee.Promotion, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	now := s.now()
	var out *marquee.Promotion
	err := s.inTx(ctx, func(c conn) error {
		p, err := loadPromotion(ctx, c, id)
		if err != nil {
			return err
		}
		if p.Status != marquee.PromotionActive {
			return marquee.ErrPromotionEnded()
		}
		refund := marquee.PromotionRefund(p.Credits, p.Days, p.EndsAt, now)
		r, err := c.exec(ctx, `UPDATE promotions SET status = 'ended', end_reason = 'admin', ended_at = ?, refunded_credits = ?
			WHERE id = ? AND status = 'active'`, now, refund, id)
		if err != nil {
			return fmt.Errorf("store: end campaign %d: %w", id, err)
		}
		if n, err := r.RowsAffected(); err != nil {
			return fmt.Errorf("store: end campaign %d: %w", id, err)
		} else if n != 1 {
			return marquee.ErrPromotionEnded()
		}
		var buyer sql.NullInt64
		if err := c.queryRow(ctx, `SELECT user_id FROM promotions WHERE id = ?`, id).Scan(&buyer); err != nil {
			return fmt.Errorf("store: end campaign %d: %w", id, err)
		}
		if refund > 0 && buyer.Valid {
			e := marquee.LedgerEntry{UserID: buyer.Int64, Delta: refund, Reason: marquee.LedgerPromotionRefund, Reference: marquee.PromotionReference(id), CreatedAt: now}
			if _, err := moveCredits(ctx, c, e); err != nil {
				return fmt.Errorf("store: refund campaign %d: %w", id, err)
			}
		}
		if out, err = loadPromotion(ctx, c, id); err != nil {
			return err
		}
		if err := recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPromotionEnd, TargetType: "promotion",
			TargetID: strconv.FormatInt(id, 10), FestivalID: &p.FestivalID,
			Before: auditJSON(map[string]any{"status": p.Status, "festival": p.FestivalSlug, "credits": p.Credits, "endsAt": p.EndsAt}),
			After:  auditJSON(map[string]any{"status": out.Status, "refundedCredits": refund})}); err != nil {
			return err
		}
		return markIndexChanged(ctx, c, p.FestivalID)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Expire ends the campaigns whose time is up (the worker calls it), and
// marks their festivals for the search index, in one transaction; it
// returns how many ended. A run ends at most 500; the next run the rest.
func (s *PromotionService) Expire(ctx context.Context) (int, error) {
	now := s.now()
	var ended int
	err := s.inTx(ctx, func(c conn) error {
		rows, err := c.query(ctx, `SELECT id, festival_id FROM promotions WHERE status = 'active' AND ends_at <= ? ORDER BY ends_at LIMIT 500`, now)
		if err != nil {
			return fmt.Errorf("store: expire campaigns: %w", err)
		}
		var ids, festivals []int64
		err = scanEach(rows, func() error {
			var id, fid int64
			if err := rows.Scan(&id, &fid); err != nil {
				return err
			}
			ids, festivals = append(ids, id), append(festivals, fid)
			return nil
		})
		if err != nil {
			return fmt.Errorf("store: expire campaigns: %w", err)
		}
		for _, id := range ids {
			if _, err := c.exec(ctx, `UPDATE promotions SET status = 'ended', end_reason = 'expired', ended_at = ? WHERE id = ? AND status = 'active'`,
				now, id); err != nil {
				return fmt.Errorf("store: expire campaign %d: %w", id, err)
			}
		}
		ended = len(ids)
		return markIndexChanged(ctx, c, festivals...)
	})
	if err != nil {
		return 0, err
	}
	return ended, nil
}
