package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestFilmMoviesListsOnlyPublicFilms: the movies pages' fallback catalogue
// shows the films their owners listed, newest first, 20 a page, as movies
// (logline as overview, year as release date, poster); a film not listed
// is not found, even by its owner.
func TestFilmMoviesListsOnlyPublicFilms(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(filmNow)
		owner := filmUser(t, db, "maker@example.com")
		other := filmUser(t, db, "other@example.com")

		// An empty catalogue is an empty page, not an error.
		empty, err := db.Movies.Popular(ctx, 1, "en")
		if err != nil || empty.Total != 0 || len(empty.Items) != 0 || empty.PerPage != marquee.MoviesPerPage {
			t.Fatalf("empty catalogue: %+v %v", empty, err)
		}

		private := mustFilm(t, db, owner, filmDetails("Private"))
		d := filmDetails("Tide")
		d.Public, d.Logline, d.Year, d.Genre = true, "A swimmer and the sea.", 2024, "Documentary"
		tide := mustFilm(t, db, owner, d)
		if _, err := db.Films.SetPoster(as(owner), tide.ID, tinyPNG(t)); err != nil {
			t.Fatal(err)
		}
		var listed []int64
		for i := range marquee.MoviesPerPage + 1 {
			db.Clock.Set(filmNow.Add(time.Duration(i+1) * time.Minute))
			d := filmDetails(fmt.Sprintf("Listed %02d", i))
			d.Public = true
			listed = append(listed, mustFilm(t, db, other, d).ID)
		}

		first, err := db.Movies.Popular(ctx, 1, "ja")
		if err != nil {
			t.Fatal(err)
		}
		if first.Total != int64(marquee.MoviesPerPage+2) || len(first.Items) != marquee.MoviesPerPage || first.Page != 1 || first.PerPage != marquee.MoviesPerPage {
			t.Fatalf("first page: total %d, %d items, page %d of %d", first.Total, len(first.Items), first.Page, first.PerPage)
		}
		if first.Items[0].ID != listed[len(listed)-1] || first.Items[0].Source != marquee.MovieSourceMarquee {
			t.Fatalf("newest first: %+v", first.Items[0])
		}
		second, err := db.Movies.Popular(ctx, 2, "en")
		if err != nil || len(second.Items) != 2 || second.Page != 2 {
			t.Fatalf("second page: %+v %v", second, err)
		}
		var all []marquee.Movie
		all = append(append(all, first.Items...), second.Items...)
		for _, m := range all {
			if m.ID == private.ID || m.Title == "Private" {
				t.Fatalf("a film not listed appears: %+v", m)
			}
		}
		var got *marquee.Movie
		for i := range all {
			if all[i].ID == tide.ID {
				got = &all[i]
			}
		}
		if got == nil || got.Title != "Tide" || got.Overview != "A swimmer and the sea." || got.ReleaseDate != "2024" ||
			!strings.HasPrefix(got.PosterURL, "/media/posters/") || got.Runtime != 12 || len(got.Genres) != 1 || got.Genres[0] != "Documentary" {
			t.Fatalf("Tide as a movie: %+v", got)
		}

		// Details: a listed film to a visitor; not listed, missing: not found.
		m, err := db.Movies.Movie(ctx, tide.ID, "zh")
		if err != nil || m.Title != "Tide" || m.PosterURL != got.PosterURL {
			t.Fatalf("details: %+v %v", m, err)
		}
		for name, c := range map[string]context.Context{"visitor": ctx, "owner": as(owner)} {
			if _, err := db.Movies.Movie(c, private.ID, "en"); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("%s reads a film not listed: %v", name, err)
			}
		}
		if _, err := db.Movies.Movie(ctx, 999999, "en"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing film: %v", err)
		}
	})
}
