package server

import (
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee/mail"
)

// handleFestivalEarningsPDF answers a managed festival's monthly
// statement (?month=YYYY-MM) as a PDF in the request's language
// (mail.StatementPDF: the statement's lines, the credit value and the
// payout account's tax data), to its organiser and admins; to anyone else
// the festival does not exist (404).
func (s *Server) handleFestivalEarningsPDF(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	rep, err := s.svc.Earnings.FestivalEarnings(r.Context(), slug, r.URL.Query().Get("month"), r.URL.Query().Get("currency"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	b, err := mail.StatementPDF(rep, requestLanguage(r))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", mail.StatementPDFContentType)
	h.Set("Content-Disposition", `attachment; filename="`+mail.StatementPDFName(csvFilename(rep.FestivalSlug), rep.Statement.Month)+`"`)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(b)
}
