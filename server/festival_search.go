package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/marquee-festival/marquee"
)

// searchFieldOrder is the order in which search parameter errors are named.
var searchFieldOrder = []string{"q", "country", "from", "to", "open", "category", "maxFee", "sort", "page", "perPage"}

// parseFestivalQuery reads a discovery search from the URL query, and
// returns an EInvalid error with a message per bad parameter. What the URL
// leaves out stays empty: the store fills in the defaults
// (marquee.FestivalQuery.Normalize), and today's date by its clock.
func parseFestivalQuery(v url.Values) (marquee.FestivalQuery, error) {
	var q marquee.FestivalQuery
	var f marquee.FieldErrors

	q.Text, q.Country = v.Get("q"), v.Get("country")
	q.From, q.To = v.Get("from"), v.Get("to")
	q.Category, q.Sort = v.Get("category"), v.Get("sort")
	switch strings.ToLower(strings.TrimSpace(v.Get("open"))) {
	case "", "false", "0":
	case "true", "1":
		q.Open = true
	default:
		f.Add("open", "Open must be true or false")
	}
	if s := strings.TrimSpace(v.Get("maxFee")); s != "" {
		if fee, err := strconv.ParseInt(s, 10, 64); err != nil || fee < 0 {
			f.Add("maxFee", "Maximum fee must be a whole number of credits, 0 or more")
		} else {
			q.MaxFee = &fee
		}
	}
	q.Page = marquee.ParsePageNumber(strings.TrimSpace(v.Get("page")), &f)
	if s := strings.TrimSpace(v.Get("perPage")); s != "" {
		if n, err := strconv.Atoi(s); err != nil || n < 1 || n > marquee.FestivalSearchPerPageMax {
			f.Add("perPage", "Results per page must be a whole number from 1 to 50")
		} else {
			q.PerPage = n
		}
	}
	// Name the first problem in searchFieldOrder, a parameter's own error
	// before the query's.
	if err := q.Validate(); err != nil {
		_ = f.Merge(err)
	}
	var ordered marquee.FieldErrors
	_ = ordered.Merge(f.Err(), searchFieldOrder...)
	if err := ordered.Err(); err != nil {
		return marquee.FestivalQuery{}, err
	}
	return q, nil
}

// handleFestivalSearch is the public discovery search over approved
// festivals: {items, total, page, perPage}, items without categories and
// with an excerpt of the description (marquee.SearchExcerptLength),
// written from the JSON the search index encoded for each festival.
func (s *Server) handleFestivalSearch(w http.ResponseWriter, r *http.Request) {
	q, err := parseFestivalQuery(r.URL.Query())
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	q.ListingsOnly = true // the answer is written from the listings
	page, err := s.svc.Festivals.Search(r.Context(), q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	buf := listBuffers.Get().(*[]byte)
	defer listBuffers.Put(buf)
	body, err := marquee.AppendFestivalListPage((*buf)[:0], page)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	*buf = append(body, '\n')
	writeRawJSON(w, http.StatusOK, *buf)
}

// listBuffers holds the buffers search answers are written in (a page
// of 50 festivals is about 40 KB), reused across requests.
var listBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 32<<10); return &b }}
