package main

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/movies"
	"github.com/marquee-festival/marquee/store"
)

func TestMoviesFromEnv(t *testing.T) {
	env := map[string]string{"MARQUEE_TMDB_API_KEY": " k-123 ", "MARQUEE_TMDB_BASE_URL": "http://127.0.0.1:9999/3/"}
	c, err := configFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if c.Movies.TMDBAPIKey != "k-123" || c.Movies.TMDBBaseURL != "http://127.0.0.1:9999/3" || c.Movies.TMDBImageBaseURL != "" {
		t.Fatalf("movies %+v", c.Movies)
	}
	for _, bad := range []map[string]string{
		{"MARQUEE_TMDB_API_KEY": "k", "MARQUEE_TMDB_BASE_URL": "ftp://x"},
		{"MARQUEE_TMDB_API_KEY": "k", "MARQUEE_TMDB_IMAGE_BASE_URL": "image.tmdb.org"},
		{"MARQUEE_TMDB_BASE_URL": "https://api.themoviedb.org/3"},
	} {
		if _, err := configFromEnv(func(k string) string { return bad[k] }); err == nil || strings.Contains(err.Error(), "k-123") {
			t.Errorf("%v: %v", bad, err)
		}
	}
}

func TestUseMovies(t *testing.T) {
	log := slog.New(slog.NewTextHandler(&bytes.Buffer{}, nil))
	films := &store.FilmMovies{}
	// No key: the listed films, no outside images.
	cfg := config{}
	domain := (&store.Services{}).Domain()
	useMovies(&cfg, &domain, films, log)
	if domain.Movies != films || cfg.Server.MovieImageOrigin != "" {
		t.Fatalf("without a key: %T %q", domain.Movies, cfg.Server.MovieImageOrigin)
	}
	// A key: The Movie Database, its posters allowed.
	cfg = config{Movies: moviesConfig{TMDBAPIKey: "k"}}
	useMovies(&cfg, &domain, films, log)
	if _, ok := domain.Movies.(*movies.TMDB); !ok || cfg.Server.MovieImageOrigin != "https://image.tmdb.org" {
		t.Fatalf("with a key: %T %q", domain.Movies, cfg.Server.MovieImageOrigin)
	}
}
