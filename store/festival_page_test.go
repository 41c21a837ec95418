package store_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// TestPublicPageFollowsChangesOnAnyNode: a festival's public page is kept
// encoded by the node that serves it (the second read answers the same
// page without reading the festival again), and every change another
// node commits shows on the next read: an organiser's edit (a category's
// deadlines and fees, the criteria, a revision the admins approve), a
// promotion, the passing of a deadline, and the status: a festival that
// is not approved, or no longer, is not found, never its kept page.
func TestPublicPageFollowsChangesOnAnyNode(t *testing.T) {
	forEachTwoNodes(t, func(t *testing.T, a, b *storetest.DB) {
		ctx := context.Background()
		org := newOrganiser(t, b, "org@example.com")
		fest := mustCreate(t, b, org, festivalDetails("Lisbon Short Film Days"))
		// want is the page as node b encodes it now from the database.
		want := func() []byte {
			t.Helper()
			f, err := b.Festivals.Public(ctx, fest.Slug)
			if err != nil {
				t.Fatal(err)
			}
			p, err := marquee.EncodePublicFestivalPage(f)
			if err != nil {
				t.Fatal(err)
			}
			return p.JSON
		}
		// read is node a's page, which must equal want.
		read := func(step string) *marquee.PublicFestivalPage {
			t.Helper()
			p, err := a.Festivals.PublicPage(ctx, fest.Slug)
			if err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			if w := want(); !bytes.Equal(p.JSON, w) {
				t.Fatalf("%s: node a shows\n%s\nthe database holds\n%s", step, p.JSON, w)
			}
			return p
		}
		notFound := func(step string) {
			t.Helper()
			for range 2 {
				_, err := a.Festivals.PublicPage(ctx, fest.Slug)
				if marquee.ErrorCode(err) != marquee.ENotFound {
					t.Fatalf("%s: %v, want not found", step, err)
				}
			}
		}

		notFound("pending")
		if _, err := a.Festivals.PublicPage(ctx, "no-such-festival"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing festival: %v", err)
		}
		approve(t, b, fest.ID)
		first := read("approved")
		if again := read("read again"); again != first {
			t.Fatal("the second read encoded the page again: it was not kept")
		}
		if first.ETag == "" || first.ETag[0] != '"' {
			t.Fatalf("ETag %q", first.ETag)
		}

		cur, _ := b.Festivals.FestivalByID(ctx, fest.ID)
		cur, err := b.Festivals.ReplaceCategories(as(org), cur.Slug, cur.Version, []marquee.Category{
			{Name: "Shorts", Description: "Under 20 minutes.", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")}})
		if err != nil {
			t.Fatal(err)
		}
		p := read("categories and deadlines")
		if p.ETag == first.ETag || !bytes.Contains(p.JSON, []byte(`"current":{"tier":"early","date":"2026-04-01","fee":10}`)) {
			t.Fatalf("categories: %s (ETag %s, was %s)", p.JSON, p.ETag, first.ETag)
		}
		if cur, err = b.Festivals.ReplaceCategories(as(org), cur.Slug, cur.Version, []marquee.Category{
			{ID: cur.Categories[0].ID, Name: "Shorts", Description: "Under 20 minutes.", Deadlines: []marquee.Deadline{
				{Tier: marquee.TierEarly, Date: "2026-04-01", Fee: 15}, {Tier: marquee.TierRegular, Date: "2026-05-01", Fee: 20}}}}); err != nil {
			t.Fatal(err)
		}
		if p = read("a fee and a tier less"); !bytes.Contains(p.JSON, []byte(`"fee":15`)) {
			t.Fatalf("fee: %s", p.JSON)
		}
		if cur, err = b.Festivals.ReplaceCriteria(as(org), cur.Slug, cur.Version, []marquee.Criterion{{Name: "Story", Weight: 1, MaxScore: 10}}); err != nil {
			t.Fatal(err)
		}
		if p = read("criteria (not shown; the version moves)"); bytes.Contains(p.JSON, []byte("Story")) {
			t.Fatalf("criteria shown: %s", p.JSON)
		}

		// An organiser's edit of an approved festival waits for review;
		// the admins' approval publishes it.
		d := festivalDetails("Lisbon Short Film Days")
		d.City, d.Location = "Porto", "Batalha"
		if cur, err = b.Festivals.UpdateDetails(as(org), cur.Slug, cur.Version, d); err != nil {
			t.Fatal(err)
		}
		if p = read("revision pending"); bytes.Contains(p.JSON, []byte("Porto")) {
			t.Fatalf("a pending revision shown: %s", p.JSON)
		}
		if _, err := b.Festivals.ApproveRevision(adminCtx(t, b), cur.ID, cur.Revision.ID); err != nil {
			t.Fatal(err)
		}
		if p = read("revision approved"); !bytes.Contains(p.JSON, []byte(`"city":"Porto"`)) {
			t.Fatalf("approved revision not shown: %s", p.JSON)
		}

		// A promotion changes nothing the page shows: still right.
		grant(t, b.DB, org.ID, 1000)
		if _, err := b.Promotions.Start(as(org), fest.Slug, marquee.NewPromotion{Days: 7, Key: "page-1"}); err != nil {
			t.Fatal(err)
		}
		read("promotion")

		// The early deadline passes on node a's clock: the current tier
		// moves on although nothing was written.
		setNow(a, festivalNow.AddDate(0, 1, 5))
		setNow(b, festivalNow.AddDate(0, 1, 5))
		if p = read("a day after the early deadline"); !bytes.Contains(p.JSON, []byte(`"current":{"tier":"regular"`)) {
			t.Fatalf("tier of the day: %s", p.JSON)
		}

		reject(t, b, fest.ID, "Not a film festival")
		notFound("rejected")
		approve(t, b, fest.ID)
		read("approved again")
	})
}
