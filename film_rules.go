package marquee

import (
	"net/url"
	"strings"
)

// Normalize tidies details as typed: every text trimmed, the country
// upper-cased, credits trimmed and rows with neither a name nor a role
// dropped (Credits is never nil afterwards).
func (d *FilmDetails) Normalize() {
	for _, s := range []*string{&d.Title, &d.OriginalTitle, &d.Logline, &d.Synopsis, &d.Genre,
		&d.Language, &d.Director, &d.ScreenerURL} {
		*s = strings.TrimSpace(*s)
	}
	// The password is kept as typed but for surrounding spaces, which no
	// screener host honours and every copy and paste adds.
	d.ScreenerPassword = strings.TrimSpace(d.ScreenerPassword)
	d.Country = strings.ToUpper(strings.TrimSpace(d.Country))
	credits := make([]FilmCredit, 0, len(d.Credits))
	for _, c := range d.Credits {
		c.Name, c.Role = strings.TrimSpace(c.Name), strings.TrimSpace(c.Role)
		if c.Name == "" && c.Role == "" {
			continue
		}
		credits = append(credits, c)
	}
	d.Credits = credits
}

// Validate checks normalised details against the film limits; thisYear is
// the current calendar year (a film may be dated at most next year). The
// error carries a message per failing field, named as in the JSON.
func (d FilmDetails) Validate(thisYear int) error {
	var f FieldErrors
	for _, t := range []struct{ field, value string }{
		{"title", d.Title}, {"originalTitle", d.OriginalTitle}, {"genre", d.Genre}, {"language", d.Language},
		{"director", d.Director}, {"screenerUrl", d.ScreenerURL}, {"screenerPassword", d.ScreenerPassword},
	} {
		CheckSingleLine(t.field, t.value, &f)
	}
	// The logline is typed in a text area, so a line break there is kept.
	CheckMultiLine("logline", d.Logline, &f)
	CheckMultiLine("synopsis", d.Synopsis, &f)
	for _, c := range d.Credits {
		if CheckSingleLine("credits", c.Name, &f) {
			CheckSingleLine("credits", c.Role, &f)
		}
	}
	switch n := Length(d.Title); {
	case n == 0:
		f.Add("title", "Title is required")
	case n > FilmTitleMax:
		f.Add("title", "Title must be at most 200 characters")
	}
	if Length(d.OriginalTitle) > FilmTitleMax {
		f.Add("originalTitle", "Original title must be at most 200 characters")
	}
	if Length(d.Logline) > FilmLoglineMax {
		f.Add("logline", "Logline must be at most 300 characters")
	}
	if Length(d.Synopsis) > FilmSynopsisMax {
		f.Add("synopsis", "Synopsis must be at most 5,000 characters")
	}
	if d.RuntimeMinutes < 0 || d.RuntimeMinutes > FilmRuntimeMax {
		f.Add("runtimeMinutes", "Runtime must be between 1 and 1,000 minutes")
	}
	if Length(d.Genre) > FilmGenreMax {
		f.Add("genre", "Genre must be at most 100 characters")
	}
	if d.Country != "" && !ValidCountry(d.Country) {
		f.Add("country", "Choose a country from the list")
	}
	if Length(d.Language) > FilmLanguageMax {
		f.Add("language", "Language must be at most 100 characters")
	}
	if d.Year != 0 && (d.Year < FilmYearMin || d.Year > thisYear+1) {
		f.Add("year", "Year must be between 1888 and next year")
	}
	if Length(d.Director) > FilmDirectorMax {
		f.Add("director", "Director must be at most 200 characters")
	}
	if len(d.Credits) > FilmCreditsMax {
		f.Add("credits", "A film can have at most 50 credits")
	}
	for _, c := range d.Credits {
		switch {
		case c.Name == "":
			f.Add("credits", "Each credit needs a name")
		case Length(c.Name) > FilmCreditNameMax:
			f.Add("credits", "A credit's name must be at most 200 characters")
		case Length(c.Role) > FilmCreditRoleMax:
			f.Add("credits", "A credit's role must be at most 100 characters")
		}
	}
	if d.ScreenerURL != "" && !validScreenerURL(d.ScreenerURL) {
		f.Add("screenerUrl", "Enter a screener address starting with http:// or https://")
	}
	if Length(d.ScreenerPassword) > FilmScreenerMax {
		f.Add("screenerPassword", "Screener password must be at most 500 characters")
	}
	return f.Err()
}

// validScreenerURL reports whether s is an http or https address with a
// host, of at most FilmScreenerMax characters.
func validScreenerURL(s string) bool {
	if Length(s) > FilmScreenerMax || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil
}

// ErrFilmNotFound is the answer for a film that does not exist or that the
// caller may not see; the two are never told apart.
func ErrFilmNotFound() error { return Errorf(ENotFound, "Film not found") }

// CanEditFilm reports whether u may change or delete f: its owner only
// (an admin manages festivals, not filmmakers' projects).
func CanEditFilm(u *User, f *Film) bool { return u != nil && f != nil && f.OwnerID == u.ID }

// FilmAccess is what the store found about a viewer who is not a film's
// owner: whether they organise a festival the film is submitted to (a
// submission not withdrawn), whether they may see one of its submissions
// as a judge, and whether a festival through which they judge it reviews
// blind.
type FilmAccess struct {
	Organiser bool
	Judge     bool
	Blind     bool
}

// FilmView applies the visibility rules to f for viewer u (nil for a
// visitor), given access: the owner and an organiser see everything; a
// judge sees what JudgeView shows (the screener; under blind review
// nothing of who made the film); anyone sees a public film without the
// screener; only the owner sees how many submissions are active. It
// blanks what u may not see and returns false when u may not see f at all.
func FilmView(u *User, f *Film, access FilmAccess) bool {
	if u != nil && f.OwnerID == u.ID {
		return true
	}
	// How many festivals the film is entered in is the owner's business.
	f.ActiveSubmissions = 0
	switch {
	case access.Organiser:
		return true
	case access.Judge:
		_, judged := JudgeView(nil, f, access.Blind)
		*f = *judged
		return true
	case f.Public:
		f.HideScreener()
		return true
	}
	return false
}

// FilmsPerPage is the size of a page of the public film listing.
const FilmsPerPage = 24
