package server

import (
	"bytes"
	"encoding/csv"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// submissionCSVHeader names the export's columns (English, the same in
// every language, so that sheets and scripts can rely on them).
var submissionCSVHeader = []string{"id", "film", "filmmaker", "e-mail", "country", "category", "tier", "fee", "paid",
	"waiver", "status", "award", "flag", "judges", "weighted", "calibrated", "spread", "submitted at"}

// submissionCSVFlushRows is how many rows the export gathers before it
// sends them (about 40 KB): memory stays bounded, and an error within the
// first ones is still answered as an error.
const submissionCSVFlushRows = 256

// handleFestivalSubmissionExport answers every submission of a managed
// festival as a CSV download, `<slug>-submissions.csv`: UTF-8 with a BOM
// (so that spreadsheet programs read Japanese and Chinese right), a
// header row, one row per submission, oldest first.
//
// The rows are written as the store reads them (Submissions.Export
// yields them one at a time), sent and flushed every
// submissionCSVFlushRows rows, so memory stays the same whatever the
// festival's size. An error before the first rows are sent is answered as
// usual; after that the status is out, so the error is logged and the
// connection cut (http.ErrAbortHandler): the client sees the download
// unfinished, never a short file that looks whole.
func (s *Server) handleFestivalSubmissionExport(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	export, err := s.svc.SubmissionManagement.ExportEntries(r.Context(), slug)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	var buf bytes.Buffer
	buf.WriteString("\uFEFF")
	cw := csv.NewWriter(&buf)
	// The festival's questions follow the fixed columns, after the
	// organiser's status, headed by their text.
	header := append(slices.Clone(submissionCSVHeader), "entry status")
	for _, q := range export.Questions {
		header = append(header, csvText(q.Label))
	}
	_ = cw.Write(header)
	sent, rows := false, 0
	send := func() {
		cw.Flush()
		if !sent {
			sent = true
			w.Header().Set("Content-Type", "text/csv; charset=utf-8")
			w.Header().Set("Content-Disposition", `attachment; filename="`+csvFilename(slug)+`-submissions.csv"`)
			w.Header().Set("Cache-Control", "no-store")
			w.WriteHeader(http.StatusOK)
		}
		if _, err := w.Write(buf.Bytes()); err != nil {
			s.cutDownload(r, "submissions csv", rows, err) // the client went away
		}
		buf.Reset()
	}
	for row, err := range export.Rows {
		if err != nil {
			if !sent {
				s.writeError(w, r, err)
				return
			}
			s.cutDownload(r, "submissions csv", rows, err)
		}
		cells := append(submissionCSVRow(row.Submission), csvText(row.EntryStatus))
		for _, q := range export.Questions {
			cells = append(cells, csvText(row.Answers[q.ID]))
		}
		_ = cw.Write(cells) // into buf: cannot fail
		if rows++; rows%submissionCSVFlushRows == 0 {
			send()
			if err := http.NewResponseController(w).Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
				s.cutDownload(r, "submissions csv", rows, err)
			}
		}
	}
	send()
}

// cutDownload ends a download that failed after its first byte: it logs
// why (at info when the client went away, else as an error) and aborts
// the connection, so that the client sees the download unfinished.
func (s *Server) cutDownload(r *http.Request, what string, rows int, err error) {
	level := slog.LevelError
	if r.Context().Err() != nil {
		level = slog.LevelInfo
	}
	requestLogger(r, s.log).Log(r.Context(), level, what+" cut short", "rows", rows, "error", err)
	panic(http.ErrAbortHandler)
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
