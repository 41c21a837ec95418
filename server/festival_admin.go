package server

import (
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
)

// adminFestivalsPerPage is the page size of the admins' festival list.
const adminFestivalsPerPage = 20

// handleAdminFestivalsList answers {items, total, page, perPage}: the
// festivals with ?status= (pending by default; approved, rejected or all),
// newest first, 20 a page.
func (s *Server) handleAdminFestivalsList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	f := marquee.FieldErrors{}
	var status marquee.FestivalStatus
	switch v := strings.TrimSpace(q.Get("status")); v {
	case "":
		status = marquee.FestivalPending
	case "all":
		status = ""
	default:
		if status = marquee.FestivalStatus(v); !status.Valid() {
			f.Add("status", "Status must be pending, approved, rejected or all")
		}
	}
	page := pageParam(strings.TrimSpace(q.Get("page")), f)
	if err := f.Err(marquee.FirstFieldMessage(f, "status", "page")); err != nil {
		s.writeError(w, r, err)
		return
	}
	items, total, err := s.db.ListFestivalsForAdmin(r.Context(), status, adminFestivalsPerPage, (page-1)*adminFestivalsPerPage)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, marquee.FestivalPage{Items: listItems(items), Total: total, Page: page, PerPage: adminFestivalsPerPage})
}

// handleAdminFestivalApprove makes a festival public.
func (s *Server) handleAdminFestivalApprove(w http.ResponseWriter, r *http.Request) {
	id, err := festivalIDParam(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.db.ReviewFestival(r.Context(), id, marquee.FestivalApproved, "")
	if err != nil {
		s.writeError(w, r, asFestivalNotFound(err))
		return
	}
	requestLogger(r, s.log).Info("festival approved", "festival_id", id, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(f)})
}

type festivalRejectRequest struct {
	Reason string `json:"reason"`
}

// handleAdminFestivalReject rejects a festival with a reason its organiser
// will read.
func (s *Server) handleAdminFestivalReject(w http.ResponseWriter, r *http.Request) {
	id, err := festivalIDParam(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var req festivalRejectRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	req.Reason = strings.TrimSpace(strings.ReplaceAll(req.Reason, "\r\n", "\n"))
	f := marquee.FieldErrors{}
	switch n := marquee.Length(req.Reason); {
	case n == 0:
		f.Add("reason", "Give a reason for the rejection")
	case n > marquee.RejectionReasonMax:
		f.Add("reason", "Reason must be at most 1,000 characters")
	}
	if err := f.Err(marquee.FirstFieldMessage(f, "reason")); err != nil {
		s.writeError(w, r, err)
		return
	}
	fest, err := s.db.ReviewFestival(r.Context(), id, marquee.FestivalRejected, req.Reason)
	if err != nil {
		s.writeError(w, r, asFestivalNotFound(err))
		return
	}
	requestLogger(r, s.log).Info("festival rejected", "festival_id", id, "admin_id", currentUser(r).ID)
	writeJSON(w, http.StatusOK, map[string]any{"festival": newFullFestival(fest)})
}
