package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminPromotionList answers a page of every campaign, newest
// first: ?page=; {items, total, page, perPage}.
func (s *Server) handleAdminPromotionList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	page := marquee.ParsePageNumber(r.URL.Query().Get("page"), &f)
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.svc.Promotions.List(r.Context(), marquee.PageRequest{Page: page, PerPage: marquee.PromotionsPerPage})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}
