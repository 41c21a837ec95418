package store_test

import (
	"context"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The services check who acts: a festival is managed by its organiser (and
// the admins) only, and is not found by anyone else.
func TestFestivalManagedByOrganiserOnly(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		org := newOrganiser(t, db, "org@example.com")
		other := newOrganiser(t, db, "other@example.com")
		f := mustCreate(t, db, org, festivalDetails("Glasgow Shorts"))

		_, err := db.Festivals.Managed(as(other), f.Slug)
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.UpdateDetails(as(other), f.Slug, f.Version, festivalDetails("Taken Over"))
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.ReplaceCategories(as(other), f.Slug, f.Version, []marquee.Category{})
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Festivals.ReplaceCriteria(as(other), f.Slug, f.Version, []marquee.Criterion{})
		wantCode(t, err, marquee.ENotFound)
		// The same answer as for a festival that does not exist.
		_, missing := db.Festivals.Managed(as(other), "no-such-festival")
		if marquee.ErrorMessage(err) != marquee.ErrorMessage(missing) {
			t.Fatalf("someone else's festival %q, a missing one %q", marquee.ErrorMessage(err), marquee.ErrorMessage(missing))
		}
		// A visitor must log in.
		_, err = db.Festivals.Managed(ctx, f.Slug)
		wantCode(t, err, marquee.EUnauthorized)
		if mine, err := db.Festivals.ListManaged(as(other)); err != nil || len(mine) != 0 {
			t.Fatalf("another organiser's list: %v %v", slugsOf(mine), err)
		}
		if got, _ := db.Festivals.FestivalByID(ctx, f.ID); got.Version != f.Version || got.Name != "Glasgow Shorts" {
			t.Fatalf("a refused edit changed the festival: %s", describe(got))
		}

		// The organiser and an admin may.
		if got, err := db.Festivals.Managed(as(org), f.Slug); err != nil || got.ID != f.ID {
			t.Fatalf("organiser: %v %v", got, err)
		}
		admin := adminCtx(t, db)
		if got, err := db.Festivals.Managed(admin, f.Slug); err != nil || got.ID != f.ID {
			t.Fatalf("admin: %v %v", got, err)
		}
		if got, err := db.Festivals.UpdateDetails(admin, f.Slug, f.Version, festivalDetails("Glasgow Short Film Festival")); err != nil || got.Version != f.Version+1 {
			t.Fatalf("admin edit: %v %v", got, err)
		}
	})
}

// Admin-only methods refuse everyone else: EForbidden for a signed-in
// user who is not an admin, EUnauthorized for a visitor.
func TestAdminOnly(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		org := newOrganiser(t, db, "org@example.com")
		f := mustCreate(t, db, org, festivalDetails("Dundee Film Days"))
		org, _ = db.Users.FindUser(ctx, org.ID) // an organiser now
		for _, c := range []struct {
			ctx  context.Context
			code string
		}{{as(org), marquee.EForbidden}, {ctx, marquee.EUnauthorized}} {
			_, err := db.Festivals.Approve(c.ctx, f.ID)
			wantCode(t, err, c.code)
			_, err = db.Festivals.Reject(c.ctx, f.ID, "No")
			wantCode(t, err, c.code)
			_, err = db.Festivals.ListForReview(c.ctx, marquee.FestivalReviewFilter{})
			wantCode(t, err, c.code)
			_, err = db.Users.ListUsers(c.ctx, marquee.UserFilter{})
			wantCode(t, err, c.code)
			_, err = db.Users.Dashboard(c.ctx)
			wantCode(t, err, c.code)
			_, err = db.Mail.List(c.ctx, marquee.MailFilter{})
			wantCode(t, err, c.code)
			_, err = db.Contact.List(c.ctx, marquee.ContactFilter{})
			wantCode(t, err, c.code)
			_, err = db.Contact.SetHandled(c.ctx, 1, true)
			wantCode(t, err, c.code)
		}
		if got, _ := db.Festivals.FestivalByID(ctx, f.ID); got.Status != marquee.FestivalPending || got.Version != f.Version {
			t.Fatalf("a refused review changed the festival: %s", describe(got))
		}
	})
}

// What acts for someone needs someone: a visitor gets EUnauthorized.
func TestVisitorMustLogIn(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, festivalNow)
		_, err := db.Reminders.Create(ctx, marquee.NewReminder{FestivalName: "Berlinale", Date: "2026-04-10", Preference: marquee.RemindDayOf}, "en")
		wantCode(t, err, marquee.EUnauthorized)
		_, err = db.Reminders.List(ctx)
		wantCode(t, err, marquee.EUnauthorized)
		wantCode(t, db.Reminders.Delete(ctx, 1), marquee.EUnauthorized)
		_, err = db.Festivals.Create(ctx, festivalDetails("Nobody's Festival"))
		wantCode(t, err, marquee.EUnauthorized)
		_, err = db.Festivals.ListManaged(ctx)
		wantCode(t, err, marquee.EUnauthorized)
		_, err = db.Users.AcceptTerms(ctx)
		wantCode(t, err, marquee.EUnauthorized)
		wantCode(t, db.Users.ChangePassword(ctx, marquee.PasswordChange{CurrentPassword: "a", NewPassword: "long enough password"}, ""), marquee.EUnauthorized)
		if n, _ := db.Festivals.Count(ctx); n != 0 {
			t.Fatalf("a visitor created %d festivals", n)
		}
	})
}
