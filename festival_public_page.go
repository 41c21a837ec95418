package marquee

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// PublicFestivalPage is an approved festival's public page as the API sends
// it, encoded once: the store keeps it while the festival does not change
// (FestivalService.PublicPage), so that a page read costs no encoding.
type PublicFestivalPage struct {
	// JSON is `{"festival": ...}` and a line feed: the festival with its
	// categories (each with the tier that applies on the day it was
	// encoded) and without its judging criteria or revision.
	JSON []byte
	// ETag is a strong entity tag of JSON (quoted, as the header has it).
	ETag string
}

// PublicFestival is a festival as the public sees it (exported for the API
// document, server/openapi_routes.go): categories (always
// a list; they shadow the festival's own, which are left out when empty)
// and no judging criteria or revision.
type PublicFestival struct {
	*Festival
	Categories []Category `json:"categories"`
}

// EncodePublicFestivalPage returns f's public page: the document `{"festival":
// ...}` as the festival page's API answers it (HTML characters escaped,
// a final line feed) and its entity tag. f is not changed.
func EncodePublicFestivalPage(f *Festival) (*PublicFestivalPage, error) {
	c := *f
	c.Criteria, c.Revision, c.Listing = nil, nil, nil
	doc := struct {
		Festival PublicFestival `json:"festival"`
	}{PublicFestival{Festival: &c, Categories: c.Categories}}
	if doc.Festival.Categories == nil {
		doc.Festival.Categories = []Category{}
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("encode festival %d page: %w", f.ID, err)
	}
	b = append(b, '\n')
	sum := sha256.Sum256(b)
	return &PublicFestivalPage{JSON: b, ETag: `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`}, nil
}
