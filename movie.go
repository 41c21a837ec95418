package marquee

import (
	"context"
	"strconv"
)

// The movies pages (/movies, /movie/{id}) show a catalogue of films: The
// Movie Database's popular movies when a key for it is configured,
// otherwise the film projects their owners listed on Marquee.

// Movie sources: where a catalogue's movies come from.
const (
	MovieSourceTMDB    = "tmdb"
	MovieSourceMarquee = "marquee"
)

// MoviesPerPage is the size of a page of the movies grid (The Movie
// Database's own page size, kept for Marquee's films too).
const MoviesPerPage = 20

// Movie is one film of the movies pages.
type Movie struct {
	// ID is the movie's id in its source: The Movie Database's id, or the
	// Marquee film's. One catalogue answers at a time, so /movie/{id} asks
	// the same source that listed it.
	ID       int64  `json:"id"`
	Title    string `json:"title"`
	Overview string `json:"overview"`
	// OverviewLanguage is set ("en") when the source had no overview in
	// the request's language and the English one stands in; the page marks
	// the text with it.
	OverviewLanguage string `json:"overviewLanguage,omitempty"`
	// PosterURL is an absolute URL (The Movie Database's images) or a path
	// on this site (a Marquee poster); "" when there is none.
	PosterURL string `json:"posterUrl"`
	// PosterImages are a Marquee poster's two sizes, for srcset; absent
	// for The Movie Database's movies and legacy posters.
	PosterImages *PosterImages `json:"posterImages,omitempty"`
	// ReleaseDate is YYYY-MM-DD, or only YYYY when the source knows only the
	// year (Marquee films); "" when unknown.
	ReleaseDate string `json:"releaseDate"`
	// Runtime is in minutes; 0 when unknown (The Movie Database's lists
	// do not carry it, only its details do).
	Runtime int `json:"runtime,omitempty"`
	// Genres are in the request's language where the source has them.
	Genres []string `json:"genres,omitempty"`
	// Source is MovieSourceTMDB or MovieSourceMarquee.
	Source string `json:"source"`
}

// MovieCatalog is the movies pages' catalogue: The Movie Database's client
// (package movies) when a key is set, else the store's public films.
type MovieCatalog interface {
	// Popular returns page (from 1) of the popular movies, MoviesPerPage a
	// page, in lang where the source has it. When the source cannot be
	// reached it returns ErrMoviesUnavailable.
	Popular(ctx context.Context, page int, lang string) (*Page[Movie], error)
	// Movie returns one movie in lang where the source has it; ENotFound
	// (ErrMovieNotFound) when the source has none with that id.
	Movie(ctx context.Context, id int64, lang string) (*Movie, error)
}

// ErrMovieNotFound is the answer for a movie its catalogue does not have
// (or, for a Marquee film, one its owner did not list).
func ErrMovieNotFound() error { return Errorf(ENotFound, "Movie not found") }

// ErrMoviesUnavailable is the answer when the movie database cannot be
// reached or answers with an error; the movies page shows it over an empty
// list.
func ErrMoviesUnavailable() error {
	return Errorf(EUnavailable, "Movies cannot be loaded right now. Please try again later.")
}

// Movie returns the film as a movie of the movies pages: its logline as
// the overview, its year as the release date, its runtime and its genre
// when given. Whether the film may be listed is FilmView's rule (public).
func (f *Film) Movie() Movie {
	m := Movie{ID: f.ID, Title: f.Title, Overview: f.Logline, PosterURL: f.PosterURL,
		PosterImages: f.PosterImages,
		Runtime:      f.RuntimeMinutes, Source: MovieSourceMarquee}
	if f.Year > 0 {
		m.ReleaseDate = strconv.Itoa(f.Year)
	}
	if f.Genre != "" {
		m.Genres = []string{f.Genre}
	}
	return m
}
