package server_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/poster/postertest"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// filmDB is a fresh SQLite test database with its services, and a second
// handle on the same file for arranging rows no service of this package
// writes yet (festivals' submissions).
func filmDB(t *testing.T) (*storetest.DB, *sql.DB) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "marquee.db")
	db, err := store.Open(t.Context(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(t.Context()); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_time_format=sqlite")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	return storetest.Wrap(t, db), raw
}

// filmJSON is a valid film's details as the API takes them.
const filmJSON = `{"title":" Tide ","originalTitle":"潮","logline":"A short line.","synopsis":"What happens.","runtimeMinutes":12,
	"genre":"Drama","country":"jp","language":"Japanese","year":2025,"director":"Aki",
	"credits":[{"name":"Aki","role":"Director"},{"name":"","role":""}],
	"screenerUrl":"https://vimeo.example/1","screenerPassword":"s3cret","public":false}`

// createFilm creates a film with body as token's user and returns its id.
func (s *testServer) createFilm(token, body string) int64 {
	s.t.Helper()
	r := s.do(call{method: "POST", path: "/api/v1/films", body: body, token: token})
	if r.status != http.StatusCreated {
		s.t.Fatalf("create film: %d %s", r.status, r.raw)
	}
	return int64(field(r, "film", "id").(float64))
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 3, 2))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 3, 2)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestFilmCRUD(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	token := s.signUp("maker@example.com", "password123")

	expect(t, s.do(call{method: "GET", path: "/api/v1/films"}), http.StatusUnauthorized, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/films", body: filmJSON}), http.StatusUnauthorized, "")

	r := s.do(call{method: "POST", path: "/api/v1/films", body: filmJSON, token: token})
	expect(t, r, http.StatusCreated, "")
	var created struct{ Film marquee.Film }
	if err := json.Unmarshal(r.raw, &created); err != nil {
		t.Fatal(err)
	}
	f := created.Film
	if f.Title != "Tide" || f.Country != "JP" || len(f.Credits) != 1 || f.ScreenerPassword != "s3cret" || f.PosterURL != "" || f.ID == 0 {
		t.Fatalf("created %+v", f)
	}
	path := fmt.Sprintf("/api/v1/films/%d", f.ID)

	r = s.do(call{method: "GET", path: "/api/v1/films", token: token})
	if items, _ := field(r, "items").([]any); r.status != 200 || len(items) != 1 {
		t.Fatalf("list: %d %s", r.status, r.raw)
	}
	r = s.do(call{method: "GET", path: path, token: token})
	if r.status != 200 || field(r, "film", "screenerPassword") != "s3cret" || r.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("get: %d %s %v", r.status, r.raw, r.header)
	}
	r = s.do(call{method: "PUT", path: path, token: token, body: strings.Replace(filmJSON, `" Tide "`, `"Tide, cut two"`, 1)})
	if r.status != 200 || field(r, "film", "title") != "Tide, cut two" {
		t.Fatalf("update: %d %s", r.status, r.raw)
	}
	expect(t, s.do(call{method: "DELETE", path: path, token: token}), http.StatusNoContent, "")
	expect(t, s.do(call{method: "GET", path: path, token: token}), http.StatusNotFound, "Film not found")
	expect(t, s.do(call{method: "GET", path: "/api/v1/films/abc", token: token}), http.StatusNotFound, "Film not found")
}

func TestFilmValidation(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	token := s.signUp("maker@example.com", "password123")

	r := s.do(call{method: "POST", path: "/api/v1/films", token: token,
		body: `{"title":"  ","runtimeMinutes":2000,"country":"XX","year":1700,"credits":[{"name":"","role":"Editor"}],"screenerUrl":"javascript:alert(1)"}`})
	expect(t, r, http.StatusBadRequest, "Title is required")
	want := map[string]string{
		"title":          "Title is required",
		"runtimeMinutes": "Runtime must be between 1 and 1,000 minutes",
		"country":        "Choose a country from the list",
		"year":           "Year must be between 1888 and next year",
		"credits":        "Each credit needs a name",
		"screenerUrl":    "Enter a screener address starting with http:// or https://",
	}
	for k, v := range want {
		if got := field(r, "fields", k); got != v {
			t.Errorf("fields.%s = %v, want %q", k, got, v)
		}
	}
	// In the caller's language.
	r = s.do(call{method: "POST", path: "/api/v1/films", token: token, body: `{"title":""}`, header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, http.StatusBadRequest, "")
	if msg := field(r, "message").(string); msg == "Title is required" || msg == "" {
		t.Fatalf("untranslated: %q", msg)
	}
	expect(t, s.do(call{method: "POST", path: "/api/v1/films", token: token, body: `{"title":`}), http.StatusBadRequest, "")
}

func TestFilmPosterUploadAndServe(t *testing.T) {
	db, _ := filmDB(t)
	uploads := t.TempDir()
	s := newTestServer(t, db, func(c *server.Config) { c.UploadDir = uploads })
	token := s.signUp("maker@example.com", "password123")
	id := s.createFilm(token, filmJSON)
	path := fmt.Sprintf("/api/v1/films/%d/poster", id)

	for _, tc := range []struct {
		name         string
		data         []byte
		ext, ctype   string
		card, detail [2]float64
	}{
		{"transparent png", pngBytes(t), "png", "image/png", [2]float64{3, 2}, [2]float64{3, 2}},
		{"jpeg", jpegBytes(t), "jpg", "image/jpeg", [2]float64{3, 2}, [2]float64{3, 2}},
		{"webp", postertest.WebP, "jpg", "image/jpeg", [2]float64{1, 1}, [2]float64{1, 1}},
		{"transparent webp", postertest.WebPAlpha, "png", "image/png", [2]float64{1, 1}, [2]float64{1, 1}},
		{"gif", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;"), "jpg", "image/jpeg", [2]float64{1, 1}, [2]float64{1, 1}},
		{"a large jpeg with exif", postertest.JPEGWithEXIF(t, postertest.Halves(1000, 1500), 1), "jpg", "image/jpeg", [2]float64{400, 600}, [2]float64{1000, 1500}},
	} {
		// The declared type does not matter: the bytes are decoded.
		r := s.do(call{method: "PUT", path: path, token: token, body: string(tc.data), header: map[string]string{"Content-Type": "application/octet-stream"}})
		if r.status != 200 {
			t.Fatalf("%s: %d %s", tc.name, r.status, r.raw)
		}
		url, _ := field(r, "film", "posterUrl").(string)
		cardURL, _ := field(r, "film", "posterImages", "card", "url").(string)
		detailURL, _ := field(r, "film", "posterImages", "detail", "url").(string)
		prefix := fmt.Sprintf("/media/posters/%d-", id)
		if !strings.HasPrefix(cardURL, prefix) || !strings.HasSuffix(cardURL, "-card."+tc.ext) || !strings.HasSuffix(detailURL, "-detail."+tc.ext) || url != detailURL ||
			field(r, "film", "posterImages", "card", "width") != tc.card[0] || field(r, "film", "posterImages", "card", "height") != tc.card[1] ||
			field(r, "film", "posterImages", "detail", "width") != tc.detail[0] || field(r, "film", "posterImages", "detail", "height") != tc.detail[1] {
			t.Fatalf("%s: %s", tc.name, r.raw)
		}
		for i, u := range []string{cardURL, detailURL} {
			got := s.do(call{method: "GET", path: u})
			if got.status != 200 || got.header.Get("Content-Type") != tc.ctype ||
				got.header.Get("Cache-Control") != "public, max-age=31536000, immutable" || got.header.Get("X-Content-Type-Options") != "nosniff" ||
				got.header.Get("Content-Length") != fmt.Sprint(len(got.raw)) {
				t.Fatalf("%s served: %d %v", tc.name, got.status, got.header)
			}
			// What is served is the picture written again, at its size,
			// and nothing of the upload's metadata.
			cfg, _, err := image.DecodeConfig(bytes.NewReader(got.raw))
			want := [][2]float64{tc.card, tc.detail}[i]
			if err != nil || float64(cfg.Width) != want[0] || float64(cfg.Height) != want[1] {
				t.Fatalf("%s: %s is %+v %v", tc.name, u, cfg, err)
			}
			if bytes.Contains(got.raw, []byte(postertest.Marker)) || bytes.Contains(got.raw, []byte("Exif")) {
				t.Fatalf("%s: %s keeps the EXIF and GPS", tc.name, u)
			}
			// Revalidation by ETag answers 304.
			if again := s.do(call{method: "GET", path: u, header: map[string]string{"If-None-Match": got.header.Get("ETag")}}); again.status != http.StatusNotModified {
				t.Fatalf("%s revalidated: %d", tc.name, again.status)
			}
		}
		// The film's own page names the same poster.
		if r := s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/films/%d", id), token: token}); field(r, "film", "posterUrl") != url ||
			field(r, "film", "posterImages", "card", "url") != cardURL {
			t.Fatalf("film's poster %s", r.raw)
		}
	}

	for name, data := range map[string]string{
		"text": "hello, this is not an image",
		"svg":  `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
	} {
		r := s.do(call{method: "PUT", path: path, token: token, body: data, header: map[string]string{"Content-Type": "image/png"}})
		expect(t, r, http.StatusUnsupportedMediaType, "The poster must be a JPEG, PNG, WebP or GIF image")
		if field(r, "code") != marquee.EUnsupportedMedia {
			t.Fatalf("%s: code %v", name, field(r, "code"))
		}
	}
	// An image's first bytes and then something else: not an image.
	for name, data := range map[string][]byte{
		"png signature then html": postertest.PNGWithHTML,
		"gif header only":         []byte("GIF89a\x01\x00\x01\x00"),
	} {
		r := s.do(call{method: "PUT", path: path, token: token, body: string(data), header: map[string]string{"Content-Type": "image/png"}})
		expect(t, r, http.StatusUnsupportedMediaType, "could not be read as an image")
		if field(r, "code") != marquee.EUnsupportedMedia {
			t.Fatalf("%s: code %v", name, field(r, "code"))
		}
	}
	big := string(pngBytes(t)) + strings.Repeat("x", 6<<20)
	expect(t, s.do(call{method: "PUT", path: path, token: token, body: big}), http.StatusRequestEntityTooLarge, "The poster must be at most 5 MB")
	expect(t, s.do(call{method: "PUT", path: path, token: token}), http.StatusBadRequest, "The poster is empty")
	// Uploads were spooled to the upload folder and left nothing there.
	if left, err := os.ReadDir(uploads); err != nil || len(left) != 0 {
		t.Fatalf("upload folder holds %v %v", left, err)
	}

	// Unknown keys and other media paths are plain 404s, never the app.
	for _, p := range []string{"/media/posters/1-0000000000000000.png", "/media/posters/1-0000000000000000-card.jpg", "/media/posters/nope",
		"/media/posters/..%2f..%2fetc%2fpasswd", "/media/other.png", "/media/x"} {
		if r := s.do(call{method: "GET", path: p}); r.status != 404 || strings.Contains(string(r.raw), "<div id=root>") {
			t.Fatalf("%s: %d %s", p, r.status, r.raw)
		}
	}
}

// While as many posters as the server decodes at once are being decoded
// (storetest's encoder: one, waiting 200 ms), another upload is answered
// 429 with Retry-After and a message, and nothing of it is kept.
func TestFilmPosterBusy(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	token := s.signUp("maker@example.com", "password123")
	id := s.createFilm(token, filmJSON)
	path := fmt.Sprintf("/api/v1/films/%d/poster", id)

	// Another upload of the process holds the one slot, stopped mid-decode.
	gated := postertest.NewGated(postertest.PNG(t, postertest.Noise(300, 300)), 64<<10)
	done := make(chan error, 1)
	go func() {
		_, err := db.Posters.Encode(context.Background(), gated)
		done <- err
	}()
	<-gated.Blocked()

	r := s.do(call{method: "PUT", path: path, token: token, body: string(pngBytes(t)), header: map[string]string{"Accept-Language": "ja"}})
	expect(t, r, http.StatusTooManyRequests, "")
	if r.header.Get("Retry-After") == "" || field(r, "code") != marquee.ERateLimited {
		t.Fatalf("busy: %v %s", r.header, r.raw)
	}
	if msg := field(r, "message").(string); msg == "" || msg == "Many posters are being processed right now. Please try again in a moment." {
		t.Fatalf("untranslated: %q", msg)
	}
	if r := s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/films/%d", id), token: token}); field(r, "film", "posterUrl") != "" {
		t.Fatalf("a refused upload set the poster: %s", r.raw)
	}

	gated.Open()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	expect(t, s.do(call{method: "PUT", path: path, token: token, body: string(pngBytes(t))}), http.StatusOK, "")
}

func TestFilmPosterRateLimited(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	token := s.signUp("maker@example.com", "password123")
	id := s.createFilm(token, filmJSON)
	path := fmt.Sprintf("/api/v1/films/%d/poster", id)
	img := string(pngBytes(t))
	for i := range 30 {
		if r := s.do(call{method: "PUT", path: path, token: token, body: img}); r.status != 200 {
			t.Fatalf("upload %d: %d %s", i, r.status, r.raw)
		}
	}
	r := s.do(call{method: "PUT", path: path, token: token, body: img})
	expect(t, r, http.StatusTooManyRequests, "Too many poster uploads")
	if r.header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	// Another user has their own count.
	other := s.signUp("other@example.com", "password123")
	otherID := s.createFilm(other, filmJSON)
	expect(t, s.do(call{method: "PUT", path: fmt.Sprintf("/api/v1/films/%d/poster", otherID), token: other, body: img}), http.StatusOK, "")
}

func TestFilmOfAnotherUserIsNotFound(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	owner := s.signUp("maker@example.com", "password123")
	other := s.signUp("other@example.com", "password123")
	id := s.createFilm(owner, filmJSON)
	path := fmt.Sprintf("/api/v1/films/%d", id)
	for _, c := range []call{
		{method: "GET", path: path, token: other},
		{method: "GET", path: path},
		{method: "PUT", path: path, token: other, body: filmJSON},
		{method: "DELETE", path: path, token: other},
		{method: "PUT", path: path + "/poster", token: other, body: string(pngBytes(t))},
	} {
		expect(t, s.do(c), http.StatusNotFound, "Film not found")
	}
	if r := s.do(call{method: "GET", path: "/api/v1/films", token: other}); len(field(r, "items").([]any)) != 0 {
		t.Fatalf("other's list: %s", r.raw)
	}
	// Untouched.
	if r := s.do(call{method: "GET", path: path, token: owner}); r.status != 200 || field(r, "film", "posterUrl") != "" {
		t.Fatalf("owner's film: %d %s", r.status, r.raw)
	}
}

func TestFilmPublicListing(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	owner := s.signUp("maker@example.com", "password123")
	s.createFilm(owner, filmJSON)
	db.Clock.Set(time.Now().Add(time.Minute))
	pub := s.createFilm(owner, strings.Replace(filmJSON, `"public":false`, `"public":true`, 1))

	r := s.do(call{method: "GET", path: "/api/v1/films/public"})
	expect(t, r, http.StatusOK, "")
	items, _ := field(r, "items").([]any)
	if len(items) != 1 || field(r, "total") != 1.0 || field(r, "page") != 1.0 || field(r, "perPage") != float64(marquee.FilmsPerPage) {
		t.Fatalf("public page %s", r.raw)
	}
	item := items[0].(map[string]any)
	if item["id"] != float64(pub) || item["screenerUrl"] != "" || item["screenerPassword"] != "" || item["title"] != "Tide" {
		t.Fatalf("public film %v", item)
	}
	if strings.Contains(string(r.raw), "s3cret") {
		t.Fatal("the screener leaked")
	}
	expect(t, s.do(call{method: "GET", path: "/api/v1/films/public?page=0"}), http.StatusBadRequest, "")
	// One public film, by id, for a visitor: no screener.
	r = s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/films/%d", pub)})
	if r.status != 200 || field(r, "film", "screenerPassword") != "" || strings.Contains(string(r.raw), "s3cret") {
		t.Fatalf("visitor's public film: %d %s", r.status, r.raw)
	}
	// An expired or bogus token reads as a visitor's.
	if r := s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/films/%d", pub), token: "bogus"}); r.status != 200 || field(r, "film", "screenerPassword") != "" {
		t.Fatalf("bogus token: %d %s", r.status, r.raw)
	}
}

func TestFilmDeleteRefusedWhileSubmitted(t *testing.T) {
	db, raw := filmDB(t)
	s := newTestServer(t, db)
	owner := s.signUp("maker@example.com", "password123")
	organiserToken := s.signUp("org@example.com", "password123")
	_ = organiserToken
	id := s.createFilm(owner, filmJSON)
	s.do(call{method: "PUT", path: fmt.Sprintf("/api/v1/films/%d/poster", id), token: owner, body: string(pngBytes(t))})
	now := time.Now().UTC()
	var orgID, festID, catID, subID int64
	if err := raw.QueryRow(`SELECT id FROM users WHERE email = 'org@example.com'`).Scan(&orgID); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`INSERT INTO festivals (slug, organiser_id, name, location, start_date, end_date, contact_email, status, created_at, updated_at)
		VALUES ('fest', ?, 'Fest', 'Hall', '2026-09-01', '2026-09-07', 'team@example.org', 'approved', ?, ?) RETURNING id`, orgID, now, now).Scan(&festID); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`INSERT INTO festival_categories (festival_id, position, name, name_key) VALUES (?, 0, 'Shorts', 'shorts') RETURNING id`, festID).Scan(&catID); err != nil {
		t.Fatal(err)
	}
	var ownerID int64
	if err := raw.QueryRow(`SELECT id FROM users WHERE email = 'maker@example.com'`).Scan(&ownerID); err != nil {
		t.Fatal(err)
	}
	if err := raw.QueryRow(`INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'regular', 10, 10, ?, ?) RETURNING id`, id, ownerID, festID, catID, now, now).Scan(&subID); err != nil {
		t.Fatal(err)
	}
	path := fmt.Sprintf("/api/v1/films/%d", id)
	// The organiser of the festival now sees the film, screener included.
	if r := s.do(call{method: "GET", path: path, token: organiserToken}); r.status != 200 || field(r, "film", "screenerPassword") != "s3cret" {
		t.Fatalf("organiser: %d %s", r.status, r.raw)
	}
	if r := s.do(call{method: "GET", path: path, token: owner}); field(r, "film", "activeSubmissions") != 1.0 {
		t.Fatalf("activeSubmissions: %s", r.raw)
	}
	r := s.do(call{method: "DELETE", path: path, token: owner})
	expect(t, r, http.StatusConflict, "This film has active submissions; withdraw them first")
	if _, err := raw.Exec(`UPDATE submissions SET status = 'withdrawn' WHERE id = ?`, subID); err != nil {
		t.Fatal(err)
	}
	expect(t, s.do(call{method: "GET", path: path, token: organiserToken}), http.StatusNotFound, "Film not found")
	expect(t, s.do(call{method: "DELETE", path: path, token: owner}), http.StatusNoContent, "")
}
