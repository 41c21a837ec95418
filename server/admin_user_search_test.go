package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// A search with more than 10,000 matches answers total 10000 with
// totalCapped; a narrower one an exact total without it.
func TestAdminUserSearchCapped(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		if err := db.Users.SeedUsers(context.Background(), marquee.CountCap+1, store.SeedUsersOptions{PasswordHash: "h", Span: time.Hour}); err != nil {
			t.Fatal(err)
		}
		admin := s.admin()
		r := s.do(call{method: "GET", path: "/api/v1/admin/users?q=example.test", token: admin})
		pageOf(t, r, marquee.CountCap, 1, 50, 50)
		if field(r, "totalCapped") != true {
			t.Fatalf("broad search not marked capped: %.200s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/users?q=seed-000999", token: admin})
		pageOf(t, r, 10, 1, 50, 10) // 0009990-0009999
		if _, ok := field(r, "totalCapped").(bool); ok {
			t.Fatalf("narrow search marked capped: %.200s", r.raw)
		}
		// The whole list is counted exactly (10,001 seeded and the admin).
		r = s.do(call{method: "GET", path: "/api/v1/admin/users", token: admin})
		pageOf(t, r, marquee.CountCap+2, 1, 50, 50)
	})
}
