package server

import (
	"mime"
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
)

// rawBodyRoutes are the API routes whose body is not JSON, by their
// ServeMux pattern. The poster upload takes the image's raw bytes (the web
// client sends the file with its own type); it is cookie-authenticated like
// every route, so requireJSONWrites still refuses the types a plain HTML
// form can send there (formContentTypes).
var rawBodyRoutes = map[string]bool{
	"PUT /api/v1/films/{id}/poster":  true,
	"POST /api/v1/films/{id}/stills": true,
}

// formContentTypes are the types a cross-site HTML form (or a no-cors
// fetch) can send without a CORS preflight: the "simple" requests.
var formContentTypes = map[string]bool{
	"application/x-www-form-urlencoded": true,
	"multipart/form-data":               true,
	"text/plain":                        true,
}

// requireJSONWrites refuses, with 415, an API write (POST, PUT, PATCH,
// DELETE) whose Content-Type is not application/json (parameters such as
// charset allowed). A browser cannot send application/json across sites
// without a CORS preflight, which Marquee never grants, so a forged form
// post never reaches a handler even when it carries neither Origin nor
// Sec-Fetch-Site (which http.CrossOriginProtection relies on). Exceptions:
//
//   - a write without a body (logout, withdraw, confirm, accept) may send
//     no Content-Type at all; any Content-Type it sends must still be JSON,
//     since an empty text/plain form post is a form post;
//   - rawBodyRoutes (the poster upload) take any type but the form types.
//
// The payment webhook is no exception: Stripe sends application/json.
func (s *Server) requireJSONWrites(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		default:
			mux.ServeHTTP(w, r)
			return
		}
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			mux.ServeHTTP(w, r)
			return
		}
		types := r.Header.Values("Content-Type")
		var media string
		var parsed bool
		if len(types) == 1 {
			m, _, err := mime.ParseMediaType(types[0])
			media, parsed = m, err == nil
		}
		if _, pattern := mux.Handler(r); rawBodyRoutes[pattern] {
			if len(types) > 1 || len(types) == 1 && (!parsed || formContentTypes[media]) {
				s.writeError(w, r, marquee.Errorf(marquee.EUnsupportedMedia, "Send the file's bytes as the request body, not a form"))
				return
			}
			mux.ServeHTTP(w, r)
			return
		}
		noBody := len(types) == 0 && r.ContentLength == 0
		if !noBody && !(parsed && media == "application/json") {
			s.writeError(w, r, marquee.Errorf(marquee.EUnsupportedMedia, "Send the request body as JSON, with the header Content-Type: application/json"))
			return
		}
		mux.ServeHTTP(w, r)
	})
}
