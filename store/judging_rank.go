package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Ranking returns a page of a managed festival's ranking
// (marquee.RankingFilter): its submissions not withdrawn, of one category
// or of all, by weighted or by calibrated score, the unscored last. Every
// query is an index range that never reads a row: the count is the
// rollups' (facet 'open', rollupTotalColumn); the weighted order reads
// submissions_festival[_category]_score (which hold the status); the
// calibrated order reads calibrated_scores (kept by the score
// writes, judging_calibration.go) for the scored lines, then those indexes
// for the unscored ones. Only the page's rows are read in full, joined to
// the page's lines in the same statement (rankLines with full): a page is
// two statements, the festival with its names and total, and the page.
func (s *JudgingService) Ranking(ctx context.Context, slug string, f marquee.RankingFilter) (*marquee.Page[*marquee.RankedSubmission], error) {
	fest, names, total, err := managedFestivalForRanking(ctx, s.reader(), slug, categoryRollupKey(f.CategoryID))
	if err != nil {
		return nil, err
	}
	c := s.reader()
	where, args := `s.festival_id = ? AND s.status <> 'withdrawn'`, []any{fest.ID}
	if f.CategoryID != 0 {
		// The festival's categories came with it.
		if _, ok := names.categories[f.CategoryID]; !ok {
			return nil, marquee.Errorf(marquee.ENotFound, "Category not found")
		}
		where, args = where+` AND s.category_id = ?`, append(args, f.CategoryID)
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.RankingPerPage
	}
	var at rankSource
	switch f.Sort {
	case marquee.RankingSortCalibrated:
		at = calibratedRankSource(c, fest.ID, f.CategoryID, where, args)
	default:
		at = func(ctx context.Context, offset, limit int, full bool) ([]rankLine, error) {
			return rankLines(ctx, c, `SELECT s.id AS rank_id, s.score_weighted AS rank_score FROM submissions s WHERE `+where+`
				ORDER BY s.score_weighted DESC NULLS LAST, s.id`, args, offset, limit, full)
		}
	}
	lines, ranks, err := rankedPage(ctx, at, f.Offset(), f.PerPage)
	if err != nil {
		return nil, fmt.Errorf("store: ranking of festival %d: %w", fest.ID, err)
	}
	// The minimum of judges came with the festival (loadJudgingFestival):
	// one statement fewer per page.
	settings := marquee.FestivalSettings{MinJudges: fest.MinJudges}
	out := make([]*marquee.RankedSubmission, 0, len(lines))
	for i, l := range lines {
		sub := l.sub
		names.fill(sub)
		out = append(out, &marquee.RankedSubmission{Submission: sub, Summary: *sub.Scores, Rank: ranks[i],
			BelowMinimumJudges: settings.BelowMinimumJudges(sub.Scores.Judges)})
	}
	return marquee.NewPage(out, total, max(f.Page, 1), f.PerPage), nil
}

// rankLine is a line of a ranking: a submission and its score in the
// ranking's order (nil: not scored), and the submission in full when it
// was read so (without the festival's and categories' names, which
// festivalNames fills).
type rankLine struct {
	id    int64
	score *float64
	sub   *marquee.Submission
}

// rankWalk is how many lines firstOfRank reads at a time.
const rankWalk = 64

// rankSource returns up to limit lines of a ranking from 0-based position
// offset on, in order; full reads their submissions too.
type rankSource func(ctx context.Context, offset, limit int, full bool) ([]rankLine, error)

// rankLines runs q (selecting, in order, an id as rank_id and a nullable
// score as rank_score) from offset on, up to limit lines. full joins each
// line to its submission (festivalJudgingColumns) in the same statement:
// by id alone, since a festival_id term would lead SQLite to scan the
// festival's index instead. Every order of a ranking is its score, the
// unscored last, then the id, so the joined rows keep q's order by
// rank_score DESC NULLS LAST, rank_id.
func rankLines(ctx context.Context, c conn, q string, args []any, offset, limit int, full bool) ([]rankLine, error) {
	page, pageArgs := c.pageClause(limit, offset)
	q += page
	if full {
		q = `SELECT r.rank_id, r.rank_score, ` + festivalJudgingColumns + ` FROM (` + q + `) r
			JOIN submissions s ON s.id = r.rank_id` + festivalJudgingJoins + `
			ORDER BY r.rank_score DESC NULLS LAST, r.rank_id`
	}
	rows, err := c.query(ctx, q, append(append([]any{}, args...), pageArgs...)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []rankLine
	for rows.Next() {
		var l rankLine
		var score sql.NullFloat64
		targets := []any{&l.id, &score}
		var sum scannedSummary
		if full {
			l.sub = &marquee.Submission{}
			targets = append(targets, submissionTargets(l.sub, &sum)...)
		}
		if err := rows.Scan(targets...); err != nil {
			return nil, err
		}
		if full {
			sum.finish(l.sub, true)
		}
		l.score = nullFloat(score)
		out = append(out, l)
	}
	return out, rows.Err()
}

// calibratedRankSource is the calibrated order of a festival's ranking:
// the scored submissions not withdrawn from calibrated_scores' index, then
// the unscored ones (score_weighted IS NULL, the same as having no row in
// calibrated_scores) by id. where and args select the ranking's
// submissions s.
func calibratedRankSource(c conn, festivalID, categoryID int64, where string, args []any) rankSource {
	scoredWhere, scoredArgs := `cs.festival_id = ? AND cs.withdrawn = 0`, []any{festivalID}
	if categoryID != 0 {
		scoredWhere, scoredArgs = scoredWhere+` AND cs.category_id = ?`, append(scoredArgs, categoryID)
	}
	scored := -1 // counted when first needed
	return func(ctx context.Context, offset, limit int, full bool) ([]rankLine, error) {
		lines, err := rankLines(ctx, c, `SELECT cs.submission_id AS rank_id, cs.calibrated AS rank_score FROM calibrated_scores cs WHERE `+scoredWhere+`
			ORDER BY cs.calibrated DESC, cs.submission_id`, scoredArgs, offset, limit, full)
		if err != nil || len(lines) == limit {
			return lines, err
		}
		from := 0
		if len(lines) == 0 {
			if scored < 0 {
				var n int64
				if err := c.queryRow(ctx, `SELECT COUNT(*) FROM calibrated_scores cs WHERE `+scoredWhere, scoredArgs...).Scan(&n); err != nil {
					return nil, err
				}
				scored = int(n)
			}
			from = max(offset-scored, 0)
		}
		unscored, err := rankLines(ctx, c, `SELECT s.id AS rank_id, s.score_weighted AS rank_score FROM submissions s WHERE `+where+` AND s.score_weighted IS NULL
			ORDER BY s.id`, args, from, limit, full)
		if err != nil {
			return nil, err
		}
		lines = append(lines, unscored...)
		return lines[:min(len(lines), limit)], nil
	}
}

// rankedPage returns the perPage lines of a ranking from position offset
// on, with their ranks (marquee.RankAfter from the line above the page)
// and their submissions. When the line above shares its rank with the
// first, the lines above are read back until that rank's first line.
func rankedPage(ctx context.Context, at rankSource, offset, perPage int) ([]rankLine, []int, error) {
	from := max(offset-1, 0)
	lines, err := at(ctx, from, perPage+1, true)
	if err != nil {
		return nil, nil, err
	}
	var above *rankLine
	if offset > 0 && len(lines) > 0 {
		above, lines = &lines[0], lines[1:]
	}
	lines = lines[:min(len(lines), perPage)]
	ranks := make([]int, len(lines))
	for i, l := range lines {
		pos := offset + i
		switch {
		case i > 0:
			ranks[i] = marquee.RankAfter(lines[i-1].score, ranks[i-1], pos, l.score)
		case above == nil || l.score == nil || above.score == nil || !marquee.SameRank(*above.score, *l.score):
			ranks[i] = marquee.RankAfter(nil, 0, pos, l.score)
		default:
			first, err := firstOfRank(ctx, at, offset-1, *above.score)
			if err != nil {
				return nil, nil, err
			}
			ranks[i] = first + 1
		}
	}
	return lines, ranks, nil
}

// firstOfRank returns the position of the first line of the rank of the
// line at pos (score v): going up while a line shares its rank with the
// one below it.
func firstOfRank(ctx context.Context, at rankSource, pos int, v float64) (int, error) {
	for pos > 0 {
		from := max(pos-rankWalk, 0)
		lines, err := at(ctx, from, rankWalk, false)
		if err != nil {
			return 0, err
		}
		lines = lines[:min(len(lines), pos-from)] // the lines above pos
		for i := len(lines) - 1; i >= 0; i-- {
			if lines[i].score == nil || !marquee.SameRank(*lines[i].score, v) {
				return pos, nil
			}
			pos, v = from+i, *lines[i].score
		}
		if len(lines) == 0 {
			return pos, nil
		}
	}
	return 0, nil
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
