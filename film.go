package marquee

import (
	"context"
	"io"
	"time"
)

// A film project is what a filmmaker submits to festivals: its details,
// credits, a private screener and a poster.

// FilmCredit is one person of a film and what they did.
type FilmCredit struct {
	Name string `json:"name"`
	Role string `json:"role"`
}

// FilmDetails are what a filmmaker writes about a film.
type FilmDetails struct {
	Title          string       `json:"title"`
	OriginalTitle  string       `json:"originalTitle"`
	Logline        string       `json:"logline"`
	Synopsis       string       `json:"synopsis"`
	RuntimeMinutes int          `json:"runtimeMinutes"`
	Genre          string       `json:"genre"`
	Country        string       `json:"country"`  // ISO 3166 alpha-2, upper case; "" when not given
	Language       string       `json:"language"` // the film's spoken language, free text
	Year           int          `json:"year"`     // year of completion; 0 when not given
	Director       string       `json:"director"`
	Credits        []FilmCredit `json:"credits"`
	// ScreenerURL and ScreenerPassword are private: only the film's owner,
	// the organisers of a festival it is submitted to and that festival's
	// judges assigned to it (and not in conflict) ever see them.
	ScreenerURL      string `json:"screenerUrl"`
	ScreenerPassword string `json:"screenerPassword"`
	// Public lists the film on the movies pages (when no movie database
	// key is set).
	Public bool `json:"public"`
}

// Film limits.
const (
	FilmTitleMax      = 200
	FilmLoglineMax    = 300
	FilmSynopsisMax   = 5000
	FilmRuntimeMax    = 1000 // minutes
	FilmGenreMax      = 100
	FilmLanguageMax   = 100
	FilmDirectorMax   = 200
	FilmCreditsMax    = 50
	FilmCreditNameMax = 200
	FilmCreditRoleMax = 100
	FilmScreenerMax   = 500
	FilmsPerUserMax   = 200
	FilmYearMin       = 1888
	// PosterMaxBytes is the largest poster accepted: 5 MB.
	PosterMaxBytes = 5 << 20
)

// Film is a filmmaker's project.
type Film struct {
	ID      int64 `json:"id"`
	OwnerID int64 `json:"ownerId"`
	FilmDetails
	// PosterURL is where the poster is served ("" when there is none): its
	// detail image (or a legacy poster's one file, see PosterKey); it
	// changes whenever the poster does, so it is cached for a year.
	PosterURL string `json:"posterUrl"`
	// PosterImages are the poster's two sizes, for srcset; nil when there
	// is no poster or a legacy one (PosterURL alone).
	PosterImages *PosterImages `json:"posterImages"`
	// Specs are the trailer, technical specs, flags, premiere status and
	// festival history (FilmSpecs); Stills its stills in order (filled
	// when one film is read; empty in lists).
	Specs  FilmSpecs   `json:"specs"`
	Stills []FilmStill `json:"stills"`
	// ActiveSubmissions counts the film's submissions not withdrawn (the
	// film cannot be deleted while there are any).
	ActiveSubmissions int       `json:"activeSubmissions"`
	CreatedAt         time.Time `json:"createdAt"`
	UpdatedAt         time.Time `json:"updatedAt"`
}

// HideScreener blanks the screener for a viewer who may not see it.
func (f *Film) HideScreener() {
	f.ScreenerURL, f.ScreenerPassword = "", ""
}

// Poster is a stored poster image, one file of a poster, for serving.
type Poster struct {
	// Key names the file; it is part of the address it is served at and
	// changes with the bytes (a new upload has a new PosterKey token).
	Key         string
	ContentType string // image/jpeg or image/png (image/webp: legacy posters)
	Size        int64
	ModTime     time.Time
	Body        io.ReadSeekCloser
}

// FileStore keeps uploaded files (posters) by key: on disk under the data
// folder by default.
type FileStore interface {
	// Put stores data under key, replacing what was there.
	Put(ctx context.Context, key string, data []byte) error
	// Open returns the file under key, or ENotFound.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, int64, time.Time, error)
	// Delete removes the file under key; a missing file is not an error.
	Delete(ctx context.Context, key string) error
}

// FilmService keeps the signed-in filmmaker's film projects.
type FilmService interface {
	// List returns the signed-in user's films, newest first.
	List(ctx context.Context) ([]*Film, error)
	// Get returns a film to its owner (everything), to an organiser of a
	// festival it is submitted to or a judge assigned to one of its
	// submissions (with the screener); a public film to anyone (without
	// the screener); ENotFound to everyone else.
	Get(ctx context.Context, id int64) (*Film, error)
	// Create validates d and stores a film of the signed-in user.
	Create(ctx context.Context, d FilmDetails) (*Film, error)
	// Update replaces the details of the signed-in user's film.
	Update(ctx context.Context, id int64, d FilmDetails) (*Film, error)
	// Delete removes the signed-in user's film and its poster; EConflict
	// while a submission of it is active.
	Delete(ctx context.Context, id int64) error
	// SetPoster reads upload through the PosterEncoder (decoded, checked
	// and written again in two sizes) and makes it the poster of the
	// signed-in user's film.
	SetPoster(ctx context.Context, id int64, upload io.ReadSeeker) (*Film, error)
	// Poster opens a file of a film's current poster by name (see
	// PosterKey.Serves), for anyone (posters are public).
	Poster(ctx context.Context, name string) (*Poster, error)
	// SetSpecs replaces the specs of the signed-in user's film.
	SetSpecs(ctx context.Context, id int64, s FilmSpecs) (*Film, error)
	// AddStill reads upload through the PosterEncoder and adds it as the
	// last still of the signed-in user's film (at most FilmStillsMax).
	AddStill(ctx context.Context, id int64, upload io.ReadSeeker) (*Film, error)
	// DeleteStill removes a still of the signed-in user's film.
	DeleteStill(ctx context.Context, id, still int64) (*Film, error)
	// OrderStills puts the stills of the signed-in user's film in o's order.
	OrderStills(ctx context.Context, id int64, o StillOrder) (*Film, error)
	// Still opens a file of a current still by name, for anyone who may
	// know its address (stills, like posters, are served publicly under
	// unguessable names).
	Still(ctx context.Context, name string) (*Poster, error)
	// ListPublic lists the films whose owners listed them, newest first.
	ListPublic(ctx context.Context, page PageRequest) (*Page[*Film], error)
}
