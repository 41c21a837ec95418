package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// ReviewFestival approves or rejects (with reason) festival id. Approving
// clears any earlier rejection reason (approving an approved festival
// changes nothing); rejecting needs a reason of 1 to 1,000 characters.
// Either stamps reviewed_at and bumps the version.
func (db *DB) ReviewFestival(ctx context.Context, id int64, status marquee.FestivalStatus, reason string) (*marquee.Festival, error) {
	reason = strings.TrimSpace(strings.ReplaceAll(reason, "\r\n", "\n"))
	var set string
	var args []any
	switch status {
	case marquee.FestivalApproved:
		set, args = `status = 'approved', rejection_reason = ''`, nil
	case marquee.FestivalRejected:
		switch n := marquee.Length(reason); {
		case n == 0:
			return nil, &marquee.Error{Code: marquee.EInvalid, Message: "Give a reason for the rejection",
				Fields: map[string]string{"reason": "Give a reason for the rejection"}}
		case n > marquee.RejectionReasonMax:
			return nil, &marquee.Error{Code: marquee.EInvalid, Message: "The reason must be at most 1,000 characters",
				Fields: map[string]string{"reason": "The reason must be at most 1,000 characters"}}
		}
		set, args = `status = 'rejected', rejection_reason = ?`, []any{reason}
	default:
		return nil, &marquee.Error{Code: marquee.EInvalid, Message: "A festival can only be approved or rejected"}
	}
	var f *marquee.Festival
	err := db.inTx(ctx, func(c conn) error {
		now := db.now()
		q := `UPDATE festivals SET ` + set + `, reviewed_at = ?, updated_at = ?, version = version + 1 WHERE id = ?`
		if status == marquee.FestivalApproved {
			q += ` AND status <> 'approved'`
		}
		var got int64
		err := c.queryRow(ctx, q+` RETURNING id`, append(args, now, now, id)...).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			// Nothing changed: the festival is missing, or already approved.
			f, err = db.loadFestival(ctx, c, `f.id = ?`, id)
			return err
		} else if err != nil {
			return fmt.Errorf("store: review festival %d: %w", id, err)
		}
		if err := markIndexChanged(ctx, c, id); err != nil {
			return err
		}
		f, err = db.loadFestival(ctx, c, `f.id = ?`, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}
