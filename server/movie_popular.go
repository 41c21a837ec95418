package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// moviePage is the answer of GET /movies/popular: a page, and when the
// movie database could not be reached, an empty one with the message the
// page shows.
type moviePage struct {
	*marquee.Page[marquee.Movie]
	Message string `json:"message,omitempty"`
}

// handleMoviePopular answers a page of the popular movies (?page=, 20 a
// page) in the request's language; when the movie database fails, an
// empty page with a friendly message (the catalogue logged the cause).
func (s *Server) handleMoviePopular(w http.ResponseWriter, r *http.Request) {
	if !s.allow(w, r, marquee.LimitMovies) {
		return
	}
	var f marquee.FieldErrors
	page := marquee.ParsePageNumber(r.URL.Query().Get("page"), &f)
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	lang := requestLanguage(r)
	w.Header().Set("Vary", "Accept-Language")
	p, err := s.svc.Movies.Popular(r.Context(), page, lang)
	var e *marquee.Error
	if errors.As(err, &e) && e.Code == marquee.EUnavailable {
		empty := marquee.NewPage([]marquee.Movie(nil), 0, page, marquee.MoviesPerPage)
		writeJSON(w, http.StatusOK, moviePage{Page: empty, Message: locale.Format(lang, e.Message, e.Args)})
		return
	} else if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, moviePage{Page: p})
}

// withImageOrigin adds origin (the movie database's posters) to the
// policy's img-src; "" leaves the policy as it is.
func withImageOrigin(policy, origin string) string {
	if origin == "" || strings.ContainsAny(origin, " ;'") {
		return policy
	}
	return strings.Replace(policy, "img-src 'self' data: blob:", "img-src 'self' data: blob: "+origin, 1)
}
