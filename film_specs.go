package marquee

import (
	"net/url"
	"strings"
)

// A film project holds, besides its details, what festivals ask of it on
// FilmFreeway: a trailer, technical specs, the first-time and student
// flags, its premiere status and the screenings and awards it already has
// (FilmSpecs, written whole by its own route so that the details' form
// never clears them), and up to FilmStillsMax stills (FilmStill).

// PremiereStatus is the premiere a film would have at its next festival:
// a world premiere has never been shown in public, an international one
// only in its own country, a national one not yet in the festival's
// country; none has been shown there already.
type PremiereStatus string

// The premiere statuses, strongest first.
const (
	PremiereWorld         PremiereStatus = "world"
	PremiereInternational PremiereStatus = "international"
	PremiereNational      PremiereStatus = "national"
	PremiereNone          PremiereStatus = "none"
)

// rank orders premiere statuses: a stronger premiere meets any weaker
// requirement (a world premiere is also a national one). 0 for unknown.
func (p PremiereStatus) rank() int {
	switch p {
	case PremiereWorld:
		return 3
	case PremiereInternational:
		return 2
	case PremiereNational:
		return 1
	}
	return 0
}

// Meets reports whether a film of premiere status p meets requirement req
// ("" or none: no requirement).
func (p PremiereStatus) Meets(req PremiereStatus) bool {
	return req.rank() == 0 || p.rank() >= req.rank()
}

// FilmSounds are the sound formats a film's specs may name.
var FilmSounds = []string{"mono", "stereo", "5.1", "7.1", "atmos", "other"}

// FilmHistoryEntry is a screening of the film at a festival, and the
// award it won there ("" for none).
type FilmHistoryEntry struct {
	Festival string `json:"festival"`
	Year     int    `json:"year"`
	Award    string `json:"award"`
}

// FilmSpecs are a film project's trailer, technical specs, flags,
// premiere status and festival history. None of it names who made the
// film: judges see it all, even under blind review (JudgeView).
type FilmSpecs struct {
	// TrailerURL is an https address ("" for none).
	TrailerURL string `json:"trailerUrl"`
	// CompletionDate is when the film was finished, YYYY-MM-DD ("" when
	// not given); festivals' limits may ask for a date not before theirs.
	CompletionDate string         `json:"completionDate"`
	AspectRatio    string         `json:"aspectRatio"`    // as written, e.g. "2.39:1"
	Sound          string         `json:"sound"`          // one of FilmSounds, or ""
	ShootingFormat string         `json:"shootingFormat"` // e.g. "Digital 4K", "16 mm"
	Languages      []string       `json:"languages"`      // spoken languages
	Subtitles      []string       `json:"subtitles"`      // languages of its subtitles; empty: none
	FirstTime      bool           `json:"firstTime"`      // a first-time filmmaker's
	Student        bool           `json:"student"`        // a student film
	Premiere       PremiereStatus `json:"premiere"`       // "" when not given
	// History is the screenings and awards the film already has.
	History []FilmHistoryEntry `json:"history"`
}

// Film spec limits.
const (
	FilmTrailerMax        = 500
	FilmAspectRatioMax    = 20
	FilmShootingFormatMax = 100
	FilmSpecLanguagesMax  = 10
	FilmHistoryMax        = 50
	FilmHistoryTextMax    = 200
	// FilmStillsMax is how many stills a film may have.
	FilmStillsMax = 10
)

// Normalize trims every text, drops empty list entries and history rows
// with neither a festival nor an award, and never leaves a list nil.
func (s *FilmSpecs) Normalize() {
	for _, p := range []*string{&s.TrailerURL, &s.CompletionDate, &s.AspectRatio, &s.Sound, &s.ShootingFormat} {
		*p = strings.TrimSpace(*p)
	}
	s.Premiere = PremiereStatus(strings.TrimSpace(string(s.Premiere)))
	s.Languages = tidyList(s.Languages)
	s.Subtitles = tidyList(s.Subtitles)
	h := make([]FilmHistoryEntry, 0, len(s.History))
	for _, e := range s.History {
		e.Festival, e.Award = strings.TrimSpace(e.Festival), strings.TrimSpace(e.Award)
		if e.Festival == "" && e.Award == "" {
			continue
		}
		h = append(h, e)
	}
	s.History = h
}

// tidyList trims each entry and drops empty ones and repeats.
func tidyList(in []string) []string {
	out := make([]string, 0, len(in))
	for _, v := range in {
		v = strings.TrimSpace(v)
		if v == "" || containsFold(out, v) {
			continue
		}
		out = append(out, v)
	}
	return out
}

func containsFold(list []string, v string) bool {
	for _, w := range list {
		if strings.EqualFold(w, v) {
			return true
		}
	}
	return false
}

// Validate checks normalised specs; thisYear is the current year (a
// screening may be dated at most this year). One message per field.
func (s FilmSpecs) Validate(thisYear int) error {
	var f FieldErrors
	for _, t := range []struct{ field, value string }{
		{"trailerUrl", s.TrailerURL}, {"aspectRatio", s.AspectRatio}, {"shootingFormat", s.ShootingFormat},
	} {
		CheckSingleLine(t.field, t.value, &f)
	}
	if s.TrailerURL != "" && !validTrailerURL(s.TrailerURL) {
		f.Add("trailerUrl", "Enter a trailer address starting with https://")
	}
	if s.CompletionDate != "" {
		if _, ok := ParseDate(s.CompletionDate); !ok {
			f.Add("completionDate", "Enter the completion date as YYYY-MM-DD")
		}
	}
	if Length(s.AspectRatio) > FilmAspectRatioMax {
		f.Add("aspectRatio", "Aspect ratio must be at most 20 characters")
	}
	if s.Sound != "" && !containsFold(FilmSounds, s.Sound) {
		f.Add("sound", "Choose a sound format from the list")
	}
	if Length(s.ShootingFormat) > FilmShootingFormatMax {
		f.Add("shootingFormat", "Shooting format must be at most 100 characters")
	}
	for _, l := range []struct {
		field string
		list  []string
	}{{"languages", s.Languages}, {"subtitles", s.Subtitles}} {
		if len(l.list) > FilmSpecLanguagesMax {
			f.Add(l.field, "List at most 10 languages")
		}
		for _, v := range l.list {
			if !CheckSingleLine(l.field, v, &f) {
				break
			}
			if Length(v) > FilmLanguageMax {
				f.Add(l.field, "Language must be at most 100 characters")
			}
		}
	}
	if s.Premiere != "" && s.Premiere.rank() == 0 && s.Premiere != PremiereNone {
		f.Add("premiere", "Choose a premiere status from the list")
	}
	if len(s.History) > FilmHistoryMax {
		f.Add("history", "List at most 50 screenings and awards")
	}
	for _, e := range s.History {
		if !CheckSingleLine("history", e.Festival, &f) || !CheckSingleLine("history", e.Award, &f) {
			break
		}
		switch {
		case e.Festival == "":
			f.Add("history", "Each screening needs the festival's name")
		case Length(e.Festival) > FilmHistoryTextMax || Length(e.Award) > FilmHistoryTextMax:
			f.Add("history", "A festival's name and an award must be at most 200 characters")
		case e.Year < FilmYearMin || e.Year > thisYear:
			f.Add("history", "Each screening needs a year between 1888 and this year")
		}
	}
	return f.Err()
}

// validTrailerURL reports whether s is an https address with a host and
// no user part, of at most FilmTrailerMax characters.
func validTrailerURL(s string) bool {
	if Length(s) > FilmTrailerMax || strings.ContainsAny(s, " \t\r\n") {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.User == nil
}

// EmptyFilmSpecs returns specs with no value, every list empty (not nil).
func EmptyFilmSpecs() FilmSpecs {
	return FilmSpecs{Languages: []string{}, Subtitles: []string{}, History: []FilmHistoryEntry{}}
}

// FilmStill is one still of a film, as its two sizes (encoded like a
// poster: PosterEncoder), served under /media/stills/.
type FilmStill struct {
	ID     int64        `json:"id"`
	Images PosterImages `json:"images"`
}

// StillFromKey returns the still of film_stills' row id whose key is key
// (a PosterKey of an encoded picture); ok is false for a key that is not
// one.
func StillFromKey(id int64, key string) (FilmStill, bool) {
	k, ok := ParsePosterKey(key)
	if !ok || k.Legacy() {
		return FilmStill{}, false
	}
	return FilmStill{ID: id, Images: PosterImages{
		Card:   PosterImage{URL: StillPath(k.CardFile()), PosterSize: k.Card},
		Detail: PosterImage{URL: StillPath(k.DetailFile()), PosterSize: k.Detail},
	}}, true
}

// StillPath is the URL path a still's file is served at.
func StillPath(name string) string { return "/media/stills/" + name }

// StillFileKey is the file store's key of a still's file name: stills
// live beside posters, set apart by a prefix.
func StillFileKey(name string) string { return "still-" + name }

// ErrStillNotFound is the answer for a still that does not exist or is
// not the caller's film's.
func ErrStillNotFound() error { return Errorf(ENotFound, "Still not found") }

// ErrTooManyStills refuses an eleventh still.
func ErrTooManyStills() error {
	return Errorf(EInvalid, "A film can have at most 10 stills. Delete one before adding another.")
}

// StillOrder is the filmmaker's new order of a film's stills: every
// still's id, once each.
type StillOrder struct {
	IDs []int64 `json:"ids"`
}

// Check reports whether o names exactly the stills have (in any order).
func (o StillOrder) Check(have []int64) error {
	if len(o.IDs) != len(have) {
		return FieldError("ids", "List every still of the film once")
	}
	seen := map[int64]bool{}
	for _, id := range have {
		seen[id] = false
	}
	for _, id := range o.IDs {
		done, ok := seen[id]
		if !ok || done {
			return FieldError("ids", "List every still of the film once")
		}
		seen[id] = true
	}
	return nil
}
