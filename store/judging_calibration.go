package store

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/marquee-festival/marquee"
)

// Calibrated scores, kept up to date by the writes that change scores.
//
// marquee.Calibrate defines a submission's calibrated score from all the
// festival's scores. The store keeps, in the transaction that changes
// scores, each judge's calibration (judges.score_count, score_mean,
// score_sd: marquee.CalibrateJudge over their scores by submission id) and
// the calibrated score of each scored submission (calibrated_scores, one
// row per submission with at least one score, indexed by festival,
// category and calibrated score), so that reading a page in calibrated
// order is one index range and no read ever recomputes.
//
// A change to judge J's scores moves J's mean and deviation, hence J's
// standardised score of every submission J scored: recalibrate computes
// J's calibration again from J's scores, then the calibrated score of each
// of J's submissions from the stored calibrations of its judges, and
// writes the rows whose value changed. The values are bit for bit those of
// marquee.Calibrate over the festival's scores (the same functions, summing
// in the same order), which the store tests check after random changes.
// Writes are bounded by the submissions of the judges who changed.

// calibrationBatch is how many submissions one statement of the
// calibration names (5 parameters each at most, well under both engines'
// limits).
const calibrationBatch = 500

// calibrationChange is what changed in a festival's scores: the judges
// whose scores were written or deleted (a removed judge included), and the
// submissions whose scores were.
type calibrationChange struct {
	judges  []int64
	touched []int64
}

// recalibrate brings the festival's stored calibration up to date after
// ch, in the transaction that made the change (after lockFestivalScores).
func recalibrate(ctx context.Context, c conn, festivalID int64, ch calibrationChange) error {
	judges, err := storedCalibrations(ctx, c, festivalID)
	if err != nil {
		return err
	}
	affected := map[int64]bool{}
	for _, id := range ch.touched {
		affected[id] = true
	}
	changed := slices.Clone(ch.judges)
	slices.Sort(changed)
	for _, j := range slices.Compact(changed) {
		old, ok := judges[j]
		if !ok {
			continue // removed: the submissions they scored are in ch.touched
		}
		subs, ws, err := judgeWeightedScores(ctx, c, j)
		if err != nil {
			return err
		}
		cal := marquee.CalibrateJudge(ws)
		if cal == old {
			continue
		}
		if err := saveJudgeCalibration(ctx, c, j, cal); err != nil {
			return err
		}
		judges[j] = cal
		if old.Standardises() || cal.Standardises() {
			for _, id := range subs {
				affected[id] = true
			}
		}
	}
	if len(affected) > calibrationBatch {
		// Many submissions move: reading the festival's scores whole
		// (an index range per judge) costs less than naming them.
		return rebuildCalibration(ctx, c, festivalID)
	}
	ids := make([]int64, 0, len(affected))
	for id := range affected {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for start := 0; start < len(ids); start += calibrationBatch {
		batch := ids[start:min(start+calibrationBatch, len(ids))]
		want, err := calibratedOf(ctx, c, judges, batch)
		if err != nil {
			return err
		}
		have, err := storedCalibrated(ctx, c, festivalID, batch)
		if err != nil {
			return err
		}
		if err := writeCalibrated(ctx, c, festivalID, batch, want, have); err != nil {
			return err
		}
	}
	return nil
}

// rebuildCalibration computes the festival's whole calibration again from
// its scores (marquee.Calibrate) and writes what differs from the stored
// one: after a migration, or a bulk load of scores (the seed). It clears
// the festival's calibration_stale.
func rebuildCalibration(ctx context.Context, c conn, festivalID int64) error {
	rows, err := c.query(ctx, `SELECT js.judge_id, js.submission_id, js.weighted FROM judge_scores js
		JOIN judges j ON j.id = js.judge_id WHERE j.festival_id = ?`, festivalID)
	if err != nil {
		return fmt.Errorf("store: scores of festival %d: %w", festivalID, err)
	}
	var all []marquee.JudgeScoreValue
	for rows.Next() {
		var v marquee.JudgeScoreValue
		if err := rows.Scan(&v.JudgeID, &v.SubmissionID, &v.Weighted); err != nil {
			rows.Close()
			return fmt.Errorf("store: scores of festival %d: %w", festivalID, err)
		}
		all = append(all, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: scores of festival %d: %w", festivalID, err)
	}
	judges, err := storedCalibrations(ctx, c, festivalID)
	if err != nil {
		return err
	}
	slices.SortFunc(all, func(a, b marquee.JudgeScoreValue) int {
		return cmp.Or(cmp.Compare(a.JudgeID, b.JudgeID), cmp.Compare(a.SubmissionID, b.SubmissionID))
	})
	fresh := map[int64]marquee.JudgeCalibration{}
	var ws []float64
	for i, v := range all {
		ws = append(ws, v.Weighted)
		if i == len(all)-1 || all[i+1].JudgeID != v.JudgeID {
			fresh[v.JudgeID] = marquee.CalibrateJudge(ws)
			ws = ws[:0]
		}
	}
	for id, old := range judges {
		if cal := fresh[id]; cal != old {
			if err := saveJudgeCalibration(ctx, c, id, cal); err != nil {
				return err
			}
		}
	}
	want := marquee.Calibrate(all)
	have, err := storedCalibrated(ctx, c, festivalID, nil)
	if err != nil {
		return err
	}
	ids := make([]int64, 0, len(want)+len(have))
	for id := range want {
		ids = append(ids, id)
	}
	for id := range have {
		if _, ok := want[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for start := 0; start < len(ids); start += calibrationBatch {
		if err := writeCalibrated(ctx, c, festivalID, ids[start:min(start+calibrationBatch, len(ids))], want, have); err != nil {
			return err
		}
	}
	if _, err := c.exec(ctx, `UPDATE festival_settings SET calibration_stale = 0 WHERE festival_id = ? AND calibration_stale <> 0`, festivalID); err != nil {
		return fmt.Errorf("store: mark festival %d calibrated: %w", festivalID, err)
	}
	return nil
}

// rebuildStaleCalibrations rebuilds the calibration of every festival
// marked calibration_stale, each in a transaction of its own.
func rebuildStaleCalibrations(ctx context.Context, db *DB) error {
	ids, err := int64s(ctx, db.writer(), `SELECT festival_id FROM festival_settings WHERE calibration_stale <> 0 ORDER BY festival_id`)
	if err != nil {
		return fmt.Errorf("store: stale calibrations: %w", err)
	}
	for _, id := range ids {
		if err := db.inTx(ctx, func(c conn) error {
			if err := lockFestivalScores(ctx, c, id); err != nil {
				return err
			}
			return rebuildCalibration(ctx, c, id)
		}); err != nil {
			return err
		}
	}
	return nil
}

// storedCalibrations returns the stored calibration of each judge of the
// festival.
func storedCalibrations(ctx context.Context, c conn, festivalID int64) (map[int64]marquee.JudgeCalibration, error) {
	rows, err := c.query(ctx, `SELECT id, score_count, score_mean, score_sd FROM judges WHERE festival_id = ?`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: calibrations of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := map[int64]marquee.JudgeCalibration{}
	for rows.Next() {
		var id int64
		var cal marquee.JudgeCalibration
		if err := rows.Scan(&id, &cal.Scores, &cal.Mean, &cal.SD); err != nil {
			return nil, fmt.Errorf("store: calibrations of festival %d: %w", festivalID, err)
		}
		out[id] = cal
	}
	return out, rows.Err()
}

// saveJudgeCalibration stores judge id's calibration.
func saveJudgeCalibration(ctx context.Context, c conn, id int64, cal marquee.JudgeCalibration) error {
	if _, err := c.exec(ctx, `UPDATE judges SET score_count = ?, score_mean = ?, score_sd = ? WHERE id = ?`,
		cal.Scores, cal.Mean, cal.SD, id); err != nil {
		return fmt.Errorf("store: save calibration of judge %d: %w", id, err)
	}
	return nil
}

// judgeWeightedScores returns judge id's weighted scores with their
// submissions, by submission id (the order marquee.CalibrateJudge wants).
func judgeWeightedScores(ctx context.Context, c conn, id int64) ([]int64, []float64, error) {
	rows, err := c.query(ctx, `SELECT submission_id, weighted FROM judge_scores WHERE judge_id = ? ORDER BY submission_id`, id)
	if err != nil {
		return nil, nil, fmt.Errorf("store: scores of judge %d: %w", id, err)
	}
	defer rows.Close()
	var subs []int64
	var ws []float64
	for rows.Next() {
		var sub int64
		var w float64
		if err := rows.Scan(&sub, &w); err != nil {
			return nil, nil, fmt.Errorf("store: scores of judge %d: %w", id, err)
		}
		subs, ws = append(subs, sub), append(ws, w)
	}
	return subs, ws, rows.Err()
}

// calibratedOf returns the calibrated score of each submission of ids
// that has scores, from its judges' calibrations (marquee.CalibratedScore
// over their standardised scores, by judge id).
func calibratedOf(ctx context.Context, c conn, judges map[int64]marquee.JudgeCalibration, ids []int64) (map[int64]float64, error) {
	rows, err := c.query(ctx, `SELECT submission_id, judge_id, weighted FROM judge_scores WHERE submission_id IN (`+subMarks(len(ids))+`)
		ORDER BY submission_id, judge_id`, subArgs(ids)...)
	if err != nil {
		return nil, fmt.Errorf("store: scores of %d submissions: %w", len(ids), err)
	}
	defer rows.Close()
	out := map[int64]float64{}
	var z []float64
	cur := int64(0)
	for rows.Next() {
		var sub, judge int64
		var w float64
		if err := rows.Scan(&sub, &judge, &w); err != nil {
			return nil, fmt.Errorf("store: scores of %d submissions: %w", len(ids), err)
		}
		cal, ok := judges[judge]
		if !ok {
			return nil, fmt.Errorf("store: score of submission %d by judge %d of another festival", sub, judge)
		}
		if sub != cur && len(z) > 0 {
			out[cur], z = marquee.CalibratedScore(z), z[:0]
		}
		cur, z = sub, append(z, cal.Z(w))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: scores of %d submissions: %w", len(ids), err)
	}
	if len(z) > 0 {
		out[cur] = marquee.CalibratedScore(z)
	}
	return out, nil
}

// storedScore is a row of calibrated_scores.
type storedScore struct {
	category   int64
	withdrawn  bool
	calibrated float64
}

// storedCalibrated returns the stored calibrated scores of the festival's
// submissions ids (all of them when ids is nil).
func storedCalibrated(ctx context.Context, c conn, festivalID int64, ids []int64) (map[int64]storedScore, error) {
	q, args := `SELECT submission_id, category_id, withdrawn, calibrated FROM calibrated_scores WHERE festival_id = ?`, []any{festivalID}
	if ids != nil {
		q, args = q+` AND submission_id IN (`+subMarks(len(ids))+`)`, append(args, subArgs(ids)...)
	}
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("store: calibrated scores of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := map[int64]storedScore{}
	for rows.Next() {
		var id int64
		var v storedScore
		if err := rows.Scan(&id, &v.category, &v.withdrawn, &v.calibrated); err != nil {
			return nil, fmt.Errorf("store: calibrated scores of festival %d: %w", festivalID, err)
		}
		out[id] = v
	}
	return out, rows.Err()
}

// writeCalibrated makes the stored calibrated scores of the festival's
// submissions ids (at most calibrationBatch) those of want: a row added
// for a submission newly scored (with its category and whether it is
// withdrawn, read from submissions), its value replaced where it differs
// (bit for bit), deleted for one without scores any more. The changes go
// in one statement, the cheapest way measured on each engine to rewrite
// thousands of rows: on SQLite an upsert on the primary key, on
// PostgreSQL an UPDATE joined to the new values.
func writeCalibrated(ctx context.Context, c conn, festivalID int64, ids []int64, want map[int64]float64, have map[int64]storedScore) error {
	var add, upd, del []int64
	for _, id := range ids {
		w, scored := want[id]
		h, stored := have[id]
		switch {
		case scored && !stored:
			add = append(add, id)
		case scored && math.Float64bits(w) != math.Float64bits(h.calibrated):
			upd = append(upd, id)
		case !scored && stored:
			del = append(del, id)
		}
	}
	if len(add) > 0 {
		if err := addCalibrated(ctx, c, festivalID, add, want); err != nil {
			return err
		}
	}
	if len(upd) > 0 {
		var b strings.Builder
		var args []any
		q := ``
		if c.db.dialect == Postgres {
			for i, id := range upd {
				if i > 0 {
					b.WriteString(", ")
				}
				// Typed, so that PostgreSQL knows the VALUES' columns.
				b.WriteString(`(CAST(? AS BIGINT), CAST(? AS DOUBLE PRECISION))`)
				args = append(args, id, want[id])
			}
			q = `UPDATE calibrated_scores SET calibrated = v.column2 FROM (VALUES ` + b.String() + `) AS v
				WHERE calibrated_scores.festival_id = ? AND calibrated_scores.submission_id = v.column1`
			args = append(args, festivalID)
		} else {
			for i, id := range upd {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(`(?, ?, ?, ?)`)
				args = append(args, festivalID, id, have[id].category, want[id])
			}
			q = `INSERT INTO calibrated_scores (festival_id, submission_id, category_id, calibrated) VALUES ` + b.String() + `
				ON CONFLICT (festival_id, submission_id) DO UPDATE SET calibrated = excluded.calibrated`
		}
		if _, err := c.exec(ctx, q, args...); err != nil {
			return fmt.Errorf("store: save calibrated scores of festival %d: %w", festivalID, err)
		}
	}
	if len(del) > 0 {
		if _, err := c.exec(ctx, `DELETE FROM calibrated_scores WHERE festival_id = ? AND submission_id IN (`+subMarks(len(del))+`)`,
			append([]any{festivalID}, subArgs(del)...)...); err != nil {
			return fmt.Errorf("store: delete calibrated scores of festival %d: %w", festivalID, err)
		}
	}
	return nil
}

// addCalibrated adds the rows of the festival's submissions ids, newly
// scored, with their category and whether they are withdrawn.
func addCalibrated(ctx context.Context, c conn, festivalID int64, ids []int64, want map[int64]float64) error {
	q, err := c.query(ctx, `SELECT id, category_id, status FROM submissions WHERE festival_id = ? AND id IN (`+subMarks(len(ids))+`)`,
		append([]any{festivalID}, subArgs(ids)...)...)
	if err != nil {
		return fmt.Errorf("store: categories of %d submissions: %w", len(ids), err)
	}
	var b strings.Builder
	var args []any
	for q.Next() {
		var id, category int64
		var status string
		if err := q.Scan(&id, &category, &status); err != nil {
			q.Close()
			return fmt.Errorf("store: categories of %d submissions: %w", len(ids), err)
		}
		withdrawn := 0
		if status == string(marquee.SubmissionWithdrawn) {
			withdrawn = 1
		}
		if len(args) > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`(?, ?, ?, ?, ?)`)
		args = append(args, festivalID, id, category, withdrawn, want[id])
	}
	q.Close()
	if err := q.Err(); err != nil {
		return fmt.Errorf("store: categories of %d submissions: %w", len(ids), err)
	}
	if len(args) != 5*len(ids) {
		return fmt.Errorf("store: calibrated scores: %d of %d submissions are not festival %d's", len(ids)-len(args)/5, len(ids), festivalID)
	}
	if _, err := c.exec(ctx, `INSERT INTO calibrated_scores (festival_id, submission_id, category_id, withdrawn, calibrated) VALUES `+b.String(), args...); err != nil {
		return fmt.Errorf("store: add calibrated scores of festival %d: %w", festivalID, err)
	}
	return nil
}

// calibratedWithdrawn marks submission id of the festival withdrawn in
// calibrated_scores (it leaves the ranking), in the withdrawal's
// transaction.
func calibratedWithdrawn(ctx context.Context, c conn, festivalID, id int64) error {
	if _, err := c.exec(ctx, `UPDATE calibrated_scores SET withdrawn = 1 WHERE festival_id = ? AND submission_id = ?`, festivalID, id); err != nil {
		return fmt.Errorf("store: withdraw calibrated score of submission %d: %w", id, err)
	}
	return nil
}
