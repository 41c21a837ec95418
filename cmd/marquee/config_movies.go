package main

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/movies"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/telemetry"
)

// moviesConfig holds the movie database's settings. Without a key the
// movies pages show the films listed on Marquee.
type moviesConfig struct {
	// TMDBAPIKey is The Movie Database's v3 API key (or v4 read access token).
	TMDBAPIKey string
	// TMDBBaseURL and TMDBImageBaseURL: the API's address and the posters'
	// ("" for the package's defaults).
	TMDBBaseURL      string
	TMDBImageBaseURL string
}

// moviesFromEnv reads MARQUEE_TMDB_* into c and returns what is wrong
// with them. The key is never echoed in a message.
func moviesFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	m := moviesConfig{
		TMDBAPIKey:       strings.TrimSpace(getenv("MARQUEE_TMDB_API_KEY")),
		TMDBBaseURL:      strings.TrimRight(strings.TrimSpace(getenv("MARQUEE_TMDB_BASE_URL")), "/"),
		TMDBImageBaseURL: strings.TrimRight(strings.TrimSpace(getenv("MARQUEE_TMDB_IMAGE_BASE_URL")), "/"),
	}
	for _, v := range []struct{ name, val string }{
		{"MARQUEE_TMDB_BASE_URL", m.TMDBBaseURL},
		{"MARQUEE_TMDB_IMAGE_BASE_URL", m.TMDBImageBaseURL},
	} {
		if v.val == "" {
			continue
		}
		if u, err := url.Parse(v.val); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" {
			errs = append(errs, fmt.Sprintf("%s=%q: want an address such as https://api.themoviedb.org/3", v.name, v.val))
		}
	}
	if m.TMDBAPIKey == "" && (m.TMDBBaseURL != "" || m.TMDBImageBaseURL != "") {
		errs = append(errs, "MARQUEE_TMDB_BASE_URL and MARQUEE_TMDB_IMAGE_BASE_URL need MARQUEE_TMDB_API_KEY")
	}
	c.Movies = m
	return errs
}

// useMovies puts The Movie Database's client in place of the store's
// listed films when a key is set, and allows its posters in the CSP.
func useMovies(cfg *config, svc *marquee.Services, films *store.FilmMovies, log *slog.Logger) {
	svc.Movies = films
	if cfg.Movies.TMDBAPIKey == "" {
		log.Info("no MARQUEE_TMDB_API_KEY: the movies pages show the films listed on Marquee")
		return
	}
	tmdb := movies.NewTMDB(movies.Config{APIKey: cfg.Movies.TMDBAPIKey, BaseURL: cfg.Movies.TMDBBaseURL,
		ImageBaseURL: cfg.Movies.TMDBImageBaseURL, Logger: log})
	svc.Movies = telemetry.TraceMovies(cfg.tracing, tmdb)
	cfg.Server.MovieImageOrigin = tmdb.ImageOrigin()
	log.Info("the movies pages show The Movie Database's popular movies")
}
