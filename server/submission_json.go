package server

import (
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// The organiser's submissions list and the ranking are the busiest
// signed-in pages (issue 23): 50 submissions of 28 fields a page, which
// encoding/json walks by reflection, about a sixth of a page's CPU. These
// functions write the same bytes as json.NewEncoder(w).Encode(page) (the
// test TestSubmissionPageJSON compares them on tricky values) field by
// field. A change to marquee.Submission, ScoreSummary, EntryStatusRef,
// RankedSubmission or Page must be made here too; the test fails until
// it is (it fills every field by reflection).

// jsonBuffers keeps the pages' buffers between calls.
var jsonBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 64<<10); return &b }}

// writeSubmissionPage answers a page of submissions, as writeJSON would.
func writeSubmissionPage(w http.ResponseWriter, p *marquee.Page[*marquee.Submission]) {
	writePooledJSON(w, func(b []byte) []byte {
		return appendPage(b, p, appendSubmission)
	})
}

// writeRankingPage answers a page of a ranking, as writeJSON would.
func writeRankingPage(w http.ResponseWriter, p *marquee.Page[*marquee.RankedSubmission]) {
	writePooledJSON(w, func(b []byte) []byte {
		return appendPage(b, p, appendRanked)
	})
}

// writePooledJSON answers 200 with the JSON enc appends and a newline
// (as json.Encoder ends a value), in a pooled buffer.
func writePooledJSON(w http.ResponseWriter, enc func([]byte) []byte) {
	bp := jsonBuffers.Get().(*[]byte)
	b := append(enc((*bp)[:0]), '\n')
	writeRawJSON(w, http.StatusOK, b)
	if cap(b) <= 1<<20 { // an outsized page's buffer is left to the collector
		*bp = b[:0]
		jsonBuffers.Put(bp)
	}
}

// appendPage appends p as encoding/json writes a marquee.Page.
func appendPage[T any](b []byte, p *marquee.Page[T], item func([]byte, T) []byte) []byte {
	if p == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"items":`...)
	if p.Items == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, v := range p.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = item(b, v)
		}
		b = append(b, ']')
	}
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, p.Total, 10)
	b = append(b, `,"page":`...)
	b = strconv.AppendInt(b, int64(p.Page), 10)
	b = append(b, `,"perPage":`...)
	b = strconv.AppendInt(b, int64(p.PerPage), 10)
	if p.TotalCapped {
		b = append(b, `,"totalCapped":true`...)
	}
	return append(b, '}')
}

// appendSubmission appends s as encoding/json writes a marquee.Submission.
func appendSubmission(b []byte, s *marquee.Submission) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"id":`...)
	b = strconv.AppendInt(b, s.ID, 10)
	b = append(b, `,"filmId":`...)
	b = strconv.AppendInt(b, s.FilmID, 10)
	b = append(b, `,"filmTitle":`...)
	b = appendJSONString(b, s.FilmTitle)
	b = append(b, `,"festivalId":`...)
	b = strconv.AppendInt(b, s.FestivalID, 10)
	b = append(b, `,"festivalSlug":`...)
	b = appendJSONString(b, s.FestivalSlug)
	b = append(b, `,"festivalName":`...)
	b = appendJSONString(b, s.FestivalName)
	b = append(b, `,"categoryId":`...)
	b = strconv.AppendInt(b, s.CategoryID, 10)
	b = append(b, `,"categoryName":`...)
	b = appendJSONString(b, s.CategoryName)
	b = append(b, `,"filmmakerId":`...)
	b = strconv.AppendInt(b, s.FilmmakerID, 10)
	b = append(b, `,"filmmakerName":`...)
	b = appendJSONString(b, s.FilmmakerName)
	b = append(b, `,"filmmakerEmail":`...)
	b = appendJSONString(b, s.FilmmakerEmail)
	b = append(b, `,"country":`...)
	b = appendJSONString(b, s.Country)
	b = append(b, `,"tier":`...)
	b = appendJSONString(b, string(s.Tier))
	b = append(b, `,"feeCredits":`...)
	b = strconv.AppendInt(b, s.FeeCredits, 10)
	b = append(b, `,"paidCredits":`...)
	b = strconv.AppendInt(b, s.PaidCredits, 10)
	b = append(b, `,"waiverCode":`...)
	b = appendJSONString(b, s.WaiverCode)
	b = append(b, `,"refundedCredits":`...)
	b = strconv.AppendInt(b, s.RefundedCredits, 10)
	b = append(b, `,"status":`...)
	b = appendJSONString(b, string(s.Status))
	b = append(b, `,"awardName":`...)
	b = appendJSONString(b, s.AwardName)
	b = append(b, `,"flag":`...)
	b = appendJSONString(b, string(s.Flag))
	b = append(b, `,"feedback":`...)
	if s.Feedback == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, f := range s.Feedback {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, f)
		}
		b = append(b, ']')
	}
	b = append(b, `,"language":`...)
	b = appendJSONString(b, s.Language)
	b = append(b, `,"rulesAcceptedAt":`...)
	b = appendJSONTimePtr(b, s.RulesAcceptedAt)
	b = append(b, `,"createdAt":`...)
	b = appendJSONTime(b, s.CreatedAt)
	b = append(b, `,"decidedAt":`...)
	b = appendJSONTimePtr(b, s.DecidedAt)
	b = append(b, `,"withdrawnAt":`...)
	b = appendJSONTimePtr(b, s.WithdrawnAt)
	if s.Scores != nil {
		b = append(b, `,"scores":`...)
		b = appendScoreSummary(b, s.Scores)
	}
	if e := s.EntryStatus; e != nil {
		b = append(b, `,"entryStatus":{"id":`...)
		b = strconv.AppendInt(b, e.ID, 10)
		b = append(b, `,"name":`...)
		b = appendJSONString(b, e.Name)
		b = append(b, `,"preset":`...)
		b = appendJSONString(b, e.Preset)
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendRanked appends r as encoding/json writes a marquee.RankedSubmission.
func appendRanked(b []byte, r *marquee.RankedSubmission) []byte {
	if r == nil {
		return append(b, "null"...)
	}
	b = append(b, `{"submission":`...)
	b = appendSubmission(b, r.Submission)
	b = append(b, `,"summary":`...)
	b = appendScoreSummary(b, &r.Summary)
	b = append(b, `,"rank":`...)
	b = strconv.AppendInt(b, int64(r.Rank), 10)
	b = append(b, `,"belowMinimumJudges":`...)
	b = strconv.AppendBool(b, r.BelowMinimumJudges)
	return append(b, '}')
}

// appendScoreSummary appends s as encoding/json writes a marquee.ScoreSummary.
func appendScoreSummary(b []byte, s *marquee.ScoreSummary) []byte {
	b = append(b, `{"judges":`...)
	b = strconv.AppendInt(b, int64(s.Judges), 10)
	b = append(b, `,"weighted":`...)
	b = appendJSONFloatPtr(b, s.Weighted)
	b = append(b, `,"calibrated":`...)
	b = appendJSONFloatPtr(b, s.Calibrated)
	b = append(b, `,"spread":`...)
	b = appendJSONFloatPtr(b, s.Spread)
	return append(b, '}')
}

// appendJSONFloatPtr appends *f as encoding/json writes a float64 (its
// shortest form, an exponent only below 1e-6 or from 1e21), null for nil.
// NaN and infinities, which encoding/json refuses, are written null.
func appendJSONFloatPtr(b []byte, f *float64) []byte {
	if f == nil || math.IsNaN(*f) || math.IsInf(*f, 0) {
		return append(b, "null"...)
	}
	v := *f
	format := byte('f')
	if abs := math.Abs(v); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, v, format, -1, 64)
	if format == 'e' { // e-09 as e-9, as encoding/json writes it
		n := len(b)
		if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendJSONTime appends t as time.Time's MarshalJSON (RFC 3339 with
// nanoseconds as needed).
func appendJSONTime(b []byte, t time.Time) []byte {
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	return append(b, '"')
}

func appendJSONTimePtr(b []byte, t *time.Time) []byte {
	if t == nil {
		return append(b, "null"...)
	}
	return appendJSONTime(b, *t)
}

const jsonHex = "0123456789abcdef"

// jsonSafe marks the ASCII bytes written as they are: printable, but for
// the quote, the backslash and the HTML characters <, > and &.
var jsonSafe = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONString appends s quoted as encoding/json writes a string
// (HTML escaping on, as json.Encoder's default): <, > and & as \u003c,
// \u003e and \u0026, control characters escaped, invalid UTF-8 as
// \ufffd, U+2028 and U+2029 escaped.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if jsonSafe[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', jsonHex[c>>4], jsonHex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', jsonHex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
