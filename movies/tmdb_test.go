package movies

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

const testKey = "test-key-5f2a"

// fakeTMDB serves the recorded answers in testdata and remembers every
// request it saw.
type fakeTMDB struct {
	t      *testing.T
	mu     sync.Mutex
	seen   []*http.Request
	status int // answer every call with this status and error_<status>.json, when set
}

func (f *fakeTMDB) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.seen = append(f.seen, r.Clone(context.Background()))
	status := f.status
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json;charset=utf-8")
	if status != 0 {
		w.WriteHeader(status)
		w.Write(f.file(fmt.Sprintf("error_%d.json", status)))
		return
	}
	lang := map[string]string{"en-US": "en", "ja-JP": "ja"}[r.URL.Query().Get("language")]
	var name string
	switch {
	case r.URL.Path == "/3/movie/popular" && r.URL.Query().Get("page") == "1":
		name = "popular_" + lang + "_page1.json"
	case r.URL.Path == "/3/movie/129" && lang != "":
		name = "movie_129_" + lang + ".json"
	default:
		w.WriteHeader(http.StatusNotFound)
		w.Write(f.file("error_404.json"))
		return
	}
	w.Write(f.file(name))
}

func (f *fakeTMDB) file(name string) []byte {
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		f.t.Fatal(err)
	}
	return b
}

// requests returns how many requests the server saw.
func (f *fakeTMDB) requests() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.seen)
}

func (f *fakeTMDB) last() *http.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seen[len(f.seen)-1]
}

// testClock is a settable clock.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *testClock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// newTestClient returns a client of a fake TMDB, its clock and its log.
func newTestClient(t *testing.T, key string) (*TMDB, *fakeTMDB, *testClock, *bytes.Buffer) {
	t.Helper()
	fake := &fakeTMDB{t: t}
	hs := httptest.NewServer(fake)
	t.Cleanup(hs.Close)
	clock := &testClock{now: time.Date(2026, 11, 23, 20, 0, 0, 0, time.UTC)}
	var logs bytes.Buffer
	c := NewTMDB(Config{APIKey: key, BaseURL: hs.URL + "/3/", ImageBaseURL: "https://image.tmdb.org/t/p/w500/",
		Clock: clock.Now, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	return c, fake, clock, &logs
}

func TestPopularIsFetchedThenServedFromTheCacheForAnHour(t *testing.T) {
	c, fake, clock, logs := newTestClient(t, testKey)
	ctx := t.Context()

	p, err := c.Popular(ctx, 1, "en")
	if err != nil {
		t.Fatal(err)
	}
	if fake.requests() != 1 {
		t.Fatalf("%d requests", fake.requests())
	}
	q := fake.last().URL.Query()
	if fake.last().URL.Path != "/3/movie/popular" || q.Get("api_key") != testKey || q.Get("page") != "1" || q.Get("language") != "en-US" {
		t.Fatalf("request %s", fake.last().URL)
	}
	// TMDB counts 980,846 results but serves 500 pages of 20.
	if p.Page != 1 || p.PerPage != marquee.MoviesPerPage || p.Total != 10_000 || len(p.Items) != 3 {
		t.Fatalf("page %+v", p)
	}
	want := []marquee.Movie{
		{ID: 238, Title: "The Godfather", Overview: "Spanning the years 1945 to 1955, a chronicle of the fictional Italian-American Corleone crime family.",
			PosterURL: "https://image.tmdb.org/t/p/w500/3bhkrj58Vtu7enYsRolD1fZdja1.jpg", ReleaseDate: "1972-03-14", Source: marquee.MovieSourceTMDB},
		{ID: 129, Title: "Spirited Away", Overview: "A young girl, Chihiro, becomes trapped in a strange new world of spirits.",
			PosterURL: "https://image.tmdb.org/t/p/w500/39wmItIWsg5sZMyRUHLkWBcuVCM.jpg", ReleaseDate: "2001-07-20", Source: marquee.MovieSourceTMDB},
		{ID: 900001, Title: "Sans affiche", Source: marquee.MovieSourceTMDB},
	}
	for i, w := range want {
		if g := p.Items[i]; g.ID != w.ID || g.Title != w.Title || g.Overview != w.Overview || g.PosterURL != w.PosterURL ||
			g.ReleaseDate != w.ReleaseDate || g.Source != w.Source || g.Runtime != 0 || len(g.Genres) != 0 {
			t.Fatalf("item %d: got %+v, want %+v", i, g, w)
		}
	}

	// Within the hour: the cache answers, the server sees nothing.
	clock.Add(59 * time.Minute)
	again, err := c.Popular(ctx, 1, "en")
	if err != nil || len(again.Items) != 3 || again.Items[0].Title != "The Godfather" {
		t.Fatalf("cached page: %+v %v", again, err)
	}
	if fake.requests() != 1 {
		t.Fatalf("the cached page was fetched again: %d requests", fake.requests())
	}
	// Another language is another entry, asked in TMDB's language.
	ja, err := c.Popular(ctx, 1, "ja")
	if err != nil || fake.requests() != 2 || fake.last().URL.Query().Get("language") != "ja-JP" || ja.Items[0].Title != "ゴッドファーザー" {
		t.Fatalf("japanese page: %+v %v, %d requests", ja, err, fake.requests())
	}
	// An hour after the first fetch, it is fetched again.
	clock.Add(time.Minute)
	if _, err := c.Popular(ctx, 1, "en"); err != nil {
		t.Fatal(err)
	}
	if fake.requests() != 3 || fake.last().URL.Query().Get("language") != "en-US" {
		t.Fatalf("not refetched after an hour: %d requests", fake.requests())
	}
	// Pages past TMDB's 500th are empty without a call.
	late, err := c.Popular(ctx, 501, "en")
	if err != nil || len(late.Items) != 0 || late.Page != 501 || fake.requests() != 3 {
		t.Fatalf("page 501: %+v %v, %d requests", late, err, fake.requests())
	}
	if logs.Len() != 0 {
		t.Fatalf("logged: %s", logs)
	}
}

func TestMovieDetailsAreFetchedThenServedFromTheCache(t *testing.T) {
	c, fake, clock, logs := newTestClient(t, testKey)
	ctx := t.Context()
	m, err := c.Movie(ctx, 129, "en")
	if err != nil {
		t.Fatal(err)
	}
	if fake.last().URL.Path != "/3/movie/129" || fake.last().URL.Query().Get("language") != "en-US" || fake.last().URL.Query().Get("api_key") != testKey {
		t.Fatalf("request %s", fake.last().URL)
	}
	if m.ID != 129 || m.Title != "Spirited Away" || m.Runtime != 125 || !slices.Equal(m.Genres, []string{"Animation", "Family", "Fantasy"}) ||
		m.ReleaseDate != "2001-07-20" || m.PosterURL != "https://image.tmdb.org/t/p/w500/39wmItIWsg5sZMyRUHLkWBcuVCM.jpg" || m.Source != marquee.MovieSourceTMDB {
		t.Fatalf("movie %+v", m)
	}
	clock.Add(30 * time.Minute)
	if again, err := c.Movie(ctx, 129, "en"); err != nil || again.Title != "Spirited Away" || fake.requests() != 1 {
		t.Fatalf("cached details: %+v %v, %d requests", again, err, fake.requests())
	}
	clock.Add(31 * time.Minute)
	if _, err := c.Movie(ctx, 129, "en"); err != nil || fake.requests() != 2 {
		t.Fatalf("not refetched after an hour: %v, %d requests", err, fake.requests())
	}
	// A movie TMDB does not have is not found, and not a failure.
	if _, err := c.Movie(ctx, 404404, "en"); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("missing movie: %v", err)
	}
	if logs.Len() != 0 {
		t.Fatalf("logged: %s", logs)
	}
}

// A movie without an overview in the reader's language shows the English
// one, marked as English; the English page and details are fetched once
// and cached on their own. A movie without any overview keeps none.
func TestMissingOverviewFallsBackToEnglish(t *testing.T) {
	c, fake, _, logs := newTestClient(t, testKey)
	ctx := t.Context()
	ja, err := c.Popular(ctx, 1, "ja")
	if err != nil || len(ja.Items) != 3 || fake.requests() != 2 {
		t.Fatalf("japanese page: %+v %v, %d requests", ja, err, fake.requests())
	}
	own, missing, none := ja.Items[0], ja.Items[1], ja.Items[2]
	if own.OverviewLanguage != "" || !strings.HasPrefix(own.Overview, "1945年") {
		t.Errorf("own overview: %+v", own)
	}
	if missing.Title != "千と千尋の神隠し" || missing.OverviewLanguage != "en" || !strings.HasPrefix(missing.Overview, "A young girl") {
		t.Errorf("missing overview: %+v", missing)
	}
	if none.Overview != "" || none.OverviewLanguage != "" {
		t.Errorf("no overview anywhere: %+v", none)
	}
	if _, err := c.Popular(ctx, 1, "en"); err != nil || fake.requests() != 2 {
		t.Fatalf("the English page was not cached: %v, %d requests", err, fake.requests())
	}
	m, err := c.Movie(ctx, 129, "ja")
	if err != nil || m.Title != "千と千尋の神隠し" || m.OverviewLanguage != "en" || m.Overview == "" || fake.requests() != 4 {
		t.Fatalf("details: %+v %v, %d requests", m, err, fake.requests())
	}
	if en, err := c.Movie(ctx, 129, "en"); err != nil || en.OverviewLanguage != "" || fake.requests() != 4 {
		t.Fatalf("english details: %+v %v, %d requests", en, err, fake.requests())
	}
	if logs.Len() != 0 {
		t.Fatalf("logged: %s", logs)
	}
}

func TestFailureLogsAndReturnsUnavailable(t *testing.T) {
	c, fake, clock, logs := newTestClient(t, testKey)
	ctx := t.Context()
	fake.status = http.StatusUnauthorized
	_, err := c.Popular(ctx, 1, "en")
	if marquee.ErrorCode(err) != marquee.EUnavailable {
		t.Fatalf("error %v", err)
	}
	if msg := marquee.ErrorMessage(err); msg != "Movies cannot be loaded right now. Please try again later." {
		t.Fatalf("message %q", msg)
	}
	out := logs.String()
	if !strings.Contains(out, "Failed to fetch movies") || !strings.Contains(out, "Invalid API key") || !strings.Contains(out, "401") {
		t.Fatalf("log %q", out)
	}
	if strings.Contains(out, testKey) {
		t.Fatalf("the key is in the log: %s", out)
	}
	// Failures are not kept: once TMDB answers again, so does the page.
	fake.status = 0
	clock.Add(time.Second)
	if p, err := c.Popular(ctx, 1, "en"); err != nil || len(p.Items) != 3 || fake.requests() != 2 {
		t.Fatalf("after the failure: %v, %d requests", err, fake.requests())
	}
	// Details fail the same way.
	fake.status = http.StatusUnauthorized
	logs.Reset()
	if _, err := c.Movie(ctx, 129, "en"); marquee.ErrorCode(err) != marquee.EUnavailable || !strings.Contains(logs.String(), "Failed to fetch movies") {
		t.Fatalf("details failure: %v, log %q", err, logs)
	}
}

func TestUnreachableServerLogsWithoutTheKey(t *testing.T) {
	hs := httptest.NewServer(http.NotFoundHandler())
	base := hs.URL
	hs.Close() // nothing listens there any more
	var logs bytes.Buffer
	c := NewTMDB(Config{APIKey: testKey, BaseURL: base, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	_, err := c.Popular(t.Context(), 1, "zh")
	if marquee.ErrorCode(err) != marquee.EUnavailable {
		t.Fatalf("error %v", err)
	}
	if out := logs.String(); !strings.Contains(out, "Failed to fetch movies") || !strings.Contains(out, "zh-CN") || strings.Contains(out, testKey) ||
		strings.Contains(err.Error(), testKey) {
		t.Fatalf("log %q, error %v", out, err)
	}
}

func TestReadAccessTokenIsSentAsBearer(t *testing.T) {
	token := "eyJhbGciOiJIUzI1NiJ9.e30.sig"
	c, fake, _, _ := newTestClient(t, token)
	if _, err := c.Popular(t.Context(), 1, "en"); err != nil {
		t.Fatal(err)
	}
	r := fake.last()
	if r.Header.Get("Authorization") != "Bearer "+token || r.URL.Query().Has("api_key") {
		t.Fatalf("auth %q, query %s", r.Header.Get("Authorization"), r.URL.RawQuery)
	}
}

func TestLanguage(t *testing.T) {
	for lang, want := range map[string]string{"en": "en-US", "ja": "ja-JP", "zh": "zh-CN", "": "en-US", "fr": "en-US"} {
		if got := Language(lang); got != want {
			t.Errorf("Language(%q) = %q, want %q", lang, got, want)
		}
	}
}

func TestImageOrigin(t *testing.T) {
	if got := NewTMDB(Config{}).ImageOrigin(); got != "https://image.tmdb.org" {
		t.Fatalf("default origin %q", got)
	}
	if got := NewTMDB(Config{ImageBaseURL: "/posters"}).ImageOrigin(); got != "" {
		t.Fatalf("relative base origin %q", got)
	}
}

func TestCacheIsBounded(t *testing.T) {
	clock := &testClock{now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	c := newCache(time.Hour, 3, clock.Now)
	fetches := 0
	get := func(key string) {
		if _, err := c.get(key, func() (any, error) { fetches++; return key, nil }); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		clock.Add(time.Second)
		get(fmt.Sprint(i))
	}
	if c.len() != 3 {
		t.Fatalf("%d entries kept, want 3", c.len())
	}
	// The oldest went first: 4 is kept, 0 is fetched again.
	get("4")
	get("0")
	if fetches != 6 {
		t.Fatalf("%d fetches, want 6", fetches)
	}
}
