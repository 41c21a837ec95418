package server

import (
	"bytes"
	"mime"
	"net/http"
)

// handleMeExportGet downloads the signed-in user's data export of
// {token} as application/zip; another account's, an expired or an
// unknown token is 404.
func (s *Server) handleMeExportGet(w http.ResponseWriter, r *http.Request) {
	e, err := s.svc.Privacy.DownloadExport(r.Context(), r.PathValue("token"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/zip")
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": e.FileName}))
	w.Header().Set("Cache-Control", "private, no-store")
	http.ServeContent(w, r, "", e.CreatedAt, bytes.NewReader(e.Data))
}
