package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Ranking ranks the submissions (not withdrawn) of one category of a
// managed festival (of every category when categoryID is 0) by weighted
// and by calibrated score, side by side, from the cached summaries;
// ordered by weighted rank, the unscored last.
func (s *JudgingService) Ranking(ctx context.Context, slug string, categoryID int64) ([]*marquee.RankedSubmission, error) {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	if err := refreshCalibrated(ctx, s.DB, f.ID); err != nil {
		return nil, err
	}
	c := s.reader()
	where, args := `s.festival_id = ? AND s.status <> 'withdrawn'`, []any{f.ID}
	if categoryID != 0 {
		var one int
		err := c.queryRow(ctx, `SELECT 1 FROM festival_categories WHERE id = ? AND festival_id = ?`, categoryID, f.ID).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, marquee.Errorf(marquee.ENotFound, "Category not found")
		} else if err != nil {
			return nil, fmt.Errorf("store: category %d of festival %d: %w", categoryID, f.ID, err)
		}
		where, args = where+` AND s.category_id = ?`, append(args, categoryID)
	}
	rows, err := c.query(ctx, `SELECT `+judgingSubmissionColumns+` FROM submissions s`+judgingSubmissionJoins+`
		WHERE `+where+` ORDER BY s.score_weighted DESC NULLS LAST, s.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: ranking of festival %d: %w", f.ID, err)
	}
	defer rows.Close()
	out := []*marquee.RankedSubmission{}
	for rows.Next() {
		sub := &marquee.Submission{}
		var sum scannedSummary
		if err := rows.Scan(submissionTargets(sub, &sum)...); err != nil {
			return nil, fmt.Errorf("store: ranking of festival %d: %w", f.ID, err)
		}
		sum.finish(sub, true)
		out = append(out, &marquee.RankedSubmission{Submission: sub, Summary: *sub.Scores})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: ranking of festival %d: %w", f.ID, err)
	}
	weighted, calibrated := make([]*float64, len(out)), make([]*float64, len(out))
	for i, r := range out {
		weighted[i], calibrated[i] = r.Summary.Weighted, r.Summary.Calibrated
	}
	rw, rc := marquee.Rank(weighted), marquee.Rank(calibrated)
	settings, err := settingsOf(ctx, c, f.ID)
	if err != nil {
		return nil, err
	}
	for i, r := range out {
		r.RankWeighted, r.RankCalibrated = rw[i], rc[i]
		r.BelowMinimumJudges = settings.BelowMinimumJudges(r.Summary.Judges)
	}
	return out, nil
}

// SetLocked locks or unlocks judging of a managed festival and returns
// its settings; a change is audited (locking a locked festival is none).
func (s *JudgingService) SetLocked(ctx context.Context, slug string, locked bool) (*marquee.FestivalSettings, error) {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	v := 0
	if locked {
		v = 1
	}
	var out *marquee.FestivalSettings
	err = s.inTx(ctx, func(c conn) error {
		prior, err := settingsOf(ctx, c, f.ID)
		if err != nil {
			return err
		}
		now := s.now()
		if _, err := c.exec(ctx, `INSERT INTO festival_settings (festival_id, judging_locked, updated_at) VALUES (?, ?, ?)
			ON CONFLICT (festival_id) DO UPDATE SET judging_locked = excluded.judging_locked, updated_at = excluded.updated_at`,
			f.ID, v, now); err != nil {
			return fmt.Errorf("store: lock judging of festival %d: %w", f.ID, err)
		}
		if out, err = settingsOf(ctx, c, f.ID); err != nil || prior.JudgingLocked == locked {
			return err
		}
		action := marquee.AuditJudgingUnlock
		if locked {
			action = marquee.AuditJudgingLock
		}
		e := festivalAudit(f.ID, action, "festival", auditTargetID(f.ID))
		e.Before, e.After = auditJSON(map[string]any{"judgingLocked": prior.JudgingLocked}), auditJSON(map[string]any{"judgingLocked": locked})
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
