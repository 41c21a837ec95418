package server

import "net/http"

// handleOpenAPIGet answers the API document (OpenAPI 3.1), built from the
// route table once per process (BuildOpenAPI); web/src/api/openapi.json
// is a committed copy, from which the front end's types are generated.
func (s *Server) handleOpenAPIGet(w http.ResponseWriter, r *http.Request) {
	doc, err := OpenAPI()
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	writeRawJSON(w, http.StatusOK, doc)
}
