package store

import (
	"context"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// List returns the signed-in user's films, newest first, with their
// screeners (they are the owner's).
func (s *FilmService) List(ctx context.Context) ([]*marquee.Film, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	films, err := s.queryFilms(ctx, `SELECT `+filmRowColumns+` FROM films f WHERE f.owner_id = ?
		ORDER BY f.created_at DESC, f.id DESC`, u.ID)
	if err != nil {
		return nil, fmt.Errorf("store: list films of user %d: %w", u.ID, err)
	}
	return films, nil
}

// ListPublic lists the films whose owners listed them, newest first,
// without their screeners, a page at a time (FilmsPerPage by default).
func (s *FilmService) ListPublic(ctx context.Context, page marquee.PageRequest) (*marquee.Page[*marquee.Film], error) {
	if page.PerPage <= 0 {
		page.PerPage = marquee.FilmsPerPage
	}
	page.Page = max(page.Page, 1)
	var total int64
	if err := s.reader().queryRow(ctx, `SELECT COUNT(*) FROM films WHERE public = 1`).Scan(&total); err != nil {
		return nil, fmt.Errorf("store: count public films: %w", err)
	}
	films, err := s.queryFilms(ctx, `SELECT `+filmRowColumns+` FROM films f WHERE f.public = 1
		ORDER BY f.created_at DESC, f.id DESC`+limitOffset(page.PerPage), page.Offset())
	if err != nil {
		return nil, fmt.Errorf("store: list public films: %w", err)
	}
	for _, f := range films {
		// Everyone, the owner included, gets the public view here.
		f.HideScreener()
		f.ActiveSubmissions = 0
	}
	return marquee.NewPage(films, total, page.Page, page.PerPage), nil
}

// queryFilms runs q, which selects filmRowColumns, on the read pool.
func (s *FilmService) queryFilms(ctx context.Context, q string, args ...any) ([]*marquee.Film, error) {
	rows, err := s.reader().query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*marquee.Film{}
	for rows.Next() {
		f, err := scanFilmRow(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
