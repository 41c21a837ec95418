package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Approve makes festival id public and clears any earlier rejection
// reason (approving an approved festival changes nothing). Admin only.
func (db *FestivalService) Approve(ctx context.Context, id int64) (*marquee.Festival, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	return db.review(ctx, id, marquee.FestivalApproved, `status = 'approved', rejection_reason = ''`)
}

// Reject rejects festival id with a reason (marquee.ValidateRejection) its
// organiser reads. Admin only.
func (db *FestivalService) Reject(ctx context.Context, id int64, reason string) (*marquee.Festival, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	reason, err := marquee.ValidateRejection(reason)
	if err != nil {
		return nil, err
	}
	return db.review(ctx, id, marquee.FestivalRejected, `status = 'rejected', rejection_reason = ?`, reason)
}

// review applies set (with args) to festival id, stamping reviewed_at and
// bumping the version.
func (db *FestivalService) review(ctx context.Context, id int64, status marquee.FestivalStatus, set string, args ...any) (*marquee.Festival, error) {
	var f *marquee.Festival
	err := db.inTx(ctx, func(c conn) error {
		now := db.now()
		var prior string
		if err := c.queryRow(ctx, `SELECT status FROM festivals WHERE id = ?`, id).Scan(&prior); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("store: review festival %d: %w", id, err)
		}
		q := `UPDATE festivals SET ` + set + `, reviewed_at = ?, updated_at = ?, version = version + 1 WHERE id = ?`
		if status == marquee.FestivalApproved {
			q += ` AND status <> 'approved'`
		}
		var got int64
		err := c.queryRow(ctx, q+` RETURNING id`, append(args, now, now, id)...).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			// Nothing changed: the festival is missing, or already approved.
			f, err = loadFestival(ctx, c, marquee.Today(now), `f.id = ?`, id)
			return err
		} else if err != nil {
			return fmt.Errorf("store: review festival %d: %w", id, err)
		}
		if status == marquee.FestivalRejected {
			// A rejected festival is edited directly: a pending revision is moot.
			if err := deleteRevision(ctx, c, id); err != nil {
				return err
			}
		}
		if err := markIndexChanged(ctx, c, id); err != nil {
			return err
		}
		if f, err = loadFestival(ctx, c, marquee.Today(now), `f.id = ?`, id); err != nil {
			return err
		}
		action := marquee.AuditFestivalApprove
		after := map[string]any{"name": f.Name, "status": f.Status}
		if status == marquee.FestivalRejected {
			action, after["reason"] = marquee.AuditFestivalReject, f.RejectionReason
		}
		return recordAudit(ctx, c, now, marquee.AuditEntry{Action: action, TargetType: "festival", TargetID: auditTargetID(id), FestivalID: &id,
			Before: auditJSON(map[string]any{"name": f.Name, "status": prior}), After: auditJSON(after)})
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}
