package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminDashboard answers the dashboard figures and the last twelve
// months of sign-ups (signupsByMonth) and income, in cents, of credit
// purchases (incomeByMonth) and of ticket orders (ticketIncomeByMonth);
// always lists.
func (s *Server) handleAdminDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.svc.Users.Dashboard(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if d.IncomeByMonth == nil {
		d.IncomeByMonth = []marquee.MonthlyAmount{}
	}
	if d.TicketIncomeByMonth == nil {
		d.TicketIncomeByMonth = []marquee.MonthlyAmount{}
	}
	writeJSON(w, http.StatusOK, d)
}
