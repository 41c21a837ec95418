package server

import "net/http"

// handleCompatDashboard is the seed's GET /api/v1/dashboard/get:
// {success, data: [{totalUsers, totalSubscriptions, totalTransactions, totalIncome, usersThisMonth}]},
// with income in dollars as the seed client displays it.
func (s *Server) handleCompatDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.svc.Users.Dashboard(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"success": true,
		"data": []map[string]any{{
			"totalUsers":         d.TotalUsers,
			"totalSubscriptions": d.TotalSubscriptions,
			"totalTransactions":  d.TotalTransactions,
			"totalIncome":        float64(d.TotalIncomeCents) / 100,
			"usersThisMonth":     d.UsersThisMonth,
		}},
	})
}
