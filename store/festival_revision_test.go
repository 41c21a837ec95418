package store_test

import (
	"reflect"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// searchSlugs returns the slugs a public search for text finds.
func searchSlugs(t *testing.T, db *storetest.DB, text string) []string {
	t.Helper()
	p, err := db.Festivals.Search(as(nil), marquee.FestivalQuery{Text: text, Today: "2026-03-01"})
	if err != nil {
		t.Fatalf("search %q: %v", text, err)
	}
	return slugsOf(p.Items)
}

// TestFestivalRevisionApproved: renaming an approved festival (and its
// website and description) keeps the approved values public and in
// search, makes a pending revision the admin sees with the diff, and
// approving it publishes the new values (search finds the new name).
func TestFestivalRevisionApproved(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org, admin := as(u), adminCtx(t, db)
		f := mustCreate(t, db, u, festivalDetails("Cardiff Animation"))
		f = approve(t, db, f.ID)

		d := festivalDetails("Phishy Prize Draw")
		d.Website = "https://evil.example.net"
		d.Description = "Win a prize: log in here."
		d.EndDate = "2026-09-08" // applies at once
		ed, err := db.Festivals.UpdateDetails(org, f.Slug, f.Version, d)
		if err != nil {
			t.Fatal(err)
		}
		if ed.Status != marquee.FestivalApproved || ed.Name != "Cardiff Animation" || ed.Website != "https://example.org" ||
			ed.Description != "A festival of films." || ed.EndDate != "2026-09-08" || ed.Version != f.Version+1 {
			t.Fatalf("after the edit: %+v", ed.FestivalDetails)
		}
		want := []marquee.FieldChange{
			{Field: "name", Old: "Cardiff Animation", New: "Phishy Prize Draw"},
			{Field: "description", Old: "A festival of films.", New: "Win a prize: log in here."},
			{Field: "website", Old: "https://example.org", New: "https://evil.example.net"},
		}
		if ed.Revision == nil || ed.Revision.Status != marquee.RevisionPending || !reflect.DeepEqual(ed.Revision.Changes, want) {
			t.Fatalf("revision in the answer: %+v", ed.Revision)
		}
		pub, err := db.Festivals.Public(as(nil), f.Slug)
		if err != nil || pub.Name != "Cardiff Animation" || pub.Website != "https://example.org" || pub.Revision != nil {
			t.Fatalf("public page: %+v %v", pub, err)
		}
		if got := searchSlugs(t, db, "phishy"); len(got) != 0 {
			t.Fatalf("search finds the pending name: %v", got)
		}
		if got := searchSlugs(t, db, "cardiff"); !reflect.DeepEqual(got, []string{f.Slug}) {
			t.Fatalf("search for the approved name: %v", got)
		}
		// The organiser sees the pending values.
		m, err := db.Festivals.Managed(org, f.Slug)
		if err != nil || m.Revision == nil || m.Revision.Proposed(m.FestivalDetails).Name != "Phishy Prize Draw" || m.Name != "Cardiff Animation" {
			t.Fatalf("organiser's view: %+v %v", m, err)
		}
		// The admin's queue lists it with the diff; the pending list does not.
		q, err := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{Status: marquee.FestivalApproved, Revisions: true})
		if err != nil || q.Total != 1 || len(q.Items) != 1 || q.Items[0].Revision == nil || !reflect.DeepEqual(q.Items[0].Revision.Changes, want) {
			t.Fatalf("revision queue: %+v %v", q, err)
		}
		rev := q.Items[0].Revision
		if p, _ := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{Status: marquee.FestivalPending}); p.Total != 0 {
			t.Fatalf("pending list: %d", p.Total)
		}
		// Only an admin decides, and only on the revision they read.
		_, err = db.Festivals.ApproveRevision(org, f.ID, rev.ID)
		wantCode(t, err, marquee.EForbidden)
		_, err = db.Festivals.ApproveRevision(admin, f.ID, rev.ID+100)
		wantCode(t, err, marquee.EConflict)
		_, err = db.Festivals.ApproveRevision(admin, 9999, rev.ID)
		wantCode(t, err, marquee.ENotFound)

		app, err := db.Festivals.ApproveRevision(admin, f.ID, rev.ID)
		if err != nil || app.Name != "Phishy Prize Draw" || app.Website != "https://evil.example.net" || app.Revision != nil ||
			app.Version != ed.Version+1 || app.Status != marquee.FestivalApproved || app.EndDate != "2026-09-08" {
			t.Fatalf("approved revision: %+v %v", app, err)
		}
		if pub, _ := db.Festivals.Public(as(nil), f.Slug); pub.Name != "Phishy Prize Draw" {
			t.Fatalf("public after approval: %q", pub.Name)
		}
		if got := searchSlugs(t, db, "phishy"); !reflect.DeepEqual(got, []string{f.Slug}) {
			t.Fatalf("search after approval: %v", got)
		}
		if q, _ := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{Status: marquee.FestivalApproved, Revisions: true}); q.Total != 0 {
			t.Fatalf("queue after approval: %d", q.Total)
		}
		_, err = db.Festivals.ApproveRevision(admin, f.ID, rev.ID)
		wantCode(t, err, marquee.EConflict)
	})
}

// TestFestivalRevisionRejected: rejecting a revision keeps the approved
// values; the organiser reads the reason; a new edit replaces it, and an
// edit back to the approved values withdraws it.
func TestFestivalRevisionRejected(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org, admin := as(u), adminCtx(t, db)
		f := approve(t, db, mustCreate(t, db, u, festivalDetails("Cardiff Animation")).ID)

		ed, err := db.Festivals.UpdateDetails(org, f.Slug, f.Version, festivalDetails("Cardiff Anime"))
		if err != nil || ed.Revision == nil {
			t.Fatalf("edit: %+v %v", ed, err)
		}
		_, err = db.Festivals.RejectRevision(admin, f.ID, ed.Revision.ID, "  ")
		if marquee.ErrorFields(err)["reason"] != "Give a reason for the rejection" {
			t.Fatalf("empty reason: %v", err)
		}
		rej, err := db.Festivals.RejectRevision(admin, f.ID, ed.Revision.ID, "Not the festival's name")
		if err != nil || rej.Name != "Cardiff Animation" || rej.Revision == nil || rej.Revision.Status != marquee.RevisionRejected ||
			rej.Revision.RejectionReason != "Not the festival's name" || rej.Revision.ReviewedAt == nil {
			t.Fatalf("rejected: %+v %v", rej.Revision, err)
		}
		_, err = db.Festivals.ApproveRevision(admin, f.ID, ed.Revision.ID)
		wantCode(t, err, marquee.EConflict)
		if pub, _ := db.Festivals.Public(as(nil), f.Slug); pub.Name != "Cardiff Animation" {
			t.Fatalf("public after rejection: %q", pub.Name)
		}
		m, _ := db.Festivals.Managed(org, f.Slug)
		if m.Revision == nil || m.Revision.RejectionReason != "Not the festival's name" {
			t.Fatalf("organiser reads the reason: %+v", m.Revision)
		}
		if q, _ := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{Status: marquee.FestivalApproved, Revisions: true}); q.Total != 0 {
			t.Fatalf("a rejected revision is not in the queue: %d", q.Total)
		}
		// A new edit replaces it (one revision per festival), with a new id.
		ed2, err := db.Festivals.UpdateDetails(org, f.Slug, m.Version, festivalDetails("Cardiff Animation Festival"))
		if err != nil || ed2.Revision == nil || ed2.Revision.Status != marquee.RevisionPending || ed2.Revision.ID == ed.Revision.ID ||
			ed2.Revision.Changes[0].New != "Cardiff Animation Festival" {
			t.Fatalf("second edit: %+v %v", ed2.Revision, err)
		}
		ed3, err := db.Festivals.UpdateDetails(org, f.Slug, ed2.Version, festivalDetails("Cardiff Animation Festival 2026"))
		if err != nil || ed3.Revision == nil || len(ed3.Revision.Changes) != 1 {
			t.Fatalf("third edit: %+v %v", ed3.Revision, err)
		}
		// The admin approving the replaced revision is refused.
		_, err = db.Festivals.ApproveRevision(admin, f.ID, ed2.Revision.ID)
		wantCode(t, err, marquee.EConflict)
		// Back to the approved values: nothing waits.
		ed4, err := db.Festivals.UpdateDetails(org, f.Slug, ed3.Version, festivalDetails("Cardiff Animation"))
		if err != nil || ed4.Revision != nil {
			t.Fatalf("edit back: %+v %v", ed4.Revision, err)
		}
		if q, _ := db.Festivals.ListForReview(admin, marquee.FestivalReviewFilter{Status: marquee.FestivalApproved, Revisions: true}); q.Total != 0 {
			t.Fatalf("queue after withdrawal: %d", q.Total)
		}
	})
}

// TestFestivalRevisionOnlyPublicFacts: dates and categories of an approved
// festival change at once with no revision; a pending festival and an
// admin's edit apply directly; stale versions still conflict.
func TestFestivalRevisionOnlyPublicFacts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, festivalNow)
		u := newOrganiser(t, db, "org@example.com")
		org, admin := as(u), adminCtx(t, db)
		f := approve(t, db, mustCreate(t, db, u, festivalDetails("Cardiff Animation")).ID)

		d := festivalDetails("Cardiff Animation")
		d.StartDate, d.EndDate = "2026-10-01", "2026-10-05"
		ed, err := db.Festivals.UpdateDetails(org, f.Slug, f.Version, d)
		if err != nil || ed.Revision != nil || ed.StartDate != "2026-10-01" || ed.EndDate != "2026-10-05" {
			t.Fatalf("dates: %+v %v", ed, err)
		}
		cats := []marquee.Category{{Name: "Short film", Deadlines: deadlines("2026-05-01", "2026-06-01", "2026-07-01")}}
		ed, err = db.Festivals.ReplaceCategories(org, f.Slug, ed.Version, cats)
		if err != nil || len(ed.Categories) != 1 || ed.Revision != nil {
			t.Fatalf("categories: %+v %v", ed, err)
		}
		if pub, _ := db.Festivals.Public(as(nil), f.Slug); pub.StartDate != "2026-10-01" || len(pub.Categories) != 1 {
			t.Fatalf("public sees dates and categories at once: %+v", pub)
		}
		_, err = db.Festivals.UpdateDetails(org, f.Slug, f.Version, festivalDetails("Stale"))
		wantCode(t, err, marquee.EConflict)
		if m, _ := db.Festivals.Managed(org, f.Slug); m.Revision != nil {
			t.Fatalf("a refused edit left a revision: %+v", m.Revision)
		}
		// An admin's own edit is the review: it applies at once.
		d.City = "Swansea"
		ad, err := db.Festivals.UpdateDetails(admin, f.Slug, ed.Version, d)
		if err != nil || ad.City != "Swansea" || ad.Revision != nil {
			t.Fatalf("admin edit: %+v %v", ad, err)
		}
		// A pending festival is edited directly.
		p := mustCreate(t, db, u, festivalDetails("Newport Shorts"))
		pe, err := db.Festivals.UpdateDetails(org, p.Slug, p.Version, festivalDetails("Newport Short Films"))
		if err != nil || pe.Name != "Newport Short Films" || pe.Revision != nil || pe.Status != marquee.FestivalPending {
			t.Fatalf("pending edit: %+v %v", pe, err)
		}
	})
}
