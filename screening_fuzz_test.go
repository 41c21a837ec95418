package marquee_test

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// FuzzScreeningInput: a screening the organiser's form passes (in any
// time zone the festival may have) has a title or a film, a venue, texts
// a one-line field accepts within their limits, a screening that ends
// after it starts, sales that end after they start and no later than the
// screening, a capacity and a price within bounds; its times are the
// local times typed, read in the festival's zone.
func FuzzScreeningInput(f *testing.F) {
	f.Add("Opening night", "Cinema 1", "2027-03-01T19:00", "2027-03-01T21:00", "2027-02-01T10:00", "2027-03-01T18:00", 120, int64(1500), int64(0), "Europe/Paris")
	f.Add("", "Hall", "2027-03-28T02:30", "2027-03-28T04:00", "2027-03-01T00:00", "2027-03-28T02:45", 1, int64(0), int64(5), "Europe/Paris")
	f.Add(" Late show ", "  Room\tB ", "2027-10-31T02:30", "2027-10-31T02:59", "2027-10-30T00:00", "2027-10-31T02:00", 100000, int64(50), int64(-1), "Europe/Berlin")
	f.Add("T", "V", "2027-1-1T9:00", "2027-01-01T10:00", "2026-12-01T00:00", "2027-01-01T09:00", 10, int64(49), int64(0), "Asia/Tokyo")
	f.Add("T", "V", "2027-02-30T10:00", "2027-03-01T24:00", "x", "", 0, int64(-5), int64(0), "Local")
	f.Add("T\u202e", "V", "2027-01-01T10:00", "2027-01-01T11:00", "2027-01-01T00:00", "2027-01-01T10:30", 5, int64(1000001), int64(0), "America/St_Johns")
	f.Fuzz(func(t *testing.T, title, venue, starts, ends, salesStart, salesEnd string, capacity int, price, film int64, zone string) {
		loc, err := marquee.LoadTimeZone(zone)
		if err != nil {
			loc = time.UTC
		}
		in := marquee.ScreeningInput{Title: title, Venue: venue, StartsAt: starts, EndsAt: ends,
			SalesStartAt: salesStart, SalesEndAt: salesEnd, Capacity: capacity, PriceCents: price}
		if film != 0 {
			in.SubmissionID = &film
		}
		in.Normalize()
		if in.SubmissionID != nil && *in.SubmissionID <= 0 {
			t.Fatalf("Normalize kept film %d", *in.SubmissionID)
		}
		times, err := in.Validate(loc)
		if err != nil {
			if marquee.ErrorCode(err) != marquee.EInvalid || len(marquee.ErrorFields(err)) == 0 {
				t.Fatalf("Validate: %v", err)
			}
			return
		}
		var fe marquee.FieldErrors
		switch {
		case in.Title == "" && in.SubmissionID == nil, in.Venue == "":
			t.Fatalf("accepted without a title or film, or a venue: %+v", in)
		case marquee.Length(in.Title) > marquee.ScreeningTitleMax || marquee.Length(in.Venue) > marquee.ScreeningVenueMax:
			t.Fatalf("accepted a title or venue too long: %+v", in)
		case in.Title != strings.TrimSpace(in.Title) || in.Venue != strings.TrimSpace(in.Venue):
			t.Fatalf("accepted untrimmed texts: %+v", in)
		case !marquee.CheckSingleLine("title", in.Title, &fe) || !marquee.CheckSingleLine("venue", in.Venue, &fe):
			t.Fatalf("accepted texts a one-line field refuses: %+v: %v", in, fe.Err())
		case !times.EndsAt.After(times.StartsAt):
			t.Fatalf("accepted a screening that ends %v, not after it starts %v", times.EndsAt, times.StartsAt)
		case !times.SalesEndAt.After(times.SalesStartAt):
			t.Fatalf("accepted sales that end %v, not after they start %v", times.SalesEndAt, times.SalesStartAt)
		case times.SalesEndAt.After(times.EndsAt):
			t.Fatalf("accepted sales that end %v after the screening %v", times.SalesEndAt, times.EndsAt)
		case in.Capacity < 1 || in.Capacity > marquee.ScreeningCapacityMax:
			t.Fatalf("accepted capacity %d", in.Capacity)
		case in.PriceCents < 0 || in.PriceCents > marquee.TicketPriceMaxCents || in.PriceCents > 0 && in.PriceCents < marquee.TicketPriceMinCents:
			t.Fatalf("accepted price %d", in.PriceCents)
		}
		for _, c := range []struct {
			local string
			at    time.Time
		}{{in.StartsAt, times.StartsAt}, {in.EndsAt, times.EndsAt}, {in.SalesStartAt, times.SalesStartAt}, {in.SalesEndAt, times.SalesEndAt}} {
			if c.at.Location() != time.UTC {
				t.Fatalf("time %v is not UTC", c.at)
			}
			want, err := time.ParseInLocation(marquee.LocalTimeLayout, c.local, loc)
			if err != nil || !want.Equal(c.at) {
				t.Fatalf("%q in %s read as %v, want %v (%v)", c.local, loc, c.at, want, err)
			}
			// Shown again in the edit form, the time reads as the same instant.
			shown := c.at.In(loc).Format(marquee.LocalTimeLayout)
			again, err := time.ParseInLocation(marquee.LocalTimeLayout, shown, loc)
			if err != nil || !again.Equal(c.at) {
				t.Fatalf("%q in %s: shown as %q, read back as %v, want %v", c.local, loc, shown, again, c.at)
			}
		}
	})
}

// FuzzLoadTimeZone: a festival's time zone is a name the host can load,
// never "" nor "Local" (which would depend on the server), at most 64
// bytes, trimmed; ZoneLocation later gives the same zone for it.
func FuzzLoadTimeZone(f *testing.F) {
	for _, s := range []string{"UTC", "Europe/Paris", " Asia/Tokyo ", "Local", "", "America/Argentina/Buenos_Aires", "Etc/GMT+5",
		"../../etc/passwd", "/etc/localtime", "europe/paris", "EST5EDT", "Europe/Paris\x00", strings.Repeat("A/", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		loc, err := marquee.LoadTimeZone(name)
		if err != nil {
			if _, ok := marquee.ErrorFields(err)["timeZone"]; !ok {
				t.Fatalf("LoadTimeZone(%q): %v", name, err)
			}
			return
		}
		trimmed := strings.TrimSpace(name)
		switch {
		case loc == nil:
			t.Fatalf("LoadTimeZone(%q): nil zone", name)
		case trimmed == "" || trimmed == "Local" || len(trimmed) > 64:
			t.Fatalf("LoadTimeZone(%q) accepted", name)
		case loc.String() != trimmed:
			t.Fatalf("LoadTimeZone(%q) = %s", name, loc)
		case marquee.ZoneLocation(trimmed).String() != loc.String():
			t.Fatalf("ZoneLocation(%q) = %s, want %s", trimmed, marquee.ZoneLocation(trimmed), loc)
		}
	})
}

// FuzzParseDate: a date is accepted exactly when it is YYYY-MM-DD naming
// a day of the calendar, and then it is that day at midnight UTC, written
// back the same.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"2026-11-21", "2028-02-29", "2027-02-29", "2026-13-01", "2026-00-10", "0000-01-01", "9999-12-31",
		"+026-01-01", "2026-1-01 ", "2026-01-1", "２０２６-01-01", "2026/01/01", "2026-01-01T00:00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := marquee.ParseDate(s)
		want, wantOK := calendarDate(s)
		if ok != wantOK {
			t.Fatalf("ParseDate(%q) ok = %v, want %v", s, ok, wantOK)
		}
		if ok && (!got.Equal(want) || got.Location() != time.UTC || got.Format(marquee.DateLayout) != s) {
			t.Fatalf("ParseDate(%q) = %v, want %v", s, got, want)
		}
	})
}

// calendarDate reads s as four, two and two ASCII digits separated by
// dashes that name a real day.
func calendarDate(s string) (time.Time, bool) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return time.Time{}, false
	}
	var n [3]int
	for i, part := range []string{s[:4], s[5:7], s[8:]} {
		for j := 0; j < len(part); j++ {
			if part[j] < '0' || part[j] > '9' {
				return time.Time{}, false
			}
		}
		n[i], _ = strconv.Atoi(part)
	}
	d := time.Date(n[0], time.Month(n[1]), n[2], 0, 0, 0, 0, time.UTC)
	if d.Year() != n[0] || int(d.Month()) != n[1] || d.Day() != n[2] {
		return time.Time{}, false
	}
	return d, true
}
