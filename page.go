package marquee

import "strconv"

// PageMax is the highest page number a paged list accepts.
const PageMax = 10_000

// Page is one page of a list: every paged list of the API answers this
// shape, {items, total, page, perPage}.
type Page[T any] struct {
	Items   []T   `json:"items"`
	Total   int64 `json:"total"`
	Page    int   `json:"page"`
	PerPage int   `json:"perPage"`
	// TotalCapped says Total is a lower bound: the list counted matches
	// only up to CountCap (shown as '10,000+').
	TotalCapped bool `json:"totalCapped,omitempty"`
}

// CountCap is the most matches a search over a large table counts: past
// it the total is reported as CountCap with TotalCapped set, so that no
// request counts hundreds of thousands of rows.
const CountCap = 10_000

// NewCappedPage returns a page whose total was counted up to CountCap+1:
// a counted total above CountCap becomes CountCap, marked TotalCapped.
func NewCappedPage[T any](items []T, counted int64, page, perPage int) *Page[T] {
	p := NewPage(items, counted, page, perPage)
	if counted > CountCap {
		p.Total, p.TotalCapped = CountCap, true
	}
	return p
}

// NewPage returns a page of items (never a null list).
func NewPage[T any](items []T, total int64, page, perPage int) *Page[T] {
	if items == nil {
		items = []T{}
	}
	return &Page[T]{Items: items, Total: total, Page: page, PerPage: perPage}
}

// PageRequest names a page of a list: Page counts from 1.
type PageRequest struct {
	Page    int
	PerPage int
}

// Offset returns the number of items before the page.
func (p PageRequest) Offset() int { return (max(p.Page, 1) - 1) * p.PerPage }

// ParsePageNumber reads the page number v of a paged list into f: 1 when v
// is empty; a field error under "page" (and 1) when v is not a whole
// number from 1 to PageMax.
func ParsePageNumber(v string, f *FieldErrors) int {
	if v == "" {
		return 1
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > PageMax {
		f.Add("page", "Page must be a whole number from 1 to 10,000")
		return 1
	}
	return n
}

// ParseUserIDFilter reads an optional ?userId= of a list: "" is 0 (every
// user's), else a positive whole number; anything else adds a field error
// under "userId" and reads as 0.
func ParseUserIDFilter(v string, f *FieldErrors) int64 {
	if v == "" {
		return 0
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id < 1 {
		f.Add("userId", "User id must be a positive whole number")
		return 0
	}
	return id
}
