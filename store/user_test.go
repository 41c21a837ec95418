package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		u, err := db.CreateUser(ctx, store.NewUser{Email: "  Ada@Example.COM ", Name: " Ada ", PasswordHash: "h1"})
		if err != nil {
			t.Fatal(err)
		}
		if u.ID == 0 || u.Email != "ada@example.com" || u.Name != "Ada" || u.Role != marquee.RoleFilmmaker || u.Credits != 0 {
			t.Fatalf("unexpected user %+v", u)
		}
		if _, err := db.CreateUser(ctx, store.NewUser{Email: "ADA@example.com", PasswordHash: "h2"}); marquee.ErrorCode(err) != marquee.EEmailTaken {
			t.Fatalf("duplicate email (other case): got %v, want email_taken", err)
		}
		if _, err := db.CreateUser(ctx, store.NewUser{Email: "x@example.com", PasswordHash: "h", Role: "king"}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("bad role: got %v", err)
		}
		got, err := db.FindUserByEmail(ctx, "ADA@EXAMPLE.COM")
		if err != nil || got.ID != u.ID || got.PasswordHash != "h1" {
			t.Fatalf("FindUserByEmail = %+v, %v", got, err)
		}
		if _, err := db.FindUserByEmail(ctx, "nobody@example.com"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing user: %v", err)
		}
		if _, err := db.FindUserByID(ctx, 9999); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing id: %v", err)
		}
		if err := db.UpdatePassword(ctx, u.ID, "h3"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetRole(ctx, u.ID, marquee.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		if err := db.SetRole(ctx, 9999, marquee.RoleAdmin); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("SetRole missing: %v", err)
		}
		accepted, err := db.AcceptTerms(ctx, u.ID)
		if err != nil || accepted.TermsAcceptedAt == nil {
			t.Fatalf("AcceptTerms = %+v, %v", accepted, err)
		}
		got, _ = db.FindUserByID(ctx, u.ID)
		if got.PasswordHash != "h3" || got.Role != marquee.RoleAdmin || !got.CreatedAt.Equal(u.CreatedAt) {
			t.Fatalf("after updates: %+v", got)
		}
	})
}

func TestListUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		for i, e := range []string{"ann@example.com", "bob@example.com", "cat_100%@example.com"} {
			db.Now = func() time.Time { return base.Add(time.Duration(i) * time.Hour) }
			if _, err := db.CreateUser(ctx, store.NewUser{Email: e, Name: "Name " + e[:3], PasswordHash: "h"}); err != nil {
				t.Fatal(err)
			}
		}
		users, total, err := db.ListUsers(ctx, store.UserFilter{})
		if err != nil || total != 3 || len(users) != 3 || users[0].Email != "cat_100%@example.com" {
			t.Fatalf("ListUsers = %d users, total %d, %v", len(users), total, err)
		}
		users, total, _ = db.ListUsers(ctx, store.UserFilter{Query: "BOB"})
		if total != 1 || users[0].Email != "bob@example.com" {
			t.Fatalf("search bob: %d %v", total, users)
		}
		// Names match regardless of case.
		users, total, _ = db.ListUsers(ctx, store.UserFilter{Query: "NAME BOB"})
		if total != 1 || users[0].Email != "bob@example.com" {
			t.Fatalf("search name: %d %v", total, users)
		}
		// LIKE wildcards in the query are literal.
		_, total, _ = db.ListUsers(ctx, store.UserFilter{Query: "%"})
		if total != 1 {
			t.Fatalf("search %%: total %d, want 1", total)
		}
		users, total, _ = db.ListUsers(ctx, store.UserFilter{Limit: 1, Offset: 1})
		if total != 3 || len(users) != 1 || users[0].Email != "bob@example.com" {
			t.Fatalf("paging: %d %v", total, users)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
		db.Now = func() time.Time { return now }
		u, _ := db.CreateUser(ctx, store.NewUser{Email: "s@example.com", PasswordHash: "h"})
		if _, err := db.CreateSession(ctx, u.ID, "hash-a", time.Hour, "agent", "127.0.0.1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateSession(ctx, u.ID, "hash-b", time.Hour, "agent", "127.0.0.1"); err != nil {
			t.Fatal(err)
		}
		got, err := db.FindSessionUser(ctx, "hash-a")
		if err != nil || got.ID != u.ID {
			t.Fatalf("FindSessionUser = %v, %v", got, err)
		}
		if _, err := db.FindSessionUser(ctx, "nope"); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("unknown token: %v", err)
		}
		if err := db.DeleteUserSessions(ctx, u.ID, "hash-a"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.FindSessionUser(ctx, "hash-b"); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("other session survived: %v", err)
		}
		now = now.Add(2 * time.Hour)
		if _, err := db.FindSessionUser(ctx, "hash-a"); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("expired session accepted: %v", err)
		}
		if n, err := db.DeleteExpiredSessions(ctx); err != nil || n != 1 {
			t.Fatalf("DeleteExpiredSessions = %d, %v", n, err)
		}
		if err := db.DeleteSession(ctx, "hash-a"); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDashboardSignupsByMonth(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		// Users in Jan 2026 (2), Nov 2025 (1), Jun 2025 (1), and Oct 2025 (just outside twelve months of Nov 2026).
		for i, at := range []time.Time{
			time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			time.Date(2026, 1, 31, 23, 59, 59, 0, time.UTC),
			time.Date(2025, 12, 31, 23, 59, 59, 999000000, time.UTC),
			time.Date(2025, 11, 30, 10, 0, 0, 0, time.UTC),
			time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC),
		} {
			db.Now = func() time.Time { return at }
			if _, err := db.CreateUser(ctx, store.NewUser{Email: string(rune('a'+i)) + "@example.com", PasswordHash: "h"}); err != nil {
				t.Fatal(err)
			}
		}
		db.Now = func() time.Time { return time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC) }
		s, err := db.Dashboard(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if s.TotalUsers != 5 || s.UsersThisMonth != 1 || len(s.SignupsByMonth) != 12 {
			t.Fatalf("summary %+v", s)
		}
		want := map[string]int64{"2025-12": 1, "2026-01": 2, "2026-11": 1}
		if s.SignupsByMonth[0].Month != "2025-12" || s.SignupsByMonth[11].Month != "2026-11" {
			t.Fatalf("months %v", s.SignupsByMonth)
		}
		for _, m := range s.SignupsByMonth {
			if m.Users != want[m.Month] {
				t.Errorf("%s: %d users, want %d", m.Month, m.Users, want[m.Month])
			}
		}
	})
}

func TestUpsertAdmin(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		created, err := db.UpsertAdmin(ctx, "Boss@Example.com", "Boss", "h1")
		if err != nil || !created {
			t.Fatalf("first UpsertAdmin = %v, %v", created, err)
		}
		u, _ := db.FindUserByEmail(ctx, "boss@example.com")
		if u.Role != marquee.RoleAdmin || u.PasswordHash != "h1" || u.Name != "Boss" {
			t.Fatalf("created %+v", u)
		}
		f, _ := db.CreateUser(ctx, store.NewUser{Email: "film@example.com", PasswordHash: "old"})
		created, err = db.UpsertAdmin(ctx, "FILM@example.com", "ignored", "new")
		if err != nil || created {
			t.Fatalf("promote = %v, %v", created, err)
		}
		u, _ = db.FindUserByID(ctx, f.ID)
		if u.Role != marquee.RoleAdmin || u.PasswordHash != "new" || u.Name != "film" && u.Name != "" {
			t.Fatalf("promoted %+v", u)
		}
	})
}
