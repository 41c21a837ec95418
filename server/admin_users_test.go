package server_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// userAdminRoutes are the admin calls on accounts, packages and the audit log.
var userAdminRoutes = []call{
	{method: "GET", path: "/api/v1/admin/users/1"},
	{method: "PUT", path: "/api/v1/admin/users/1/role", body: `{"role":"admin"}`},
	{method: "POST", path: "/api/v1/admin/users/1/credits", body: `{"delta":10,"reason":"gift"}`},
	{method: "POST", path: "/api/v1/admin/users/1/disable"},
	{method: "POST", path: "/api/v1/admin/users/1/enable"},
	{method: "DELETE", path: "/api/v1/admin/users/1/sessions"},
	{method: "GET", path: "/api/v1/admin/packages"},
	{method: "PUT", path: "/api/v1/admin/packages/pro", body: `{"priceCents":100}`},
	{method: "GET", path: "/api/v1/admin/audit"},
}

func TestUserAdminRoutesRefuseOthers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		filmmaker := s.signUp("film@example.com", "password-1")
		for _, c := range userAdminRoutes {
			t.Run(c.method+" "+c.path, func(t *testing.T) {
				expect(t, s.do(c), 401, "Please log in")
				c.token = filmmaker
				expect(t, s.do(c), 403, "Admin access required")
			})
		}
		// Nothing changed for the filmmaker (user 1).
		u, _ := db.Users.FindUser(t.Context(), 1)
		if u.Role != marquee.RoleFilmmaker || u.Credits != 0 || u.DisabledAt != nil {
			t.Fatalf("changed by refused calls: %+v", u)
		}
	})
}

func TestAdminUserActions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		film := s.signUp("film@example.com", "password-1")
		admin := s.admin()
		id := "1"
		user := func(r reply, key string) any { return field(r, "user", key) }

		r := s.do(call{method: "GET", path: "/api/v1/admin/users?q=film&role=filmmaker", token: admin})
		expect(t, r, 200, "")
		if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["email"] != "film@example.com" {
			t.Fatalf("search with role: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/users?role=admin", token: admin})
		if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["email"] != "root@example.com" {
			t.Fatalf("admins: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/users?role=root", token: admin}), 400, "")

		r = s.do(call{method: "GET", path: "/api/v1/admin/users/" + id, token: admin})
		expect(t, r, 200, "")
		if user(r, "email") != "film@example.com" || len(field(r, "sessions").([]any)) != 2 || field(r, "festivals") == nil {
			t.Fatalf("detail: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/users/999", token: admin}), 404, "User not found")
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/users/x", token: admin}), 404, "User not found")

		r = s.do(call{method: "PUT", path: "/api/v1/admin/users/" + id + "/role", body: `{"role":"organiser"}`, token: admin})
		expect(t, r, 200, "")
		if user(r, "role") != "organiser" {
			t.Fatalf("role: %s", r.raw)
		}
		r = s.do(call{method: "PUT", path: "/api/v1/admin/users/" + id + "/role", body: `{"role":"king"}`, token: admin})
		expect(t, r, 400, "")
		if field(r, "fields", "role") == nil {
			t.Fatalf("bad role: %s", r.raw)
		}
		r = s.do(call{method: "PUT", path: "/api/v1/admin/users/2/role", body: `{"role":"filmmaker"}`, token: admin})
		expect(t, r, 409, "You cannot remove your own admin role")
		r = s.do(call{method: "PUT", path: "/api/v1/admin/users/2/role", body: `{"role":"filmmaker"}`, token: admin,
			header: map[string]string{"Accept-Language": "ja"}})
		expect(t, r, 409, "自分の管理者権限は外せません")

		r = s.do(call{method: "POST", path: "/api/v1/admin/users/" + id + "/credits", body: `{"delta":10,"reason":"Festival prize"}`, token: admin})
		expect(t, r, 200, "")
		if user(r, "credits") != float64(10) {
			t.Fatalf("credits: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/admin/users/" + id + "/credits", body: `{"delta":-11,"reason":"Too many"}`, token: admin})
		expect(t, r, 400, "This would take the balance below 0: the user has 10 credits")
		if field(r, "fields", "delta") == nil {
			t.Fatalf("below zero: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/admin/users/" + id + "/credits", body: `{"delta":5,"reason":""}`, token: admin})
		expect(t, r, 400, "")
		if field(r, "fields", "reason") != "A reason is required" {
			t.Fatalf("no reason: %s", r.raw)
		}

		// Disabling refuses the bearer token at once and the login after.
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: film}), 200, "")
		r = s.do(call{method: "POST", path: "/api/v1/admin/users/" + id + "/disable", token: admin})
		expect(t, r, 200, "")
		if user(r, "disabledAt") == nil {
			t.Fatalf("disable: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: film}), 401, "")
		r = s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"film@example.com","password":"password-1"}`})
		expect(t, r, 403, "This account has been disabled. Contact support.")
		r = s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"film@example.com","password":"password-1"}`,
			header: map[string]string{"Accept-Language": "zh"}})
		expect(t, r, 403, "此账户已被停用")
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/users/2/disable", token: admin}), 409, "You cannot disable your own account")

		r = s.do(call{method: "POST", path: "/api/v1/admin/users/" + id + "/enable", token: admin})
		expect(t, r, 200, "")
		if user(r, "disabledAt") != nil {
			t.Fatalf("enable: %s", r.raw)
		}
		film = s.logIn("film@example.com", "password-1")
		r = s.do(call{method: "DELETE", path: "/api/v1/admin/users/" + id + "/sessions", token: admin})
		expect(t, r, 200, "")
		if field(r, "ended") != float64(1) {
			t.Fatalf("sessions: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: film}), 401, "")

		// The audit log lists the actions, newest first, filtered.
		r = s.do(call{method: "GET", path: "/api/v1/admin/audit?targetType=user&targetId=" + id, token: admin})
		expect(t, r, 200, "")
		var actions []string
		for _, it := range field(r, "items").([]any) {
			actions = append(actions, it.(map[string]any)["action"].(string))
		}
		want := "user.sessions_end user.enable user.disable user.credit_adjust user.role_change"
		if strings.Join(actions, " ") != want || field(r, "perPage") != float64(marquee.AuditPerPage) {
			t.Fatalf("audit actions %v, want %s", actions, want)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/audit?action=user.credit_adjust&actor=root", token: admin})
		items := field(r, "items").([]any)
		if len(items) != 1 || items[0].(map[string]any)["actorEmail"] != "root@example.com" ||
			!strings.Contains(fmt.Sprint(items[0].(map[string]any)["after"]), "Festival prize") {
			t.Fatalf("filtered audit: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/audit?page=0", token: admin}), 400, "")
		// Append-only: no route edits or deletes an entry.
		for _, m := range []string{"PUT", "PATCH", "DELETE"} {
			if r := s.do(call{method: m, path: "/api/v1/admin/audit", body: `{}`, token: admin}); r.status < 400 {
				t.Fatalf("%s /admin/audit: %d", m, r.status)
			}
		}
	})
}

func TestAdminPackageEdit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		admin := s.admin()
		r := s.do(call{method: "GET", path: "/api/v1/admin/packages", token: admin})
		expect(t, r, 200, "")
		pkgs := field(r, "packages").([]any)
		if len(pkgs) != 3 {
			t.Fatalf("packages: %s", r.raw)
		}
		body := `{"priceCents":4200,"credits":100,"active":true,"position":2,"texts":{
			"en":{"name":"Pro","description":"For professionals","features":["Premium"]},
			"ja":{"name":"プロ","description":"プロ向け","features":[]},
			"zh":{"name":"专业版","description":"面向专业人士","features":[]}}}`
		r = s.do(call{method: "PUT", path: "/api/v1/admin/packages/pro", body: body, token: admin})
		expect(t, r, 200, "")
		if field(r, "package", "priceCents") != float64(4200) {
			t.Fatalf("update: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/packages/pro"})
		if !strings.Contains(string(r.raw), `"priceCents":4200`) {
			t.Fatalf("public package: %s", r.raw)
		}
		r = s.do(call{method: "PUT", path: "/api/v1/admin/packages/pro", body: `{"priceCents":0,"credits":1,"texts":{}}`, token: admin})
		expect(t, r, 400, "")
		if field(r, "fields", "priceCents") == nil || field(r, "fields", "texts.ja.name") != "Name is required" {
			t.Fatalf("invalid: %s", r.raw)
		}
		expect(t, s.do(call{method: "PUT", path: "/api/v1/admin/packages/gold", body: body, token: admin}), 404, "Package not found")
		r = s.do(call{method: "GET", path: "/api/v1/admin/audit?action=package.update", token: admin})
		if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["targetId"] != "pro" {
			t.Fatalf("audit: %s", r.raw)
		}
	})
}

// A client locked out of an account for failed logins is one audit
// entry, not one per refused attempt.
func TestLoginLockoutAudited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db, func(c *server.Config) { c.LoginFailuresPerClientPerMinute = 3 })
		for i := range 6 {
			r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"victim@example.com","password":"bad-password-` + strconv.Itoa(i) + `"}`})
			if i < 3 {
				expect(t, r, 401, "")
			} else {
				expect(t, r, 429, "")
			}
		}
		p, err := db.Audit.List(adminCtx(t), marquee.AuditFilter{Action: marquee.AuditLoginRateLimited})
		if err != nil || p.Total != 1 || p.Items[0].TargetID != "victim@example.com" || p.Items[0].IP == "" {
			t.Fatalf("lock-out entries: %+v %v", p, err)
		}
	})
}
