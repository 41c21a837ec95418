package marquee

import (
	"net/url"
	"strings"
	"time"
)

// FestivalStatus is where a festival stands in the admins' review.
type FestivalStatus string

// The review states. Only approved festivals are public.
const (
	FestivalPending  FestivalStatus = "pending"
	FestivalApproved FestivalStatus = "approved"
	FestivalRejected FestivalStatus = "rejected"
)

// Valid reports whether s is one of the review states.
func (s FestivalStatus) Valid() bool {
	switch s {
	case FestivalPending, FestivalApproved, FestivalRejected:
		return true
	}
	return false
}

// DateLayout is the layout of every calendar date Marquee stores and
// exchanges: ISO 8601, "2026-11-21".
const DateLayout = "2006-01-02"

// ParseDate parses an ISO date ("YYYY-MM-DD"); ok is false for anything else.
func ParseDate(s string) (t time.Time, ok bool) {
	if len(s) != len(DateLayout) {
		return time.Time{}, false
	}
	t, err := time.Parse(DateLayout, s)
	return t, err == nil
}

// Today returns now's calendar date in UTC as "YYYY-MM-DD".
func Today(now time.Time) string { return now.UTC().Format(DateLayout) }

// FestivalDetails are the parts of a festival its organiser writes on the
// registration form and edits later.
type FestivalDetails struct {
	Name         string `json:"name"`
	Description  string `json:"description"`
	Location     string `json:"location"`
	Country      string `json:"country"` // ISO 3166-1 alpha-2, upper case; "" when not given
	City         string `json:"city"`
	Website      string `json:"website"`
	StartDate    string `json:"startDate"` // YYYY-MM-DD
	EndDate      string `json:"endDate"`   // YYYY-MM-DD
	ContactEmail string `json:"contactEmail"`
}

// Festival is a film festival registered on Marquee.
type Festival struct {
	ID   int64  `json:"id"`
	Slug string `json:"slug"`
	FestivalDetails
	Status          FestivalStatus `json:"status"`
	RejectionReason string         `json:"rejectionReason"`
	OrganiserID     int64          `json:"-"`
	// Version counts the festival's saved changes; an edit names the
	// version it started from and fails with EConflict when it is stale.
	Version int64 `json:"version"`
	// NextDeadline is the earliest deadline on or after today ("" when
	// submissions are closed); MinFee the lowest current fee across its
	// categories (nil when closed).
	NextDeadline string `json:"nextDeadline"`
	MinFee       *int64 `json:"minFee"`
	// DeadlinesAnnounced tells whether any category has a deadline: with
	// NextDeadline "" it tells a festival whose submissions closed from
	// one whose call for entries has not opened yet. Set where the
	// categories are read (one festival in full, search results); nil
	// (left out) in lists that do not read them.
	DeadlinesAnnounced *bool      `json:"deadlinesAnnounced,omitempty"`
	CreatedAt          time.Time  `json:"createdAt"`
	UpdatedAt          time.Time  `json:"updatedAt"`
	ReviewedAt         *time.Time `json:"reviewedAt"`
	// Categories and Criteria are filled when one festival is read in full.
	Categories []Category  `json:"categories,omitempty"`
	Criteria   []Criterion `json:"criteria,omitempty"`
	// Revision is the festival's revision (changes to its public facts
	// waiting for review, or the last rejected ones), filled for its
	// organiser and the admins only; nil when there is none.
	Revision *FestivalRevision `json:"revision,omitempty"`
	// Listing, when set, is the festival's JSON as lists show it (see
	// EncodeFestivalListing), encoded once by the search index; nil
	// elsewhere. It is never sent as a field of its own.
	Listing []byte `json:"-"`
	// Featured tells that a promotion campaign runs for the festival: it
	// comes first among the search results that match.
	Featured bool `json:"featured,omitempty"`
}

// AnnouncesDeadlines reports whether any of categories has a deadline.
func AnnouncesDeadlines(categories []Category) bool {
	for _, c := range categories {
		if len(c.Deadlines) > 0 {
			return true
		}
	}
	return false
}

// DeadlineTier names a fee tier of a category's deadlines.
type DeadlineTier string

// The fee tiers, in the order their dates must fall.
const (
	TierEarly   DeadlineTier = "early"
	TierRegular DeadlineTier = "regular"
	TierLate    DeadlineTier = "late"
)

// Tiers lists the fee tiers in date order.
var Tiers = []DeadlineTier{TierEarly, TierRegular, TierLate}

// Deadline is one fee tier of a category: submissions made on or before
// Date pay Fee credits (unless an earlier tier still applies).
type Deadline struct {
	Tier DeadlineTier `json:"tier"`
	Date string       `json:"date"` // YYYY-MM-DD
	Fee  int64        `json:"fee"`  // credits
}

// Category is a competition section of a festival (short film, documentary...).
type Category struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	Deadlines   []Deadline `json:"deadlines"` // in tier order
	// Current is the tier that applies today (nil when all have passed).
	Current *Deadline `json:"current"`
}

// CurrentDeadline returns the first tier whose date is on or after today, or nil.
func (c *Category) CurrentDeadline(today string) *Deadline {
	for i := range c.Deadlines {
		if c.Deadlines[i].Date >= today {
			d := c.Deadlines[i]
			return &d
		}
	}
	return nil
}

// Criterion is one judging criterion of a festival.
type Criterion struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Weight   int    `json:"weight"`   // > 0
	MaxScore int    `json:"maxScore"` // > 0
}

// Festival limits.
const (
	FestivalNameMin        = 3
	FestivalNameMax        = 200
	FestivalDescriptionMax = 5000
	FestivalLocationMax    = 200
	FestivalCityMax        = 100
	FestivalWebsiteMax     = 500
	RejectionReasonMax     = 1000
	CategoriesMax          = 50
	CategoryNameMax        = 100
	CategoryDescriptionMax = 1000
	FeeMax                 = 100_000
	CriteriaMax            = 20
	CriterionNameMax       = 100
	WeightMax              = 100
	MaxScoreMax            = 100
)

// FestivalDetailsFields are the fields of FestivalDetails in form order.
var FestivalDetailsFields = []string{"name", "description", "location", "country", "city", "website", "startDate", "endDate", "contactEmail"}

// Normalize trims every field and upper-cases the country code.
func (d *FestivalDetails) Normalize() {
	d.Name = strings.TrimSpace(d.Name)
	d.Description = strings.TrimSpace(strings.ReplaceAll(d.Description, "\r\n", "\n"))
	d.Location = strings.TrimSpace(d.Location)
	d.Country = strings.ToUpper(strings.TrimSpace(d.Country))
	d.City = strings.TrimSpace(d.City)
	d.Website = strings.TrimSpace(d.Website)
	d.StartDate = strings.TrimSpace(d.StartDate)
	d.EndDate = strings.TrimSpace(d.EndDate)
	d.ContactEmail = strings.TrimSpace(d.ContactEmail)
}

// Validate normalises d and returns an EInvalid error with a message per
// failing field: the rules of an edit. The messages are English message
// ids, translated by the locale package when they reach the user.
func (d *FestivalDetails) Validate() error {
	f := d.check("")
	return f.Err()
}

// ValidateNew is Validate for a festival being registered on day today
// (YYYY-MM-DD): its start date cannot be in the past either.
func (d *FestivalDetails) ValidateNew(today string) error {
	f := d.check(today)
	return f.Err()
}

// check normalises d and collects its failing fields in form order; a
// start date before today fails unless today is "".
func (d *FestivalDetails) check(today string) FieldErrors {
	d.Normalize()
	var f FieldErrors
	CheckSingleLine("name", d.Name, &f)
	CheckMultiLine("description", d.Description, &f)
	CheckSingleLine("location", d.Location, &f)
	CheckSingleLine("city", d.City, &f)
	CheckSingleLine("website", d.Website, &f)
	CheckSingleLine("contactEmail", d.ContactEmail, &f)
	switch n := Length(d.Name); {
	case n == 0:
		f.Add("name", "Festival name is required")
	case n < FestivalNameMin || n > FestivalNameMax:
		f.Add("name", "Festival name must be 3 to 200 characters")
	}
	if Length(d.Description) > FestivalDescriptionMax {
		f.Add("description", "Description must be at most 5,000 characters")
	}
	switch n := Length(d.Location); {
	case n == 0:
		f.Add("location", "Location is required")
	case n > FestivalLocationMax:
		f.Add("location", "Location must be at most 200 characters")
	}
	if d.Country != "" && !ValidCountry(d.Country) {
		f.Add("country", "Choose a country from the list")
	}
	if Length(d.City) > FestivalCityMax {
		f.Add("city", "City must be at most 100 characters")
	}
	if d.Website != "" && !validWebsite(d.Website) {
		f.Add("website", "Enter a website address starting with http:// or https://")
	}
	start, okStart := ParseDate(d.StartDate)
	end, okEnd := ParseDate(d.EndDate)
	switch {
	case d.StartDate == "":
		f.Add("startDate", "Start date is required")
	case !okStart:
		f.Add("startDate", "Enter the start date as YYYY-MM-DD")
	case d.StartDate < today:
		f.Add("startDate", "Start date cannot be in the past")
	}
	switch {
	case d.EndDate == "":
		f.Add("endDate", "End date is required")
	case !okEnd:
		f.Add("endDate", "Enter the end date as YYYY-MM-DD")
	case okStart && end.Before(start):
		f.Add("endDate", "End date cannot be before the start date")
	}
	switch {
	case d.ContactEmail == "":
		f.Add("contactEmail", "Contact e-mail is required")
	case !ValidEmail(d.ContactEmail):
		f.Add("contactEmail", "Enter a valid email address")
	}
	return f
}

func validWebsite(s string) bool {
	if Length(s) > FestivalWebsiteMax || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	// A user name ("https://festival.example@elsewhere.example") would
	// make the link read as another site's, as screener addresses refuse.
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && strings.Contains(u.Host, ".") && u.User == nil
}

// FestivalQuery is a search of the approved festivals.
type FestivalQuery struct {
	Text     string // words in any script; "" for all
	Country  string // ISO code; "" for any
	From, To string // festival dates overlap [From, To] (YYYY-MM-DD; either may be "")
	Open     bool   // only festivals with a deadline on or after Today
	Category string // a category name contains this (case-insensitive); "" for any
	MaxFee   *int64 // some category's current fee is at most this
	Sort     string // FestivalSortDeadline, FestivalSortStart or FestivalSortRelevance
	Page     int    // from 1
	PerPage  int    // 1..50
	Today    string // YYYY-MM-DD, passed in from the caller's clock
	// ListingsOnly asks for items that carry only what a list's JSON is
	// written from (AppendFestivalListing): ID, Listing, NextDeadline and
	// MinFee. The search index keeps festivals as their list JSON, so
	// the other fields cost a decoding per item, which the API's list
	// does not need. It changes nothing in which festivals are found.
	ListingsOnly bool
}

// The orders of a festival search.
const (
	FestivalSortDeadline  = "deadline"
	FestivalSortStart     = "start"
	FestivalSortRelevance = "relevance"
)

// FestivalPage is one page of a festival search or listing.
type FestivalPage = Page[*Festival]
