package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleLedgerList answers a page of the signed-in user's credit ledger,
// newest first: ?page=; {items, total, page, perPage}, 20 a page.
func (s *Server) handleLedgerList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	req := marquee.PageRequest{Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: marquee.PurchasesPerPage}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Payments.Ledger(r.Context(), req)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, page)
}
