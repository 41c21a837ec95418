package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// handleAdminTicketOrderList answers a page of everyone's ticket orders,
// newest first: ?status=pending|paid|failed|expired|cancelled|refunded|all
// (default all), ?userId= (one buyer's), ?page=; {items, total, page,
// perPage}, 20 a page, each with refundable.
func (s *Server) handleAdminTicketOrderList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	var f marquee.FieldErrors
	filter := marquee.TicketOrderFilter{
		Status:      marquee.ParseTicketOrderStatusFilter(q.Get("status"), &f),
		PageRequest: marquee.PageRequest{Page: marquee.ParsePageNumber(q.Get("page"), &f), PerPage: marquee.TicketOrdersPerPage},
	}
	filter.UserID = marquee.ParseUserIDFilter(q.Get("userId"), &f)
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Tickets.AdminOrders(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	for _, o := range page.Items {
		translateOrderFailure(r, o)
	}
	writeJSON(w, http.StatusOK, page)
}

// translateOrderFailure puts an admin's view of a failed order's message
// in the request's language (see translateFailure).
func translateOrderFailure(r *http.Request, o *marquee.AdminTicketOrder) {
	if o != nil && o.FailureMessage != "" {
		o.FailureMessage = locale.Text(requestLanguage(r), o.FailureMessage)
	}
}
