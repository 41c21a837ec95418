package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handleStillGet serves a file of a film's current still by name, for
// anyone (as posters: unguessable names, cached for a year, never
// sniffed). Any other name is a plain 404.
func (s *Server) handleStillGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.svc.Films.Still(r.Context(), r.PathValue("name"))
	if marquee.ErrorCode(err) == marquee.ENotFound {
		http.NotFound(w, r)
		return
	} else if err != nil && clientGone(r) {
		w.WriteHeader(s.clientClosed(r, err))
		return
	} else if err != nil {
		requestLogger(r, s.log).Error("still not served", "err", err)
		http.Error(w, "Internal error", http.StatusInternalServerError)
		return
	}
	defer p.Body.Close()
	h := w.Header()
	h.Set("Content-Type", p.ContentType)
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("ETag", `"`+p.Key+`"`)
	http.ServeContent(w, r, p.Key, p.ModTime, p.Body)
}
