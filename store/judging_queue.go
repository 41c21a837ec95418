package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// judgeFestivals returns the festivals user userID judges (only the one
// of judge judgeID when it is not 0), with their progress.
func judgeFestivals(ctx context.Context, c conn, userID, judgeID int64) ([]*marquee.JudgeFestival, error) {
	q, args := `SELECT fe.id, fe.slug, fe.name, j.id,
			(SELECT COUNT(*) FROM submissions s WHERE s.festival_id = j.festival_id AND `+judgeSeesSubmission+`),
			(SELECT COUNT(*) FROM judge_scores js JOIN submissions s ON s.id = js.submission_id WHERE js.judge_id = j.id AND `+judgeSeesSubmission+`),
			COALESCE((SELECT fs.judging_locked FROM festival_settings fs WHERE fs.festival_id = fe.id), 0)
		FROM judges j JOIN festivals fe ON fe.id = j.festival_id
		WHERE j.user_id = ? AND j.status = 'active'`, []any{userID}
	if judgeID != 0 {
		q, args = q+` AND j.id = ?`, append(args, judgeID)
	}
	rows, err := c.query(ctx, q+` ORDER BY j.accepted_at DESC, j.id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: festivals judged by user %d: %w", userID, err)
	}
	defer rows.Close()
	out := []*marquee.JudgeFestival{}
	for rows.Next() {
		var jf marquee.JudgeFestival
		if err := rows.Scan(&jf.FestivalID, &jf.FestivalSlug, &jf.FestivalName, &jf.JudgeID, &jf.Assigned, &jf.Scored, &jf.Locked); err != nil {
			return nil, fmt.Errorf("store: festivals judged by user %d: %w", userID, err)
		}
		out = append(out, &jf)
	}
	return out, rows.Err()
}

// MyFestivals lists the festivals the signed-in user judges.
func (s *JudgingService) MyFestivals(ctx context.Context) ([]*marquee.JudgeFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	return judgeFestivals(ctx, s.reader(), u.ID, 0)
}

// Queue lists the signed-in judge's submissions of a festival, oldest
// first: those assigned (judgeAssigned), a declared conflict shown as such
// without the film or a score.
func (s *JudgingService) Queue(ctx context.Context, slug string) ([]*marquee.Assignment, error) {
	seat, err := activeJudge(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	return s.assignments(ctx, seat, 0)
}

// Assignment returns one submission of the signed-in judge's queue:
// ENotFound when it is not in it; when they declared a conflict on it,
// only Conflict (and Locked) are set.
func (s *JudgingService) Assignment(ctx context.Context, slug string, submissionID int64) (*marquee.Assignment, error) {
	seat, err := activeJudge(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	out, err := s.assignments(ctx, seat, submissionID)
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, errSubmissionNotFound()
	}
	if a := out[0]; a.Conflict {
		return &marquee.Assignment{Conflict: true, Locked: a.Locked, Criteria: []marquee.Criterion{}}, nil
	}
	return out[0], nil
}

// assignments reads the judge's queue (one submission when id is not 0)
// in three queries: the submissions with their films, the criteria, the
// judge's scores.
func (s *JudgingService) assignments(ctx context.Context, seat *judgeSeat, id int64) ([]*marquee.Assignment, error) {
	c := s.reader()
	where, args := `j.id = ?`, []any{seat.JudgeID}
	if id != 0 {
		where, args = where+` AND s.id = ?`, append(args, id)
	}
	rows, err := c.query(ctx, `SELECT `+judgingSubmissionColumns+`, `+judgingFilmColumns+`,
			EXISTS (SELECT 1 FROM judge_conflicts jc WHERE jc.judge_id = j.id AND jc.submission_id = s.id)
		FROM judges j JOIN submissions s ON `+judgeAssigned+judgingSubmissionJoins+`
		WHERE `+where+` ORDER BY s.created_at, s.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: queue of judge %d: %w", seat.JudgeID, err)
	}
	out := []*marquee.Assignment{}
	type readAssignment struct {
		sub      *marquee.Submission
		film     *marquee.Film
		conflict bool
	}
	var read []readAssignment
	films := map[int64]*marquee.Film{}
	for rows.Next() {
		sub, film := &marquee.Submission{}, &marquee.Film{}
		var sum scannedSummary
		var raw filmRaw
		var conflict bool
		targets := append(append(submissionTargets(sub, &sum), filmTargets(film, &raw)...), &conflict)
		if err := rows.Scan(targets...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: queue of judge %d: %w", seat.JudgeID, err)
		}
		sum.finish(sub, false)
		if err := raw.finish(film); err != nil {
			rows.Close()
			return nil, err
		}
		if marquee.OwnFilm(seat.UserID, sub.FilmmakerID) {
			continue // judgeAssigned never lets it through; the rule says it twice
		}
		if conflict {
			film = nil
		} else {
			films[film.ID] = film
		}
		read = append(read, readAssignment{sub, film, conflict})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: queue of judge %d: %w", seat.JudgeID, err)
	}
	if err := attachStills(ctx, c, films); err != nil {
		return nil, err
	}
	for _, r := range read {
		a := &marquee.Assignment{Conflict: r.conflict, Locked: seat.Fest.Locked}
		a.Submission, a.Film = marquee.JudgeView(r.sub, r.film, seat.Fest.Blind)
		out = append(out, a)
	}
	criteria, err := loadCriteriaOf(ctx, c, seat.Fest.ID)
	if err != nil {
		return nil, err
	}
	scores, err := judgeScores(ctx, c, seat.JudgeID, id)
	if err != nil {
		return nil, err
	}
	for _, a := range out {
		a.Criteria = criteria
		if !a.Conflict {
			a.MyScore = scores[a.Submission.ID]
		}
	}
	return out, nil
}
