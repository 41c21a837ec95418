package store_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
)

// festivalNow is the fixed "now" of the festival tests: 2026-03-01.
var festivalNow = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// setNow makes db's clock read t.
func setNow(db *store.DB, t time.Time) { db.Now = func() time.Time { return t } }

// newOrganiser creates a filmmaker account to own festivals.
func newOrganiser(t testing.TB, db *store.DB, email string) *marquee.User {
	t.Helper()
	u, err := db.CreateUser(context.Background(), store.NewUser{Email: email, Name: "Org", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

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

func mustCreate(t testing.TB, db *store.DB, organiserID int64, d marquee.FestivalDetails) *marquee.Festival {
	t.Helper()
	f, err := db.CreateFestival(context.Background(), organiserID, d)
	if err != nil {
		t.Fatalf("create festival %q: %v", d.Name, err)
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
