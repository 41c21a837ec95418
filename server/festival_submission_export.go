package server

import (
	"bytes"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// submissionCSVHeader names the export's columns (English, the same in
// every language, so that sheets and scripts can rely on them).
var submissionCSVHeader = []string{"id", "film", "filmmaker", "e-mail", "country", "category", "tier", "fee", "paid",
	"waiver", "status", "award", "flag", "judges", "weighted", "calibrated", "spread", "submitted at"}

// handleFestivalSubmissionExport answers every submission of a managed
// festival as a CSV download, `<slug>-submissions.csv`: UTF-8 with a BOM
// (so that spreadsheet programs read Japanese and Chinese right), a
// header row, one row per submission, oldest first.
func (s *Server) handleFestivalSubmissionExport(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	all, err := s.svc.Submissions.Export(r.Context(), slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	cw := csv.NewWriter(&buf)
	_ = cw.Write(submissionCSVHeader)
	for _, d := range all {
		_ = cw.Write(submissionCSVRow(d.Submission))
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+csvFilename(slug)+`-submissions.csv"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(buf.Bytes())
}

// submissionCSVRow is one submission's row; the texts people typed are
// guarded against formula injection (csvText), the numbers written here.
func submissionCSVRow(sub *marquee.Submission) []string {
	sum := sub.Scores
	if sum == nil {
		sum = &marquee.ScoreSummary{}
	}
	return []string{
		strconv.FormatInt(sub.ID, 10),
		csvText(sub.FilmTitle),
		csvText(sub.FilmmakerName),
		csvText(sub.FilmmakerEmail),
		csvText(sub.Country),
		csvText(sub.CategoryName),
		string(sub.Tier),
		strconv.FormatInt(sub.FeeCredits, 10),
		strconv.FormatInt(sub.PaidCredits, 10),
		csvText(sub.WaiverCode),
		string(sub.Status),
		csvText(sub.AwardName),
		string(sub.Flag),
		strconv.Itoa(sum.Judges),
		csvScore(sum.Weighted),
		csvScore(sum.Calibrated),
		csvScore(sum.Spread),
		sub.CreatedAt.UTC().Format(time.RFC3339),
	}
}

// csvText prefixes with ' a cell a spreadsheet would read as a formula
// (starting with =, +, -, @, a tab or a carriage return), so that a film
// title cannot run code in the organiser's spreadsheet (OWASP's advice).
func csvText(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// csvScore writes a score with two decimals, "" when there is none.
func csvScore(f *float64) string {
	if f == nil {
		return ""
	}
	return strconv.FormatFloat(*f, 'f', 2, 64)
}

// csvFilename keeps the letters, digits, - and _ of a slug for the
// download's name.
func csvFilename(slug string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			return r
		}
		return -1
	}, slug)
}
