package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/marquee-festival/marquee"
)

// Decide applies d to submissions ids of a managed festival in one
// transaction: every id must be the festival's (else not found) and none
// withdrawn (EConflict); each that d changes (marquee.Decision.ChangesNothing
// decides) gets the status, the award's name, whether the judges' comments
// are shared, and decided_at, and its filmmaker's decision e-mail (in the
// submission's language) goes into the outbox in the same transaction; one
// that d leaves as it is gets nothing. The rows are read locked (FOR
// UPDATE on PostgreSQL, in id order; SQLite's write transactions are
// serial), so of concurrent identical decisions one changes and mails, the
// others see its result. The answer is the submissions as the organiser
// sees them, in the order of ids.
func (s *SubmissionService) Decide(ctx context.Context, slug string, ids []int64, d marquee.Decision) ([]*marquee.Submission, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	d.Normalize()
	if err := d.Validate(); err != nil {
		return nil, err
	}
	if err := marquee.ValidateDecisionIDs(ids); err != nil {
		return nil, err
	}
	uniq := []int64{}
	for _, id := range ids {
		if !slices.Contains(uniq, id) {
			uniq = append(uniq, id)
		}
	}
	now := s.now()
	var out []*marquee.Submission
	err = s.inTx(ctx, func(c conn) error {
		in := ` IN (` + subMarks(len(uniq)) + `)`
		lock := ` ORDER BY id`
		if s.dialect == Postgres {
			lock += ` FOR UPDATE`
		}
		q, err := c.query(ctx, `SELECT id, status, award_name, share_comments FROM submissions WHERE festival_id = ? AND id`+in+lock,
			append([]any{fest.id}, subArgs(uniq)...)...)
		if err != nil {
			return fmt.Errorf("store: decide: read submissions: %w", err)
		}
		found := 0
		withdrawn := false
		current := map[int64]marquee.Decision{}
		for q.Next() {
			var id int64
			var status string
			var was marquee.Decision
			if err := q.Scan(&id, &status, &was.AwardName, &was.ShareComments); err != nil {
				q.Close()
				return fmt.Errorf("store: decide: read submissions: %w", err)
			}
			found++
			withdrawn = withdrawn || status == string(marquee.SubmissionWithdrawn)
			was.Status = marquee.SubmissionStatus(status)
			current[id] = was
		}
		q.Close()
		if err := q.Err(); err != nil {
			return fmt.Errorf("store: decide: read submissions: %w", err)
		}
		if found != len(uniq) {
			return marquee.ErrSubmissionNotFound()
		}
		if withdrawn {
			return marquee.ErrDecideWithdrawn()
		}
		// Only the submissions the decision changes are written and mailed.
		changed := []int64{}
		for _, id := range uniq {
			if !d.ChangesNothing(current[id]) {
				changed = append(changed, id)
			}
		}
		if len(changed) > 0 {
			if err := applyDecision(ctx, c, fest.id, changed, d, now); err != nil {
				return err
			}
		}
		// One entry per submission whose decision changed: sending the
		// same decision again writes none.
		for _, id := range changed {
			was := current[id]
			before, after, differs := auditChanges(decisionFacts(string(was.Status), was.AwardName, was.ShareComments),
				decisionFacts(string(d.Status), d.AwardName, d.ShareComments))
			if !differs {
				continue
			}
			e := festivalAudit(fest.id, marquee.AuditSubmissionDecide, "submission", auditTargetID(id))
			e.Before, e.After = before, after
			if err := recordAudit(ctx, c, now, e); err != nil {
				return err
			}
		}
		rows, err := querySubmissions(ctx, c, `SELECT `+submissionColumns+submissionFrom+` WHERE s.festival_id = ? AND s.id`+in,
			append([]any{fest.id}, subArgs(uniq)...)...)
		if err != nil {
			return fmt.Errorf("store: decide: read back: %w", err)
		}
		if err := sharedFeedback(ctx, c, rows); err != nil {
			return err
		}
		byID := map[int64]*marquee.Submission{}
		for _, r := range rows {
			byID[r.ID] = r.Submission
		}
		for _, id := range uniq {
			out = append(out, byID[id])
		}
		for _, id := range changed {
			sub := byID[id]
			if s.composeDecision == nil {
				continue
			}
			// The e-mail is the filmmaker's view: no flag, no scores.
			view := *sub
			forFilmmaker(&view)
			m := s.composeDecision(&view, sub.FilmmakerEmail)
			m.Status = s.mailStatus
			if m.Language == "" {
				m.Language = sub.Language
			}
			if err := applyNoticeText(ctx, c, fest.id, &view, &m); err != nil {
				return err
			}
			if err := insertMail(ctx, c, &m, now); err != nil {
				return fmt.Errorf("store: decide: e-mail of submission %d: %w", id, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// applyDecision writes decision d on submissions ids of festival festID
// through c, with their rollups.
func applyDecision(ctx context.Context, c conn, festID int64, ids []int64, d marquee.Decision, now time.Time) error {
	for _, id := range ids {
		if err := rollupSubmission(ctx, c, id, -1); err != nil {
			return err
		}
	}
	// The status guard stops a withdrawal committed since the read.
	r, err := c.exec(ctx, `UPDATE submissions SET status = ?, award_name = ?, share_comments = ?, decided_at = ?, updated_at = ?
		WHERE festival_id = ? AND status <> 'withdrawn' AND id IN (`+subMarks(len(ids))+`)`,
		append([]any{string(d.Status), d.AwardName, settingInt(d.ShareComments), now, now, festID}, subArgs(ids)...)...)
	if err != nil {
		return fmt.Errorf("store: decide: %w", err)
	}
	if n, err := r.RowsAffected(); err != nil {
		return fmt.Errorf("store: decide: %w", err)
	} else if n != int64(len(ids)) {
		return marquee.ErrDecideWithdrawn()
	}
	for _, id := range ids {
		if err := rollupSubmission(ctx, c, id, 1); err != nil {
			return err
		}
	}
	return nil
}

// decisionFacts are a submission's decision in its audit entries.
func decisionFacts(status, awardName string, shareComments bool) map[string]any {
	return map[string]any{"status": status, "awardName": awardName, "shareComments": shareComments}
}

// SetFlag sets the team's flag on a submission of a managed festival.
func (s *SubmissionService) SetFlag(ctx context.Context, slug string, id int64, flag marquee.SubmissionFlag) (*marquee.Submission, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := marquee.ValidateFlag(flag); err != nil {
		return nil, err
	}
	var out *marquee.Submission
	err = s.inTx(ctx, func(c conn) error {
		var prior string
		err := c.queryRow(ctx, `SELECT flag FROM submissions WHERE id = ? AND festival_id = ?`, id, fest.id).Scan(&prior)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrSubmissionNotFound()
		} else if err != nil {
			return fmt.Errorf("store: flag submission %d: %w", id, err)
		}
		r, err := c.exec(ctx, `UPDATE submissions SET flag = ?, updated_at = ? WHERE id = ? AND festival_id = ?`, string(flag), s.now(), id, fest.id)
		if err != nil {
			return fmt.Errorf("store: flag submission %d: %w", id, err)
		}
		if n, err := r.RowsAffected(); err != nil {
			return fmt.Errorf("store: flag submission %d: %w", id, err)
		} else if n == 0 {
			return marquee.ErrSubmissionNotFound()
		}
		row, err := loadSubmission(ctx, c, id, "")
		if err != nil {
			return err
		}
		out = row.Submission
		if prior == string(flag) {
			return nil
		}
		e := festivalAudit(fest.id, marquee.AuditSubmissionFlag, "submission", auditTargetID(id))
		e.Before, e.After = auditJSON(map[string]any{"flag": prior}), auditJSON(map[string]any{"flag": flag})
		return recordAudit(ctx, c, s.now(), e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
