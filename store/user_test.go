package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// hashPassword hashes pw cheaply, for accounts whose password a test uses.
func hashPassword(t testing.TB, pw string) string {
	t.Helper()
	h, err := password.Hash(pw, storetest.FastPasswords)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// wantPassword fails unless hash is the hash of pw.
func wantPassword(t testing.TB, hash, pw string) {
	t.Helper()
	if ok, err := password.Verify(pw, hash); err != nil || !ok {
		t.Fatalf("stored hash does not verify %q: %v %v", pw, ok, err)
	}
}

// countingAdmin is a context signed in as an admin who is not stored: for
// the admin views that count users, so that the admin does not count.
// Those views read the admin from the context and write nothing about them.
func countingAdmin() context.Context {
	return storetest.AsUser(context.Background(), &marquee.User{ID: 1 << 40, Email: "onlooker@example.com", Role: marquee.RoleAdmin})
}

func TestUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		h1 := hashPassword(t, "first password")
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "  Ada@Example.COM ", Name: " Ada ", PasswordHash: h1})
		if err != nil {
			t.Fatal(err)
		}
		if u.ID == 0 || u.Email != "ada@example.com" || u.Name != "Ada" || u.Role != marquee.RoleFilmmaker || u.Credits != 0 {
			t.Fatalf("unexpected user %+v", u)
		}
		if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "ADA@example.com", PasswordHash: "h2"}); marquee.ErrorCode(err) != marquee.EEmailTaken {
			t.Fatalf("duplicate email (other case): got %v, want email_taken", err)
		}
		if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "x@example.com", PasswordHash: "h", Role: "king"}); marquee.ErrorCode(err) != marquee.EInvalid {
			t.Fatalf("bad role: got %v", err)
		}
		got, err := db.Users.FindUserByEmail(ctx, "ADA@EXAMPLE.COM")
		if err != nil || got.ID != u.ID || got.PasswordHash != h1 {
			t.Fatalf("FindUserByEmail = %+v, %v", got, err)
		}
		if _, err := db.Users.FindUserByEmail(ctx, "nobody@example.com"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing user: %v", err)
		}
		if _, err := db.Users.FindUser(ctx, 9999); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing id: %v", err)
		}
		// The current password must match; then the new one is stored.
		err = db.Users.ChangePassword(as(u), marquee.PasswordChange{CurrentPassword: "wrong password", NewPassword: "second password"}, "")
		if marquee.ErrorFields(err)["currentPassword"] != "Current password is incorrect" {
			t.Fatalf("wrong current password: %v", err)
		}
		if err := db.Users.ChangePassword(as(u), marquee.PasswordChange{CurrentPassword: "first password", NewPassword: "second password"}, ""); err != nil {
			t.Fatal(err)
		}
		if err := db.Users.SetRole(ctx, u.ID, marquee.RoleAdmin); err != nil {
			t.Fatal(err)
		}
		if err := db.Users.SetRole(ctx, 9999, marquee.RoleAdmin); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("SetRole missing: %v", err)
		}
		accepted, err := db.Users.AcceptTerms(as(u))
		if err != nil || accepted.TermsAcceptedAt == nil {
			t.Fatalf("AcceptTerms = %+v, %v", accepted, err)
		}
		got, _ = db.Users.FindUser(ctx, u.ID)
		if got.Role != marquee.RoleAdmin || !got.CreatedAt.Equal(u.CreatedAt) {
			t.Fatalf("after updates: %+v", got)
		}
		wantPassword(t, got.PasswordHash, "second password")
	})
}

func TestListUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		admin := countingAdmin()
		base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		for i, e := range []string{"ann@example.com", "bob@example.com", "cat_100%@example.com"} {
			db.Clock.Set(base.Add(time.Duration(i) * time.Hour))
			if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: e, Name: "Name " + e[:3], PasswordHash: "h"}); err != nil {
				t.Fatal(err)
			}
		}
		p, err := db.Users.ListUsers(admin, marquee.UserFilter{})
		if err != nil || p.Total != 3 || len(p.Items) != 3 || p.Items[0].Email != "cat_100%@example.com" ||
			p.Page != 1 || p.PerPage != marquee.AdminUsersPerPage {
			t.Fatalf("ListUsers = %+v, %v", p, err)
		}
		p, _ = db.Users.ListUsers(admin, marquee.UserFilter{Query: "BOB"})
		if p.Total != 1 || p.Items[0].Email != "bob@example.com" {
			t.Fatalf("search bob: %d %v", p.Total, p.Items)
		}
		// Names match regardless of case.
		p, _ = db.Users.ListUsers(admin, marquee.UserFilter{Query: "NAME BOB"})
		if p.Total != 1 || p.Items[0].Email != "bob@example.com" {
			t.Fatalf("search name: %d %v", p.Total, p.Items)
		}
		// LIKE wildcards in the query are literal.
		p, _ = db.Users.ListUsers(admin, marquee.UserFilter{Query: "00%"})
		if p.Total != 1 || p.Items[0].Email != "cat_100%@example.com" {
			t.Fatalf("search 00%%: %d %v", p.Total, p.Items)
		}
		p, _ = db.Users.ListUsers(admin, marquee.UserFilter{Query: "t_1"})
		if p.Total != 1 {
			t.Fatalf("search t_1: total %d, want 1", p.Total)
		}
		p, _ = db.Users.ListUsers(admin, marquee.UserFilter{PageRequest: marquee.PageRequest{Page: 2, PerPage: 1}})
		if p.Total != 3 || len(p.Items) != 1 || p.Items[0].Email != "bob@example.com" || p.Page != 2 || p.PerPage != 1 {
			t.Fatalf("paging: %+v", p)
		}
	})
}

func TestSessions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		now := time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC)
		db.Clock.Set(now)
		// Sessions that last an hour.
		svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords, SessionTTL: time.Hour})
		if err != nil {
			t.Fatal(err)
		}
		u, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "s@example.com", PasswordHash: hashPassword(t, "first password")})
		a, err := svc.Sessions.Start(ctx, u.ID, "agent", "127.0.0.1")
		if err != nil || a == "" {
			t.Fatal(a, err)
		}
		b, err := svc.Sessions.Start(ctx, u.ID, "agent", "127.0.0.1")
		if err != nil || b == a {
			t.Fatal(b, err)
		}
		got, err := svc.Sessions.User(ctx, a)
		if err != nil || got.ID != u.ID {
			t.Fatalf("User = %v, %v", got, err)
		}
		// A long user agent of multi-byte characters, with a byte that is
		// not UTF-8, is cut at a character: PostgreSQL refuses half of one.
		long := strings.Repeat("ブラウザ", 100) + "\xff"
		if c, err := svc.Sessions.Start(ctx, u.ID, long, "127.0.0.1"); err != nil || c == "" {
			t.Fatalf("Start with a long multi-byte user agent: %q, %v", c, err)
		}
		if c, err := svc.Sessions.Start(ctx, u.ID, "x"+strings.Repeat("é", 300), "127.0.0.1"); err != nil || c == "" {
			t.Fatalf("Start with a user agent cut at an odd byte: %q, %v", c, err)
		}
		if _, err := svc.Sessions.User(ctx, "nope"); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("unknown token: %v", err)
		}
		// Changing the password ends every other session.
		if err := svc.Users.ChangePassword(as(u), marquee.PasswordChange{CurrentPassword: "first password", NewPassword: "second password"}, a); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Sessions.User(ctx, b); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("other session survived: %v", err)
		}
		if got, err := svc.Sessions.User(ctx, a); err != nil || got.ID != u.ID {
			t.Fatalf("kept session: %v %v", got, err)
		}
		db.Clock.Set(now.Add(2 * time.Hour))
		if _, err := svc.Sessions.User(ctx, a); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("expired session accepted: %v", err)
		}
		if n, err := svc.Sessions.DeleteExpired(ctx); err != nil || n != 1 {
			t.Fatalf("DeleteExpired = %d, %v", n, err)
		}
		if err := svc.Sessions.End(ctx, a); err != nil {
			t.Fatal(err)
		}
	})
}

func TestDashboardSignupsByMonth(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		// Users in Jan 2026 (2), Dec 2025 (1), Nov 2025 (just outside the twelve months to Nov 2026) and Nov 2026 (1).
		for i, at := range []time.Time{
			time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
			time.Date(2026, 1, 31, 23, 59, 59, 0, time.UTC),
			time.Date(2025, 12, 31, 23, 59, 59, 999000000, time.UTC),
			time.Date(2025, 11, 30, 10, 0, 0, 0, time.UTC),
			time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC),
		} {
			db.Clock.Set(at)
			if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: string(rune('a'+i)) + "@example.com", PasswordHash: "h"}); err != nil {
				t.Fatal(err)
			}
		}
		db.Clock.Set(time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
		s, err := db.Users.Dashboard(countingAdmin())
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
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		created, err := db.Users.UpsertAdmin(ctx, "Boss@Example.com", "Boss", "first password")
		if err != nil || !created {
			t.Fatalf("first UpsertAdmin = %v, %v", created, err)
		}
		u, _ := db.Users.FindUserByEmail(ctx, "boss@example.com")
		if u.Role != marquee.RoleAdmin || u.Name != "Boss" {
			t.Fatalf("created %+v", u)
		}
		wantPassword(t, u.PasswordHash, "first password")
		f, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "film@example.com", PasswordHash: "old"})
		created, err = db.Users.UpsertAdmin(ctx, "FILM@example.com", "ignored", "new password")
		if err != nil || created {
			t.Fatalf("promote = %v, %v", created, err)
		}
		u, _ = db.Users.FindUser(ctx, f.ID)
		if u.Role != marquee.RoleAdmin || u.Name != "film" && u.Name != "" {
			t.Fatalf("promoted %+v", u)
		}
		wantPassword(t, u.PasswordHash, "new password")
		// It hashes, so it checks the password (and the address) first.
		if _, err := db.Users.UpsertAdmin(ctx, "boss@example.com", "Boss", "short"); marquee.ErrorFields(err)["password"] == "" {
			t.Fatalf("short password: %v", err)
		}
		if _, err := db.Users.UpsertAdmin(ctx, "not an address", "Boss", "long enough password"); marquee.ErrorFields(err)["email"] == "" {
			t.Fatalf("bad email: %v", err)
		}
	})
}
