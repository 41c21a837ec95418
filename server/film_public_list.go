package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleFilmPublicList answers a page of the films their owners listed,
// newest first, without screeners: ?page=; {items, total, page, perPage}.
func (s *Server) handleFilmPublicList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	req := marquee.PageRequest{Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: marquee.FilmsPerPage}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Films.ListPublic(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
