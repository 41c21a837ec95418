// Package movies is the client of The Movie Database (TMDB) v3 API behind
// marquee.MovieCatalog: the movies pages' popular movies and their details,
// kept for an hour per page (or movie) and language. Without a key the
// store's listed films take its place (store.FilmMovies).
package movies

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// Defaults of Config.
const (
	DefaultBaseURL      = "https://api.themoviedb.org/3"
	DefaultImageBaseURL = "https://image.tmdb.org/t/p/w500"
	DefaultCacheTTL     = time.Hour
	DefaultCacheEntries = 2000
	DefaultTimeout      = 10 * time.Second
)

// maxPage is the last page of a list TMDB serves (it refuses later ones).
const maxPage = 500

// maxBody bounds an answer read from TMDB.
const maxBody = 4 << 20

// Config configures the TMDB client; zero values take the defaults.
type Config struct {
	// APIKey is a v3 API key, sent as ?api_key=; a v4 read access token
	// (a JWT, "eyJ...") is sent as a Bearer credential instead.
	APIKey string
	// BaseURL is the API's address (DefaultBaseURL); tests point it at a
	// local server.
	BaseURL string
	// ImageBaseURL is put before a poster_path (DefaultImageBaseURL: w500 images).
	ImageBaseURL string
	// HTTPClient makes the calls; nil means one with DefaultTimeout.
	HTTPClient *http.Client
	// Clock returns the current time (cache expiry); nil means time.Now.
	Clock func() time.Time
	// Logger receives 'Failed to fetch movies' with its cause; nil means slog.Default().
	Logger *slog.Logger
	// CacheTTL is how long an answer is kept (DefaultCacheTTL);
	// CacheEntries bounds how many are (DefaultCacheEntries).
	CacheTTL     time.Duration
	CacheEntries int
}

// TMDB is the movie database's client; it implements marquee.MovieCatalog.
type TMDB struct {
	cfg   Config
	cache *cache
}

var _ marquee.MovieCatalog = (*TMDB)(nil)

// NewTMDB returns a client with cfg (its zero values set to the defaults).
func NewTMDB(cfg Config) *TMDB {
	if cfg.BaseURL == "" {
		cfg.BaseURL = DefaultBaseURL
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	if cfg.ImageBaseURL == "" {
		cfg.ImageBaseURL = DefaultImageBaseURL
	}
	cfg.ImageBaseURL = strings.TrimRight(cfg.ImageBaseURL, "/")
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: DefaultTimeout}
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.CacheTTL <= 0 {
		cfg.CacheTTL = DefaultCacheTTL
	}
	if cfg.CacheEntries <= 0 {
		cfg.CacheEntries = DefaultCacheEntries
	}
	return &TMDB{cfg: cfg, cache: newCache(cfg.CacheTTL, cfg.CacheEntries, cfg.Clock)}
}

// ImageOrigin is the scheme and host the posters come from, for the
// site's Content-Security-Policy ("" when the image base is not absolute).
func (c *TMDB) ImageOrigin() string {
	u, err := url.Parse(c.cfg.ImageBaseURL)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}

// Language is TMDB's language for one of Marquee's: en-US, ja-JP, zh-CN.
func Language(lang string) string {
	switch lang {
	case "ja":
		return "ja-JP"
	case "zh":
		return "zh-CN"
	}
	return "en-US"
}

// tmdbMovie is a movie in TMDB's lists and details (details add runtime
// and genres).
type tmdbMovie struct {
	ID          int64   `json:"id"`
	Title       string  `json:"title"`
	Overview    string  `json:"overview"`
	PosterPath  *string `json:"poster_path"`
	ReleaseDate string  `json:"release_date"`
	Runtime     *int    `json:"runtime"`
	Genres      []struct {
		Name string `json:"name"`
	} `json:"genres"`
}

// tmdbList is a page of a TMDB list.
type tmdbList struct {
	Page         int         `json:"page"`
	Results      []tmdbMovie `json:"results"`
	TotalPages   int         `json:"total_pages"`
	TotalResults int64       `json:"total_results"`
}

// tmdbError is TMDB's error body.
type tmdbError struct {
	StatusCode    int    `json:"status_code"`
	StatusMessage string `json:"status_message"`
}

// Popular returns page of TMDB's popular movies in lang, from the cache
// when it was fetched less than CacheTTL ago. Pages past TMDB's last
// (500) are empty without a call.
func (c *TMDB) Popular(ctx context.Context, page int, lang string) (*marquee.Page[marquee.Movie], error) {
	// The fetch outlives a caller that goes away: others may wait for it.
	ctx = context.WithoutCancel(ctx)
	page = max(page, 1)
	tl := Language(lang)
	if page > maxPage {
		return marquee.NewPage([]marquee.Movie(nil), 0, page, marquee.MoviesPerPage), nil
	}
	v, err := c.cache.get("popular:"+strconv.Itoa(page)+":"+tl, func() (any, error) {
		var list tmdbList
		q := url.Values{"page": {strconv.Itoa(page)}, "language": {tl}}
		if err := c.call(ctx, "/movie/popular", q, &list); err != nil {
			c.cfg.Logger.ErrorContext(ctx, "Failed to fetch movies", "call", "popular", "page", page, "language", tl, "err", err)
			return nil, errors.Join(marquee.ErrMoviesUnavailable(), err)
		}
		items := make([]marquee.Movie, 0, len(list.Results))
		for _, m := range list.Results {
			items = append(items, c.movie(m))
		}
		if tl != Language("en") {
			c.englishOverviews(ctx, page, items)
		}
		// TMDB counts more than it serves: only 500 pages can be read.
		total := min(list.TotalResults, int64(maxPage*marquee.MoviesPerPage))
		return marquee.NewPage(items, total, page, marquee.MoviesPerPage), nil
	})
	if err != nil {
		return nil, err
	}
	p := *v.(*marquee.Page[marquee.Movie])
	return &p, nil
}

// Movie returns movie id's details in lang, from the cache when they were
// fetched less than CacheTTL ago; ErrMovieNotFound when TMDB has no such
// movie.
func (c *TMDB) Movie(ctx context.Context, id int64, lang string) (*marquee.Movie, error) {
	ctx = context.WithoutCancel(ctx)
	tl := Language(lang)
	v, err := c.cache.get("movie:"+strconv.FormatInt(id, 10)+":"+tl, func() (any, error) {
		var m tmdbMovie
		err := c.call(ctx, "/movie/"+strconv.FormatInt(id, 10), url.Values{"language": {tl}}, &m)
		var nf notFound
		if errors.As(err, &nf) {
			return nil, marquee.ErrMovieNotFound()
		} else if err != nil {
			c.cfg.Logger.ErrorContext(ctx, "Failed to fetch movies", "call", "movie", "id", id, "language", tl, "err", err)
			return nil, errors.Join(marquee.ErrMoviesUnavailable(), err)
		}
		mv := c.movie(m)
		if mv.Overview == "" && tl != Language("en") {
			// Many movies have no overview in Japanese or Chinese: the
			// English one (cached on its own) stands in, marked as such.
			if en, err := c.Movie(ctx, id, "en"); err == nil && en.Overview != "" {
				mv.Overview, mv.OverviewLanguage = en.Overview, "en"
			}
		}
		return &mv, nil
	})
	if err != nil {
		return nil, err
	}
	mv := *v.(*marquee.Movie)
	return &mv, nil
}

// englishOverviews fills the overviews items lack in their language from
// the same page of the English list (cached on its own), marked as
// English. Popularity does not depend on the language, so the page holds
// the same movies; one missing from it keeps its empty overview, and an
// English page that cannot be fetched changes nothing.
func (c *TMDB) englishOverviews(ctx context.Context, page int, items []marquee.Movie) {
	if !slices.ContainsFunc(items, func(m marquee.Movie) bool { return m.Overview == "" }) {
		return
	}
	en, err := c.Popular(ctx, page, "en")
	if err != nil {
		return
	}
	overview := make(map[int64]string, len(en.Items))
	for _, m := range en.Items {
		overview[m.ID] = m.Overview
	}
	for i := range items {
		if o := overview[items[i].ID]; items[i].Overview == "" && o != "" {
			items[i].Overview, items[i].OverviewLanguage = o, "en"
		}
	}
}

// movie turns TMDB's movie into Marquee's.
func (c *TMDB) movie(m tmdbMovie) marquee.Movie {
	mv := marquee.Movie{ID: m.ID, Title: m.Title, Overview: m.Overview, ReleaseDate: m.ReleaseDate, Source: marquee.MovieSourceTMDB}
	if m.PosterPath != nil && *m.PosterPath != "" {
		mv.PosterURL = c.cfg.ImageBaseURL + "/" + strings.TrimLeft(*m.PosterPath, "/")
	}
	if m.Runtime != nil {
		mv.Runtime = *m.Runtime
	}
	for _, g := range m.Genres {
		if g.Name != "" {
			mv.Genres = append(mv.Genres, g.Name)
		}
	}
	return mv
}

// notFound is TMDB's 404.
type notFound struct{ path string }

func (e notFound) Error() string { return "movies: " + e.path + ": not found" }

// call GETs path with q (and the key) and decodes the JSON answer into v.
// Its errors never carry the key: they name the path, not the URL.
func (c *TMDB) call(ctx context.Context, path string, q url.Values, v any) error {
	bearer := strings.HasPrefix(c.cfg.APIKey, "eyJ")
	if !bearer {
		q.Set("api_key", c.cfg.APIKey)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.cfg.BaseURL+path+"?"+q.Encode(), nil)
	if err != nil {
		return fmt.Errorf("movies: GET %s: %w", path, redact(err))
	}
	req.Header.Set("Accept", "application/json")
	if bearer {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	res, err := c.cfg.HTTPClient.Do(req)
	if err != nil {
		return fmt.Errorf("movies: GET %s: %w", path, redact(err))
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, maxBody))
	if err != nil {
		return fmt.Errorf("movies: GET %s: read: %w", path, redact(err))
	}
	if res.StatusCode == http.StatusNotFound {
		return notFound{path: path}
	}
	if res.StatusCode != http.StatusOK {
		var e tmdbError
		_ = json.Unmarshal(body, &e)
		if e.StatusMessage != "" {
			return fmt.Errorf("movies: GET %s: %s (TMDB status %d: %s)", path, res.Status, e.StatusCode, e.StatusMessage)
		}
		return fmt.Errorf("movies: GET %s: %s", path, res.Status)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("movies: GET %s: decode: %w", path, err)
	}
	return nil
}

// redact drops the URL (with the key in its query) from an HTTP client's
// error, keeping its cause.
func redact(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
