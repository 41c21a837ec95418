package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// handleFestivalPayoutList answers a page of the festival's payouts,
// newest first (?page=; its organiser or an admin).
func (s *Server) handleFestivalPayoutList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	page := marquee.PageRequest{Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: marquee.PayoutsPerPage}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.svc.Payouts.FestivalPayouts(r.Context(), r.PathValue("slug"), page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translatePayouts(r, list.Items...)
	writeJSON(w, http.StatusOK, list)
}

// translatePayouts puts the payouts' failure messages in the request's
// language.
func translatePayouts(r *http.Request, ps ...*marquee.Payout) {
	for _, p := range ps {
		if p != nil && p.FailureMessage != "" {
			p.FailureMessage = locale.Text(requestLanguage(r), p.FailureMessage)
		}
	}
}
