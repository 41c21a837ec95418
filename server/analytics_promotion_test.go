package server_test

import (
	"strings"
	"testing"
)

const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"

func TestAnalyticsAndPromotionRoutes(t *testing.T) {
	db := sqliteDB(t)
	s := newFestivalServer(t, db)
	admin := s.admin()
	org := s.signUp("org@example.com", "organiser-password")
	other := s.signUp("other@example.com", "other-password")
	f := s.createFestival(org, nil)
	analytics := "/api/v1/manage/festivals/" + f.slug + "/analytics"

	// A pending festival's page is not public: its view is 404.
	beacon := call{method: "POST", path: "/api/v1/festivals/" + f.slug + "/views", body: `{"referrer":""}`, header: map[string]string{"User-Agent": browserUA}}
	expect(t, s.do(beacon), 404, "")
	s.approveFestival(admin, f)
	expect(t, s.do(beacon), 204, "")
	bot := beacon
	bot.header = map[string]string{"User-Agent": "Googlebot/2.1"}
	expect(t, s.do(bot), 204, "")

	// Analytics: visitors 401, other users 404, the organiser and admins 200.
	expect(t, s.do(call{method: "GET", path: analytics}), 401, "")
	expect(t, s.do(call{method: "GET", path: analytics, token: other}), 404, "")
	expect(t, s.do(call{method: "GET", path: analytics + "?range=1y", token: org}), 400, "")
	r := s.do(call{method: "GET", path: analytics + "?range=7d", token: org})
	expect(t, r, 200, "")
	if field(r, "totalViews") != float64(1) || field(r, "totalVisitors") != float64(1) {
		t.Fatalf("views: %s", r.raw)
	}
	expect(t, s.do(call{method: "GET", path: analytics, token: admin}), 200, "")
	csv := s.do(call{method: "GET", path: analytics + "/views.csv?range=7d", token: org})
	if csv.status != 200 || !strings.HasPrefix(csv.header.Get("Content-Type"), "text/csv") || !strings.Contains(string(csv.raw), "day,views,visitors") {
		t.Fatalf("csv: %d %s", csv.status, csv.raw)
	}
	expect(t, s.do(call{method: "GET", path: analytics + "/nothing.csv", token: org}), 404, "")
	expect(t, s.do(call{method: "GET", path: analytics + "/views.csv", token: other}), 404, "")

	// Promotion: prices are public; starting one needs a login and credits.
	prices := s.do(call{method: "GET", path: "/api/v1/promotion-prices"})
	expect(t, prices, 200, "")
	start := call{method: "POST", path: "/api/v1/manage/festivals/" + f.slug + "/promotions", body: `{"days":7,"key":"k-1"}`}
	expect(t, s.do(start), 401, "")
	start.token = other
	expect(t, s.do(start), 404, "")
	start.token = org
	expect(t, s.do(start), 402, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/manage/promotions", token: org}), 200, "")

	// Admin routes: 401 and 403 before the admin's 200.
	for _, c := range []call{
		{method: "GET", path: "/api/v1/admin/promotions"},
		{method: "GET", path: "/api/v1/admin/site-figures"},
		{method: "PUT", path: "/api/v1/admin/promotion-prices/7", body: `{"credits":5}`},
		{method: "POST", path: "/api/v1/admin/promotions/1/end", body: `{}`},
	} {
		expect(t, s.do(c), 401, "")
		c.token = org
		expect(t, s.do(c), 403, "")
	}
	expect(t, s.do(call{method: "PUT", path: "/api/v1/admin/promotion-prices/7", body: `{"credits":5}`, token: admin}), 200, "")
	expect(t, s.do(call{method: "PUT", path: "/api/v1/admin/promotion-prices/9", body: `{"credits":5}`, token: admin}), 400, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/admin/promotions/99/end", body: `{}`, token: admin}), 404, "")
	figs := s.do(call{method: "GET", path: "/api/v1/admin/site-figures", token: admin})
	expect(t, figs, 200, "")
	if field(figs, "festivals") != float64(1) {
		t.Fatalf("figures %s", figs.raw)
	}
	r = s.do(call{method: "GET", path: "/api/v1/promotions/featured"})
	expect(t, r, 200, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/promotions/events", body: `{"ids":[],"kind":"view"}`}), 400, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/promotions/events", body: `{"ids":[1],"kind":"view"}`, header: map[string]string{"User-Agent": browserUA}}), 204, "")
}
