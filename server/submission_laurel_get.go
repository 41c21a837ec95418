package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleSubmissionLaurelGet downloads the laurel of one of the signed-in
// filmmaker's selected or awarded submissions: {format} is svg or png.
// The SVG is served with a strict CSP of its own and as an attachment,
// so it never runs as a page of the site.
func (s *Server) handleSubmissionLaurelGet(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Submission not found"))
		return
	}
	img, err := s.svc.Submissions.Laurel(r.Context(), id, r.PathValue("format"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", img.ContentType)
	h.Set("Content-Disposition", `attachment; filename="`+img.FileName+`"`)
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Length", strconv.Itoa(len(img.Data)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(img.Data)
}
