package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// emails returns the addresses of a page's users, in order.
func emails(p *marquee.Page[*marquee.User]) []string {
	out := make([]string, len(p.Items))
	for i, u := range p.Items {
		out[i] = u.Email
	}
	return out
}

func TestSearchUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		admin := countingAdmin()
		for _, u := range []struct{ email, name string }{
			{"hanako.yamada@example.jp", "山田花子"},
			{"wei.zhang@example.cn", "张伟"},
			{"taro@example.jp", "田中太郎"},
			{"ann.lee@studio.example", "Ann Lee"},
			{"tanaka@example.com", "Émile Tanaka"},
		} {
			if _, err := db.Users.CreateUser(ctx, store.UserRecord{Email: u.email, Name: u.name, PasswordHash: "h"}); err != nil {
				t.Fatal(err)
			}
		}
		search := func(q string) []string {
			t.Helper()
			p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: q})
			if err != nil {
				t.Fatalf("search %q: %v", q, err)
			}
			if p.Total != int64(len(p.Items)) || p.TotalCapped {
				t.Fatalf("search %q: total %d (capped %v) for %d items", q, p.Total, p.TotalCapped, len(p.Items))
			}
			return emails(p)
		}
		for _, c := range []struct {
			q    string
			want string
		}{
			{"YAMADA@EX", "hanako.yamada@example.jp"}, // part of an e-mail, any case
			{"studio.ex", "ann.lee@studio.example"},
			{"n lE", "ann.lee@studio.example"},  // part of a name across the space, any case
			{"田花子", "hanako.yamada@example.jp"}, // CJK, three characters
			{"中太郎", "taro@example.jp"},
			{"张伟", "wei.zhang@example.cn"}, // CJK, a two-character name from its start
			{"田中", "taro@example.jp"},
			{"ta", "taro@example.jp tanaka@example.com"}, // short: the start of the e-mail or name
			{"émile", "tanaka@example.com"},
			{"example", "tanaka@example.com ann.lee@studio.example taro@example.jp wei.zhang@example.cn hanako.yamada@example.jp"}, // newest first
			{"nobody", ""},
			{`"x`, ""}, // FTS5 syntax in the query is literal text
			{"a*", ""},
		} {
			got := strings.Join(search(c.q), " ")
			if c.q == "ta" {
				// Order of the short path is newest first too.
				if got != "tanaka@example.com taro@example.jp" {
					t.Errorf("search %q = %q, want %q", c.q, got, "tanaka@example.com taro@example.jp")
				}
				continue
			}
			if got != c.want {
				t.Errorf("search %q = %q, want %q", c.q, got, c.want)
			}
		}

		// A changed name or address is found by its new text, not its old.
		u, _ := db.Users.FindUserByEmail(ctx, "ann.lee@studio.example")
		if err := db.ExecForTest(ctx, `UPDATE users SET name = ?, email = ? WHERE id = ?`, "Annabel Cho", "annabel@films.example", u.ID); err != nil {
			t.Fatal(err)
		}
		if got := search("bel ch"); len(got) != 1 || got[0] != "annabel@films.example" {
			t.Errorf("after rename: %v", got)
		}
		if got := search("films.exa"); len(got) != 1 {
			t.Errorf("after new address: %v", got)
		}
		if got := search("ann lee"); len(got) != 0 {
			t.Errorf("old name still found: %v", got)
		}
		if got := search("studio.ex"); len(got) != 0 {
			t.Errorf("old address still found: %v", got)
		}
		// Other updates (role, credits) leave the search as it is.
		if err := db.Users.SetRole(ctx, u.ID, marquee.RoleOrganiser); err != nil {
			t.Fatal(err)
		}
		if got := search("annabel"); len(got) != 1 {
			t.Errorf("after role change: %v", got)
		}
	})
}

func TestSearchUsersCountIsCapped(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		admin := countingAdmin()
		db.Clock.Set(time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC))
		if err := db.Users.SeedUsers(ctx, marquee.CountCap+5, store.SeedUsersOptions{PasswordHash: "h", Span: 24 * time.Hour}); err != nil {
			t.Fatal(err)
		}
		// Every seeded address matches: the count stops past the cap.
		p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: "example.test", PageRequest: marquee.PageRequest{Page: 1, PerPage: 3}})
		if err != nil || p.Total != marquee.CountCap || !p.TotalCapped || len(p.Items) != 3 {
			t.Fatalf("broad search: %+v, %v", p, err)
		}
		last := fmt.Sprintf("seed-%07d@example.test", marquee.CountCap+5)
		if p.Items[0].Email != last {
			t.Fatalf("newest first: %v", emails(p))
		}
		// Exactly the cap is an exact count.
		p, err = db.Users.ListUsers(admin, marquee.UserFilter{Query: "Filmmaker 1", PageRequest: marquee.PageRequest{Page: 1, PerPage: 3}})
		if err != nil || p.TotalCapped || p.Total != 1+10+100+1000+6 { // 1, 10-19, 100-199, 1000-1999, 10000-10005
			t.Fatalf("narrow search: total %d capped %v, %v", p.Total, p.TotalCapped, err)
		}
		// Short queries are capped too.
		p, err = db.Users.ListUsers(admin, marquee.UserFilter{Query: "s", PageRequest: marquee.PageRequest{Page: 2, PerPage: 3}})
		if err != nil || p.Total != marquee.CountCap || !p.TotalCapped || len(p.Items) != 3 || p.Page != 2 {
			t.Fatalf("short search: %+v, %v", p, err)
		}
		// The whole list counts exactly.
		p, err = db.Users.ListUsers(admin, marquee.UserFilter{PageRequest: marquee.PageRequest{Page: 1, PerPage: 3}})
		if err != nil || p.TotalCapped || p.Total != marquee.CountCap+5 {
			t.Fatalf("all users: total %d capped %v, %v", p.Total, p.TotalCapped, err)
		}
	})
}
