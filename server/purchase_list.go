package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handlePurchaseList answers a page of the signed-in user's own purchases
// (an admin's own too: everyone's are at /admin/purchases), newest first,
// package names in the request's language: ?page=; {items, total, page,
// perPage}, 20 a page.
func (s *Server) handlePurchaseList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	filter := marquee.PurchaseFilter{PageRequest: marquee.PageRequest{
		Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: marquee.PurchasesPerPage}}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Payments.Purchases(r.Context(), filter, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for _, p := range page.Items {
		translateFailure(r, p)
	}
	writeJSON(w, http.StatusOK, page)
}
