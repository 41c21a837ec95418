package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// errPromotionRace marks a unique index refusing a campaign: a
// concurrent order with the same key, or another running campaign.
var errPromotionRace = errors.New("store: promotion unique violation")

// Start promotes an approved festival the signed-in user manages for
// p.Days, in one transaction: the price read, the campaign inserted (the
// partial unique index allows one running campaign per festival:
// EConflict), the price taken from the balance (guarded: short is
// EInsufficientCredits, nothing written), a 'promotion' ledger row, and
// the festival marked for the search index. An order whose key the user
// already used answers that campaign, paid once: a double click or a
// retry never pays twice.
func (s *PromotionService) Start(ctx context.Context, slug string, p marquee.NewPromotion) (*marquee.Promotion, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if prev, err := s.byKey(ctx, s.reader(), u.ID, p.Key); err != nil || prev != nil {
		return prev, err
	}
	now := s.now()
	var id int64
	var prev *marquee.Promotion
	err = s.inTx(ctx, func(c conn) error {
		// A request that waited for the same order's transaction.
		if prev, err = s.byKey(ctx, c, u.ID, p.Key); err != nil || prev != nil {
			return err
		}
		var f marquee.Festival
		err := c.queryRow(ctx, `SELECT id, organiser_id, status FROM festivals WHERE slug = ?`, strings.TrimSpace(slug)).Scan(&f.ID, &f.OrganiserID, &f.Status)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrFestivalNotFound()
		} else if err != nil {
			return fmt.Errorf("store: promote %q: %w", slug, err)
		}
		if !marquee.CanManageFestival(u, &f) {
			return marquee.ErrFestivalNotFound()
		}
		if f.Status != marquee.FestivalApproved {
			return marquee.ErrPromotionNotApproved()
		}
		var price int64
		err = c.queryRow(ctx, `SELECT credits FROM promotion_prices WHERE days = ?`, p.Days).Scan(&price)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrPromotionLength()
		} else if err != nil {
			return fmt.Errorf("store: promote %q: price: %w", slug, err)
		}
		var running int
		err = c.queryRow(ctx, `SELECT 1 FROM promotions WHERE festival_id = ? AND status = 'active'`, f.ID).Scan(&running)
		if err == nil {
			// The running campaign may be this very order, committed by
			// a concurrent request after this one looked for its key
			// (PostgreSQL reads each statement's own snapshot).
			if prev, err = s.byKey(ctx, c, u.ID, p.Key); err != nil || prev != nil {
				return err
			}
			return marquee.ErrPromotionActive()
		} else if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: promote %q: %w", slug, err)
		}
		err = c.queryRow(ctx, `INSERT INTO promotions (festival_id, user_id, request_key, days, credits, starts_at, ends_at, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			f.ID, u.ID, p.Key, p.Days, price, now, now.Add(time.Duration(p.Days)*24*time.Hour), now).Scan(&id)
		if isUniqueViolation(err) {
			return errPromotionRace
		} else if err != nil {
			return fmt.Errorf("store: promote %q: %w", slug, err)
		}
		e := marquee.LedgerEntry{UserID: u.ID, Delta: -price, Reason: marquee.LedgerPromotion, Reference: marquee.PromotionReference(id), CreatedAt: now}
		var low *lowBalanceError
		if _, err := moveCredits(ctx, c, e); errors.As(err, &low) {
			return marquee.InsufficientCreditsForPromotion(price, low.Balance)
		} else if err != nil {
			return fmt.Errorf("store: promote: campaign %d: %w", id, err)
		}
		audit := festivalAudit(f.ID, marquee.AuditPromotionStart, "promotion", auditTargetID(id))
		audit.After = auditJSON(map[string]any{"days": p.Days, "credits": price, "endsAt": now.Add(time.Duration(p.Days) * 24 * time.Hour)})
		if err := recordAudit(ctx, c, now, audit); err != nil {
			return err
		}
		return markIndexChanged(ctx, c, f.ID)
	})
	if errors.Is(err, errPromotionRace) {
		// The same order committed meanwhile answers it; else another
		// campaign for the festival runs.
		if prev, err := s.byKey(ctx, s.writer(), u.ID, p.Key); err != nil || prev != nil {
			return prev, err
		}
		return nil, marquee.ErrPromotionActive()
	}
	if err != nil || prev != nil {
		return prev, err
	}
	return loadPromotion(ctx, s.writer(), id)
}

// byKey returns the user's campaign ordered with key, or nil.
func (s *PromotionService) byKey(ctx context.Context, c conn, userID int64, key string) (*marquee.Promotion, error) {
	p, err := scanPromotion(c.queryRow(ctx, `SELECT `+promotionColumns+promotionFrom+` WHERE p.user_id = ? AND p.request_key = ?`, userID, key))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	} else if err != nil {
		return nil, fmt.Errorf("store: campaign of order %q: %w", key, err)
	}
	return p, nil
}
