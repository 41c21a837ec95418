package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// compatUserPerPage is how many users the seed's user list answers at once.
const compatUserPerPage = 200

type compatUser struct {
	ID    int64  `json:"_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// handleCompatUserList is the seed's GET /api/v1/user/get: {success, user:
// [{_id, name, email}]}, the newest 200 users (?page= reads further).
func (s *Server) handleCompatUserList(w http.ResponseWriter, r *http.Request) {
	var f marquee.FieldErrors
	filter := marquee.UserFilter{PageRequest: marquee.PageRequest{
		Page: marquee.ParsePageNumber(r.URL.Query().Get("page"), &f), PerPage: compatUserPerPage}}
	if err := f.Err(); err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.svc.Users.ListUsers(r.Context(), filter)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]compatUser, len(page.Items))
	for i, u := range page.Items {
		out[i] = compatUser{ID: u.ID, Name: u.Name, Email: u.Email}
	}
	writeJSON(w, http.StatusOK, map[string]any{"success": true, "user": out})
}
