package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// CommissionOverrides lists the festivals an admin gave their own
// commission, by name, with the platform's beside them. Admins only.
func (s *EarningsService) CommissionOverrides(ctx context.Context) (*marquee.CommissionOverrideList, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT o.festival_id, f.slug, f.name, o.basis_points, o.updated_at
		FROM festival_commission_overrides o JOIN festivals f ON f.id = o.festival_id ORDER BY f.name, f.id`)
	if err != nil {
		return nil, fmt.Errorf("store: commission overrides: %w", err)
	}
	defer rows.Close()
	out := &marquee.CommissionOverrideList{DefaultPercent: marquee.FormatBasisPoints(s.earnings.CommissionBasisPoints), Items: []*marquee.CommissionOverride{}}
	for rows.Next() {
		var o marquee.CommissionOverride
		var bp int
		if err := rows.Scan(&o.FestivalID, &o.FestivalSlug, &o.FestivalName, &bp, &o.UpdatedAt); err != nil {
			return nil, fmt.Errorf("store: commission overrides: %w", err)
		}
		o.CommissionPercent, o.UpdatedAt = marquee.FormatBasisPoints(bp), o.UpdatedAt.UTC()
		out.Items = append(out.Items, &o)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: commission overrides: %w", err)
	}
	return out, nil
}

// SetCommissionOverride sets the commission of the festival with slug
// (from its next income on; rows already written keep theirs), with an
// audit entry of the old and new percentages, in one transaction. Admins
// only; a bad percentage is EInvalid on the field "percent".
func (s *EarningsService) SetCommissionOverride(ctx context.Context, slug string, req marquee.SetCommission) (*marquee.CommissionOverride, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	bp, err := marquee.ParseCommissionPercent(req.Percent)
	if err != nil {
		var fe marquee.FieldErrors
		fe.Add("percent", err.(*marquee.Error).Message)
		return nil, fe.Err()
	}
	now := s.now()
	var out *marquee.CommissionOverride
	err = s.inTx(ctx, func(c conn) error {
		f, err := loadEarningsFestival(ctx, c, slug)
		if err != nil {
			return err
		}
		before, overridden, err := s.festivalCommission(ctx, c, f.ID)
		if err != nil {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO festival_commission_overrides (festival_id, basis_points, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (festival_id) DO UPDATE SET basis_points = excluded.basis_points, updated_at = excluded.updated_at`, f.ID, bp, now); err != nil {
			return fmt.Errorf("store: set commission of festival %d: %w", f.ID, err)
		}
		e := festivalAudit(f.ID, marquee.AuditCommissionSet, "festival", strconv.FormatInt(f.ID, 10))
		e.Before = auditJSON(map[string]any{"commissionPercent": marquee.FormatBasisPoints(before), "overridden": overridden})
		e.After = auditJSON(map[string]any{"commissionPercent": marquee.FormatBasisPoints(bp), "overridden": true})
		if err := recordAudit(ctx, c, now, e); err != nil {
			return err
		}
		out = &marquee.CommissionOverride{FestivalID: f.ID, FestivalSlug: f.Slug, FestivalName: f.Name, CommissionPercent: marquee.FormatBasisPoints(bp), UpdatedAt: now}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ClearCommissionOverride returns the festival with slug to the
// platform's commission, with an audit entry, in one transaction. Admins
// only; a festival without an override is ENotFound.
func (s *EarningsService) ClearCommissionOverride(ctx context.Context, slug string) error {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return err
	}
	now := s.now()
	return s.inTx(ctx, func(c conn) error {
		f, err := loadEarningsFestival(ctx, c, slug)
		if err != nil {
			return err
		}
		var before int
		if err := c.queryRow(ctx, `DELETE FROM festival_commission_overrides WHERE festival_id = ? RETURNING basis_points`, f.ID).Scan(&before); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return marquee.ErrCommissionOverrideNotFound()
			}
			return fmt.Errorf("store: clear commission of festival %d: %w", f.ID, err)
		}
		e := festivalAudit(f.ID, marquee.AuditCommissionClear, "festival", strconv.FormatInt(f.ID, 10))
		e.Before = auditJSON(map[string]any{"commissionPercent": marquee.FormatBasisPoints(before), "overridden": true})
		e.After = auditJSON(map[string]any{"commissionPercent": marquee.FormatBasisPoints(s.earnings.CommissionBasisPoints), "overridden": false})
		return recordAudit(ctx, c, now, e)
	})
}
