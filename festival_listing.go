package marquee

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SearchExcerptLength is how many characters of a festival's description a
// search result carries; the festival's own page has all of it.
const SearchExcerptLength = 280

// Excerpt shortens s to at most n characters, at a space when one is near
// the end, and marks the cut with an ellipsis.
func Excerpt(s string, n int) string {
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

// festivalListing is a festival as a list shows it, without the two
// fields that depend on the day: these shadow the festival's own (the
// shallower field wins) and, empty, are left out.
type festivalListing struct {
	*Festival
	NextDeadline string `json:"nextDeadline,omitempty"`
	MinFee       *int64 `json:"minFee,omitempty"`
}

// EncodeFestivalListing returns f's JSON as search results show it, less
// nextDeadline and minFee (AppendFestivalListing adds them for the day of
// the search): lists carry no categories, criteria or revision. The
// search index encodes each festival once, when it loads it, instead of
// on every search.
func EncodeFestivalListing(f *Festival) ([]byte, error) {
	c := *f
	c.Categories, c.Criteria, c.Revision, c.Listing = nil, nil, nil, nil
	b, err := json.Marshal(festivalListing{Festival: &c})
	if err != nil {
		return nil, fmt.Errorf("encode festival %d listing: %w", f.ID, err)
	}
	return b, nil
}

// DecodeFestivalListing returns the festival whose list JSON (as
// EncodeFestivalListing writes it) is listing, with Listing set to it:
// every field a list shows, the description as the list has it; no
// categories, criteria, revision or organiser.
func DecodeFestivalListing(listing []byte) (*Festival, error) {
	f := new(Festival)
	if err := json.Unmarshal(listing, f); err != nil {
		return nil, fmt.Errorf("decode festival listing: %w", err)
	}
	f.Listing = listing
	return f, nil
}

// AppendFestivalListing appends f as a list shows it (the JSON of
// encoding f with its categories, criteria and revision left out, keys
// in another order) to dst: its Listing, or one encoded now, completed
// with its NextDeadline and MinFee.
func AppendFestivalListing(dst []byte, f *Festival) ([]byte, error) {
	listing := f.Listing
	if listing == nil {
		var err error
		if listing, err = EncodeFestivalListing(f); err != nil {
			return dst, err
		}
	}
	// Any object DecodeFestivalListing read may be a Listing: white space
	// around it or inside an empty one ("{ }") takes no comma.
	listing = bytes.TrimSpace(listing)
	if len(listing) < 2 || listing[len(listing)-1] != '}' {
		return dst, fmt.Errorf("festival %d listing is not a JSON object", f.ID)
	}
	body := listing[:len(listing)-1]
	dst = append(dst, body...)
	if trimmed := bytes.TrimSpace(body); trimmed[len(trimmed)-1] != '{' {
		dst = append(dst, ',')
	}
	dst = append(dst, `"nextDeadline":`...)
	dst = appendJSONString(dst, f.NextDeadline)
	dst = append(dst, `,"minFee":`...)
	if f.MinFee == nil {
		dst = append(dst, "null"...)
	} else {
		dst = strconv.AppendInt(dst, *f.MinFee, 10)
	}
	return append(dst, '}'), nil
}

// AppendFestivalListPage appends p as JSON ({items, total, page,
// perPage}), each item as AppendFestivalListing writes it.
func AppendFestivalListPage(dst []byte, p *FestivalPage) ([]byte, error) {
	dst = append(dst, `{"items":[`...)
	for i, f := range p.Items {
		if i > 0 {
			dst = append(dst, ',')
		}
		var err error
		if dst, err = AppendFestivalListing(dst, f); err != nil {
			return dst, err
		}
	}
	dst = append(dst, `],"total":`...)
	dst = strconv.AppendInt(dst, p.Total, 10)
	dst = append(dst, `,"page":`...)
	dst = strconv.AppendInt(dst, int64(p.Page), 10)
	dst = append(dst, `,"perPage":`...)
	dst = strconv.AppendInt(dst, int64(p.PerPage), 10)
	return append(dst, '}'), nil
}

// appendJSONString appends s as a JSON string: directly when it holds
// only printable ASCII that needs no escape (dates do), else as
// encoding/json writes it.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s)
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
