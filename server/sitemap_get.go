package server

import (
	"net/http"
)

// handleSitemapGet answers /sitemap.xml: the approved festivals' pages
// with their update times (or, past the protocol's 50,000 addresses, an
// index of /sitemaps/{n}.xml), made per node at most every few minutes
// (sitemapCache) at the site's address (MARQUEE_PUBLIC_URL, else the
// request's). robots.txt names it.
func (s *Server) handleSitemapGet(w http.ResponseWriter, r *http.Request) {
	s.serveSitemap(w, r, "sitemap.xml")
}

// handleSitemapPartGet answers /sitemaps/{file}, one file of a sitemap
// index; 404 for a file the sitemap has not got.
func (s *Server) handleSitemapPartGet(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	if name == "sitemap.xml" { // the index itself lives at /sitemap.xml only
		http.Error(w, "Not found", http.StatusNotFound)
		return
	}
	s.serveSitemap(w, r, name)
}

func (s *Server) serveSitemap(w http.ResponseWriter, r *http.Request, name string) {
	base, _ := s.publicAddress(r)
	f, ok, err := s.sitemaps.file(r.Context(), s.svc.Festivals, s.now(), base, s.cfg.SitemapURLsPerFile, name)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if !ok {
		http.Error(w, "Not found", http.StatusNotFound)
		return
	}
	s.static.write(w, r, f, "public, max-age=300")
}
