package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminPayoutList answers a page of every festival's payouts,
// newest first: ?status=pending|paid|failed|all (default all), ?page=.
func (s *Server) handleAdminPayoutList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.PayoutFilter{
		Status:      marquee.ParsePayoutStatusFilter(q.Get("status"), &f),
		PageRequest: marquee.PageRequest{Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.PayoutsPerPage},
	}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	list, err := s.svc.Payouts.AdminPayouts(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	translatePayouts(r, list.Items...)
	writeJSON(w, http.StatusOK, list)
}

// handleAdminPayoutCreate pays a festival's available balance at once:
// POST /api/v1/admin/festivals/{slug}/payouts → 201 the payout (paid,
// failed, or pending when the provider did not answer); 409 when there is
// nothing to pay or no active account.
func (s *Server) handleAdminPayoutCreate(w http.ResponseWriter, r *http.Request) {
	p, err := s.svc.Payouts.PayNow(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("payout made", "payout_id", p.ID, "festival_id", p.FestivalID, "cents", p.AmountCents,
		"status", p.Status, "admin_id", currentUser(r).ID)
	translatePayouts(r, p)
	writeJSON(w, http.StatusCreated, p)
}

// handleAdminPayoutRetry pays again the festival of a failed payout:
// → 201 the new payout; 409 when it was retried already or nothing is
// left to pay.
func (s *Server) handleAdminPayoutRetry(w http.ResponseWriter, r *http.Request) {
	id, _ := pathID(r)
	p, err := s.svc.Payouts.Retry(r.Context(), id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("payout retried", "payout_id", p.ID, "retry_of", id, "status", p.Status, "admin_id", currentUser(r).ID)
	translatePayouts(r, p)
	writeJSON(w, http.StatusCreated, p)
}
