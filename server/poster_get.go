package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// handlePosterGet serves a file of a film's current poster by name (its
// card or detail, or a legacy poster's one file; see marquee.PosterKey),
// for anyone: its type, cached for a year (a new poster gets new names),
// never sniffed by the browser. Any other name is a plain 404.
func (s *Server) handlePosterGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.svc.Films.Poster(r.Context(), r.PathValue("name"))
	if marquee.ErrorCode(err) == marquee.ENotFound {
		http.NotFound(w, r)
		return
	} else if err != nil && clientGone(r) {
		w.WriteHeader(s.clientClosed(r, err))
		return
	} else if err != nil {
		requestLogger(r, s.log).Error("poster not served", "err", err)
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

// handleMediaNotFound answers any other path under /media/ with a plain
// 404, so that the front end's fallback never answers for a missing file.
func (s *Server) handleMediaNotFound(w http.ResponseWriter, r *http.Request) {
	http.NotFound(w, r)
}
