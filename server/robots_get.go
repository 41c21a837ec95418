package server

import (
	"net/http"
	"strings"
)

// robotsDisallowed are the app's signed-in areas, which crawlers would
// only see as the sign-in page, and the API.
var robotsDisallowed = []string{"/api/", "/admin", "/manage", "/account", "/judge", "/films", "/submissions", "/submit", "/tickets", "/screenings", "/login", "/signup", "/verify-email", "/reset-password", "/forgot-password"}

// handleRobotsGet answers /robots.txt: every crawler may read the public
// pages, not the signed-in areas, and the sitemap is at /sitemap.xml on
// the site's address.
func (s *Server) handleRobotsGet(w http.ResponseWriter, r *http.Request) {
	base, _ := s.publicAddress(r)
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, p := range robotsDisallowed {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + base + "/sitemap.xml\n")
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", "public, max-age=3600")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte(b.String()))
	}
}
