package server_test

import (
	"slices"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// The admin dashboard carries the income per month (always a list); the
// seed's dashboard call keeps exactly the seed's keys.
func TestDashboardIncome(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		admin := s.admin()

		r := s.do(call{method: "GET", path: "/api/v1/admin/dashboard", token: admin})
		expect(t, r, 200, "")
		months, ok := field(r, "incomeByMonth").([]any)
		if !ok {
			t.Fatalf("incomeByMonth is not a list: %s", r.raw)
		}
		for _, m := range months {
			if mm := m.(map[string]any); mm["month"] == nil || mm["amountCents"] == nil {
				t.Fatalf("income month shape %v", mm)
			}
		}
		for _, k := range []string{"totalSubscriptions", "totalTransactions", "totalIncomeCents", "signupsByMonth"} {
			if _, ok := r.json[k]; !ok {
				t.Errorf("dashboard lacks %s", k)
			}
		}

		r = s.do(call{method: "GET", path: "/api/v1/dashboard/get", token: admin})
		expect(t, r, 200, "")
		data := field(r, "data").([]any)
		if len(r.json) != 2 || field(r, "success") != true || len(data) != 1 {
			t.Fatalf("seed dashboard: %s", r.raw)
		}
		var keys []string
		for k := range data[0].(map[string]any) {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if want := []string{"totalIncome", "totalSubscriptions", "totalTransactions", "totalUsers", "usersThisMonth"}; !slices.Equal(keys, want) {
			t.Fatalf("seed dashboard keys %v, want %v", keys, want)
		}
	})
}
