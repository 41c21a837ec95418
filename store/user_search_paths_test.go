package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// userSearchFixture fills db with 240 seeded filmmakers (seed-0000001@
// example.test, "Filmmaker 1", ...) and accounts of every role whose
// names need Unicode case folding or hold FTS5 and LIKE syntax, and
// returns every account, newest first.
func userSearchFixture(t *testing.T, db *storetest.DB) []*marquee.User {
	t.Helper()
	ctx := context.Background()
	db.Clock.Set(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC))
	if err := db.Users.SeedUsers(ctx, 240, store.SeedUsersOptions{PasswordHash: "h", Span: 24 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []struct {
		email, name string
		role        marquee.Role
	}{
		{"elodie.durand@example.fr", "ÉLODIE Durand", marquee.RoleFilmmaker},
		{"asa@example.se", "Åsa ÖBERG", marquee.RoleOrganiser},
		{"sokrates@example.gr", "ΣΩΚΡΆΤΗΣ Papadopoulos", marquee.RoleFilmmaker},
		{"hanako@example.jp", "山田花子", marquee.RoleAdmin},
		{"obrien@example.ie", `Seán O"Brien`, marquee.RoleFilmmaker},
		{"star@example.com", "a*b Studio", marquee.RoleOrganiser},
		{"pct@example.com", "100%_sure Films", marquee.RoleFilmmaker},
		{"back@example.com", `Back\slash`, marquee.RoleAdmin},
		{"tanaka@example.com", "Émile Tanaka", marquee.RoleOrganiser},
		{"Filmmaker.7@Studio.example", "Seed Look-alike 123", marquee.RoleFilmmaker},
	} {
		db.Clock.Set(db.Clock.Now().Add(time.Minute))
		if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: u.email, Name: u.name, PasswordHash: "h", Role: u.role}); err != nil {
			t.Fatal(err)
		}
	}
	all, err := db.Users.ListUsers(countingAdmin(), marquee.UserFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 1000}})
	if err != nil || len(all.Items) != 250 {
		t.Fatalf("fixture: %d users, %v", len(all.Items), err)
	}
	users := slices.Clone(all.Items)
	slices.SortFunc(users, func(a, b *marquee.User) int { return int(b.ID - a.ID) })
	return users
}

// searchReference is the search's meaning, whatever the database and the
// path: the accounts whose e-mail or name contains the query ignoring
// case (starts with it, for one or two characters), of role when it is
// not "", newest account first.
func searchReference(users []*marquee.User, query string, role marquee.Role) []string {
	q := strings.ToLower(strings.TrimSpace(query))
	match := strings.Contains
	if utf8.RuneCountInString(q) < 3 {
		match = strings.HasPrefix
	}
	var out []string
	for _, u := range users {
		if role != "" && u.Role != role {
			continue
		}
		if match(strings.ToLower(u.Email), q) || match(strings.ToLower(u.Name), q) {
			out = append(out, u.Email)
		}
	}
	return out
}

// searchQueries are parts of e-mails and names of userSearchFixture's
// accounts, in other cases, and text no account holds.
var searchQueries = []string{
	"123@exa", "0000012", "seed-00002", "Filmmaker 1", "filmmaker 23", "MAKER 2", "example.test", "ilm", "test", ".te",
	"élodie", "ÉLODIE", "lodie d", "åsa", "ÖBERG", "σωκρ", "ΣΩΚ", "花子", "山田花子", "田花",
	`o"br`, `"x`, "a*", "a*b", "100%", "%_s", "_su", `\s`, `k\`, "nobody", "zzz", "0000999",
	"s", "se", "SE", "é", "él", "ÉL", "Å", "ö", "σ", "山", "fi", "F", "7", "@", ".",
}

// TestSearchUsersMeansTheSameOnEveryPath runs every query of a set, with
// every role filter, page by page, against a reference, on both
// databases, with the probes' bounds at their defaults and lowered so that
// each path of SQLite's search is taken: rare trigrams (one or two), the
// second, wider probe, a role of few accounts read whole, the phrase (the
// bound of 1 makes every trigram common), the phrase joined with the role.
func TestSearchUsersMeansTheSameOnEveryPath(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		users := userSearchFixture(t, db)
		admin := countingAdmin()
		for _, bounds := range [][2]int{{0, 0}, {1, 1}, {3, 8}, {12, 60}, {40, 400}} {
			db.Users.SetSearchBoundsForTest(bounds[0], bounds[1])
			for _, q := range searchQueries {
				for _, role := range []marquee.Role{"", marquee.RoleFilmmaker, marquee.RoleOrganiser, marquee.RoleAdmin} {
					want := searchReference(users, q, role)
					for page := 1; page <= 3; page++ {
						p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: q, Role: role, PageRequest: marquee.PageRequest{Page: page, PerPage: 7}})
						if err != nil {
							t.Fatalf("bounds %v, %q of role %q: %v", bounds, q, role, err)
						}
						from, to := min(7*(page-1), len(want)), min(7*page, len(want))
						if got := emails(p); !slices.Equal(got, want[from:to]) || p.Total != int64(len(want)) || p.TotalCapped || p.Page != page {
							t.Errorf("bounds %v, %q of role %q, page %d: %v (total %d), want %v (total %d)", bounds, q, role, page, got, p.Total, want[from:to], len(want))
						}
						if to == len(want) {
							break
						}
					}
				}
			}
		}
	})
}

// TestSearchIndexFollowsAccounts checks that the search finds an account
// by its new name and address after a change, and that a deleted
// account's name and address find nothing, whichever path is taken.
func TestSearchIndexFollowsAccounts(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		users := userSearchFixture(t, db)
		admin := countingAdmin()
		const pw = "quinta password 1"
		victim, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "quinta.vexley@example.com", Name: "Quinta Vexley", PasswordHash: hashPassword(t, pw)})
		if err != nil {
			t.Fatal(err)
		}
		renamed, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "old.address@example.org", Name: "Old Name", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.ExecForTest(ctx, `UPDATE users SET name = ?, email = ? WHERE id = ?`, "Ximena Qorvath", "ximena@films.example", renamed.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.DeleteAccount(as(victim), marquee.AccountDeletion{Password: pw}); err != nil {
			t.Fatal(err)
		}
		deleted, err := db.Users.FindUser(ctx, victim.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, bounds := range [][2]int{{0, 0}, {1, 1}, {3, 8}} {
			db.Users.SetSearchBoundsForTest(bounds[0], bounds[1])
			for _, c := range []struct {
				q    string
				want []string
			}{
				{"ximena qor", []string{"ximena@films.example"}},
				{"FILMS.EXA", []string{"ximena@films.example"}},
				{"xi", []string{"ximena@films.example"}},
				{"old name", nil},
				{"old.address", nil},
				{"ol", nil},
				{"quinta", nil},
				{"vexley", nil},
				{"xley@exa", nil},
				{"qu", nil},
				{deleted.Email, []string{deleted.Email}}, // the anonymised account keeps its new, impersonal address
			} {
				p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: c.q})
				if err != nil {
					t.Fatal(err)
				}
				if got := emails(p); !slices.Equal(got, c.want) || p.Total != int64(len(c.want)) {
					t.Errorf("bounds %v, %q: %v (total %d), want %v", bounds, c.q, got, p.Total, c.want)
				}
			}
		}
		// The other accounts are found as before.
		want := searchReference(users, "filmmaker 23", "")
		p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: "filmmaker 23", PageRequest: marquee.PageRequest{Page: 1, PerPage: 50}})
		if err != nil || !slices.Equal(emails(p), want) {
			t.Fatalf("after the changes: %v %v, want %v", emails(p), err, want)
		}
	})
}

// TestSeedUsersLeavesOneSearchSegment checks that the seed's bulk insert
// fills the search index and merges it: FTS5 keeps one segment, which
// each trigram lookup reads once, instead of one per batch.
func TestSeedUsersLeavesOneSearchSegment(t *testing.T) {
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	ctx := context.Background()
	if err := db.Users.SeedUsers(ctx, 1600, store.SeedUsersOptions{PasswordHash: "h", Span: 24 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	segments, err := db.Int64ForTest(ctx, `SELECT COUNT(DISTINCT segid) FROM users_search_idx`)
	if err != nil || segments != 1 {
		t.Fatalf("%d segments after the seed, want 1 (%v)", segments, err)
	}
	indexed, err := db.Int64ForTest(ctx, `SELECT COUNT(*) FROM users_search WHERE users_search MATCH '"example.test"'`)
	if err != nil || indexed != 1600 {
		t.Fatalf("%d seeded accounts indexed, want 1600 (%v)", indexed, err)
	}
	p, err := db.Users.ListUsers(countingAdmin(), marquee.UserFilter{Query: "seed-0001234@"})
	if err != nil || len(p.Items) != 1 || p.Items[0].Name != fmt.Sprint("Filmmaker ", 1234) {
		t.Fatalf("search after the seed: %+v %v", p, err)
	}
}

// TestSearchUsersWalk: a search whose trigrams are all common reads the
// newest accounts in order (the walk) and answers as the index does,
// exactly when the walk reads every account, through the index when the
// walk stops short; a search this node knows to match past the count's
// cap pages through the walk without counting ('10,000+').
func TestSearchUsersWalk(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		users := userSearchFixture(t, db)
		admin := countingAdmin()
		for _, walk := range []int{0, 5, 60} {
			db.Users.SetSearchWalkForTest(walk)
			for _, bounds := range [][2]int{{0, 0}, {1, 1}} {
				db.Users.SetSearchBoundsForTest(bounds[0], bounds[1])
				for _, q := range []string{"example.test", "Filmmaker 1", "seed-00002", "lodie d", "nobody", "EXAMPLE"} {
					for _, role := range []marquee.Role{"", marquee.RoleFilmmaker, marquee.RoleOrganiser} {
						want := searchReference(users, q, role)
						for page := 1; page <= 3; page++ {
							p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: q, Role: role, PageRequest: marquee.PageRequest{Page: page, PerPage: 7}})
							if err != nil {
								t.Fatal(err)
							}
							from, to := min(7*(page-1), len(want)), min(7*page, len(want))
							if got := emails(p); !slices.Equal(got, want[from:to]) || p.Total != int64(len(want)) || p.TotalCapped {
								t.Errorf("walk %d, bounds %v, %q of role %q, page %d: %v (total %d), want %v (total %d)", walk, bounds, q, role, page, got, p.Total, want[from:to], len(want))
							}
						}
					}
				}
			}
		}
		// Known to match past the cap: pages without a count, from the
		// walk, and from the index when the walk stops short.
		db.Users.SetSearchBoundsForTest(0, 0)
		for _, walk := range []int{0, 5} {
			db.Users.SetSearchWalkForTest(walk)
			// (A role of fewer accounts than the rare bound, as every role
			// here, is read whole and counted: not broad.)
			for _, role := range []marquee.Role{""} {
				db.Users.RememberBroadSearchForTest("example.test", role)
				want := searchReference(users, "example.test", role)
				for page := 1; page <= 4; page++ {
					p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: "example.test", Role: role, PageRequest: marquee.PageRequest{Page: page, PerPage: 7}})
					if err != nil {
						t.Fatal(err)
					}
					from, to := min(7*(page-1), len(want)), min(7*page, len(want))
					if got := emails(p); !slices.Equal(got, want[from:to]) || p.Total != marquee.CountCap || !p.TotalCapped {
						t.Errorf("broad, walk %d, role %q, page %d: %v (total %d, capped %v), want %v", walk, role, page, got, p.Total, p.TotalCapped, want[from:to])
					}
				}
			}
		}
	})
}
