package store_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/poster/postertest"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// Posters stored as uploaded, before posters were encoded: served as they
// are, then encoded by ReencodeLegacyPosters (`marquee posters reencode`),
// which removes the ones that are no image.
func TestLegacyPosters(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		owner := filmUser(t, db, "maker@example.com")
		files := db.Services.Films.FilesForTest()
		legacy := func(title, key string, data []byte) *marquee.Film {
			t.Helper()
			f := mustFilm(t, db, owner, filmDetails(title))
			key = fmt.Sprintf("%d-%s", f.ID, key)
			if data != nil {
				if err := files.Put(ctx, key, data); err != nil {
					t.Fatal(err)
				}
			}
			if err := db.ExecForTest(ctx, `UPDATE films SET poster_key = ? WHERE id = ?`, key, f.ID); err != nil {
				t.Fatal(err)
			}
			return f
		}
		photo := postertest.JPEGWithEXIF(t, postertest.Halves(1500, 2250), 1)
		good := legacy("Photo", "00000000000000aa.jpg", photo)
		page := legacy("Page", "00000000000000bb.png", postertest.PNGWithHTML)
		missing := legacy("Missing", "00000000000000cc.webp", nil)

		// Until re-encoded, an old poster is served as it was stored.
		got, err := db.Films.Get(as(owner), good.ID)
		oldName := fmt.Sprintf("%d-00000000000000aa.jpg", good.ID)
		if err != nil || got.PosterURL != "/media/posters/"+oldName || got.PosterImages != nil {
			t.Fatalf("legacy film %+v %v", got, err)
		}
		p, err := db.Films.Poster(ctx, oldName)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p.Body)
		p.Body.Close()
		if !bytes.Equal(body, photo) || p.ContentType != "image/jpeg" {
			t.Fatalf("legacy poster served %d bytes as %s", len(body), p.ContentType)
		}

		var results []store.LegacyPosterResult
		if err := db.Services.Films.ReencodeLegacyPosters(ctx, func(r store.LegacyPosterResult) { results = append(results, r) }); err != nil {
			t.Fatal(err)
		}
		want := []store.LegacyPosterResult{
			{Film: good.ID, Key: oldName, NewKey: fmt.Sprintf("%d-00000000000000aa-400x600-1200x1800.jpg", good.ID)},
			{Film: page.ID, Key: fmt.Sprintf("%d-00000000000000bb.png", page.ID), Removed: true, Reason: marquee.ErrorMessage(marquee.ErrPosterUnreadable())},
			{Film: missing.ID, Key: fmt.Sprintf("%d-00000000000000cc.webp", missing.ID), Skipped: true, Reason: "file missing"},
		}
		if fmt.Sprint(results) != fmt.Sprint(want) {
			t.Fatalf("results\n%+v\nwant\n%+v", results, want)
		}

		// The photo: two sizes, no EXIF; its old address serves the detail.
		got, err = db.Films.Get(as(owner), good.ID)
		if err != nil || got.PosterImages == nil || got.PosterImages.Detail.PosterSize != (marquee.PosterSize{Width: 1200, Height: 1800}) ||
			!got.UpdatedAt.Equal(good.UpdatedAt) {
			t.Fatalf("re-encoded film %+v %v", got, err)
		}
		p, err = db.Films.Poster(ctx, oldName)
		if err != nil {
			t.Fatal(err)
		}
		body, _ = io.ReadAll(p.Body)
		p.Body.Close()
		if cfg, _, err := image.DecodeConfig(bytes.NewReader(body)); err != nil || cfg.Width != 1200 || bytes.Contains(body, []byte(postertest.Marker)) {
			t.Fatalf("old address after re-encoding: %+v %v", cfg, err)
		}
		if _, _, _, err := files.Open(ctx, oldName); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("the uploaded file is kept: %v", err)
		}
		// The web page behind a PNG signature: gone, file and all.
		if got, err := db.Films.Get(as(owner), page.ID); err != nil || got.PosterURL != "" {
			t.Fatalf("page film %+v %v", got, err)
		}
		if _, _, _, err := files.Open(ctx, want[1].Key); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("the page is kept: %v", err)
		}
		// A second run finds only the one whose file is missing.
		results = nil
		if err := db.Services.Films.ReencodeLegacyPosters(ctx, func(r store.LegacyPosterResult) { results = append(results, r) }); err != nil {
			t.Fatal(err)
		}
		if len(results) != 1 || results[0].Film != missing.ID || !results[0].Skipped || !strings.HasSuffix(results[0].Key, ".webp") {
			t.Fatalf("second run %+v", results)
		}
	})
}

// Deleting an account deletes both files of the posters of the films it
// removes (those in no submission).
func TestAccountDeletionRemovesPosterFiles(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		const pw = "poster owner password"
		u, err := db.Users.Register(ctx, marquee.NewUser{Email: "poster.owner@example.com", Password: pw, Name: "Poster Owner", Language: "en"})
		if err != nil {
			t.Fatal(err)
		}
		f := mustFilm(t, db, u, filmDetails("Tide"))
		withPoster, err := db.Films.SetPoster(as(u), f.ID, bytes.NewReader(postertest.JPEG(t, postertest.Halves(900, 1350))))
		if err != nil {
			t.Fatal(err)
		}
		files := db.Services.Films.FilesForTest()
		names := []string{
			strings.TrimPrefix(withPoster.PosterImages.Card.URL, "/media/posters/"),
			strings.TrimPrefix(withPoster.PosterImages.Detail.URL, "/media/posters/"),
		}
		for _, name := range names {
			if _, _, _, err := files.Open(ctx, name); err != nil {
				t.Fatalf("before: %s %v", name, err)
			}
		}
		if err := db.Privacy.DeleteAccount(as(u), marquee.AccountDeletion{Password: pw}); err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if _, _, _, err := files.Open(ctx, name); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("after: %s %v", name, err)
			}
		}
	})
}
