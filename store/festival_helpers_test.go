package store_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// festivalNow is the fixed "now" of the festival tests: 2026-03-01.
var festivalNow = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// setNow makes the clock of db's services read t.
func setNow(db *storetest.DB, t time.Time) { db.Clock.Set(t) }

// newOrganiser creates a filmmaker account to own festivals.
func newOrganiser(t testing.TB, db *storetest.DB, email string) *marquee.User {
	t.Helper()
	u, err := db.Users.CreateUser(context.Background(), store.UserRecord{Email: email, Name: "Org", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// adminEmail is the account adminCtx signs in as.
const adminEmail = "reviewer@example.com"

// adminCtx returns a context signed in as a real admin account of db,
// creating it on the first call (later calls, also through another handle
// on the same database, find it).
func adminCtx(t testing.TB, db *storetest.DB) context.Context {
	t.Helper()
	ctx := context.Background()
	u, err := db.Users.FindUserByEmail(ctx, adminEmail)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		u, err = db.Users.CreateUser(ctx, store.UserRecord{Email: adminEmail, Name: "Reviewer", PasswordHash: "h", Role: marquee.RoleAdmin})
	}
	if err != nil {
		t.Fatal(err)
	}
	return storetest.AsUser(ctx, u)
}

// as returns a context signed in as u.
func as(u *marquee.User) context.Context { return storetest.AsUser(context.Background(), u) }

// festivalDetails returns valid details named name, running in September 2026.
func festivalDetails(name string) marquee.FestivalDetails {
	return marquee.FestivalDetails{
		Name: name, Description: "A festival of films.", Location: "Main Hall", Country: "GB", City: "London",
		Website: "https://example.org", StartDate: "2026-09-01", EndDate: "2026-09-07", ContactEmail: "team@example.org",
	}
}

// deadlines returns early/regular/late tiers on the given dates with fees 10, 20, 30.
func deadlines(early, regular, late string) []marquee.Deadline {
	return []marquee.Deadline{
		{Tier: marquee.TierEarly, Date: early, Fee: 10},
		{Tier: marquee.TierRegular, Date: regular, Fee: 20},
		{Tier: marquee.TierLate, Date: late, Fee: 30},
	}
}

// mustCreate registers a festival as organiser.
func mustCreate(t testing.TB, db *storetest.DB, organiser *marquee.User, d marquee.FestivalDetails) *marquee.Festival {
	t.Helper()
	f, err := db.Festivals.Create(as(organiser), d)
	if err != nil {
		t.Fatalf("create festival %q: %v", d.Name, err)
	}
	return f
}

// approve approves festival id as db's admin.
func approve(t testing.TB, db *storetest.DB, id int64) *marquee.Festival {
	t.Helper()
	f, err := db.Festivals.Approve(adminCtx(t, db), id)
	if err != nil {
		t.Fatalf("approve festival %d: %v", id, err)
	}
	return f
}

// reject rejects festival id as db's admin.
func reject(t testing.TB, db *storetest.DB, id int64, reason string) *marquee.Festival {
	t.Helper()
	f, err := db.Festivals.Reject(adminCtx(t, db), id, reason)
	if err != nil {
		t.Fatalf("reject festival %d: %v", id, err)
	}
	return f
}

func wantCode(t testing.TB, err error, code string) {
	t.Helper()
	if got := marquee.ErrorCode(err); got != code {
		t.Fatalf("got error %v (code %q), want code %q", err, got, code)
	}
}

func slugsOf(fs []*marquee.Festival) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Slug)
	}
	return out
}

func describe(f *marquee.Festival) string {
	return fmt.Sprintf("%s v%d %s next=%q", f.Slug, f.Version, f.Status, f.NextDeadline)
}

func timeMinutes(n int) time.Duration { return time.Duration(n) * time.Minute }

func runtimeProcs() int { return runtime.GOMAXPROCS(0) }
