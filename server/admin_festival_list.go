package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminFestivalList answers {items, total, page, perPage}: the
// festivals with ?status= (pending by default; approved, rejected or all;
// revision for the approved festivals whose changes wait for review),
// newest first, 20 a page; each carries its revision, if any.
func (s *Server) handleAdminFestivalList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.ParseFestivalReviewFilter(q.Get("status"), &f)
	filter.PageRequest = marquee.PageRequest{Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.AdminFestivalsPerPage}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Festivals.ListForReview(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page.Items = listItems(page.Items)
	writeJSON(w, http.StatusOK, page)
}
