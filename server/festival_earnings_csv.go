package server

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"

	"github.com/marquee-festival/marquee"
)

// handleFestivalEarningsCSV answers a managed festival's monthly
// statement (?month=YYYY-MM) as a CSV download (marquee.StatementCSV):
// UTF-8 with a BOM so spreadsheets read names in any script.
func (s *Server) handleFestivalEarningsCSV(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	rep, err := s.svc.Earnings.FestivalEarnings(r.Context(), slug, r.URL.Query().Get("month"), r.URL.Query().Get("currency"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	cw := csv.NewWriter(&buf)
	for _, row := range marquee.StatementCSV(rep) {
		for i := range row {
			// Amounts stay numbers (a debit starts with '-'); text is
			// defused against spreadsheet formulas.
			if _, err := strconv.ParseInt(row[i], 10, 64); err != nil {
				row[i] = csvText(row[i])
			}
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+csvFilename(slug)+`-statement-`+rep.Statement.Month+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}
