package server_test

import (
	"strconv"
	"testing"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// adminRoutes are every admin call, including the seed's.
var adminRoutes = []call{
	{method: "GET", path: "/api/v1/admin/dashboard"},
	{method: "GET", path: "/api/v1/admin/users"},
	{method: "GET", path: "/api/v1/admin/messages"},
	{method: "PATCH", path: "/api/v1/admin/messages/1", body: `{"handled":true}`},
	{method: "GET", path: "/api/v1/dashboard/get"},
	{method: "GET", path: "/api/v1/user/get"},
}

func TestAdminRoutesRefuseOthers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		filmmaker := s.signUp("film@example.com", "password-1")
		for _, c := range adminRoutes {
			t.Run(c.method+" "+c.path, func(t *testing.T) {
				expect(t, s.do(c), 401, "Please log in")
				c.token = filmmaker
				expect(t, s.do(c), 403, "Admin access required")
			})
		}
	})
}

func TestAdminDashboardAndUsers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		s.signUp("a@example.com", "password-1")
		s.signUp("b@example.com", "password-1")
		admin := s.admin()

		r := s.do(call{method: "GET", path: "/api/v1/admin/dashboard", token: admin})
		expect(t, r, 200, "")
		if field(r, "totalUsers") != float64(3) || field(r, "usersThisMonth") != float64(3) {
			t.Fatalf("dashboard %s", r.raw)
		}
		months := field(r, "signupsByMonth").([]any)
		if len(months) != 12 || months[11].(map[string]any)["users"] != float64(3) {
			t.Fatalf("signupsByMonth %v", months)
		}

		r = s.do(call{method: "GET", path: "/api/v1/dashboard/get", token: admin})
		expect(t, r, 200, "")
		data := field(r, "data").([]any)[0].(map[string]any)
		if field(r, "success") != true || data["totalUsers"] != float64(3) || data["totalIncome"] != float64(0) || data["usersThisMonth"] != float64(3) {
			t.Fatalf("compat dashboard %s", r.raw)
		}
		for _, k := range []string{"totalSubscriptions", "totalTransactions"} {
			if _, ok := data[k]; !ok {
				t.Errorf("compat dashboard lacks %s", k)
			}
		}

		r = s.do(call{method: "GET", path: "/api/v1/user/get", token: admin})
		expect(t, r, 200, "")
		users := field(r, "user").([]any)
		if field(r, "success") != true || len(users) != 3 {
			t.Fatalf("compat users %s", r.raw)
		}
		for _, u := range users {
			m := u.(map[string]any)
			if m["_id"] == nil || m["email"] == nil || m["name"] == nil || len(m) != 3 {
				t.Fatalf("compat user shape %v", m)
			}
		}

		r = s.do(call{method: "GET", path: "/api/v1/admin/users?q=b%40ex", token: admin})
		expect(t, r, 200, "")
		if field(r, "total") != float64(1) {
			t.Fatalf("search %s", r.raw)
		}
		if field(r, "page") != float64(1) || field(r, "perPage") != float64(50) || len(field(r, "items").([]any)) != 1 {
			t.Fatalf("search page %s", r.raw)
		}
		// limit and offset are no longer read: the first page of 50 comes back.
		for _, q := range []string{"limit=0", "offset=-1", "limit=1&offset=1"} {
			r = s.do(call{method: "GET", path: "/api/v1/admin/users?" + q, token: admin})
			expect(t, r, 200, "")
			if len(field(r, "items").([]any)) != 3 || field(r, "total") != float64(3) || field(r, "page") != float64(1) || field(r, "perPage") != float64(50) {
				t.Fatalf("?%s: %s", q, r.raw)
			}
		}
	})
}

func TestContactMessages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		good := `{"name":"Yuki","email":"yuki@example.jp","subject":"Submissions","message":"When do submissions open?","website":""}`
		r := s.do(call{method: "POST", path: "/api/v1/contact", body: good})
		expect(t, r, 201, "yuki@example.jp")

		for _, tc := range []struct {
			name, body, field string
		}{
			{"empty", `{}`, "name"},
			{"bad email", `{"name":"A","email":"nope","subject":"S","message":"long enough text"}`, "email"},
			{"short message", `{"name":"A","email":"a@example.com","subject":"S","message":"hi"}`, "message"},
			{"blank subject", `{"name":"A","email":"a@example.com","subject":"   ","message":"long enough text"}`, "subject"},
		} {
			r := s.do(call{method: "POST", path: "/api/v1/contact", body: tc.body})
			expect(t, r, 400, "")
			if field(r, "fields", tc.field) == nil {
				t.Errorf("%s: no message for %s: %s", tc.name, tc.field, r.raw)
			}
		}
		// A bot filling the honeypot is thanked but nothing is stored.
		bot := `{"name":"Bot","email":"bot@example.com","subject":"Buy","message":"cheap pills for all","website":"http://spam.example"}`
		expect(t, s.do(call{method: "POST", path: "/api/v1/contact", body: bot}), 201, "")

		admin := s.admin()
		r = s.do(call{method: "GET", path: "/api/v1/admin/messages", token: admin})
		expect(t, r, 200, "")
		msgs := field(r, "items").([]any)
		if len(msgs) != 1 || msgs[0].(map[string]any)["subject"] != "Submissions" {
			t.Fatalf("messages %s", r.raw)
		}
		if _, leaked := msgs[0].(map[string]any)["ip"]; leaked {
			t.Fatal("message exposes the sender's IP")
		}
		id := strconv.Itoa(int(msgs[0].(map[string]any)["id"].(float64)))
		expect(t, s.do(call{method: "PATCH", path: "/api/v1/admin/messages/" + id, token: admin, body: `{}`}), 400, "handled")
		expect(t, s.do(call{method: "PATCH", path: "/api/v1/admin/messages/999", token: admin, body: `{"handled":true}`}), 404, "")
		expect(t, s.do(call{method: "PATCH", path: "/api/v1/admin/messages/abc", token: admin, body: `{"handled":true}`}), 404, "")
		r = s.do(call{method: "PATCH", path: "/api/v1/admin/messages/" + id, token: admin, body: `{"handled":true}`})
		expect(t, r, 200, "")
		if field(r, "message", "handledAt") == nil {
			t.Fatalf("not handled: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/messages", token: admin})
		if field(r, "total") != float64(0) {
			t.Fatalf("open after handling: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/messages?status=handled", token: admin})
		if field(r, "total") != float64(1) {
			t.Fatalf("handled: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/messages?status=bogus", token: admin}), 400, "Status must be open, handled or all")
	})
}

func TestContactRateLimited(t *testing.T) {
	s := newTestServer(t, sqliteDB(t), func(c *server.Config) { c.ContactRatePerHour = 1 })
	body := `{"name":"A","email":"a@example.com","subject":"S","message":"long enough text"}`
	expect(t, s.do(call{method: "POST", path: "/api/v1/contact", body: body}), 201, "")
	expect(t, s.do(call{method: "POST", path: "/api/v1/contact", body: body}), 429, "Too many messages")
}

func TestPackagesAndSite(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db, func(c *server.Config) { c.SupportEmail = "help@fest.example" })
		r := s.do(call{method: "GET", path: "/api/v1/packages"})
		expect(t, r, 200, "")
		pkgs := field(r, "packages").([]any)
		if len(pkgs) != 3 || pkgs[2].(map[string]any)["credits"] != float64(250) || pkgs[0].(map[string]any)["priceCents"] != float64(2500) {
			t.Fatalf("packages %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/packages/pro", header: map[string]string{"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}})
		if field(r, "package", "name") != "专业版" {
			t.Fatalf("zh pro %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/packages/pro?lang=ja", header: map[string]string{"Accept-Language": "zh"}})
		if field(r, "package", "name") != "プロ" {
			t.Fatalf("?lang=ja %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/packages/pro", header: map[string]string{"Accept-Language": "fr-FR, de"}})
		if field(r, "package", "name") != "Pro" {
			t.Fatalf("fallback %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/packages/gold"}), 404, "Package not found")
		r = s.do(call{method: "GET", path: "/api/v1/site"})
		if field(r, "supportEmail") != "help@fest.example" || field(r, "supportPhone") == "" || field(r, "supportAddress") == "" {
			t.Fatalf("site %s", r.raw)
		}
	})
}
