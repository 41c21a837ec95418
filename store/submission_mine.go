package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Mine lists the signed-in filmmaker's submissions, newest first, with
// the judges' comments as feedback where the organiser shared them
// (never private notes); never the team's flag or scores.
func (s *SubmissionService) Mine(ctx context.Context, f marquee.SubmissionFilter) (*marquee.Page[*marquee.Submission], error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.SubmissionsPerPage
	}
	where, args := ` WHERE s.filmmaker_id = ?`, []any{u.ID}
	if f.Status != "" {
		if !f.Status.Valid() {
			return nil, fmt.Errorf("store: my submissions: unknown status %q", f.Status)
		}
		where, args = where+` AND s.status = ?`, append(args, string(f.Status))
	}
	r := s.reader()
	var total int64
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM submissions s`+where, args...).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count submissions of user %d: %w", u.ID, err)
	}
	rows, err := pageSubmissions(ctx, r, where, args, `s.created_at DESC, s.id DESC`, f.PerPage, f.Offset())
	if err != nil {
		return nil, fmt.Errorf("store: submissions of user %d: %w", u.ID, err)
	}
	if err := sharedFeedback(ctx, r, rows); err != nil {
		return nil, err
	}
	out := submissionsOf(rows)
	for _, sub := range out {
		forFilmmaker(sub)
	}
	return marquee.NewPage(out, total, max(f.Page, 1), f.PerPage), nil
}

// sharedFeedback fills the feedback of the rows whose comments the
// organiser shared: the judges' non-empty comments, in judge order.
func sharedFeedback(ctx context.Context, c conn, rows []*submissionRow) error {
	byID := map[int64]*submissionRow{}
	var ids []int64
	for _, r := range rows {
		if r.shareComments {
			byID[r.ID] = r
			ids = append(ids, r.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	q, err := c.query(ctx, `SELECT submission_id, comment FROM judge_scores
		WHERE submission_id IN (`+subMarks(len(ids))+`) AND comment <> '' ORDER BY submission_id, judge_id`, subArgs(ids)...)
	if err != nil {
		return fmt.Errorf("store: shared feedback: %w", err)
	}
	defer q.Close()
	for q.Next() {
		var id int64
		var comment string
		if err := q.Scan(&id, &comment); err != nil {
			return fmt.Errorf("store: shared feedback: %w", err)
		}
		byID[id].Feedback = append(byID[id].Feedback, comment)
	}
	return q.Err()
}

// Withdraw withdraws the signed-in filmmaker's undecided submission in
// one transaction, giving the fee paid back (a submission-refund ledger
// row) when the festival's settings say so. Someone else's submission is
// not found; a decided or withdrawn one is EConflict. The waiver use it
// took stays used.
func (s *SubmissionService) Withdraw(ctx context.Context, id int64) (*marquee.Submission, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var out *marquee.Submission
	err = s.inTx(ctx, func(c conn) error {
		var owner, paid, festival int64
		var status string
		var refund int
		err := c.queryRow(ctx, `SELECT s.filmmaker_id, s.status, s.paid_credits, COALESCE(fs.refund_on_withdraw, 0), s.festival_id
			FROM submissions s LEFT JOIN festival_settings fs ON fs.festival_id = s.festival_id WHERE s.id = ?`, id).
			Scan(&owner, &status, &paid, &refund, &festival)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && owner != u.ID) {
			return marquee.ErrSubmissionNotFound()
		} else if err != nil {
			return fmt.Errorf("store: withdraw submission %d: %w", id, err)
		}
		// A score written at the same time must not add the submission
		// to calibrated_scores as not withdrawn after this marks it.
		if err := lockFestivalScores(ctx, c, festival); err != nil {
			return err
		}
		if !marquee.SubmissionStatus(status).CanWithdraw() {
			return marquee.ErrCannotWithdraw()
		}
		back := int64(0)
		if refund != 0 {
			back = paid
		}
		if err := rollupSubmission(ctx, c, id, -1); err != nil {
			return err
		}
		// The status guard stops a decision or another withdrawal that
		// committed since the read (PostgreSQL re-checks it under the lock).
		r, err := c.exec(ctx, `UPDATE submissions SET status = 'withdrawn', withdrawn_at = ?, refunded_credits = ?, updated_at = ?
			WHERE id = ? AND status = 'submitted'`, now, back, now, id)
		if err != nil {
			return fmt.Errorf("store: withdraw submission %d: %w", id, err)
		}
		if k, err := r.RowsAffected(); err != nil {
			return fmt.Errorf("store: withdraw submission %d: %w", id, err)
		} else if k == 0 {
			return marquee.ErrCannotWithdraw()
		}
		if err := rollupSubmission(ctx, c, id, 1); err != nil {
			return err
		}
		if err := calibratedWithdrawn(ctx, c, festival, id); err != nil {
			return err
		}
		if back > 0 {
			e := marquee.LedgerEntry{UserID: u.ID, Delta: back, Reason: marquee.LedgerSubmissionRefund, Reference: marquee.SubmissionReference(id), CreatedAt: now}
			if _, err := moveCredits(ctx, c, e); err != nil {
				return fmt.Errorf("store: withdraw submission %d: refund: %w", id, err)
			}
			// The festival gives the fee back (and the platform its commission).
			if err := reverseIncome(ctx, c, marquee.EarningEntryFee, marquee.EarningWithdrawal, marquee.SubmissionEarningSource(id), back, paid, now); err != nil {
				return err
			}
		}
		row, err := loadSubmission(ctx, c, id, "")
		if err != nil {
			return err
		}
		out = forFilmmaker(row.Submission)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
