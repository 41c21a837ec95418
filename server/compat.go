package server

import (
	"net/http"

	"github.com/marquee-festival/marquee/store"
)

// handleCompatDashboard is the seed's GET /api/v1/dashboard/get:
// {success, data: [{totalUsers, totalSubscriptions, totalTransactions, totalIncome, usersThisMonth}]},
// with income in dollars as the seed client displays it.
func (s *Server) handleCompatDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.db.Dashboard(r.Context())
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

type compatUser struct {
	ID    int64  `json:"_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// handleCompatUsers is the seed's GET /api/v1/user/get: {success, user: [{_id, name, email}]}.
// It answers the newest users, 200 by default (limit and offset page further).
func (s *Server) handleCompatUsers(w http.ResponseWriter, r *http.Request) {
	limit, offset, err := paging(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if r.URL.Query().Get("limit") == "" {
		limit = 200
	}
	users, _, err := s.db.ListUsers(r.Context(), store.UserFilter{Limit: limit, Offset: offset})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]compatUser, len(users))
	for i, u := range users {
		out[i] = compatUser{ID: u.ID, Name: u.Name, Email: u.Email}
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": out})
}
