package server

import (
	"net/http"
	"strings"
)

// handleFestivalGet is the public page of an approved festival: {festival}
// with its categories (each with the fee tier that applies today) and
// without its judging criteria. Pending and rejected festivals are not
// found. The page is the same for every caller, encoded once by the store
// (Festivals.PublicPage) and sent with its ETag; a request whose
// If-None-Match names it gets 304 Not Modified. Cache-Control no-cache
// lets browsers keep it provided they ask again each time.
func (s *Server) handleFestivalGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.svc.Festivals.PublicPage(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("ETag", p.ETag)
	h.Set("Cache-Control", "no-cache")
	if etagMatches(r.Header.Get("If-None-Match"), p.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeRawJSON(w, http.StatusOK, p.JSON)
}

// etagMatches reports whether an If-None-Match header names etag (a
// quoted strong tag): "*", or a list holding it, weak (W/) or not, since
// If-None-Match compares weakly (RFC 9110, 13.1.2).
func etagMatches(header, etag string) bool {
	for header != "" {
		var tag string
		tag, header, _ = strings.Cut(header, ",")
		tag = strings.TrimSpace(tag)
		if tag == "*" || strings.TrimPrefix(tag, "W/") == etag {
			return true
		}
	}
	return false
}
