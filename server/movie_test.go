package server_test

import (
	"bytes"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/movies"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// Without a movie database key, the movies pages show the listed films.
func TestMoviesFromListedFilms(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		// Nothing listed: an empty page, no message.
		r := s.do(call{method: "GET", path: "/api/v1/movies/popular"})
		expect(t, r, http.StatusOK, "")
		if items, _ := field(r, "items").([]any); items == nil || len(items) != 0 || field(r, "total") != 0.0 || field(r, "perPage") != 20.0 || field(r, "message") != nil {
			t.Fatalf("empty catalogue %s", r.raw)
		}

		owner := s.signUp("maker@example.com", "password123")
		private := s.createFilm(owner, filmJSON)
		listed := s.createFilm(owner, strings.Replace(filmJSON, `"public":false`, `"public":true`, 1))
		expect(t, s.do(call{method: "PUT", path: fmt.Sprintf("/api/v1/films/%d/poster", listed), token: owner, body: string(pngBytes(t))}), http.StatusOK, "")

		r = s.do(call{method: "GET", path: "/api/v1/movies/popular?page=1", header: map[string]string{"Accept-Language": "ja"}})
		expect(t, r, http.StatusOK, "")
		items, _ := field(r, "items").([]any)
		if len(items) != 1 || field(r, "total") != 1.0 || field(r, "page") != 1.0 {
			t.Fatalf("listed films %s", r.raw)
		}
		m := items[0].(map[string]any)
		if m["id"] != float64(listed) || m["title"] != "Tide" || m["overview"] != "A short line." || m["releaseDate"] != "2025" ||
			m["source"] != "marquee" || !strings.HasPrefix(m["posterUrl"].(string), "/media/posters/") || m["runtime"] != 12.0 ||
			field(reply{json: m}, "posterImages", "card", "width") != 3.0 || field(reply{json: m}, "posterImages", "detail", "url") != m["posterUrl"] {
			t.Fatalf("movie %v", m)
		}
		if strings.Contains(string(r.raw), "s3cret") || strings.Contains(string(r.raw), "vimeo") {
			t.Fatal("the screener leaked")
		}

		r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/movies/%d", listed)})
		if r.status != http.StatusOK || field(r, "movie", "title") != "Tide" || field(r, "movie", "posterUrl") != m["posterUrl"] {
			t.Fatalf("details %d %s", r.status, r.raw)
		}
		// Not listed (even for its owner), missing, or not a number: 404.
		expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/movies/%d", private), token: owner}), http.StatusNotFound, "Movie not found")
		expect(t, s.do(call{method: "GET", path: "/api/v1/movies/424242"}), http.StatusNotFound, "Movie not found")
		expect(t, s.do(call{method: "GET", path: "/api/v1/movies/abc", header: map[string]string{"Accept-Language": "zh"}}), http.StatusNotFound, "未找到该影片")
		expect(t, s.do(call{method: "GET", path: "/api/v1/movies/popular?page=0"}), http.StatusBadRequest, "")
	})
}

// tmdbStub answers the popular list and one movie as The Movie Database
// does, or fails every call with 500 when failing is set.
func tmdbStub(t *testing.T, failing bool) *httptest.Server {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case failing:
			w.WriteHeader(http.StatusInternalServerError)
			w.Write([]byte(`{"status_code":11,"status_message":"Internal error: Something went wrong, contact TMDB."}`))
		case r.URL.Path == "/movie/popular":
			fmt.Fprintf(w, `{"page":%s,"results":[{"id":129,"title":"%s","overview":"A girl and the spirits.","poster_path":"/p.jpg","release_date":"2001-07-20"}],"total_pages":1,"total_results":1}`,
				r.URL.Query().Get("page"), map[string]string{"ja-JP": "千と千尋の神隠し"}[r.URL.Query().Get("language")])
		case r.URL.Path == "/movie/129":
			w.Write([]byte(`{"id":129,"title":"Spirited Away","overview":"A girl and the spirits.","poster_path":"/p.jpg","release_date":"2001-07-20","runtime":125,"genres":[{"id":16,"name":"Animation"}]}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"status_code":34,"status_message":"The resource you requested could not be found."}`))
		}
	}))
	t.Cleanup(hs.Close)
	return hs
}

// With a key, the movie database answers, in the request's language; its
// posters are allowed by the CSP.
func TestMoviesFromTheMovieDatabase(t *testing.T) {
	db := sqliteDB(t)
	svc := db.Domain()
	tmdb := movies.NewTMDB(movies.Config{APIKey: "k", BaseURL: tmdbStub(t, false).URL, Clock: db.Clock.Now})
	svc.Movies = tmdb
	s := newTestServerOver(t, db, svc, func(c *server.Config) { c.MovieImageOrigin = tmdb.ImageOrigin() })

	r := s.do(call{method: "GET", path: "/api/v1/movies/popular?lang=ja"})
	expect(t, r, http.StatusOK, "")
	items, _ := field(r, "items").([]any)
	if len(items) != 1 || items[0].(map[string]any)["title"] != "千と千尋の神隠し" ||
		items[0].(map[string]any)["posterUrl"] != "https://image.tmdb.org/t/p/w500/p.jpg" || items[0].(map[string]any)["source"] != "tmdb" {
		t.Fatalf("popular %s", r.raw)
	}
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob: https://image.tmdb.org;") {
		t.Fatalf("CSP %q", csp)
	}
	r = s.do(call{method: "GET", path: "/api/v1/movies/129"})
	if r.status != 200 || field(r, "movie", "runtime") != 125.0 || field(r, "movie", "genres").([]any)[0] != "Animation" {
		t.Fatalf("details %d %s", r.status, r.raw)
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/movies/7"}), http.StatusNotFound, "Movie not found")
}

// When the movie database fails, the list is empty with a friendly
// message in the request's language, the cause is logged, and the details
// answer 503.
func TestMoviesWhenTheMovieDatabaseFails(t *testing.T) {
	db := sqliteDB(t)
	svc := db.Domain()
	var logs bytes.Buffer
	svc.Movies = movies.NewTMDB(movies.Config{APIKey: "k", BaseURL: tmdbStub(t, true).URL, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	s := newTestServerOver(t, db, svc)

	r := s.do(call{method: "GET", path: "/api/v1/movies/popular?page=2", header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, http.StatusOK, "")
	if items, _ := field(r, "items").([]any); items == nil || len(items) != 0 || field(r, "page") != 2.0 ||
		field(r, "message") != "現在、作品を読み込めません。しばらくしてからもう一度お試しください。" {
		t.Fatalf("failed popular %s", r.raw)
	}
	if !strings.Contains(logs.String(), "Failed to fetch movies") || !strings.Contains(logs.String(), "Something went wrong") {
		t.Fatalf("log %q", logs.String())
	}
	r = s.do(call{method: "GET", path: "/api/v1/movies/129"})
	expect(t, r, http.StatusServiceUnavailable, "Movies cannot be loaded right now.")
	if field(r, "code") != marquee.EUnavailable {
		t.Fatalf("code %s", r.raw)
	}
	// Without a movie database, the CSP allows no outside images.
	if csp := r.header.Get("Content-Security-Policy"); !strings.Contains(csp, "img-src 'self' data: blob:;") {
		t.Fatalf("CSP %q", csp)
	}
}

// The movies calls are rate limited per client.
func TestMoviesRateLimited(t *testing.T) {
	db := sqliteDB(t)
	s := newTestServer(t, db)
	for i := range 120 {
		if r := s.do(call{method: "GET", path: "/api/v1/movies/popular"}); r.status != http.StatusOK {
			t.Fatalf("call %d: %d %s", i+1, r.status, r.raw)
		}
	}
	r := s.do(call{method: "GET", path: "/api/v1/movies/1"})
	expect(t, r, http.StatusTooManyRequests, "")
	if r.header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
}
