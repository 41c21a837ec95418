package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Get returns film id as the signed-in user (or a visitor) may see it
// (marquee.FilmView): everything to its owner and to an organiser of a
// festival it is submitted to; what marquee.JudgeView shows (under blind
// review nothing of who made it) to a judge who may see one of its
// submissions; a public film
// without the screener to anyone; ENotFound to everyone else.
func (s *FilmService) Get(ctx context.Context, id int64) (*marquee.Film, error) {
	f, err := filmByID(ctx, s.reader(), id)
	if err != nil {
		return nil, err
	}
	u := marquee.UserFromContext(ctx)
	var access marquee.FilmAccess
	if u != nil && u.ID != f.OwnerID {
		if access, err = s.filmAccess(ctx, u, id); err != nil {
			return nil, err
		}
	}
	if !marquee.FilmView(u, f, access) {
		return nil, marquee.ErrFilmNotFound()
	}
	return f, nil
}

// filmAccess finds what u, who does not own film id, may see of it: as
// the organiser of a festival (an admin of any festival) with a
// submission of it not withdrawn; as a judge who may see one of its
// submissions (judgeSeesSubmission), under blind review when any such
// submission's festival reviews blind.
func (s *FilmService) filmAccess(ctx context.Context, u *marquee.User, id int64) (marquee.FilmAccess, error) {
	var organiser, judge, blind int
	err := s.reader().queryRow(ctx, `SELECT
		CASE WHEN EXISTS (SELECT 1 FROM submissions s JOIN festivals fe ON fe.id = s.festival_id
			WHERE s.film_id = ? AND s.status <> 'withdrawn' AND (fe.organiser_id = ? OR ? = 1)) THEN 1 ELSE 0 END,
		CASE WHEN EXISTS (SELECT 1 FROM submissions s JOIN judges j ON j.user_id = ?
			WHERE s.film_id = ? AND `+judgeSeesSubmission+`) THEN 1 ELSE 0 END,
		CASE WHEN EXISTS (SELECT 1 FROM submissions s JOIN judges j ON j.user_id = ?
			JOIN festival_settings fs ON fs.festival_id = s.festival_id AND fs.blind_review = 1
			WHERE s.film_id = ? AND `+judgeSeesSubmission+`) THEN 1 ELSE 0 END`,
		id, u.ID, filmBoolInt(u.IsAdmin()), u.ID, id, u.ID, id).Scan(&organiser, &judge, &blind)
	if err != nil {
		return marquee.FilmAccess{}, fmt.Errorf("store: access of user %d to film %d: %w", u.ID, id, err)
	}
	return marquee.FilmAccess{Organiser: organiser == 1, Judge: judge == 1, Blind: blind == 1}, nil
}
