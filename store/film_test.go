package store_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // decodes the served posters
	"io"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/poster/postertest"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// filmNow is the fixed "now" of the film tests.
var filmNow = time.Date(2026, 5, 4, 9, 0, 0, 0, time.UTC)

// filmUser creates an account.
func filmUser(t testing.TB, db *storetest.DB, email string) *marquee.User {
	t.Helper()
	u, err := db.Users.CreateUser(context.Background(), store.UserRecord{Email: email, Name: strings.Split(email, "@")[0], PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// filmDetails returns valid details titled title.
func filmDetails(title string) marquee.FilmDetails {
	return marquee.FilmDetails{
		Title: title, OriginalTitle: "Original " + title, Logline: "A short line.", Synopsis: "What happens.",
		RuntimeMinutes: 12, Genre: "Drama", Country: "jp", Language: "Japanese", Year: 2025, Director: "Aki",
		Credits:     []marquee.FilmCredit{{Name: " Aki ", Role: "Director"}, {}, {Name: "Bo", Role: ""}},
		ScreenerURL: "https://vimeo.example/123", ScreenerPassword: "s3cret",
	}
}

// mustFilm creates a film of owner.
func mustFilm(t testing.TB, db *storetest.DB, owner *marquee.User, d marquee.FilmDetails) *marquee.Film {
	t.Helper()
	f, err := db.Films.Create(as(owner), d)
	if err != nil {
		t.Fatalf("create film %q: %v", d.Title, err)
	}
	return f
}

// filmFixture inserts, as raw rows, a festival of organiser with one
// category, and returns their ids.
func filmFestival(t testing.TB, db *storetest.DB, organiser *marquee.User, slug string) (festivalID, categoryID int64) {
	t.Helper()
	ctx := context.Background()
	now := db.Clock.Now()
	festivalID, err := db.Int64ForTest(ctx, `INSERT INTO festivals (slug, organiser_id, name, location, start_date, end_date, contact_email, status, created_at, updated_at)
		VALUES (?, ?, ?, 'Hall', '2026-09-01', '2026-09-07', 'team@example.org', 'approved', ?, ?) RETURNING id`, slug, organiser.ID, "Festival "+slug, now, now)
	if err != nil {
		t.Fatal(err)
	}
	categoryID, err = db.Int64ForTest(ctx, `INSERT INTO festival_categories (festival_id, position, name, name_key) VALUES (?, 0, 'Shorts', 'shorts') RETURNING id`, festivalID)
	if err != nil {
		t.Fatal(err)
	}
	return festivalID, categoryID
}

// filmSubmission inserts a submission of film f in the category with status.
func filmSubmission(t testing.TB, db *storetest.DB, f *marquee.Film, festivalID, categoryID int64, status string) int64 {
	t.Helper()
	now := db.Clock.Now()
	id, err := db.Int64ForTest(context.Background(), `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, 'regular', 10, 10, ?, ?, ?) RETURNING id`, f.ID, f.OwnerID, festivalID, categoryID, status, now, now)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// filmJudge inserts an active judge u of the festival with scope.
func filmJudge(t testing.TB, db *storetest.DB, festivalID int64, u *marquee.User, scope string) int64 {
	t.Helper()
	id, err := db.Int64ForTest(context.Background(), `INSERT INTO judges (festival_id, user_id, email, token_hash, status, scope, invited_at, accepted_at)
		VALUES (?, ?, ?, ?, 'active', ?, ?, ?) RETURNING id`, festivalID, u.ID, u.Email, fmt.Sprintf("hash-%d-%d", festivalID, u.ID), scope, db.Clock.Now(), db.Clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// tinyPNG returns a valid 2x2 PNG, as an upload.
func tinyPNG(t testing.TB) *bytes.Reader {
	t.Helper()
	return bytes.NewReader(postertest.PNG(t, image.NewRGBA(image.Rect(0, 0, 2, 2))))
}

func TestFilmCreateListGetUpdate(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, filmNow)
		owner := filmUser(t, db, "maker@example.com")
		f := mustFilm(t, db, owner, filmDetails("Tide"))
		if f.ID == 0 || f.OwnerID != owner.ID || f.Title != "Tide" || f.Country != "JP" || f.PosterURL != "" || f.ActiveSubmissions != 0 ||
			!f.CreatedAt.Equal(filmNow) || !f.UpdatedAt.Equal(filmNow) || f.ScreenerPassword != "s3cret" || f.Public {
			t.Fatalf("created %+v", f)
		}
		if len(f.Credits) != 2 || f.Credits[0] != (marquee.FilmCredit{Name: "Aki", Role: "Director"}) || f.Credits[1].Name != "Bo" {
			t.Fatalf("credits %+v", f.Credits)
		}
		setNow(db, filmNow.Add(time.Hour))
		second := mustFilm(t, db, owner, marquee.FilmDetails{Title: "Second"})
		if second.Credits == nil || len(second.Credits) != 0 {
			t.Fatalf("no credits: %#v", second.Credits)
		}
		list, err := db.Films.List(as(owner))
		if err != nil || len(list) != 2 || list[0].ID != second.ID || list[1].ID != f.ID || list[1].ScreenerURL == "" {
			t.Fatalf("list %+v %v", list, err)
		}
		other := filmUser(t, db, "other@example.com")
		if list, err := db.Films.List(as(other)); err != nil || len(list) != 0 {
			t.Fatalf("other's list %+v %v", list, err)
		}
		if _, err := db.Films.List(context.Background()); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("visitor's list: %v", err)
		}

		got, err := db.Films.Get(as(owner), f.ID)
		if err != nil || got.ScreenerPassword != "s3cret" || len(got.Credits) != 2 {
			t.Fatalf("owner get %+v %v", got, err)
		}
		for _, ctx := range []context.Context{as(other), context.Background()} {
			if _, err := db.Films.Get(ctx, f.ID); marquee.ErrorCode(err) != marquee.ENotFound || marquee.ErrorMessage(err) != "Film not found" {
				t.Fatalf("private film seen: %v", err)
			}
		}
		if _, err := db.Films.Get(as(owner), 9999); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing film: %v", err)
		}

		d := filmDetails("Tide (2)")
		d.Public = true
		d.Credits = nil
		setNow(db, filmNow.Add(2*time.Hour))
		up, err := db.Films.Update(as(owner), f.ID, d)
		if err != nil || up.Title != "Tide (2)" || !up.Public || len(up.Credits) != 0 || !up.UpdatedAt.Equal(filmNow.Add(2*time.Hour)) || !up.CreatedAt.Equal(filmNow) {
			t.Fatalf("update %+v %v", up, err)
		}
		if _, err := db.Films.Update(as(other), f.ID, d); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other's update: %v", err)
		}
		bad := d
		bad.Title = " "
		bad.Year = 1700
		if _, err := db.Films.Update(as(owner), f.ID, bad); marquee.ErrorCode(err) != marquee.EInvalid ||
			marquee.ErrorFields(err)["title"] != "Title is required" || marquee.ErrorFields(err)["year"] == "" {
			t.Fatalf("invalid update: %v %v", err, marquee.ErrorFields(err))
		}
		// A public film is seen by anyone, without the screener.
		for _, ctx := range []context.Context{as(other), context.Background()} {
			pub, err := db.Films.Get(ctx, f.ID)
			if err != nil || pub.ScreenerURL != "" || pub.ScreenerPassword != "" || pub.Title != "Tide (2)" {
				t.Fatalf("public get %+v %v", pub, err)
			}
		}
	})
}

func TestFilmLimitPerUser(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		owner := filmUser(t, db, "maker@example.com")
		ctx := context.Background()
		now := db.Clock.Now()
		for i := range marquee.FilmsPerUserMax - 1 {
			if err := db.ExecForTest(ctx, `INSERT INTO films (owner_id, title, created_at, updated_at) VALUES (?, ?, ?, ?)`, owner.ID, fmt.Sprint("F", i), now, now); err != nil {
				t.Fatal(err)
			}
		}
		mustFilm(t, db, owner, marquee.FilmDetails{Title: "The last one"})
		if _, err := db.Films.Create(as(owner), marquee.FilmDetails{Title: "One too many"}); marquee.ErrorCode(err) != marquee.EInvalid ||
			marquee.ErrorMessage(err) != "You already have 200 films. Delete one before adding another." {
			t.Fatalf("over the limit: %v", err)
		}
	})
}

func TestFilmListPublic(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		owner := filmUser(t, db, "maker@example.com")
		for i := range 5 {
			setNow(db, filmNow.Add(time.Duration(i)*time.Minute))
			d := filmDetails(fmt.Sprint("Film ", i))
			d.Public = i%2 == 0
			mustFilm(t, db, owner, d)
		}
		page, err := db.Films.ListPublic(context.Background(), marquee.PageRequest{Page: 1, PerPage: 2})
		if err != nil || page.Total != 3 || page.Page != 1 || page.PerPage != 2 || len(page.Items) != 2 ||
			page.Items[0].Title != "Film 4" || page.Items[1].Title != "Film 2" {
			t.Fatalf("page 1 %+v %v", page, err)
		}
		for _, f := range page.Items {
			if f.ScreenerURL != "" || f.ScreenerPassword != "" || len(f.Credits) != 2 {
				t.Fatalf("public film %+v", f)
			}
		}
		page, err = db.Films.ListPublic(as(owner), marquee.PageRequest{Page: 2, PerPage: 2})
		if err != nil || len(page.Items) != 1 || page.Items[0].Title != "Film 0" || page.Items[0].ScreenerURL != "" {
			t.Fatalf("page 2 %+v %v", page, err)
		}
		page, err = db.Films.ListPublic(context.Background(), marquee.PageRequest{Page: 1})
		if err != nil || page.PerPage != marquee.FilmsPerPage || len(page.Items) != 3 {
			t.Fatalf("default page %+v %v", page, err)
		}
	})
}

func TestFilmScreenerVisibility(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, filmNow)
		owner := filmUser(t, db, "maker@example.com")
		organiser := filmUser(t, db, "org@example.com")
		otherOrganiser := filmUser(t, db, "org2@example.com")
		judge := filmUser(t, db, "judge@example.com")
		blindJudge := filmUser(t, db, "blind@example.com")
		conflicted := filmUser(t, db, "conflict@example.com")
		unassigned := filmUser(t, db, "unassigned@example.com")
		stranger := filmUser(t, db, "stranger@example.com")
		f := mustFilm(t, db, owner, filmDetails("Tide"))

		fest, cat := filmFestival(t, db, organiser, "open-fest")
		blindFest, blindCat := filmFestival(t, db, otherOrganiser, "blind-fest")
		ctx := context.Background()
		if err := db.ExecForTest(ctx, `INSERT INTO festival_settings (festival_id, blind_review, updated_at) VALUES (?, 1, ?)`, blindFest, filmNow); err != nil {
			t.Fatal(err)
		}
		sub := filmSubmission(t, db, f, fest, cat, "submitted")
		filmSubmission(t, db, f, blindFest, blindCat, "in_consideration")
		filmJudge(t, db, fest, judge, "all")
		filmJudge(t, db, blindFest, blindJudge, "category")
		if err := db.ExecForTest(ctx, `INSERT INTO judge_categories (judge_id, category_id) SELECT id, ? FROM judges WHERE user_id = ?`, blindCat, blindJudge.ID); err != nil {
			t.Fatal(err)
		}
		cj := filmJudge(t, db, fest, conflicted, "all")
		if err := db.ExecForTest(ctx, `INSERT INTO judge_conflicts (judge_id, submission_id, reason, created_at) VALUES (?, ?, 'friend', ?)`, cj, sub, filmNow); err != nil {
			t.Fatal(err)
		}
		filmJudge(t, db, fest, unassigned, "") // no scope, no specific assignment

		seesAll := func(who *marquee.User) {
			t.Helper()
			got, err := db.Films.Get(as(who), f.ID)
			if err != nil || got.ScreenerURL != "https://vimeo.example/123" || got.ScreenerPassword != "s3cret" || len(got.Credits) != 2 || got.OwnerID != owner.ID {
				t.Fatalf("%s: %+v %v", who.Email, got, err)
			}
			if who.ID != owner.ID && got.ActiveSubmissions != 0 {
				t.Fatalf("%s sees the submission count", who.Email)
			}
		}
		hidden := func(who *marquee.User) {
			t.Helper()
			if _, err := db.Films.Get(as(who), f.ID); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("%s sees the film: %v", who.Email, err)
			}
		}
		seesAll(owner)
		if got, _ := db.Films.Get(as(owner), f.ID); got.ActiveSubmissions != 2 {
			t.Fatalf("owner's count %d", got.ActiveSubmissions)
		}
		seesAll(organiser)
		seesAll(otherOrganiser)
		seesAll(judge)
		// The blind festival's judge sees the screener but no credits.
		got, err := db.Films.Get(as(blindJudge), f.ID)
		if err != nil || got.ScreenerPassword != "s3cret" || len(got.Credits) != 0 || got.Credits == nil || got.OwnerID != 0 || got.Title != "Tide" {
			t.Fatalf("blind judge: %+v %v", got, err)
		}
		hidden(conflicted)
		hidden(unassigned)
		hidden(stranger)
		// An admin manages every festival, so sees a submitted film.
		admin := adminCtx(t, db)
		if got, err := db.Films.Get(admin, f.ID); err != nil || got.ScreenerPassword != "s3cret" {
			t.Fatalf("admin: %+v %v", got, err)
		}

		// A withdrawn submission shows the film to no one through it.
		if err := db.ExecForTest(ctx, `UPDATE submissions SET status = 'withdrawn' WHERE festival_id = ?`, fest); err != nil {
			t.Fatal(err)
		}
		hidden(organiser)
		hidden(judge)
		seesAll(otherOrganiser)

		// A public film: strangers and the withdrawn festival's people see
		// it without the screener; the blind judge still without credits.
		d := filmDetails("Tide")
		d.Public = true
		if _, err := db.Films.Update(as(owner), f.ID, d); err != nil {
			t.Fatal(err)
		}
		for _, who := range []*marquee.User{stranger, organiser, judge, conflicted} {
			got, err := db.Films.Get(as(who), f.ID)
			if err != nil || got.ScreenerURL != "" || got.ScreenerPassword != "" || len(got.Credits) != 2 {
				t.Fatalf("%s on a public film: %+v %v", who.Email, got, err)
			}
		}
		if got, err := db.Films.Get(as(blindJudge), f.ID); err != nil || got.ScreenerPassword != "s3cret" || len(got.Credits) != 0 {
			t.Fatalf("blind judge on a public film: %+v %v", got, err)
		}
	})
}

func TestFilmDelete(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		owner := filmUser(t, db, "maker@example.com")
		organiser := filmUser(t, db, "org@example.com")
		f := mustFilm(t, db, owner, filmDetails("Tide"))
		poster, err := db.Films.SetPoster(as(owner), f.ID, tinyPNG(t))
		if err != nil {
			t.Fatal(err)
		}
		key := strings.TrimPrefix(poster.PosterURL, "/media/posters/")
		fest, cat := filmFestival(t, db, organiser, "fest")
		sub := filmSubmission(t, db, f, fest, cat, "selected")
		filmSubmission(t, db, f, fest, cat, "withdrawn")

		if err := db.Films.Delete(as(organiser), f.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("organiser deletes: %v", err)
		}
		err = db.Films.Delete(as(owner), f.ID)
		if marquee.ErrorCode(err) != marquee.EConflict || marquee.ErrorMessage(err) != "This film has active submissions; withdraw them first" {
			t.Fatalf("delete with an active submission: %v", err)
		}
		if err := db.ExecForTest(context.Background(), `UPDATE submissions SET status = 'withdrawn' WHERE id = ?`, sub); err != nil {
			t.Fatal(err)
		}
		if err := db.Films.Delete(as(owner), f.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Films.Get(as(owner), f.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("deleted film: %v", err)
		}
		if n, err := db.Int64ForTest(context.Background(), `SELECT COUNT(*) FROM submissions WHERE film_id = ?`, f.ID); err != nil || n != 0 {
			t.Fatalf("submissions left %d %v", n, err)
		}
		if _, err := db.Films.Poster(context.Background(), key); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("poster of a deleted film: %v", err)
		}
		for _, img := range []marquee.PosterImage{poster.PosterImages.Card, poster.PosterImages.Detail} {
			name := strings.TrimPrefix(img.URL, "/media/posters/")
			if _, _, _, err := db.Services.Films.FilesForTest().Open(context.Background(), name); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("file %s of a deleted film: %v", name, err)
			}
		}
		if err := db.Films.Delete(as(owner), f.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("delete again: %v", err)
		}
	})
}

func TestFilmPoster(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, filmNow)
		owner := filmUser(t, db, "maker@example.com")
		other := filmUser(t, db, "other@example.com")
		f := mustFilm(t, db, owner, filmDetails("Tide"))
		files := db.Services.Films.FilesForTest()
		upload := postertest.JPEGWithEXIF(t, postertest.Halves(900, 1350), 1)

		if _, err := db.Films.SetPoster(as(other), f.ID, bytes.NewReader(upload)); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other's poster: %v", err)
		}
		for name, tc := range map[string]struct {
			data []byte
			code string
		}{
			"PNG signature then HTML": {postertest.PNGWithHTML, marquee.EUnsupportedMedia},
			"GIF header only":         {[]byte("GIF89a......"), marquee.EUnsupportedMedia},
			"over 5 MB":               {make([]byte, marquee.PosterMaxBytes+1), marquee.ETooLarge},
			"empty":                   {nil, marquee.EInvalid},
		} {
			if _, err := db.Films.SetPoster(as(owner), f.ID, bytes.NewReader(tc.data)); marquee.ErrorCode(err) != tc.code {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if got, err := db.Films.Get(as(owner), f.ID); err != nil || got.PosterURL != "" || got.PosterImages != nil {
			t.Fatalf("a refused upload set the poster: %+v %v", got, err)
		}

		setNow(db, filmNow.Add(time.Minute))
		first, err := db.Films.SetPoster(as(owner), f.ID, bytes.NewReader(upload))
		if err != nil || first.PosterImages == nil || !first.UpdatedAt.Equal(filmNow.Add(time.Minute)) {
			t.Fatalf("set poster %+v %v", first, err)
		}
		card, detail := first.PosterImages.Card, first.PosterImages.Detail
		if card.PosterSize != (marquee.PosterSize{Width: 400, Height: 600}) || detail.PosterSize != (marquee.PosterSize{Width: 900, Height: 1350}) ||
			first.PosterURL != detail.URL || !strings.HasPrefix(card.URL, fmt.Sprintf("/media/posters/%d-", f.ID)) || !strings.HasSuffix(card.URL, "-card.jpg") ||
			!strings.HasSuffix(detail.URL, "-detail.jpg") {
			t.Fatalf("poster images %+v, url %q", first.PosterImages, first.PosterURL)
		}
		for _, img := range []marquee.PosterImage{card, detail} {
			name := strings.TrimPrefix(img.URL, "/media/posters/")
			p, err := db.Films.Poster(context.Background(), name)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(p.Body)
			p.Body.Close()
			cfg, format, err := image.DecodeConfig(bytes.NewReader(body))
			if err != nil || format != "jpeg" || cfg.Width != img.Width || cfg.Height != img.Height || p.ContentType != "image/jpeg" ||
				p.Size != int64(len(body)) || p.Key != name || p.ModTime.IsZero() {
				t.Fatalf("%s: %+v %s %v %+v", name, cfg, format, err, p)
			}
			if bytes.Contains(body, []byte(postertest.Marker)) || bytes.Contains(body, []byte("Exif")) {
				t.Fatalf("%s keeps the upload's EXIF", name)
			}
		}
		// Every read of the film names the same two sizes.
		if got, err := db.Films.Get(as(owner), f.ID); err != nil || got.PosterURL != first.PosterURL || *got.PosterImages != *first.PosterImages {
			t.Fatalf("get %+v %v", got, err)
		}
		if list, err := db.Films.List(as(owner)); err != nil || len(list) != 1 || *list[0].PosterImages != *first.PosterImages {
			t.Fatalf("list %+v %v", list, err)
		}

		// The same bytes again get a new token; the old files are gone.
		second, err := db.Films.SetPoster(as(owner), f.ID, bytes.NewReader(upload))
		if err != nil || second.PosterURL == first.PosterURL || second.PosterImages.Card.URL == card.URL {
			t.Fatalf("second poster %+v %v", second, err)
		}
		for _, img := range []marquee.PosterImage{card, detail} {
			name := strings.TrimPrefix(img.URL, "/media/posters/")
			if _, err := db.Films.Poster(context.Background(), name); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("old poster %s: %v", name, err)
			}
			if _, _, _, err := files.Open(context.Background(), name); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("old file %s kept: %v", name, err)
			}
		}
		current := strings.TrimPrefix(second.PosterImages.Card.URL, "/media/posters/")
		key := strings.TrimSuffix(current, "-card.jpg")
		for _, name := range []string{"", "x.png", "../" + current, fmt.Sprintf("%d-00.gif", f.ID), fmt.Sprintf("%d-0000000000000000-card.jpg", f.ID),
			"99" + current[strings.IndexByte(current, '-'):], key + "-card.png", key + "-400x600-900x1350.jpg", key + "-original.jpg"} {
			if _, err := db.Films.Poster(context.Background(), name); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("poster %q: %v", name, err)
			}
		}
		// The poster stays through an update of the details.
		up, err := db.Films.Update(as(owner), f.ID, filmDetails("Tide"))
		if err != nil || up.PosterURL != second.PosterURL || *up.PosterImages != *second.PosterImages {
			t.Fatalf("update keeps the poster: %+v %v", up, err)
		}
	})
}
