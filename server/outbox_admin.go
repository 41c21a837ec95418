package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// outboxPerPage is the size of a page of the admins' outbox.
const outboxPerPage = 20

// handleAdminOutbox answers a page of the mail outbox, newest first:
// ?status=queued|sent|failed|kept|all (default all) and ?page= (1 to 10,000).
func (s *Server) handleAdminOutbox(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	status := marquee.MailStatus(q.Get("status"))
	if status == "all" {
		status = ""
	}
	page := 1
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 10_000 {
			f := marquee.FieldErrors{}
			f.Add("page", "Page must be a whole number from 1 to 10,000")
			s.writeError(w, r, f.Err("Page must be a whole number from 1 to 10,000"))
			return
		}
		page = n
	}
	items, total, err := s.db.ListMail(r.Context(), status, outboxPerPage, (page-1)*outboxPerPage)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": total, "page": page, "perPage": outboxPerPage})
}
