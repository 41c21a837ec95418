package marquee

import (
	"strings"
	"testing"
)

func validFilm() FilmDetails {
	return FilmDetails{Title: "Tide", RuntimeMinutes: 12, Country: "JP", Year: 2025, ScreenerURL: "https://vimeo.example/1",
		Credits: []FilmCredit{{Name: "Aki", Role: "Director"}}}
}

func TestFilmDetailsNormalize(t *testing.T) {
	d := FilmDetails{Title: "  Tide \n", Country: " jp ", Director: " Aki ", ScreenerURL: " https://x.example/a ", ScreenerPassword: " pw ",
		Credits: []FilmCredit{{Name: " Aki ", Role: " Director "}, {Name: " ", Role: ""}, {Name: "", Role: "Editor"}}}
	d.Normalize()
	if d.Title != "Tide" || d.Country != "JP" || d.Director != "Aki" || d.ScreenerURL != "https://x.example/a" || d.ScreenerPassword != "pw" {
		t.Fatalf("normalised %+v", d)
	}
	if len(d.Credits) != 2 || d.Credits[0] != (FilmCredit{"Aki", "Director"}) || d.Credits[1] != (FilmCredit{"", "Editor"}) {
		t.Fatalf("credits %+v", d.Credits)
	}
	var empty FilmDetails
	empty.Normalize()
	if empty.Credits == nil {
		t.Fatal("nil credits")
	}
}

func TestFilmDetailsValidate(t *testing.T) {
	many := make([]FilmCredit, FilmCreditsMax+1)
	for i := range many {
		many[i] = FilmCredit{Name: "N"}
	}
	for _, tc := range []struct {
		name  string
		edit  func(*FilmDetails)
		field string
		msg   string
	}{
		{"valid", func(*FilmDetails) {}, "", ""},
		{"no optional fields", func(d *FilmDetails) { *d = FilmDetails{Title: "T"} }, "", ""},
		{"no title", func(d *FilmDetails) { d.Title = "" }, "title", "Title is required"},
		{"long title", func(d *FilmDetails) { d.Title = strings.Repeat("あ", FilmTitleMax+1) }, "title", "Title must be at most 200 characters"},
		{"title at the limit in runes", func(d *FilmDetails) { d.Title = strings.Repeat("あ", FilmTitleMax) }, "", ""},
		{"long original title", func(d *FilmDetails) { d.OriginalTitle = strings.Repeat("a", FilmTitleMax+1) }, "originalTitle", "Original title must be at most 200 characters"},
		{"long logline", func(d *FilmDetails) { d.Logline = strings.Repeat("a", FilmLoglineMax+1) }, "logline", "Logline must be at most 300 characters"},
		{"long synopsis", func(d *FilmDetails) { d.Synopsis = strings.Repeat("a", FilmSynopsisMax+1) }, "synopsis", "Synopsis must be at most 5,000 characters"},
		{"runtime negative", func(d *FilmDetails) { d.RuntimeMinutes = -1 }, "runtimeMinutes", "Runtime must be between 1 and 1,000 minutes"},
		{"runtime too long", func(d *FilmDetails) { d.RuntimeMinutes = FilmRuntimeMax + 1 }, "runtimeMinutes", "Runtime must be between 1 and 1,000 minutes"},
		{"runtime at the limit", func(d *FilmDetails) { d.RuntimeMinutes = FilmRuntimeMax }, "", ""},
		{"runtime not given", func(d *FilmDetails) { d.RuntimeMinutes = 0 }, "", ""},
		{"long genre", func(d *FilmDetails) { d.Genre = strings.Repeat("a", FilmGenreMax+1) }, "genre", "Genre must be at most 100 characters"},
		{"unknown country", func(d *FilmDetails) { d.Country = "XX" }, "country", "Choose a country from the list"},
		{"lower-case country", func(d *FilmDetails) { d.Country = "jp" }, "country", "Choose a country from the list"},
		{"no country", func(d *FilmDetails) { d.Country = "" }, "", ""},
		{"long language", func(d *FilmDetails) { d.Language = strings.Repeat("a", FilmLanguageMax+1) }, "language", "Language must be at most 100 characters"},
		{"year too early", func(d *FilmDetails) { d.Year = FilmYearMin - 1 }, "year", "Year must be between 1888 and next year"},
		{"first year", func(d *FilmDetails) { d.Year = FilmYearMin }, "", ""},
		{"next year", func(d *FilmDetails) { d.Year = 2027 }, "", ""},
		{"the year after next", func(d *FilmDetails) { d.Year = 2028 }, "year", "Year must be between 1888 and next year"},
		{"no year", func(d *FilmDetails) { d.Year = 0 }, "", ""},
		{"long director", func(d *FilmDetails) { d.Director = strings.Repeat("a", FilmDirectorMax+1) }, "director", "Director must be at most 200 characters"},
		{"too many credits", func(d *FilmDetails) { d.Credits = many }, "credits", "A film can have at most 50 credits"},
		{"credits at the limit", func(d *FilmDetails) { d.Credits = many[:FilmCreditsMax] }, "", ""},
		{"credit without a name", func(d *FilmDetails) { d.Credits = []FilmCredit{{Role: "Editor"}} }, "credits", "Each credit needs a name"},
		{"credit without a role", func(d *FilmDetails) { d.Credits = []FilmCredit{{Name: "Bo"}} }, "", ""},
		{"long credit name", func(d *FilmDetails) { d.Credits = []FilmCredit{{Name: strings.Repeat("a", FilmCreditNameMax+1)}} }, "credits", "A credit's name must be at most 200 characters"},
		{"long credit role", func(d *FilmDetails) {
			d.Credits = []FilmCredit{{Name: "a", Role: strings.Repeat("a", FilmCreditRoleMax+1)}}
		}, "credits", "A credit's role must be at most 100 characters"},
		{"javascript screener", func(d *FilmDetails) { d.ScreenerURL = "javascript:alert(1)" }, "screenerUrl", "Enter a screener address starting with http:// or https://"},
		{"ftp screener", func(d *FilmDetails) { d.ScreenerURL = "ftp://x.example/f" }, "screenerUrl", "Enter a screener address starting with http:// or https://"},
		{"screener without host", func(d *FilmDetails) { d.ScreenerURL = "https:///path" }, "screenerUrl", "Enter a screener address starting with http:// or https://"},
		{"screener with credentials", func(d *FilmDetails) { d.ScreenerURL = "https://u:p@x.example/" }, "screenerUrl", "Enter a screener address starting with http:// or https://"},
		{"http screener", func(d *FilmDetails) { d.ScreenerURL = "http://x.example/f" }, "", ""},
		{"long screener", func(d *FilmDetails) { d.ScreenerURL = "https://x.example/" + strings.Repeat("a", FilmScreenerMax) }, "screenerUrl", "Enter a screener address starting with http:// or https://"},
		{"long screener password", func(d *FilmDetails) { d.ScreenerPassword = strings.Repeat("a", FilmScreenerMax+1) }, "screenerPassword", "Screener password must be at most 500 characters"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := validFilm()
			tc.edit(&d)
			err := d.Validate(2026)
			if tc.field == "" {
				if err != nil {
					t.Fatalf("unexpected %v %v", err, ErrorFields(err))
				}
				return
			}
			if ErrorCode(err) != EInvalid || ErrorFields(err)[tc.field] != tc.msg || ErrorMessage(err) != tc.msg {
				t.Fatalf("got %v %v, want %s: %q", err, ErrorFields(err), tc.field, tc.msg)
			}
		})
	}
}

func TestFilmView(t *testing.T) {
	owner := &User{ID: 1}
	viewer := &User{ID: 2}
	film := func(public bool) *Film {
		return &Film{ID: 9, OwnerID: 1, ActiveSubmissions: 3, FilmDetails: FilmDetails{Title: "T", Public: public,
			ScreenerURL: "https://x.example", ScreenerPassword: "pw", Director: "D", Credits: []FilmCredit{{Name: "A"}}}}
	}
	for _, tc := range []struct {
		name                  string
		u                     *User
		public                bool
		access                FilmAccess
		ok, screener, credits bool // credits: the director, the credits
		owner                 int64
		active                int
	}{
		{"owner", owner, false, FilmAccess{}, true, true, true, 1, 3},
		{"organiser", viewer, false, FilmAccess{Organiser: true}, true, true, true, 1, 0},
		{"organiser and blind judge", viewer, false, FilmAccess{Organiser: true, Judge: true, Blind: true}, true, true, true, 1, 0},
		{"judge", viewer, false, FilmAccess{Judge: true}, true, true, true, 1, 0},
		{"blind judge", viewer, false, FilmAccess{Judge: true, Blind: true}, true, true, false, 0, 0},
		{"blind judge of a public film", viewer, true, FilmAccess{Judge: true, Blind: true}, true, true, false, 0, 0},
		{"stranger, public", viewer, true, FilmAccess{}, true, false, true, 1, 0},
		{"visitor, public", nil, true, FilmAccess{}, true, false, true, 1, 0},
		{"stranger, private", viewer, false, FilmAccess{}, false, false, false, 0, 0},
		{"visitor, private", nil, false, FilmAccess{}, false, false, false, 0, 0},
	} {
		f := film(tc.public)
		ok := FilmView(tc.u, f, tc.access)
		if ok != tc.ok {
			t.Errorf("%s: ok %v", tc.name, ok)
			continue
		}
		if !ok {
			continue
		}
		if (f.ScreenerPassword != "") != tc.screener || (f.ScreenerURL != "") != tc.screener || (len(f.Credits) > 0) != tc.credits || (f.Director != "") != tc.credits ||
			f.Credits == nil || f.OwnerID != tc.owner || f.ActiveSubmissions != tc.active {
			t.Errorf("%s: %+v", tc.name, f)
		}
	}
	if !CanEditFilm(owner, film(false)) || CanEditFilm(viewer, film(false)) || CanEditFilm(nil, film(true)) {
		t.Fatal("CanEditFilm")
	}
}
