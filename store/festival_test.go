package store_test

import (
	"cmp"
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestFestivalCreate(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org := as(u)
		f := mustCreate(t, db, u, festivalDetails("  Festival de Cinéma d'Été  "))
		if f.ID == 0 || f.Slug != "festival-de-cinema-d-ete" || f.Name != "Festival de Cinéma d'Été" || f.Status != marquee.FestivalPending ||
			f.Version != 1 || f.OrganiserID != u.ID || f.ReviewedAt != nil || !f.CreatedAt.Equal(festivalNow) || f.NextDeadline != "" || f.MinFee != nil {
			t.Fatalf("created %+v", f)
		}
		if len(f.Categories) != 0 || len(f.Criteria) != 0 {
			t.Fatalf("new festival has categories or criteria: %+v", f)
		}
		got, _ := db.Users.FindUser(ctx, u.ID)
		if got.Role != marquee.RoleOrganiser {
			t.Fatalf("creator role %q, want organiser", got.Role)
		}
		// An admin stays an admin.
		admin := newOrganiser(t, db, "admin@example.com")
		if err := db.Users.SetRole(ctx, admin.ID, marquee.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		admin, _ = db.Users.FindUser(ctx, admin.ID)
		mustCreate(t, db, admin, festivalDetails("Admin's own festival"))
		if got, _ := db.Users.FindUser(ctx, admin.ID); got.Role != marquee.RoleAdmin {
			t.Fatalf("admin became %q", got.Role)
		}

		// Slugs are unique, and Japanese and Chinese names keep their script.
		cases := []struct{ name, slug string }{
			{"Festival de Cinéma d'Été", "festival-de-cinema-d-ete-2"},
			{"FESTIVAL DE CINEMA D ETE", "festival-de-cinema-d-ete-3"},
			{"東京国際映画祭", "東京国際映画祭"},
			{"東京国際映画祭", "東京国際映画祭-2"},
			{"北京国际电影节", "北京国际电影节"},
			{"北京国际电影节", "北京国际电影节-2"},
			{"Ｔｏｋｙｏ　Ｆｉｌｍ・ウィーク 2026", "tokyo-film-ウィーク-2026"},
			{"!!! ???", "festival"},
			{"*** ***", "festival-2"},
		}
		for _, c := range cases {
			d := festivalDetails(c.name)
			if len([]rune(c.name)) < 3 {
				continue
			}
			f := mustCreate(t, db, u, d)
			if f.Slug != c.slug {
				t.Errorf("slug of %q = %q, want %q", c.name, f.Slug, c.slug)
			}
			bySlug, err := db.Festivals.Managed(org, c.slug)
			if err != nil || bySlug.ID != f.ID {
				t.Errorf("Managed(%q) = %v, %v", c.slug, bySlug, err)
			}
		}
		long := strings.Repeat("Cinema ", 25)
		a, b := mustCreate(t, db, u, festivalDetails(long)), mustCreate(t, db, u, festivalDetails(long))
		if n := len([]rune(a.Slug)); n > 80 || !strings.HasPrefix(a.Slug, "cinema-cinema") || strings.HasSuffix(a.Slug, "-") {
			t.Errorf("long slug %q (%d runes)", a.Slug, n)
		}
		if n := len([]rune(b.Slug)); n > 80 || !strings.HasSuffix(b.Slug, "-2") || b.Slug == a.Slug {
			t.Errorf("second long slug %q (%d runes)", b.Slug, n)
		}

		bad := festivalDetails("")
		if _, err := db.Festivals.Create(org, bad); marquee.ErrorFields(err)["name"] == "" {
			t.Fatalf("invalid details: %v", err)
		}
		_, err := db.Festivals.FestivalByID(ctx, 99999)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.Managed(org, "nope")
		wantCode(t, err, marquee.ENotFound)

		mine, err := db.Festivals.ListManaged(as(admin))
		if err != nil || len(mine) != 1 || mine[0].Name != "Admin's own festival" {
			t.Fatalf("admin's festivals %v %v", slugsOf(mine), err)
		}
		mine, err = db.Festivals.ListManaged(org)
		if err != nil || len(mine) != 12 || mine[0].ID < mine[len(mine)-1].ID {
			t.Fatalf("organiser's festivals (newest first): %v %v", slugsOf(mine), err)
		}
		none, err := db.Festivals.ListManaged(as(&marquee.User{ID: 4242, Role: marquee.RoleOrganiser}))
		if err != nil || none == nil || len(none) != 0 {
			t.Fatalf("no festivals: %#v %v", none, err)
		}
	})
}

func TestFestivalVersionConflict(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org, admin := as(u), adminCtx(t, db)
		f := mustCreate(t, db, u, festivalDetails("Edinburgh Shorts"))

		first := festivalDetails("Edinburgh Shorts Festival")
		first.City = "Edinburgh"
		got, err := db.Festivals.UpdateDetails(org, f.Slug, f.Version, first)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != 2 || got.Name != "Edinburgh Shorts Festival" || got.City != "Edinburgh" || got.Slug != "edinburgh-shorts" {
			t.Fatalf("after update: %+v", got)
		}
		// The second tab saves from the version it loaded.
		second := festivalDetails("Another Name")
		_, err = db.Festivals.UpdateDetails(org, f.Slug, f.Version, second)
		wantCode(t, err, marquee.EConflict)
		if msg := marquee.ErrorMessage(err); msg != "This festival was changed in another tab or by someone else. Reload it to see the latest version, then make your change again." {
			t.Fatalf("conflict message %q", msg)
		}
		_, err = db.Festivals.ReplaceCategories(org, f.Slug, f.Version, []marquee.Category{{Name: "Short", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}})
		wantCode(t, err, marquee.EConflict)
		_, err = db.Festivals.ReplaceCriteria(org, f.Slug, f.Version, []marquee.Criterion{{Name: "Story", Weight: 1, MaxScore: 10}})
		wantCode(t, err, marquee.EConflict)
		now, _ := db.Festivals.FestivalByID(ctx, f.ID)
		if now.Version != 2 || now.Name != "Edinburgh Shorts Festival" || len(now.Categories) != 0 || len(now.Criteria) != 0 {
			t.Fatalf("a stale write changed something: %+v", now)
		}
		// The search index follows the name; nothing of the refused name is indexed.
		if _, err := db.Festivals.Approve(admin, f.ID); err != nil {
			t.Fatal(err)
		}
		if p, _ := db.Festivals.Search(ctx, marquee.FestivalQuery{Text: "another"}); p.Total != 0 {
			t.Fatalf("refused name is searchable: %v", slugsOf(p.Items))
		}
		if p, _ := db.Festivals.Search(ctx, marquee.FestivalQuery{Text: "edinburgh festival"}); p.Total != 1 {
			t.Fatalf("new name not searchable: %v", slugsOf(p.Items))
		}

		_, err = db.Festivals.UpdateDetails(org, "nope", 1, first)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.ReplaceCategories(org, "nope", 1, nil)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.ReplaceCriteria(org, "nope", 1, nil)
		wantCode(t, err, marquee.ENotFound)
	})
}

func TestFestivalCategories(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org := as(u)
		f := mustCreate(t, db, u, festivalDetails("Leeds Film Days"))
		other := mustCreate(t, db, u, festivalDetails("York Film Days"))

		cats := []marquee.Category{
			{Name: " Short Film ", Description: "Up to 20 minutes", Deadlines: []marquee.Deadline{
				{Tier: marquee.TierLate, Date: "2026-06-01", Fee: 45},
				{Tier: marquee.TierEarly, Date: "2026-02-01", Fee: 15}, // already passed
				{Tier: marquee.TierRegular, Date: "2026-04-01", Fee: 30},
			}},
			{Name: "ドキュメンタリー", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-03-15", Fee: 50}}},
		}
		got, err := db.Festivals.ReplaceCategories(org, f.Slug, f.Version, cats)
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != 2 || len(got.Categories) != 2 || got.Categories[0].ID == 0 || got.Categories[1].ID == 0 {
			t.Fatalf("after replace: %+v", got)
		}
		short := got.Categories[0]
		if short.Name != "Short Film" || !reflect.DeepEqual(short.Deadlines, []marquee.Deadline{
			{Tier: marquee.TierEarly, Date: "2026-02-01", Fee: 15},
			{Tier: marquee.TierRegular, Date: "2026-04-01", Fee: 30},
			{Tier: marquee.TierLate, Date: "2026-06-01", Fee: 45},
		}) {
			t.Fatalf("short film category %+v", short)
		}
		if short.Current == nil || short.Current.Tier != marquee.TierRegular || got.Categories[1].Current.Fee != 50 {
			t.Fatalf("current tiers %+v %+v", short.Current, got.Categories[1].Current)
		}
		if got.NextDeadline != "2026-03-15" || got.MinFee == nil || *got.MinFee != 30 {
			t.Fatalf("next deadline %q, min fee %v", got.NextDeadline, got.MinFee)
		}
		if cats[0].Name != " Short Film " || cats[0].Deadlines[0].Tier != marquee.TierLate {
			t.Fatalf("the caller's categories were changed: %+v", cats[0])
		}
		// The cached columns agree with the categories.
		list, _ := db.Festivals.ListManaged(org)
		for _, l := range list {
			if l.ID == f.ID && (l.NextDeadline != "2026-03-15" || l.MinFee == nil || *l.MinFee != 30) {
				t.Fatalf("cached deadline %q fee %v", l.NextDeadline, l.MinFee)
			}
		}

		// Keep the documentary (renamed, first now), drop the short, add a new one.
		docID := got.Categories[1].ID
		next := []marquee.Category{
			{ID: docID, Name: "Documentary", Description: "Any length", Deadlines: []marquee.Deadline{{Tier: marquee.TierLate, Date: "2026-07-01", Fee: 5}}},
			{Name: "Animation", Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-05-01", Fee: 0}}},
		}
		got, err = db.Festivals.ReplaceCategories(org, f.Slug, got.Version, next)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Categories) != 2 || got.Categories[0].ID != docID || got.Categories[0].Name != "Documentary" ||
			got.Categories[1].Name != "Animation" || got.Categories[1].ID == short.ID || got.Version != 3 {
			t.Fatalf("after second replace: %+v", got.Categories)
		}
		if got.NextDeadline != "2026-05-01" || *got.MinFee != 0 {
			t.Fatalf("next deadline %q, min fee %v", got.NextDeadline, *got.MinFee)
		}

		// Invalid categories change nothing, not even the version.
		badCases := map[string][]marquee.Category{
			"categories.0.deadlines.early.date": {{Name: "Late", Deadlines: []marquee.Deadline{{Tier: marquee.TierEarly, Date: "2026-09-01", Fee: 1}}}},
			"categories.1.name":                 {{Name: "A", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}, {Name: "a", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}},
			"categories.0.deadlines.late.fee":   {{Name: "A", Deadlines: []marquee.Deadline{{Tier: marquee.TierLate, Date: "2026-04-01", Fee: -5}}}},
			"categories.0.name":                 {{ID: other.ID + 1000, Name: "Stolen", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}},
		}
		for field, bad := range badCases {
			_, err := db.Festivals.ReplaceCategories(org, f.Slug, got.Version, bad)
			if marquee.ErrorCode(err) != marquee.EInvalid || marquee.ErrorFields(err)[field] == "" {
				t.Errorf("%s: got %v %v", field, err, marquee.ErrorFields(err))
			}
		}
		// Another festival's category id is refused too.
		oc, err := db.Festivals.ReplaceCategories(org, other.Slug, other.Version, []marquee.Category{{Name: "Theirs", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = db.Festivals.ReplaceCategories(org, f.Slug, got.Version, []marquee.Category{{ID: oc.Categories[0].ID, Name: "Mine now", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}})
		if marquee.ErrorFields(err)["categories.0.name"] == "" {
			t.Fatalf("foreign category id: %v", err)
		}
		after, _ := db.Festivals.FestivalByID(ctx, f.ID)
		if after.Version != got.Version || !reflect.DeepEqual(after.Categories, got.Categories) {
			t.Fatalf("a refused replace changed the festival:\n%+v\n%+v", after.Categories, got.Categories)
		}
		if o, _ := db.Festivals.FestivalByID(ctx, other.ID); o.Categories[0].Name != "Theirs" {
			t.Fatalf("other festival's category changed: %+v", o.Categories)
		}

		// The start date cannot move onto or before a deadline.
		d := festivalDetails("Leeds Film Days")
		d.StartDate, d.EndDate = "2026-07-01", "2026-07-03"
		_, err = db.Festivals.UpdateDetails(org, f.Slug, got.Version, d)
		if marquee.ErrorFields(err)["startDate"] != "Move the deadlines before the new start date first" {
			t.Fatalf("start on a deadline: %v", err)
		}
		d.StartDate = "2026-07-02"
		moved, err := db.Festivals.UpdateDetails(org, f.Slug, got.Version, d)
		if err != nil || moved.StartDate != "2026-07-02" || len(moved.Categories) != 2 {
			t.Fatalf("start after the deadlines: %v %v", moved, err)
		}

		// Removing every category (an empty list; a missing one is refused)
		// closes submissions.
		_, err = db.Festivals.ReplaceCategories(org, f.Slug, moved.Version, nil)
		if marquee.ErrorFields(err)["categories"] == "" {
			t.Fatalf("no list sent: %v", err)
		}
		empty, err := db.Festivals.ReplaceCategories(org, f.Slug, moved.Version, []marquee.Category{})
		if err != nil || len(empty.Categories) != 0 || empty.NextDeadline != "" || empty.MinFee != nil {
			t.Fatalf("no categories: %+v %v", empty, err)
		}
	})
}

func TestFestivalCriteria(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org := as(u)
		f := mustCreate(t, db, u, festivalDetails("Bristol Film Week"))
		got, err := db.Festivals.ReplaceCriteria(org, f.Slug, f.Version, []marquee.Criterion{
			{Name: " Story ", Weight: 3, MaxScore: 10}, {Name: "演出", Weight: 2, MaxScore: 5},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Criteria) != 2 || got.Criteria[0].Name != "Story" || got.Criteria[0].ID == 0 || got.Criteria[1].Weight != 2 || got.Version != 2 {
			t.Fatalf("criteria %+v", got.Criteria)
		}
		story := got.Criteria[0].ID
		got, err = db.Festivals.ReplaceCriteria(org, f.Slug, got.Version, []marquee.Criterion{
			{Name: "Sound", Weight: 1, MaxScore: 100}, {ID: story, Name: "Storytelling", Weight: 4, MaxScore: 20},
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Criteria) != 2 || got.Criteria[1].ID != story || got.Criteria[1].Name != "Storytelling" || got.Criteria[0].Name != "Sound" {
			t.Fatalf("criteria after replace %+v", got.Criteria)
		}
		_, err = db.Festivals.ReplaceCriteria(org, f.Slug, got.Version, []marquee.Criterion{{Name: "X", Weight: 0, MaxScore: 10}})
		if marquee.ErrorFields(err)["criteria.0.weight"] == "" {
			t.Fatalf("zero weight: %v", err)
		}
		_, err = db.Festivals.ReplaceCriteria(org, f.Slug, got.Version, []marquee.Criterion{{ID: story, Name: "A", Weight: 1, MaxScore: 1}, {ID: story, Name: "B", Weight: 1, MaxScore: 1}})
		if marquee.ErrorFields(err)["criteria.1.name"] == "" {
			t.Fatalf("same id twice: %v", err)
		}
		after, _ := db.Festivals.FestivalByID(ctx, f.ID)
		if after.Version != got.Version || !reflect.DeepEqual(after.Criteria, got.Criteria) {
			t.Fatalf("refused criteria changed the festival: %+v", after.Criteria)
		}
	})
}

func TestFestivalReview(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org, admin := as(u), adminCtx(t, db)
		f := mustCreate(t, db, u, festivalDetails("Cardiff Animation"))

		_, err := db.Festivals.Reject(admin, f.ID, "   ")
		if marquee.ErrorFields(err)["reason"] != "Give a reason for the rejection" {
			t.Fatalf("empty reason: %v", err)
		}
		_, err = db.Festivals.Reject(admin, f.ID, strings.Repeat("x", 1001))
		if marquee.ErrorFields(err)["reason"] != "Reason must be at most 1,000 characters" {
			t.Fatalf("long reason: %v", err)
		}
		_, err = db.Festivals.Approve(admin, 9999)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.Reject(admin, 9999, "no")
		wantCode(t, err, marquee.ENotFound)

		rej, err := db.Festivals.Reject(admin, f.ID, "  Missing website details  ")
		if err != nil || rej.Status != marquee.FestivalRejected || rej.RejectionReason != "Missing website details" || rej.ReviewedAt == nil || rej.Version != 2 {
			t.Fatalf("rejected: %+v %v", rej, err)
		}
		// Editing a rejected festival sends it back for review.
		ed, err := db.Festivals.UpdateDetails(org, f.Slug, rej.Version, festivalDetails("Cardiff Animation Festival"))
		if err != nil || ed.Status != marquee.FestivalPending || ed.RejectionReason != "" || ed.Version != 3 {
			t.Fatalf("edited: %+v %v", ed, err)
		}
		rej, _ = db.Festivals.Reject(admin, f.ID, "Still missing")
		app, err := db.Festivals.Approve(admin, f.ID)
		if err != nil || app.Status != marquee.FestivalApproved || app.RejectionReason != "" || app.Version != rej.Version+1 {
			t.Fatalf("approved: %+v %v", app, err)
		}
		again, err := db.Festivals.Approve(admin, f.ID)
		if err != nil || again.Version != app.Version || again.Status != marquee.FestivalApproved {
			t.Fatalf("approving twice: %+v %v", again, err)
		}
		// Editing an approved festival keeps it approved.
		ed, err = db.Festivals.UpdateDetails(org, f.Slug, app.Version, festivalDetails("Cardiff Animation Festival 2026"))
		if err != nil || ed.Status != marquee.FestivalApproved {
			t.Fatalf("edit approved: %+v %v", ed, err)
		}
	})
}

func TestListFestivalsForAdmin(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		admin := adminCtx(t, db)
		var ids []int64
		for i, name := range []string{"One Fest", "Two Fest", "Three Fest", "Four Fest", "Five Fest"} {
			setNow(db, festivalNow.Add(timeMinutes(i)))
			ids = append(ids, mustCreate(t, db, u, festivalDetails(name)).ID)
		}
		if _, err := db.Festivals.Approve(admin, ids[0]); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Festivals.Reject(admin, ids[1], "No"); err != nil {
			t.Fatal(err)
		}
		check := func(status marquee.FestivalStatus, page, perPage int, want []string, wantTotal int64) {
			t.Helper()
			p, err := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{Status: status, PageRequest: marquee.PageRequest{Page: page, PerPage: perPage}})
			if err != nil || p.Total != wantTotal || !reflect.DeepEqual(slugsOf(p.Items), want) {
				t.Fatalf("status %q: %v %v, want %v total %d", status, p, err, want, wantTotal)
			}
			if wantPage, wantPer := max(page, 1), cmp.Or(perPage, marquee.AdminFestivalsPerPage); p.Page != wantPage || p.PerPage != wantPer {
				t.Fatalf("status %q: page %d of %d, want %d of %d", status, p.Page, p.PerPage, wantPage, wantPer)
			}
		}
		check("", 0, 0, []string{"five-fest", "four-fest", "three-fest", "two-fest", "one-fest"}, 5)
		check("", 2, 2, []string{"three-fest", "two-fest"}, 5)
		check("", 3, 2, []string{"one-fest"}, 5)
		check(marquee.FestivalPending, 1, 20, []string{"five-fest", "four-fest", "three-fest"}, 3)
		check(marquee.FestivalApproved, 1, 20, []string{"one-fest"}, 1)
		check(marquee.FestivalRejected, 1, 20, []string{"two-fest"}, 1)
		check(marquee.FestivalRejected, 2, 20, []string{}, 1)
		// An unknown status is refused when the filter is read, before the store.
		var f marquee.FieldErrors
		if s := marquee.ParseFestivalStatusFilter("lost", &f); s != marquee.FestivalPending || marquee.ErrorCode(f.Err()) != marquee.EInvalid || !f.Has("status") {
			t.Fatalf("unknown status: %q %v", s, f.Err())
		}
	})
}
