package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminPurchaseList answers a page of everyone's purchases, newest
// first: ?status=pending|succeeded|failed|refunded|all (default all),
// ?userId= (one user's), ?page=; {items, total, page, perPage}, 20 a page.
func (s *Server) handleAdminPurchaseList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.PurchaseFilter{
		Status:      marquee.ParsePurchaseStatusFilter(q.Get("status"), &f),
		PageRequest: marquee.PageRequest{Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.PurchasesPerPage},
	}
	filter.UserID = marquee.ParseUserIDFilter(q.Get("userId"), &f)
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Payments.AdminPurchases(r.Context(), filter, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for _, p := range page.Items {
		translateFailure(r, p)
	}
	writeJSON(w, http.StatusOK, page)
}
