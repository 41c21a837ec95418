package store

import (
	"context"

	"github.com/marquee-festival/marquee"
)

var _ marquee.MovieCatalog = (*FilmMovies)(nil)

// FilmMovies is the movies pages' catalogue when no movie database key is
// set: the films their owners listed (public), as movies. Which films are
// listed is the film service's rule (ListPublic, marquee.FilmView); this
// only pages and maps them (marquee.Film.Movie). Films are shown in the
// language they were written in, whatever the request's.
type FilmMovies struct {
	films *FilmService
}

// Popular returns page of the listed films, newest first, MoviesPerPage a page.
func (m *FilmMovies) Popular(ctx context.Context, page int, _ string) (*marquee.Page[marquee.Movie], error) {
	p, err := m.films.ListPublic(ctx, marquee.PageRequest{Page: page, PerPage: marquee.MoviesPerPage})
	if err != nil {
		return nil, err
	}
	items := make([]marquee.Movie, len(p.Items))
	for i, f := range p.Items {
		items[i] = f.Movie()
	}
	return marquee.NewPage(items, p.Total, p.Page, p.PerPage), nil
}

// Movie returns listed film id as a movie, to anyone: a film its owner did
// not list is ErrMovieNotFound, even to the owner (the movies pages are
// what visitors see).
func (m *FilmMovies) Movie(ctx context.Context, id int64, _ string) (*marquee.Movie, error) {
	f, err := filmByID(ctx, m.films.reader(), id)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		return nil, marquee.ErrMovieNotFound()
	} else if err != nil {
		return nil, err
	}
	if !marquee.FilmView(nil, f, marquee.FilmAccess{}) {
		return nil, marquee.ErrMovieNotFound()
	}
	mv := f.Movie()
	return &mv, nil
}
