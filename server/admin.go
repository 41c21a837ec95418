package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
)

// handleAdminDashboard answers the dashboard figures and the last twelve
// months of sign-ups.
func (s *Server) handleAdminDashboard(w http.ResponseWriter, r *http.Request) {
	d, err := s.db.Dashboard(r.Context())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, d)
}

// handleAdminUsersList answers a page of users, optionally searched by q.
func (s *Server) handleAdminUsersList(w http.ResponseWriter, r *http.Request) {
	limit, offset, err := paging(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	users, total, err := s.db.ListUsers(r.Context(), store.UserFilter{Query: r.URL.Query().Get("q"), Limit: limit, Offset: offset})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"users": users, "total": total})
}

// handleAdminMessagesList answers contact messages: open (default), handled or all.
func (s *Server) handleAdminMessagesList(w http.ResponseWriter, r *http.Request) {
	limit, offset, err := paging(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	status := store.ContactStatus(r.URL.Query().Get("status"))
	if status == "" {
		status = store.ContactOpen
	}
	msgs, total, err := s.db.ListContactMessages(r.Context(), status, limit, offset)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"messages": msgs, "total": total})
}

type messageUpdateRequest struct {
	Handled *bool `json:"handled"`
}

// handleAdminMessageUpdate marks a contact message handled or open again.
func (s *Server) handleAdminMessageUpdate(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Message not found"))
		return
	}
	var req messageUpdateRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if req.Handled == nil {
		s.writeError(w, r, &marquee.Error{Code: marquee.EInvalid, Message: "handled (true or false) is required", Fields: map[string]string{"handled": "Required"}})
		return
	}
	m, err := s.db.SetContactMessageHandled(r.Context(), id, *req.Handled, currentUser(r).ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"message": m})
}

// paging reads limit (1..200, default 50) and offset (>= 0) from the query.
func paging(r *http.Request) (limit, offset int, err error) {
	q := r.URL.Query()
	limit, offset = 50, 0
	if v := q.Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > 200 {
			return 0, 0, &marquee.Error{Code: marquee.EInvalid, Message: "limit must be a number from 1 to 200", Fields: map[string]string{"limit": "Must be 1 to 200"}}
		}
	}
	if v := q.Get("offset"); v != "" {
		if offset, err = strconv.Atoi(v); err != nil || offset < 0 {
			return 0, 0, &marquee.Error{Code: marquee.EInvalid, Message: "offset must be a number of at least 0", Fields: map[string]string{"offset": "Must be 0 or more"}}
		}
	}
	return limit, offset, nil
}
