package server

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
)

// handleFestivalAnalyticsCSV answers one table of a managed festival's
// analytics as a CSV download: /analytics/{table}.csv?range=, table one
// of marquee.AnalyticsTables; UTF-8 with a BOM, a header row.
func (s *Server) handleFestivalAnalyticsCSV(w http.ResponseWriter, r *http.Request) {
	table, ok := strings.CutSuffix(r.PathValue("file"), ".csv")
	if !ok {
		s.writeError(w, r, marquee.Errorf(marquee.ENotFound, "Table not found"))
		return
	}
	rg, err := marquee.ParseAnalyticsRange(r.URL.Query().Get("range"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	slug := r.PathValue("slug")
	a, err := s.svc.Analytics.FestivalAnalytics(r.Context(), slug, rg)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows, err := a.Table(table)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	cw := csv.NewWriter(&buf)
	for _, row := range rows {
		for i := range row {
			row[i] = csvText(row[i])
		}
		_ = cw.Write(row)
	}
	cw.Flush()
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+csvFilename(slug)+`-`+table+`-`+string(rg)+`.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}
