package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleAdminDashboard answers the dashboard figures and the last twelve
// months of sign-ups (signupsByMonth) and income (incomeByMonth, in cents;
// always a list).
func (s *Server) handleAdminDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.svc.Users.Dashboard(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if d.IncomeByMonth == nil {
		d.IncomeByMonth = []marquee.MonthlyAmount{}
	}
	writeJSON(w, http.StatusOK, d)
}
