package marquee

import "strings"

// Festival search limits.
const (
	FestivalSearchTextMax    = 200
	FestivalSearchPageMax    = 10_000
	FestivalSearchPerPage    = 20 // results per page unless asked
	FestivalSearchPerPageMax = 50
)

// Validate trims q, upper-cases its country and checks its filters,
// returning an EInvalid error with a message per failing field (q, country,
// from, to, category, maxFee, sort, page). Empty Sort, Page and PerPage are
// left for Normalize.
func (q *FestivalQuery) Validate() error {
	q.Text = strings.TrimSpace(q.Text)
	q.Country = strings.ToUpper(strings.TrimSpace(q.Country))
	q.From, q.To = strings.TrimSpace(q.From), strings.TrimSpace(q.To)
	q.Category = strings.TrimSpace(q.Category)
	q.Sort = strings.TrimSpace(q.Sort)
	var f FieldErrors
	if Length(q.Text) > FestivalSearchTextMax {
		f.Add("q", "Search text must be at most 200 characters")
	}
	if q.Country != "" && !ValidCountry(q.Country) {
		f.Add("country", "Choose a country from the list")
	}
	_, okFrom := ParseDate(q.From)
	if q.From != "" && !okFrom {
		f.Add("from", "Enter the date as YYYY-MM-DD")
	}
	if _, ok := ParseDate(q.To); q.To != "" && !ok {
		f.Add("to", "Enter the date as YYYY-MM-DD")
	} else if okFrom && q.To != "" && q.To < q.From {
		f.Add("to", "The end of the date range cannot be before its start")
	}
	if Length(q.Category) > CategoryNameMax {
		f.Add("category", "Category must be at most 100 characters")
	}
	if q.MaxFee != nil && *q.MaxFee < 0 {
		f.Add("maxFee", "Maximum fee must be a whole number of credits, 0 or more")
	}
	switch q.Sort {
	case "", FestivalSortDeadline, FestivalSortStart, FestivalSortRelevance:
	default:
		f.Add("sort", "Sort by deadline, start or relevance")
	}
	if q.Page < 0 || q.Page > FestivalSearchPageMax {
		f.Add("page", "Page must be a whole number from 1 to 10,000")
	}
	return f.Err()
}

// Normalize fills in the defaults of a query that passed Validate, the
// one place they are decided (the API leaves what the URL does not say
// empty):
//
//   - Sort: by relevance when the text has searchable terms (hasTerms:
//     what search.ParseQuery finds in Text, which this package cannot
//     compute), else by next deadline; relevance without terms becomes
//     deadline too, as there is nothing to rank by.
//   - Page 1, and PerPage FestivalSearchPerPage when unset, capped at
//     FestivalSearchPerPageMax.
//   - Today: today unless it holds a YYYY-MM-DD date already.
func (q *FestivalQuery) Normalize(today string, hasTerms bool) {
	switch {
	case q.Sort == "" && hasTerms:
		q.Sort = FestivalSortRelevance
	case q.Sort == "", q.Sort == FestivalSortRelevance && !hasTerms:
		q.Sort = FestivalSortDeadline
	}
	if q.Page < 1 {
		q.Page = 1
	}
	switch {
	case q.PerPage <= 0:
		q.PerPage = FestivalSearchPerPage
	case q.PerPage > FestivalSearchPerPageMax:
		q.PerPage = FestivalSearchPerPageMax
	}
	if _, ok := ParseDate(q.Today); !ok {
		q.Today = today
	}
}
