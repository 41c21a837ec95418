package movies

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// FuzzTMDBMovie: whatever TMDB answers for a movie (a third party's JSON),
// the movie Marquee shows has its poster on TMDB's image host only (the
// page's Content-Security-Policy allows that origin, and nothing in a
// poster_path may point the browser elsewhere), and no empty genre.
func FuzzTMDBMovie(f *testing.F) {
	for _, s := range []string{
		`{"id":550,"title":"Fight Club","overview":"x","poster_path":"/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg","release_date":"1999-10-15","runtime":139,"genres":[{"name":"Drama"},{"name":""}]}`,
		`{"poster_path":"//evil.example/x.jpg"}`, `{"poster_path":"@evil.example"}`, `{"poster_path":"..%2f..%2fx"}`,
		`{"poster_path":"\\\\evil.example"}`, `{"poster_path":"#@evil.example"}`, `{"poster_path":null}`, `{"poster_path":""}`,
		`{"poster_path":"x\u0000y"}`, `{"poster_path":"?a=1"}`, `{"genres":null,"runtime":null}`,
	} {
		f.Add([]byte(s))
	}
	c := NewTMDB(Config{APIKey: "k"})
	origin := c.ImageOrigin()
	if origin == "" {
		f.Fatal("no image origin")
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var m tmdbMovie
		if json.Unmarshal(body, &m) != nil {
			return
		}
		mv := c.movie(m)
		for _, g := range mv.Genres {
			if g == "" {
				t.Fatalf("%s: an empty genre", body)
			}
		}
		if mv.PosterURL == "" {
			return
		}
		// The base and its slash come first, so no path can change the
		// host; a path with a control character makes no valid URL, which
		// the browser escapes, on the same host.
		u, err := url.Parse(mv.PosterURL)
		if !strings.HasPrefix(mv.PosterURL, c.cfg.ImageBaseURL+"/") || err == nil && (u.Scheme+"://"+u.Host != origin || u.User != nil) {
			t.Fatalf("poster_path of %s gives the poster %q, not on %s", body, mv.PosterURL, origin)
		}
	})
}
