package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// SaveScore saves the signed-in judge's score of a submission and, in the
// same transaction, the submission's judging summary and the calibration
// that the change moves (recomputeScores).
func (s *JudgingService) SaveScore(ctx context.Context, slug string, submissionID int64, in marquee.ScoreInput) (*marquee.JudgeScore, error) {
	in.Normalize()
	seat, err := activeJudge(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	now := s.now()
	var weighted float64
	err = s.inTx(ctx, func(c conn) error {
		if err := lockFestivalScores(ctx, c, seat.Fest.ID); err != nil {
			return err
		}
		if err := judgeMayAct(ctx, c, seat, submissionID); err != nil {
			return err
		}
		criteria, err := loadCriteriaOf(ctx, c, seat.Fest.ID)
		if err != nil {
			return err
		}
		if err := in.Validate(criteria); err != nil {
			return err
		}
		if weighted, err = marquee.WeightedScore(criteria, in.Scores); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO judge_scores (judge_id, submission_id, weighted, comment, private_note, updated_at)
			VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (judge_id, submission_id) DO UPDATE SET weighted = excluded.weighted, comment = excluded.comment,
				private_note = excluded.private_note, updated_at = excluded.updated_at`,
			seat.JudgeID, submissionID, weighted, in.Comment, in.PrivateNote, now); err != nil {
			return fmt.Errorf("store: save score of judge %d on submission %d: %w", seat.JudgeID, submissionID, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM judge_criterion_scores WHERE judge_id = ? AND submission_id = ?`, seat.JudgeID, submissionID); err != nil {
			return fmt.Errorf("store: clear criterion scores: %w", err)
		}
		for _, cs := range in.Scores {
			if _, err := c.exec(ctx, `INSERT INTO judge_criterion_scores (judge_id, submission_id, criterion_id, score) VALUES (?, ?, ?, ?)`,
				seat.JudgeID, submissionID, cs.CriterionID, cs.Score); err != nil {
				return fmt.Errorf("store: save criterion score: %w", err)
			}
		}
		return recomputeScores(ctx, c, seat.Fest.ID, []int64{seat.JudgeID}, []int64{submissionID})
	})
	if err != nil {
		return nil, err
	}
	scores, err := judgeScores(ctx, s.writer(), seat.JudgeID, submissionID)
	if err != nil {
		return nil, err
	}
	if sc := scores[submissionID]; sc != nil {
		return sc, nil
	}
	return nil, fmt.Errorf("store: score of judge %d on submission %d vanished", seat.JudgeID, submissionID)
}

// judgeMayAct checks, inside the transaction, that the judge of seat may
// change their score of submission id: ENotFound when it is not in their
// queue (not assigned, withdrawn, their own film), EConflict when they
// declared a conflict on it or judging is locked.
func judgeMayAct(ctx context.Context, c conn, seat *judgeSeat, id int64) error {
	var filmmaker int64
	var conflict, locked bool
	err := c.queryRow(ctx, `SELECT s.filmmaker_id,
			EXISTS (SELECT 1 FROM judge_conflicts jc WHERE jc.judge_id = j.id AND jc.submission_id = s.id),
			COALESCE((SELECT fs.judging_locked FROM festival_settings fs WHERE fs.festival_id = j.festival_id), 0)
		FROM judges j JOIN submissions s ON `+judgeAssigned+` WHERE j.id = ? AND s.id = ?`, seat.JudgeID, id).Scan(&filmmaker, &conflict, &locked)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return errSubmissionNotFound()
	case err != nil:
		return fmt.Errorf("store: may judge %d act on submission %d: %w", seat.JudgeID, id, err)
	case marquee.OwnFilm(seat.UserID, filmmaker): // judgeAssigned already excludes it; the rule says it twice
		return errSubmissionNotFound()
	case locked:
		return marquee.ErrJudgingLocked()
	case conflict:
		return marquee.ErrInConflict()
	}
	return nil
}

func errSubmissionNotFound() error { return marquee.Errorf(marquee.ENotFound, "Submission not found") }

// DeclareConflict records the signed-in judge's conflict of interest on a
// submission of their queue. Their score of it, if any, is deleted and
// the summaries recomputed. Declaring again returns the first declaration.
// Refused while judging is locked (it would change locked results).
func (s *JudgingService) DeclareConflict(ctx context.Context, slug string, submissionID int64, reason string) (*marquee.Conflict, error) {
	reason, err := marquee.ValidateConflictReason(reason)
	if err != nil {
		return nil, err
	}
	seat, err := activeJudge(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	err = s.inTx(ctx, func(c conn) error {
		if err := lockFestivalScores(ctx, c, seat.Fest.ID); err != nil {
			return err
		}
		switch err := judgeMayAct(ctx, c, seat, submissionID); marquee.ErrorCode(err) {
		case "":
		case marquee.EConflict:
			if marquee.ErrorMessage(err) == marquee.ErrorMessage(marquee.ErrInConflict()) {
				return nil // declared already
			}
			return err
		default:
			return err
		}
		if _, err := c.exec(ctx, `INSERT INTO judge_conflicts (judge_id, submission_id, reason, created_at) VALUES (?, ?, ?, ?)`,
			seat.JudgeID, submissionID, reason, s.now()); err != nil {
			return fmt.Errorf("store: declare conflict of judge %d on submission %d: %w", seat.JudgeID, submissionID, err)
		}
		// The reason is the judge's free text about a person: it stays in
		// judge_conflicts, out of the append-only log.
		e := festivalAudit(seat.Fest.ID, marquee.AuditJudgeConflict, "submission", auditTargetID(submissionID))
		e.After = auditJSON(map[string]any{"judgeId": seat.JudgeID})
		if err := recordAudit(ctx, c, s.now(), e); err != nil {
			return err
		}
		res, err := c.exec(ctx, `DELETE FROM judge_scores WHERE judge_id = ? AND submission_id = ?`, seat.JudgeID, submissionID)
		if err != nil {
			return fmt.Errorf("store: delete score in conflict: %w", err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return recomputeScores(ctx, c, seat.Fest.ID, []int64{seat.JudgeID}, []int64{submissionID})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	cs, err := loadConflicts(ctx, s.writer(), seat.Fest.ID, seat.JudgeID, submissionID)
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, errSubmissionNotFound()
	}
	return cs[0], nil
}

// lockFestivalScores serialises the transactions that change a festival's
// scores or calibrated_scores. On SQLite every write transaction is
// already alone (BEGIN IMMEDIATE); on PostgreSQL two judges saving at once
// would each recompute the calibration from a snapshot without the other's
// score, so each takes the festival's row lock first.
func lockFestivalScores(ctx context.Context, c conn, festivalID int64) error {
	if c.db.dialect != Postgres {
		return nil
	}
	if _, err := c.exec(ctx, `SELECT id FROM festivals WHERE id = ? FOR UPDATE`, festivalID); err != nil {
		return fmt.Errorf("store: lock scores of festival %d: %w", festivalID, err)
	}
	return nil
}

// recomputeScores brings the cached judging summary (judges, weighted
// mean, spread) of the submissions touched up to date after the scores of
// judges on them were written or deleted, and the calibration that the
// change moves (recalibrate): call it in the transaction that changed the
// scores, after lockFestivalScores.
func recomputeScores(ctx context.Context, c conn, festivalID int64, judges, touched []int64) error {
	for _, id := range touched {
		rows, err := c.query(ctx, `SELECT weighted FROM judge_scores WHERE submission_id = ? ORDER BY judge_id`, id)
		if err != nil {
			return fmt.Errorf("store: scores of submission %d: %w", id, err)
		}
		var ws []float64
		for rows.Next() {
			var w float64
			if err := rows.Scan(&w); err != nil {
				rows.Close()
				return fmt.Errorf("store: scores of submission %d: %w", id, err)
			}
			ws = append(ws, w)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("store: scores of submission %d: %w", id, err)
		}
		var w, sp any // NULL without scores
		if len(ws) > 0 {
			m, d := marquee.Summarize(ws)
			w, sp = m, d
		}
		if _, err := c.exec(ctx, `UPDATE submissions SET score_judges = ?, score_weighted = ?, score_spread = ?
			WHERE id = ? AND festival_id = ?`, len(ws), w, sp, id, festivalID); err != nil {
			return fmt.Errorf("store: save score summary of submission %d: %w", id, err)
		}
	}
	return recalibrate(ctx, c, festivalID, calibrationChange{judges: judges, touched: touched})
}

// judgeScores returns judge judgeID's scores with their criteria (of one
// submission when submissionID is not 0), by submission.
func judgeScores(ctx context.Context, c conn, judgeID, submissionID int64) (map[int64]*marquee.JudgeScore, error) {
	where, args := `js.judge_id = ?`, []any{judgeID}
	if submissionID != 0 {
		where, args = where+` AND js.submission_id = ?`, append(args, submissionID)
	}
	rows, err := c.query(ctx, `SELECT js.judge_id, COALESCE(u.name, j.email), js.submission_id, js.weighted, js.comment, js.private_note, js.updated_at
		FROM judge_scores js JOIN judges j ON j.id = js.judge_id LEFT JOIN users u ON u.id = j.user_id WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: scores of judge %d: %w", judgeID, err)
	}
	out := map[int64]*marquee.JudgeScore{}
	for rows.Next() {
		var sc marquee.JudgeScore
		if err := rows.Scan(&sc.JudgeID, &sc.JudgeName, &sc.SubmissionID, &sc.Weighted, &sc.Comment, &sc.PrivateNote, &sc.UpdatedAt); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: scores of judge %d: %w", judgeID, err)
		}
		sc.UpdatedAt = sc.UpdatedAt.UTC()
		sc.Scores = []marquee.CriterionScore{}
		out[sc.SubmissionID] = &sc
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: scores of judge %d: %w", judgeID, err)
	}
	rows, err = c.query(ctx, `SELECT js.submission_id, js.criterion_id, js.score FROM judge_criterion_scores js
		JOIN festival_criteria fc ON fc.id = js.criterion_id WHERE `+where+` ORDER BY fc.position, fc.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: criterion scores of judge %d: %w", judgeID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var sub int64
		var cs marquee.CriterionScore
		if err := rows.Scan(&sub, &cs.CriterionID, &cs.Score); err != nil {
			return nil, fmt.Errorf("store: criterion scores of judge %d: %w", judgeID, err)
		}
		if sc := out[sub]; sc != nil {
			sc.Scores = append(sc.Scores, cs)
		}
	}
	return out, rows.Err()
}
