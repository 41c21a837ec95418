package server

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// Festival search bounds.
const (
	festivalSearchTextMax    = 200
	festivalSearchPerPage    = 20
	festivalSearchPerPageMax = 50
)

// searchFieldOrder is the order in which search parameter errors are named.
var searchFieldOrder = []string{"q", "country", "from", "to", "open", "category", "maxFee", "sort", "page", "perPage"}

// parseFestivalQuery reads a discovery search from the URL query, with
// today's date for the "open for submissions" filter, and returns an
// EInvalid error with a message per bad parameter.
func parseFestivalQuery(v url.Values, today string) (marquee.FestivalQuery, error) {
	q := marquee.FestivalQuery{Page: 1, PerPage: festivalSearchPerPage, Today: today}
	f := marquee.FieldErrors{}

	q.Text = strings.TrimSpace(v.Get("q"))
	if marquee.Length(q.Text) > festivalSearchTextMax {
		f.Add("q", "Search text must be at most 200 characters")
	}
	q.Country = strings.ToUpper(strings.TrimSpace(v.Get("country")))
	if q.Country != "" && !marquee.ValidCountry(q.Country) {
		f.Add("country", "Choose a country from the list")
	}
	q.From = strings.TrimSpace(v.Get("from"))
	if _, ok := marquee.ParseDate(q.From); q.From != "" && !ok {
		f.Add("from", "Enter the date as YYYY-MM-DD")
	}
	q.To = strings.TrimSpace(v.Get("to"))
	if _, ok := marquee.ParseDate(q.To); q.To != "" && !ok {
		f.Add("to", "Enter the date as YYYY-MM-DD")
	} else if _, okFrom := marquee.ParseDate(q.From); okFrom && q.To != "" && q.To < q.From {
		f.Add("to", "The end of the date range cannot be before its start")
	}
	switch strings.ToLower(strings.TrimSpace(v.Get("open"))) {
	case "", "false", "0":
	case "true", "1":
		q.Open = true
	default:
		f.Add("open", "Open must be true or false")
	}
	q.Category = strings.TrimSpace(v.Get("category"))
	if marquee.Length(q.Category) > marquee.CategoryNameMax {
		f.Add("category", "Category must be at most 100 characters")
	}
	if s := strings.TrimSpace(v.Get("maxFee")); s != "" {
		if fee, err := strconv.ParseInt(s, 10, 64); err != nil || fee < 0 {
			f.Add("maxFee", "Maximum fee must be a whole number of credits, 0 or more")
		} else {
			q.MaxFee = &fee
		}
	}
	switch q.Sort = strings.TrimSpace(v.Get("sort")); q.Sort {
	case "":
		q.Sort = marquee.FestivalSortDeadline
		if q.Text != "" {
			q.Sort = marquee.FestivalSortRelevance
		}
	case marquee.FestivalSortDeadline, marquee.FestivalSortStart:
	case marquee.FestivalSortRelevance:
		// Without words there is nothing to rank by: the next deadline
		// comes first, as in the default order.
		if q.Text == "" {
			q.Sort = marquee.FestivalSortDeadline
		}
	default:
		f.Add("sort", "Sort by deadline, start or relevance")
	}
	q.Page = pageParam(strings.TrimSpace(v.Get("page")), f)
	if s := strings.TrimSpace(v.Get("perPage")); s != "" {
		if n, err := strconv.Atoi(s); err != nil || n < 1 || n > festivalSearchPerPageMax {
			f.Add("perPage", "Results per page must be a whole number from 1 to 50")
		} else {
			q.PerPage = n
		}
	}
	if err := f.Err(marquee.FirstFieldMessage(f, searchFieldOrder...)); err != nil {
		return marquee.FestivalQuery{}, err
	}
	return q, nil
}

// SearchExcerptLength is how many characters of a festival's description a
// search result carries; the festival's own page has all of it.
const SearchExcerptLength = 280

// excerpt shortens s to at most n characters, at a space when one is near
// the end, and marks the cut with an ellipsis.
func excerpt(s string, n int) string {
	if len(s) <= n || utf8.RuneCountInString(s) <= n {
		return s
	}
	// Byte offset of the n-th character, and of the last space or line
	// break among the 40 characters before it.
	cut, space, i := len(s), -1, 0
	for off, c := range s {
		if i == n {
			cut = off
			break
		}
		if (c == ' ' || c == '\n') && i > n-40 {
			space = off
		}
		i++
	}
	if space > 0 {
		cut = space
	}
	return strings.TrimRight(s[:cut], " \n.,;:") + "…"
}

// handleFestivalSearch is the public discovery search over approved
// festivals: {items, total, page, perPage}, items without categories and
// with an excerpt of the description (see SearchExcerptLength).
func (s *Server) handleFestivalSearch(w http.ResponseWriter, r *http.Request) {
	q, err := parseFestivalQuery(r.URL.Query(), marquee.Today(s.db.Now()))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page, err := s.db.SearchFestivals(r.Context(), q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	page.Items = listItems(page.Items)
	for _, f := range page.Items {
		f.Description = excerpt(f.Description, SearchExcerptLength)
	}
	writeJSON(w, http.StatusOK, page)
}
