package store_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/laurel"
	"github.com/marquee-festival/marquee/poster/postertest"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func testSpecs() marquee.FilmSpecs {
	return marquee.FilmSpecs{
		TrailerURL: " https://vimeo.example/trailer ", CompletionDate: "2025-11-02", AspectRatio: "2.39:1", Sound: "Stereo",
		ShootingFormat: "Digital 4K", Languages: []string{"Japanese", " ", "japanese"}, Subtitles: []string{"English", "French"},
		FirstTime: true, Student: true, Premiere: marquee.PremiereInternational,
		History: []marquee.FilmHistoryEntry{{Festival: "Busan Shorts", Year: 2025, Award: "Jury prize"}, {}},
	}
}

// TestFilmSpecs: the owner sets the specs (normalised), anyone else
// cannot, bad input names its field and writes nothing.
func TestFilmSpecs(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, filmNow)
		owner := filmUser(t, db, "maker@example.com")
		other := filmUser(t, db, "other@example.com")
		f := mustFilm(t, db, owner, filmDetails("Tide"))
		if len(f.Stills) != 0 || f.Specs.Languages == nil || f.Specs.History == nil {
			t.Fatalf("new film's specs %+v stills %v", f.Specs, f.Stills)
		}
		if _, err := db.Films.SetSpecs(as(other), f.ID, testSpecs()); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other's specs: %v", err)
		}
		bad := testSpecs()
		bad.TrailerURL, bad.Sound, bad.History = "http://vimeo.example/t", "quad", []marquee.FilmHistoryEntry{{Festival: "X", Year: 3000}}
		_, err := db.Films.SetSpecs(as(owner), f.ID, bad)
		fields := marquee.ErrorFields(err)
		if fields["trailerUrl"] != "Enter a trailer address starting with https://" || fields["sound"] == "" || fields["history"] == "" {
			t.Fatalf("bad specs: %v %v", err, fields)
		}
		got, err := db.Films.SetSpecs(as(owner), f.ID, testSpecs())
		if err != nil {
			t.Fatal(err)
		}
		want := marquee.FilmSpecs{TrailerURL: "https://vimeo.example/trailer", CompletionDate: "2025-11-02", AspectRatio: "2.39:1", Sound: "stereo",
			ShootingFormat: "Digital 4K", Languages: []string{"Japanese"}, Subtitles: []string{"English", "French"}, FirstTime: true, Student: true,
			Premiere: marquee.PremiereInternational, History: []marquee.FilmHistoryEntry{{Festival: "Busan Shorts", Year: 2025, Award: "Jury prize"}}}
		read, err := db.Films.Get(as(owner), f.ID)
		if err != nil || !specsEqual(got.Specs, want) || !specsEqual(read.Specs, want) {
			t.Fatalf("specs %+v / %+v, want %+v (%v)", got.Specs, read.Specs, want, err)
		}
		// The details' form leaves them alone.
		if _, err := db.Films.Update(as(owner), f.ID, filmDetails("Tide 2")); err != nil {
			t.Fatal(err)
		}
		if read, _ := db.Films.Get(as(owner), f.ID); !specsEqual(read.Specs, want) {
			t.Fatalf("update cleared the specs: %+v", read.Specs)
		}
	})
}

func specsEqual(a, b marquee.FilmSpecs) bool {
	return a.TrailerURL == b.TrailerURL && a.CompletionDate == b.CompletionDate && a.AspectRatio == b.AspectRatio && a.Sound == b.Sound &&
		a.ShootingFormat == b.ShootingFormat && slices.Equal(a.Languages, b.Languages) && slices.Equal(a.Subtitles, b.Subtitles) &&
		a.FirstTime == b.FirstTime && a.Student == b.Student && a.Premiere == b.Premiere && slices.Equal(a.History, b.History)
}

// TestFilmStills: up to ten stills, re-encoded in two sizes, served by
// name, reordered and deleted (files too) by the owner only.
func TestFilmStills(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, filmNow)
		owner := filmUser(t, db, "maker@example.com")
		other := filmUser(t, db, "other@example.com")
		f := mustFilm(t, db, owner, filmDetails("Tide"))
		upload := postertest.JPEGWithEXIF(t, postertest.Halves(1600, 900), 1)
		if _, err := db.Films.AddStill(as(other), f.ID, bytes.NewReader(upload)); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other's still: %v", err)
		}
		if _, err := db.Films.AddStill(as(owner), f.ID, bytes.NewReader(postertest.PNGWithHTML)); marquee.ErrorCode(err) != marquee.EUnsupportedMedia {
			t.Fatalf("html still: %v", err)
		}
		var film *marquee.Film
		var err error
		for i := range marquee.FilmStillsMax {
			if film, err = db.Films.AddStill(as(owner), f.ID, bytes.NewReader(upload)); err != nil {
				t.Fatalf("still %d: %v", i, err)
			}
		}
		if _, err := db.Films.AddStill(as(owner), f.ID, bytes.NewReader(upload)); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("eleventh still: %v", err)
		}
		if len(film.Stills) != marquee.FilmStillsMax {
			t.Fatalf("%d stills", len(film.Stills))
		}
		first := film.Stills[0]
		if first.Images.Detail.PosterSize != (marquee.PosterSize{Width: 1200, Height: 675}) || !strings.HasPrefix(first.Images.Card.URL, "/media/stills/") {
			t.Fatalf("still %+v", first)
		}
		name := strings.TrimPrefix(first.Images.Detail.URL, "/media/stills/")
		p, err := db.Films.Still(context.Background(), name)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p.Body)
		p.Body.Close()
		if cfg, format, err := image.DecodeConfig(bytes.NewReader(body)); err != nil || format != "jpeg" || cfg.Width != 1200 ||
			bytes.Contains(body, []byte(postertest.Marker)) {
			t.Fatalf("served still %+v %s %v", cfg, format, err)
		}
		// A poster's address is not a still's, nor the reverse.
		if _, err := db.Films.Poster(context.Background(), name); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("still served as a poster: %v", err)
		}

		ids := make([]int64, len(film.Stills))
		for i, s := range film.Stills {
			ids[len(ids)-1-i] = s.ID
		}
		if _, err := db.Films.OrderStills(as(owner), f.ID, marquee.StillOrder{IDs: ids[1:]}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("partial order: %v", err)
		}
		if _, err := db.Films.OrderStills(as(other), f.ID, marquee.StillOrder{IDs: ids}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other's order: %v", err)
		}
		film, err = db.Films.OrderStills(as(owner), f.ID, marquee.StillOrder{IDs: ids})
		if err != nil || film.Stills[0].ID != ids[0] || film.Stills[9].ID != first.ID {
			t.Fatalf("reordered %v %v", film, err)
		}
		if _, err := db.Films.DeleteStill(as(other), f.ID, first.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("other's delete: %v", err)
		}
		film, err = db.Films.DeleteStill(as(owner), f.ID, first.ID)
		if err != nil || len(film.Stills) != 9 {
			t.Fatalf("delete %v %v", film, err)
		}
		if _, err := db.Films.Still(context.Background(), name); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("deleted still served: %v", err)
		}
		if _, _, _, err := db.Services.Films.FilesForTest().Open(context.Background(), marquee.StillFileKey(name)); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("deleted still's file kept: %v", err)
		}
	})
}

// eligibleFixture is a submission fixture whose festival sets rules and
// every kind of limit, and a film that fails each.
func eligibleFixture(t *testing.T, db *storetest.DB) *subFixture {
	f := newSubFixture(t, db, 2)
	rules := marquee.EntryRules{
		Terms:      "Films must be submitted by their rights holders.",
		Limits:     marquee.EntryLimits{MinRuntime: 5, MaxRuntime: 40, CompletedAfter: "2025-01-01", Countries: []string{"fr", "JP"}, Premiere: marquee.PremiereNational},
		Categories: []marquee.CategoryLimits{{CategoryID: f.fest.Categories[1].ID, Limits: marquee.EntryLimits{Premiere: marquee.PremiereWorld}}},
	}
	if _, err := f.svc.Submissions.UpdateEntryRules(as(f.maker), f.fest.Slug, rules); marquee.ErrorCode(err) != marquee.ENotFound {
		t.Fatalf("a filmmaker set the rules: %v", err)
	}
	bad := rules
	bad.Limits.MinRuntime, bad.Limits.MaxRuntime = 50, 40
	if _, err := f.svc.Submissions.UpdateEntryRules(as(f.org), f.fest.Slug, bad); marquee.ErrorFields(err)["limits.runtime"] == "" {
		t.Fatalf("min over max: %v", err)
	}
	got, err := f.svc.Submissions.UpdateEntryRules(as(f.org), f.fest.Slug, rules)
	if err != nil || !slices.Equal(got.Limits.Countries, []string{"FR", "JP"}) || len(got.Categories) != 1 {
		t.Fatalf("rules %+v %v", got, err)
	}
	if public, err := f.svc.Submissions.EntryRules(context.Background(), f.fest.Slug); err != nil || public.Terms != rules.Terms {
		t.Fatalf("public rules %+v %v", public, err)
	}
	return f
}

// TestEligibilityBeforePaying: every failed limit is named, before any
// credit moves; rules and terms must be accepted, and the time is kept.
func TestEligibilityBeforePaying(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := eligibleFixture(t, db)
		grant(t, db.DB, f.maker.ID, 100)
		film := f.newFilm(t, f.maker, "Long Night", "US") // no runtime, no completion date, no premiere
		ns := marquee.NewSubmission{FilmID: film, Entries: []marquee.SubmissionEntry{entry(f.fest, 0), entry(f.fest, 1)}, AcceptRules: true}
		for _, call := range []func() error{
			func() error { _, err := f.svc.Submissions.Quote(as(f.maker), ns); return err },
			func() error { _, err := f.svc.Submissions.Submit(as(f.maker), ns); return err },
		} {
			err := call()
			fields := marquee.ErrorFields(err)
			want := []string{"eligibility.0.completion", "eligibility.0.country", "eligibility.0.premiere", "eligibility.0.runtime",
				"eligibility.1.completion", "eligibility.1.country", "eligibility.1.premiere", "eligibility.1.runtime"}
			var keys []string
			for k := range fields {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			if marquee.ErrorCode(err) != marquee.EInvalid || !slices.Equal(keys, want) {
				t.Fatalf("not eligible: %v %v", err, keys)
			}
			args := marquee.ErrorFieldArgs(err)
			if fields["eligibility.0.country"] != "{festival} takes films produced in {countries} only" ||
				args["eligibility.0.country"]["countries"] != "FR, JP" || args["eligibility.0.country"]["festival"] != "Kyoto Shorts" {
				t.Fatalf("country message %q %v", fields["eligibility.0.country"], args)
			}
			// The category's own premiere limit is the stronger one.
			if fields["eligibility.1.premiere"] != "{festival} takes only world premieres" {
				t.Fatalf("category premiere %q", fields["eligibility.1.premiere"])
			}
		}
		if credits(t, db.DB, f.maker.ID) != 100 || count(t, db.DB, `SELECT COUNT(*) FROM submissions`) != 0 {
			t.Fatal("a refused entry moved credits or wrote a submission")
		}

		// The film meets the festival's limits but not the category's.
		if err := db.ExecForTest(context.Background(), `UPDATE films SET runtime_minutes = 12, country = 'JP',
			specs = '{"completionDate":"2025-06-01","premiere":"international"}' WHERE id = ?`, film); err != nil {
			t.Fatal(err)
		}
		ns.AcceptRules = false
		ns.Entries = ns.Entries[:1]
		if _, err := f.svc.Submissions.Quote(as(f.maker), ns); err != nil {
			t.Fatalf("quote of an eligible film: %v", err)
		}
		if _, err := f.svc.Submissions.Submit(as(f.maker), ns); marquee.ErrorFields(err)["acceptRules"] != "Accept the festival's rules and terms to submit" {
			t.Fatalf("rules not accepted: %v", err)
		}
		if credits(t, db.DB, f.maker.ID) != 100 {
			t.Fatal("refused entry moved credits")
		}
		ns.AcceptRules = true
		res, err := f.svc.Submissions.Submit(as(f.maker), ns)
		if err != nil || res.Submissions[0].RulesAcceptedAt == nil || !res.Submissions[0].RulesAcceptedAt.Equal(subNow) {
			t.Fatalf("submit %+v %v", res, err)
		}
		if _, err := f.svc.Submissions.Quote(as(f.maker), marquee.NewSubmission{FilmID: film, Entries: []marquee.SubmissionEntry{entry(f.fest, 1)}}); marquee.ErrorFields(err)["eligibility.0.premiere"] == "" {
			t.Fatalf("category limit: %v", err)
		}
		// The organiser sees the specs and the acceptance on the entry.
		d, err := f.svc.Submissions.Detail(as(f.org), f.fest.Slug, res.Submissions[0].ID)
		if err != nil || d.Film.Specs.CompletionDate != "2025-06-01" || d.Submission.RulesAcceptedAt == nil {
			t.Fatalf("detail %+v %v", d, err)
		}
		// A second account sees nothing of the rules' management.
		if _, err := f.svc.Submissions.ManagedEntryRules(as(f.maker), f.fest.Slug); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("filmmaker read managed rules: %v", err)
		}
	})
}

// TestSavedFestivals: saved festivals by next deadline, the deadline's
// category and tier named; each account sees its own list.
func TestSavedFestivals(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		f := newSubFixture(t, db, 1)
		later := f.newFestival(t, f.org, "Oslo Docs", 1)
		// Kyoto's early deadline is today (2026-03-01); Oslo's is moved on.
		if err := db.ExecForTest(context.Background(), `UPDATE festival_deadlines SET due_on = '2026-03-20' WHERE festival_id = ? AND tier = 'early'`, later.ID); err != nil {
			t.Fatal(err)
		}
		closed := f.newFestival(t, f.org, "Closed Fest", 1)
		if err := db.ExecForTest(context.Background(), `UPDATE festival_deadlines SET due_on = '2026-01-0' || CASE tier WHEN 'early' THEN '1' WHEN 'regular' THEN '2' ELSE '3' END WHERE festival_id = ?`, closed.ID); err != nil {
			t.Fatal(err)
		}
		saved := f.svc.Saved
		for _, slug := range []string{closed.Slug, later.Slug, f.fest.Slug, f.fest.Slug} {
			if err := saved.Save(as(f.maker), slug); err != nil {
				t.Fatal(err)
			}
		}
		if err := saved.Save(as(f.maker), "no-such-festival"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("unknown festival: %v", err)
		}
		list, err := saved.List(as(f.maker))
		if err != nil || len(list) != 3 {
			t.Fatalf("list %v %v", list, err)
		}
		if list[0].FestivalSlug != f.fest.Slug || list[0].NextDeadline != "2026-03-01" || list[0].Tier != marquee.TierEarly || list[0].CategoryName != "C1" ||
			list[1].FestivalSlug != later.Slug || list[1].NextDeadline != "2026-03-20" ||
			list[2].FestivalSlug != closed.Slug || list[2].NextDeadline != "" {
			t.Fatalf("order %+v %+v %+v", list[0], list[1], list[2])
		}
		if other, err := saved.List(as(f.org)); err != nil || len(other) != 0 {
			t.Fatalf("second account's list %v %v", other, err)
		}
		if err := saved.Unsave(as(f.org), later.Slug); err != nil {
			t.Fatal(err)
		}
		if err := saved.Unsave(as(f.maker), later.Slug); err != nil {
			t.Fatal(err)
		}
		if list, _ := saved.List(as(f.maker)); len(list) != 2 {
			t.Fatalf("after unsave %v", list)
		}
	})
}

// TestLaurel: the film's owner gets the laurel of a selected or awarded
// entry, as SVG and PNG; nobody else, and not for an undecided one.
func TestLaurel(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(subNow)
		r, err := laurel.New("")
		if err != nil {
			t.Fatal(err)
		}
		svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords,
			Submissions: store.SubmissionOptions{Laurels: r}})
		if err != nil {
			t.Fatal(err)
		}
		f := newSubFixture(t, db, 1)
		grant(t, db.DB, f.maker.ID, 100)
		sub := f.submit(t, f.maker, f.film, "", 0).Submissions[0]
		if _, err := svc.Submissions.Laurel(as(f.maker), sub.ID, marquee.LaurelSVG); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("undecided: %v", err)
		}
		if _, err := f.svc.Submissions.Decide(as(f.org), f.fest.Slug, []int64{sub.ID}, marquee.Decision{Status: marquee.SubmissionAwardWinner, AwardName: "Best Short"}); err != nil {
			t.Fatal(err)
		}
		for _, u := range []*marquee.User{f.org, newOrganiser(t, db, "third@example.com")} {
			if _, err := svc.Submissions.Laurel(as(u), sub.ID, marquee.LaurelSVG); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("%s got the laurel: %v", u.Email, err)
			}
		}
		svg, err := svc.Submissions.Laurel(as(f.maker), sub.ID, marquee.LaurelSVG)
		if err != nil || svg.ContentType != "image/svg+xml" || !bytes.Contains(svg.Data, []byte("BEST SHORT")) ||
			!bytes.Contains(svg.Data, []byte("Kyoto Shorts")) || !bytes.Contains(svg.Data, []byte(">2026<")) || svg.FileName != "kyoto-shorts-2026-laurel.svg" {
			t.Fatalf("svg %s %+v %v", svg.Data, svg, err)
		}
		pngImg, err := svc.Submissions.Laurel(as(f.maker), sub.ID, marquee.LaurelPNG)
		if err != nil || pngImg.ContentType != "image/png" {
			t.Fatalf("png %v", err)
		}
		if img, err := png.Decode(bytes.NewReader(pngImg.Data)); err != nil || img.Bounds().Dx() != 600 {
			t.Fatalf("png decode %v", err)
		}
	})
}
