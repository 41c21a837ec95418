package marquee

import (
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // festivals' IANA time zones, whatever the host has installed
	"unicode/utf8"
)

// ScreeningStatus is where a screening stands.
type ScreeningStatus string

// The statuses of a screening. A cancelled screening sells nothing more;
// its paid orders are refunded and their tickets cancelled.
const (
	ScreeningScheduled ScreeningStatus = "scheduled"
	ScreeningCancelled ScreeningStatus = "cancelled"
)

// LocalTimeLayout is how wall-clock times in a festival's time zone are
// written in screening input and the organiser's edit form.
const LocalTimeLayout = "2006-01-02T15:04"

// Limits of a screening.
const (
	ScreeningTitleMax    = 200
	ScreeningVenueMax    = 200
	ScreeningCapacityMax = 100000
	// TicketPriceMaxCents bounds a ticket's price ($10,000).
	TicketPriceMaxCents = 1000000
	// TicketPriceMinCents is the lowest price of a paid ticket (the card
	// networks' minimum charge); 0 is a free screening.
	TicketPriceMinCents = 50
)

// Screening is a showing a festival sells tickets for, as the public sees
// it. Every instant is UTC; TimeZone is the festival's, for display.
type Screening struct {
	ID           int64           `json:"id"`
	FestivalID   int64           `json:"-"`
	FestivalSlug string          `json:"festivalSlug"`
	FestivalName string          `json:"festivalName"`
	Title        string          `json:"title"`
	SubmissionID *int64          `json:"submissionId"`
	Venue        string          `json:"venue"`
	StartsAt     time.Time       `json:"startsAt"`
	EndsAt       time.Time       `json:"endsAt"`
	TimeZone     string          `json:"timeZone"`
	Capacity     int             `json:"capacity"`
	PriceCents   int64           `json:"priceCents"`
	Currency     string          `json:"currency"`
	SalesStartAt time.Time       `json:"salesStartAt"`
	SalesEndAt   time.Time       `json:"salesEndAt"`
	Status       ScreeningStatus `json:"status"`
	// Remaining is the seats neither sold nor held.
	Remaining int  `json:"remaining"`
	OnSale    bool `json:"onSale"`
	SoldOut   bool `json:"soldOut"`
	// AttendeeNames says whether buyers name each ticket's attendee.
	AttendeeNames AttendeeNames `json:"attendeeNames"`
	// TicketTypes are its types on sale (quota not 0), filled where a
	// buyer chooses seats (a screening's page), else nil.
	TicketTypes []*TicketType `json:"ticketTypes,omitempty"`
}

// ManagedScreening is a screening as its festival's organiser sees it:
// the sales figures and the local times of the edit form.
type ManagedScreening struct {
	Screening
	Sold            int        `json:"sold"`
	Held            int        `json:"held"`
	CheckedIn       int        `json:"checkedIn"`
	IncomeCents     int64      `json:"incomeCents"`
	StartsLocal     string     `json:"startsLocal"`
	EndsLocal       string     `json:"endsLocal"`
	SalesStartLocal string     `json:"salesStartLocal"`
	SalesEndLocal   string     `json:"salesEndLocal"`
	CancelledAt     *time.Time `json:"cancelledAt"`
}

// SetFigures fills the derived fields of s from the seats sold and held at
// now: Remaining, SoldOut and OnSale (scheduled, within the sales window,
// not ended).
func (s *Screening) SetFigures(sold, held int, now time.Time) {
	s.Remaining = max(s.Capacity-sold-held, 0)
	s.SoldOut = s.Remaining == 0
	s.OnSale = s.SalesOpen(now)
}

// SalesOpen reports whether tickets of s may be bought at now: it is
// scheduled, its sales window is open and it has not ended. The store's
// seat-taking UPDATE repeats this rule in SQL (store/ticket_order.go).
func (s *Screening) SalesOpen(now time.Time) bool {
	return s.Status == ScreeningScheduled && !now.Before(s.SalesStartAt) && now.Before(s.SalesEndAt) && now.Before(s.EndsAt)
}

// SetLocal fills the local times of the edit form in loc.
func (m *ManagedScreening) SetLocal(loc *time.Location) {
	m.StartsLocal = m.StartsAt.In(loc).Format(LocalTimeLayout)
	m.EndsLocal = m.EndsAt.In(loc).Format(LocalTimeLayout)
	m.SalesStartLocal = m.SalesStartAt.In(loc).Format(LocalTimeLayout)
	m.SalesEndLocal = m.SalesEndAt.In(loc).Format(LocalTimeLayout)
}

// ScreeningInput is the organiser's form of a screening. Times are local
// wall-clock times "YYYY-MM-DDTHH:MM" in the festival's time zone. Title
// may be empty when SubmissionID names one of the festival's films (its
// title is used).
type ScreeningInput struct {
	Title        string `json:"title"`
	SubmissionID *int64 `json:"submissionId"`
	Venue        string `json:"venue"`
	StartsAt     string `json:"startsAt"`
	EndsAt       string `json:"endsAt"`
	Capacity     int    `json:"capacity"`
	PriceCents   int64  `json:"priceCents"`
	SalesStartAt string `json:"salesStartAt"`
	SalesEndAt   string `json:"salesEndAt"`
	// Currency is the festival's ticket currency, set by the service (the
	// price is checked in its minor units); "" is US dollars.
	Currency string `json:"-"`
}

// ScreeningTimes are a ScreeningInput's times as UTC instants.
type ScreeningTimes struct {
	StartsAt, EndsAt, SalesStartAt, SalesEndAt time.Time
}

// Normalize trims the input's texts.
func (in *ScreeningInput) Normalize() {
	in.Title = strings.TrimSpace(in.Title)
	in.Venue = strings.TrimSpace(in.Venue)
	in.StartsAt = strings.TrimSpace(in.StartsAt)
	in.EndsAt = strings.TrimSpace(in.EndsAt)
	in.SalesStartAt = strings.TrimSpace(in.SalesStartAt)
	in.SalesEndAt = strings.TrimSpace(in.SalesEndAt)
	if in.SubmissionID != nil && *in.SubmissionID <= 0 {
		in.SubmissionID = nil
	}
}

// Validate checks the input (Normalize first), reading its times in loc,
// the festival's zone, and reporting every failing field at once. It
// returns the times as UTC instants.
func (in ScreeningInput) Validate(loc *time.Location) (ScreeningTimes, error) {
	var f FieldErrors
	var t ScreeningTimes
	switch {
	case in.Title == "" && in.SubmissionID == nil:
		f.Add("title", "Title is required (or choose a film)")
	case utf8.RuneCountInString(in.Title) > ScreeningTitleMax:
		f.Add("title", "Title must be at most 200 characters")
	default:
		CheckSingleLine("title", in.Title, &f)
	}
	switch {
	case in.Venue == "":
		f.Add("venue", "Venue is required")
	case utf8.RuneCountInString(in.Venue) > ScreeningVenueMax:
		f.Add("venue", "Venue must be at most 200 characters")
	default:
		CheckSingleLine("venue", in.Venue, &f)
	}
	parse := func(field, v string, dst *time.Time) {
		if v == "" {
			f.Add(field, "Date and time are required")
			return
		}
		p, err := time.ParseInLocation(LocalTimeLayout, v, loc)
		if err != nil {
			f.Add(field, "Enter a date and time as YYYY-MM-DDTHH:MM")
			return
		}
		*dst = p.UTC()
	}
	parse("startsAt", in.StartsAt, &t.StartsAt)
	parse("endsAt", in.EndsAt, &t.EndsAt)
	parse("salesStartAt", in.SalesStartAt, &t.SalesStartAt)
	parse("salesEndAt", in.SalesEndAt, &t.SalesEndAt)
	if !f.Has("startsAt") && !f.Has("endsAt") && !t.EndsAt.After(t.StartsAt) {
		f.Add("endsAt", "The screening must end after it starts")
	}
	if !f.Has("salesStartAt") && !f.Has("salesEndAt") && !t.SalesEndAt.After(t.SalesStartAt) {
		f.Add("salesEndAt", "Sales must end after they start")
	}
	if !f.Has("salesEndAt") && !f.Has("endsAt") && t.SalesEndAt.After(t.EndsAt) {
		f.Add("salesEndAt", "Sales must end before the screening ends")
	}
	if in.Capacity < 1 || in.Capacity > ScreeningCapacityMax {
		f.Add("capacity", "Capacity must be between 1 and 100,000 seats")
	}
	checkTicketPrice("priceCents", in.PriceCents, in.Currency, &f)
	return t, f.Err()
}

// CheckCapacity refuses a capacity below the seats already sold or held.
func CheckCapacity(capacity, soldAndHeld int) error {
	if capacity < soldAndHeld {
		var f FieldErrors
		f.Add("capacity", "Capacity cannot be below the {count} seats already sold or held")
		e := f.Err().(*Error)
		return e.With("count", strconv.Itoa(soldAndHeld))
	}
	return nil
}

// LoadTimeZone returns the IANA time zone name names, or a field error
// under "timeZone". "Local" and "" are refused (they would depend on the
// server); a festival that never chose a zone has DefaultTimeZone's.
func LoadTimeZone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if name == "" || name == "Local" || len(name) > 64 {
		return nil, FieldError("timeZone", "Choose a time zone such as Europe/Paris")
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, FieldError("timeZone", "Choose a time zone such as Europe/Paris")
	}
	return loc, nil
}

// zoneLocations caches ZoneLocation's answers by name (*time.Location).
var zoneLocations sync.Map

// ZoneLocation returns the location of a stored time zone name (checked
// by LoadTimeZone when it was saved): UTC for "UTC", "" or a name this
// system cannot load. The zoneinfo is read once per name, not on every
// screening, mail or page view that shows a local time.
func ZoneLocation(name string) *time.Location {
	if name == "" || name == "UTC" {
		return time.UTC
	}
	if loc, ok := zoneLocations.Load(name); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(name)
	if err != nil {
		loc = time.UTC
	}
	zoneLocations.Store(name, loc)
	return loc
}

// ScreeningFilm is one of a festival's films an organiser may screen.
type ScreeningFilm struct {
	SubmissionID int64  `json:"submissionId"`
	Title        string `json:"title"`
}

// ScreeningList is a festival's screenings with its time zone.
type ScreeningList struct {
	TimeZone string       `json:"timeZone"`
	Items    []*Screening `json:"items"`
}

// ManagedScreeningList is a festival's screenings for its organiser, with
// its time zone: the one the organiser chose (TimeZoneChosen), else the
// default of its country and city (FestivalTimeZone).
type ManagedScreeningList struct {
	TimeZone       string `json:"timeZone"`
	TimeZoneChosen bool   `json:"timeZoneChosen"`
	// Currency is the festival's ticket currency, its screenings' and
	// their types' (SetCurrency).
	Currency string              `json:"currency"`
	Items    []*ManagedScreening `json:"items"`
}

// ErrScreeningNotFound is the answer for a screening that does not exist
// or that the caller may not see.
func ErrScreeningNotFound() error { return Errorf(ENotFound, "Screening not found") }
