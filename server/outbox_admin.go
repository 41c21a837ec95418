package server

import (
	"net/http"

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
	f := marquee.FieldErrors{}
	page := pageParam(q.Get("page"), f)
	if err := f.Err(marquee.FirstFieldMessage(f, "page")); err != nil {
		s.writeError(w, r, err)
		return
	}
	items, total, err := s.db.ListMail(r.Context(), status, outboxPerPage, (page-1)*outboxPerPage)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"items": items, "total": total, "page": page, "perPage": outboxPerPage})
}
