package marquee_test

import (
	"net/url"
	"reflect"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzFestivalDetailsValidate: a festival's details that pass are
// normalised for good (validating again changes nothing), their texts are
// what one-line and multi-line fields accept, the dates a real span not
// starting before today, the address valid, the country known, and the
// website an http(s) address of a dotted host without a user name (which
// could make "https://festival.example@elsewhere.example" read as the
// festival's).
func FuzzFestivalDetailsValidate(f *testing.F) {
	f.Add("Tokyo Shorts", "Short films.\r\nAll of them.", "Shibuya, Tokyo", "jp", "Tokyo", "https://tokyo-shorts.example/", "2027-01-02", "2027-01-05", "info@tokyo-shorts.example")
	f.Add("  ab ", "", "x", "", "", "", "2026-05-14", "2026-05-13", "a@b")
	f.Add("Festival", "d", "l", "", "c", "https://www.festival.example@elsewhere.example/", "2027-01-01", "2027-01-01", "a@b.co")
	f.Add("Fest\u202eival", "bidi \u202e ok here", "l", "", "", "http://localhost", "2027-01-01", "2027-01-02", "a@b.co")
	f.Add("Festival", "d", "l", "", "", "javascript://x.example/%0aalert(1)", "2027-01-01", "2027-01-02", "a@b.co")
	f.Fuzz(func(t *testing.T, name, description, location, country, city, website, start, end, email string) {
		d := marquee.FestivalDetails{Name: name, Description: description, Location: location, Country: country, City: city,
			Website: website, StartDate: start, EndDate: end, ContactEmail: email}
		if err := d.ValidateNew("2026-05-14"); err != nil {
			if marquee.ErrorCode(err) != marquee.EInvalid || len(marquee.ErrorFields(err)) == 0 {
				t.Fatalf("ValidateNew(%+v): %v", d, err)
			}
			return
		}
		again := d
		if err := again.ValidateNew("2026-05-14"); err != nil || !reflect.DeepEqual(again, d) {
			t.Fatalf("validated details %+v fail or change again: %+v, %v", d, again, err)
		}
		var fe marquee.FieldErrors
		for _, s := range []string{d.Name, d.Location, d.City, d.Website, d.ContactEmail} {
			if !marquee.CheckSingleLine("f", s, &fe) || s != strings.TrimSpace(s) {
				t.Fatalf("accepted one-line text %q", s)
			}
		}
		if !marquee.CheckMultiLine("description", d.Description, &fe) || strings.Contains(d.Description, "\r") {
			t.Fatalf("accepted description %q", d.Description)
		}
		if n := marquee.Length(d.Name); n < 3 || n > 200 || d.Location == "" {
			t.Fatalf("accepted name %q, location %q", d.Name, d.Location)
		}
		if d.Country != "" && !marquee.ValidCountry(d.Country) || !marquee.ValidEmail(d.ContactEmail) {
			t.Fatalf("accepted country %q, e-mail %q", d.Country, d.ContactEmail)
		}
		s, ok1 := marquee.ParseDate(d.StartDate)
		e, ok2 := marquee.ParseDate(d.EndDate)
		if !ok1 || !ok2 || e.Before(s) || d.StartDate < "2026-05-14" {
			t.Fatalf("accepted dates %q to %q", d.StartDate, d.EndDate)
		}
		if d.Website != "" {
			u, err := url.Parse(d.Website)
			if err != nil || u.Scheme != "http" && u.Scheme != "https" || !strings.Contains(u.Hostname(), ".") || u.User != nil {
				t.Fatalf("accepted website %q", d.Website)
			}
		}
	})
}

// FuzzFilmDetailsValidate: a film's details that pass are normalised for
// good, their texts are what their fields accept, within their limits,
// the year and runtime within bounds, and the screener an http(s) address
// of a host without a user name.
func FuzzFilmDetailsValidate(f *testing.F) {
	f.Add("The Long Night", "A night.\nLonger.", "https://vimeo.com/123", "Ann Lee", "Director", 2025, 90)
	f.Add("  ", "", "", "", "", 0, 0)
	f.Add("T", "a\rb", "https://user:pw@vimeo.com/1", "", "Editor", 1887, 1001)
	f.Add("T\u2066", "ok", "http://h", "N", "R\n", 2027, -1)
	f.Add("T", "", "ftp://x.example/f", "\u00a0", "", 2028, 10)
	f.Fuzz(func(t *testing.T, title, logline, screener, creditName, creditRole string, year, runtime int) {
		d := marquee.FilmDetails{Title: title, Logline: logline, ScreenerURL: screener, Year: year, RuntimeMinutes: runtime,
			Credits: []marquee.FilmCredit{{Name: creditName, Role: creditRole}}}
		d.Normalize()
		if err := d.Validate(2026); err != nil {
			if marquee.ErrorCode(err) != marquee.EInvalid || len(marquee.ErrorFields(err)) == 0 {
				t.Fatalf("Validate(%+v): %v", d, err)
			}
			return
		}
		again := d
		again.Credits = append([]marquee.FilmCredit(nil), d.Credits...)
		again.Normalize()
		if !reflect.DeepEqual(again, d) {
			t.Fatalf("Normalize changes %+v again: %+v", d, again)
		}
		var fe marquee.FieldErrors
		for _, s := range []string{d.Title, d.ScreenerURL} {
			if !marquee.CheckSingleLine("f", s, &fe) {
				t.Fatalf("accepted one-line text %q", s)
			}
		}
		for _, c := range d.Credits {
			if c.Name == "" || !marquee.CheckSingleLine("f", c.Name, &fe) || !marquee.CheckSingleLine("f", c.Role, &fe) {
				t.Fatalf("accepted credit %+v", c)
			}
		}
		if !marquee.CheckMultiLine("logline", d.Logline, &fe) || d.Title == "" || marquee.Length(d.Title) > marquee.FilmTitleMax {
			t.Fatalf("accepted title %q, logline %q", d.Title, d.Logline)
		}
		if d.Year != 0 && (d.Year < marquee.FilmYearMin || d.Year > 2027) || d.RuntimeMinutes < 0 || d.RuntimeMinutes > marquee.FilmRuntimeMax {
			t.Fatalf("accepted year %d, runtime %d", d.Year, d.RuntimeMinutes)
		}
		if d.ScreenerURL != "" {
			u, err := url.Parse(d.ScreenerURL)
			if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" || u.User != nil {
				t.Fatalf("accepted screener %q", d.ScreenerURL)
			}
		}
	})
}
