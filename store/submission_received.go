package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"iter"

	"github.com/marquee-festival/marquee"
)

// receivedOrder maps the organiser's sorts to ORDER BY clauses; date and
// score follow an index (submissions_festival_created of 00008,
// submissions_festival[_category]_score of 00028); calibrated is read
// without an ORDER BY on submissions, by receivedCalibrated.
var receivedOrder = map[string]string{
	marquee.ReceivedSortDate:       `s.created_at DESC, s.id DESC`,
	marquee.ReceivedSortScore:      `s.score_weighted DESC NULLS LAST, s.id`,
	marquee.ReceivedSortCalibrated: `cs.calibrated DESC NULLS LAST, s.id`,
}

// Received lists a managed festival's submissions, filtered and sorted,
// ReceivedPerPage a page, with their score summaries.
//
// A page without filters other than the category is two statements: the
// festival with its names and the rollups' total (managedWith), then the
// page's rows joined to their films, filmmakers, calibrated scores and
// entry statuses. Other filters add a count; a calibrated page reaching
// the unscored entries adds their statement.
func (s *SubmissionService) Received(ctx context.Context, slug string, f marquee.ReceivedFilter) (*marquee.Page[*marquee.Submission], error) {
	if f.PerPage <= 0 {
		f.PerPage = marquee.ReceivedPerPage
	}
	order, ok := receivedOrder[f.Sort]
	if f.Sort == "" {
		order, ok = receivedOrder[marquee.ReceivedSortDate], true
	}
	if !ok {
		return nil, fmt.Errorf("store: received: unknown sort %q", f.Sort)
	}
	// The filters other than the festival and the category, on s.
	var more string
	var moreArgs []any
	add := func(cond string, arg any) { more, moreArgs = more+` AND `+cond, append(moreArgs, arg) }
	if f.Status != "" {
		add(`s.status = ?`, string(f.Status))
	}
	if f.Country != "" {
		add(`s.country = ?`, f.Country)
	}
	switch f.Flag {
	case "":
	case marquee.FlagFilterNone:
		add(`s.flag = ?`, "")
	default:
		add(`s.flag = ?`, f.Flag)
	}
	if f.MinScore != nil {
		add(`s.score_weighted >= ?`, *f.MinScore)
	}
	if f.MaxScore != nil {
		add(`s.score_weighted <= ?`, *f.MaxScore)
	}
	if f.EntryStatusID != 0 {
		add(`EXISTS (SELECT 1 FROM submission_entry_statuses es WHERE es.submission_id = s.id AND es.status_id = ?)`, f.EntryStatusID)
	}
	var rolledUp *rollupCount
	if more == "" { // the festival's or a category's entries: the rollups count them
		rolledUp = &rollupCount{facet: "category", key: categoryRollupKey(f.CategoryID)}
	}
	fest, names, err := s.managedWith(ctx, slug, true, rolledUp)
	if err != nil {
		return nil, err
	}
	where, args := ` WHERE s.festival_id = ?`, []any{fest.id}
	if f.CategoryID != 0 {
		where, args = where+` AND s.category_id = ?`, append(args, f.CategoryID)
	}
	where, args = where+more, append(args, moreArgs...)
	r := s.reader()
	var total int64
	if rolledUp != nil {
		total = rolledUp.n
	} else if err := r.queryRow(ctx, `SELECT COUNT(*) FROM submissions s`+where, args...).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count submissions of festival %d: %w", fest.id, err)
	}
	var rows []*submissionRow
	if f.Sort == marquee.ReceivedSortCalibrated {
		rows, err = receivedCalibrated(ctx, r, fest.id, f, more, moreArgs, where, args)
	} else {
		rows, err = pageFestivalSubmissions(ctx, r, where, args, order, f.PerPage, f.Offset())
	}
	if err != nil {
		return nil, fmt.Errorf("store: submissions of festival %d: %w", fest.id, err)
	}
	names.fillRows(rows)
	return marquee.NewPage(submissionsOf(rows), total, max(f.Page, 1), f.PerPage), nil
}

// receivedCalibrated returns a page of the organiser's list in calibrated
// order without sorting: first the scored submissions in the order of
// calibrated_scores' index (festival, [category,] calibrated DESC, id),
// each joined to its submission, film, filmmaker and entry status in the same query
// (one pass over the index; the festival's entries are spread over the
// whole submissions table, so a second query by id visited the same
// pages again); then the unscored ones (no row in calibrated_scores, that
// is score_weighted IS NULL), by id. more and moreArgs are the filters on
// s other than the festival and the category; where and args select the
// list's submissions s.
func receivedCalibrated(ctx context.Context, c conn, festivalID int64, f marquee.ReceivedFilter, more string, moreArgs []any, where string, args []any) ([]*submissionRow, error) {
	scoredWhere, scoredArgs := ` WHERE cs.festival_id = ?`, []any{festivalID}
	if f.CategoryID != 0 {
		scoredWhere, scoredArgs = scoredWhere+` AND cs.category_id = ?`, append(scoredArgs, f.CategoryID)
	}
	scoredWhere, scoredArgs = scoredWhere+more, append(scoredArgs, moreArgs...)
	offset := f.Offset()
	page, pageArgs := c.pageClause(f.PerPage, offset)
	rows, err := queryListed(ctx, c, `SELECT `+festivalSubmissionColumns+listedEntryStatusColumns+` FROM calibrated_scores cs
		JOIN submissions s ON s.id = cs.submission_id
		JOIN films fi ON fi.id = s.film_id
		JOIN users u ON u.id = s.filmmaker_id`+listedEntryStatusJoins+scoredWhere+`
		ORDER BY cs.calibrated DESC, cs.submission_id`+page, append(append([]any{}, scoredArgs...), pageArgs...)...)
	if err != nil {
		return nil, err
	}
	if len(rows) < f.PerPage {
		unscoredFrom := 0
		if len(rows) == 0 {
			from := ` FROM calibrated_scores cs`
			if more != "" {
				from += ` JOIN submissions s ON s.id = cs.submission_id`
			}
			var scored int64
			if err := c.queryRow(ctx, `SELECT COUNT(*)`+from+scoredWhere, scoredArgs...).Scan(&scored); err != nil {
				return nil, err
			}
			unscoredFrom = max(offset-int(scored), 0)
		}
		unscored, err := pageFestivalSubmissions(ctx, c, where+` AND s.score_weighted IS NULL`, args, `s.id`, f.PerPage-len(rows), unscoredFrom)
		if err != nil {
			return nil, err
		}
		rows = append(rows, unscored...)
	}
	return rows, nil
}

// Detail returns one submission of a managed festival in full: the film
// with its screener and credits, every judge's scores (private notes
// included: the organiser sees them), the conflicts declared on it, and
// the judges who may score it.
func (s *SubmissionService) Detail(ctx context.Context, slug string, id int64) (*marquee.SubmissionDetail, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	r := s.reader()
	row, err := loadSubmission(ctx, r, id, `s.festival_id = ?`, fest.id)
	if err != nil {
		return nil, err
	}
	d, err := s.details(ctx, r, fest.id, []*submissionRow{row}, true)
	if err != nil {
		return nil, err
	}
	if err := entryStatusOf(ctx, r, []*submissionRow{row}); err != nil {
		return nil, err
	}
	if d[0].Answers, err = submissionAnswers(ctx, r, id); err != nil {
		return nil, err
	}
	return d[0], nil
}

// Export yields every submission of a managed festival, oldest first,
// with its score summary, for the CSV download: one query (the
// submissions_festival_created index, each row joined to its film,
// category and filmmaker), each row scanned and yielded before the next
// is read, so nothing grows with the festival. The connection is held
// while the caller consumes the rows; stopping early closes them.
func (s *SubmissionService) Export(ctx context.Context, slug string) (iter.Seq2[*marquee.Submission, error], error) {
	fest, names, err := s.managedWithNames(ctx, slug)
	if err != nil {
		return nil, err
	}
	return func(yield func(*marquee.Submission, error) bool) {
		rows, err := s.reader().query(ctx, `SELECT `+festivalSubmissionColumns+festivalSubmissionFrom+` WHERE s.festival_id = ? ORDER BY s.created_at, s.id`, fest.id)
		if err != nil {
			yield(nil, fmt.Errorf("store: export submissions of festival %d: %w", fest.id, err))
			return
		}
		defer rows.Close()
		for rows.Next() {
			row, err := scanSubmission(rows)
			if err != nil {
				yield(nil, fmt.Errorf("store: export submissions of festival %d: %w", fest.id, err))
				return
			}
			names.fill(row.Submission)
			if !yield(row.Submission, nil) {
				return
			}
		}
		if err := rows.Err(); err != nil {
			yield(nil, fmt.Errorf("store: export submissions of festival %d: %w", fest.id, err))
		}
	}, nil
}

// details completes rows of festival id into SubmissionDetails with a
// query per table for all of them (not per submission); withJudges adds
// the judges who may score each.
func (s *SubmissionService) details(ctx context.Context, c conn, festivalID int64, rows []*submissionRow, withJudges bool) ([]*marquee.SubmissionDetail, error) {
	out := make([]*marquee.SubmissionDetail, len(rows))
	byID := map[int64]*marquee.SubmissionDetail{}
	for i, r := range rows {
		out[i] = &marquee.SubmissionDetail{Submission: r.Submission, Scores: []*marquee.JudgeScore{}, Conflicts: []*marquee.Conflict{}, Judges: []*marquee.Judge{}}
		byID[r.ID] = out[i]
	}
	if len(rows) == 0 {
		return out, nil
	}
	// One submission: filter by its id; many: the festival's (one query
	// per table however many).
	filter, arg := `s.festival_id = ?`, any(festivalID)
	filmFilter, filmArg := `f.id IN (SELECT film_id FROM submissions WHERE festival_id = ?)`, any(festivalID)
	if len(rows) == 1 {
		filter, arg = `s.id = ?`, rows[0].ID
		filmFilter, filmArg = `f.id = ?`, rows[0].FilmID
	}
	films, err := submittedFilms(ctx, c, filmFilter, filmArg)
	if err != nil {
		return nil, err
	}
	for _, d := range out {
		d.Film = films[d.Submission.FilmID]
	}
	scores := map[[2]int64]*marquee.JudgeScore{}
	q, err := c.query(ctx, `SELECT js.judge_id, COALESCE(u.name, j.email), js.submission_id, js.weighted, js.comment, js.private_note, js.updated_at
		FROM judge_scores js JOIN submissions s ON s.id = js.submission_id JOIN judges j ON j.id = js.judge_id
		LEFT JOIN users u ON u.id = j.user_id WHERE `+filter+` ORDER BY js.submission_id, js.judge_id`, arg)
	if err != nil {
		return nil, fmt.Errorf("store: judge scores: %w", err)
	}
	for q.Next() {
		var js marquee.JudgeScore
		if err := q.Scan(&js.JudgeID, &js.JudgeName, &js.SubmissionID, &js.Weighted, &js.Comment, &js.PrivateNote, &js.UpdatedAt); err != nil {
			q.Close()
			return nil, fmt.Errorf("store: judge scores: %w", err)
		}
		js.UpdatedAt = js.UpdatedAt.UTC()
		js.Scores = []marquee.CriterionScore{}
		if d := byID[js.SubmissionID]; d != nil {
			d.Scores = append(d.Scores, &js)
			scores[[2]int64{js.JudgeID, js.SubmissionID}] = &js
		}
	}
	q.Close()
	if err := q.Err(); err != nil {
		return nil, fmt.Errorf("store: judge scores: %w", err)
	}
	q, err = c.query(ctx, `SELECT jcs.judge_id, jcs.submission_id, jcs.criterion_id, jcs.score
		FROM judge_criterion_scores jcs JOIN submissions s ON s.id = jcs.submission_id
		JOIN festival_criteria fc ON fc.id = jcs.criterion_id WHERE `+filter+` ORDER BY fc.position, fc.id`, arg)
	if err != nil {
		return nil, fmt.Errorf("store: criterion scores: %w", err)
	}
	for q.Next() {
		var judge, sub int64
		var cs marquee.CriterionScore
		if err := q.Scan(&judge, &sub, &cs.CriterionID, &cs.Score); err != nil {
			q.Close()
			return nil, fmt.Errorf("store: criterion scores: %w", err)
		}
		if js := scores[[2]int64{judge, sub}]; js != nil {
			js.Scores = append(js.Scores, cs)
		}
	}
	q.Close()
	if err := q.Err(); err != nil {
		return nil, fmt.Errorf("store: criterion scores: %w", err)
	}
	q, err = c.query(ctx, `SELECT jc.judge_id, COALESCE(u.name, j.email), jc.submission_id, jc.reason, jc.created_at
		FROM judge_conflicts jc JOIN submissions s ON s.id = jc.submission_id JOIN judges j ON j.id = jc.judge_id
		LEFT JOIN users u ON u.id = j.user_id WHERE `+filter+` ORDER BY jc.submission_id, jc.created_at, jc.judge_id`, arg)
	if err != nil {
		return nil, fmt.Errorf("store: conflicts: %w", err)
	}
	for q.Next() {
		var cf marquee.Conflict
		if err := q.Scan(&cf.JudgeID, &cf.JudgeName, &cf.SubmissionID, &cf.Reason, &cf.CreatedAt); err != nil {
			q.Close()
			return nil, fmt.Errorf("store: conflicts: %w", err)
		}
		cf.CreatedAt = cf.CreatedAt.UTC()
		if d := byID[cf.SubmissionID]; d != nil {
			d.Conflicts = append(d.Conflicts, &cf)
		}
	}
	q.Close()
	if err := q.Err(); err != nil {
		return nil, fmt.Errorf("store: conflicts: %w", err)
	}
	if withJudges {
		for _, d := range out {
			if d.Judges, err = scoringJudges(ctx, c, d.Submission.ID); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// scoringJudges returns the judges who may score submission id
// (judgeSeesSubmission), by name.
func scoringJudges(ctx context.Context, c conn, id int64) ([]*marquee.Judge, error) {
	q, err := c.query(ctx, `SELECT j.id, j.festival_id, COALESCE(j.user_id, 0), j.email, COALESCE(u.name, ''), j.status, j.scope, j.invited_at, j.accepted_at
		FROM submissions s JOIN judges j ON `+judgeSeesSubmission+`
		LEFT JOIN users u ON u.id = j.user_id WHERE s.id = ? ORDER BY j.id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: judges of submission %d: %w", id, err)
	}
	defer q.Close()
	out := []*marquee.Judge{}
	for q.Next() {
		var j marquee.Judge
		var status string
		var accepted sql.NullTime
		if err := q.Scan(&j.ID, &j.FestivalID, &j.UserID, &j.Email, &j.Name, &status, &j.Scope, &j.InvitedAt, &accepted); err != nil {
			return nil, fmt.Errorf("store: judges of submission %d: %w", id, err)
		}
		j.Status, j.InvitedAt, j.AcceptedAt = marquee.JudgeStatus(status), j.InvitedAt.UTC(), subTime(accepted)
		j.CategoryIDs = []int64{}
		out = append(out, &j)
	}
	return out, q.Err()
}

// submittedFilms returns the films matching cond (on films aliased f) in
// full (the organiser sees the screener and the credits), read from the
// films table.
func submittedFilms(ctx context.Context, c conn, cond string, arg any) (map[int64]*marquee.Film, error) {
	q, err := c.query(ctx, `SELECT f.id, f.owner_id, f.title, f.original_title, f.logline, f.synopsis, f.runtime_minutes, f.genre,
		f.country, f.language, f.year, f.director, f.credits, f.screener_url, f.screener_password, f.public, f.poster_key,
		f.created_at, f.updated_at, f.specs,
		(SELECT COUNT(*) FROM submissions a WHERE a.film_id = f.id AND a.status <> 'withdrawn')
		FROM films f WHERE `+cond, arg)
	if err != nil {
		return nil, fmt.Errorf("store: submitted films: %w", err)
	}
	defer q.Close()
	out := map[int64]*marquee.Film{}
	for q.Next() {
		var f marquee.Film
		var credits, poster, specs string
		var public int
		if err := q.Scan(&f.ID, &f.OwnerID, &f.Title, &f.OriginalTitle, &f.Logline, &f.Synopsis, &f.RuntimeMinutes, &f.Genre,
			&f.Country, &f.Language, &f.Year, &f.Director, &credits, &f.ScreenerURL, &f.ScreenerPassword, &public, &poster,
			&f.CreatedAt, &f.UpdatedAt, &specs, &f.ActiveSubmissions); err != nil {
			return nil, fmt.Errorf("store: submitted films: %w", err)
		}
		if err := decodeFilmSpecs(&f, specs); err != nil {
			return nil, err
		}
		f.Credits = []marquee.FilmCredit{}
		if credits != "" {
			if err := json.Unmarshal([]byte(credits), &f.Credits); err != nil {
				return nil, fmt.Errorf("store: film %d credits: %w", f.ID, err)
			}
		}
		f.Public = public != 0
		f.PosterURL, f.PosterImages = marquee.PosterFromKey(poster)
		f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
		out[f.ID] = &f
	}
	if err := q.Err(); err != nil {
		return nil, fmt.Errorf("store: submitted films: %w", err)
	}
	q.Close()
	return out, attachStills(ctx, c, out)
}
