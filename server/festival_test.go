package server_test

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/store/storetest"
)

// festivalNow is the pinned clock of the festival tests: "today" is 2026-03-10.
var festivalNow = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// day returns the date n days after festivalNow's, as YYYY-MM-DD.
func day(n int) string { return festivalNow.AddDate(0, 0, n).Format("2006-01-02") }

// conflictMessage is the contract's answer to a stale version.
const conflictMessage = "This festival was changed in another tab or by someone else. Reload it to see the latest version, then make your change again."

// newFestivalServer is newTestServer with the clock pinned to festivalNow.
func newFestivalServer(t *testing.T, db *storetest.DB) *testServer {
	t.Helper()
	db.Clock.Set(festivalNow)
	return newTestServer(t, db)
}

// festivalJSON is a valid registration body with some fields replaced
// (a nil value removes the field).
func festivalJSON(edit map[string]any) string {
	b := map[string]any{
		"name":         "Lisbon Short Film Days",
		"description":  "Three days of short films by the river.",
		"location":     "Cinema São Jorge, Lisbon",
		"country":      "PT",
		"city":         "Lisbon",
		"website":      "https://shortfilmdays.example.org",
		"startDate":    day(60),
		"endDate":      day(63),
		"contactEmail": "hello@shortfilmdays.example.org",
	}
	for k, v := range edit {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	raw, _ := json.Marshal(b)
	return string(raw)
}

// mustJSON marshals v for a request body.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// festivalRef is what the tests need to know of a festival they made.
type festivalRef struct {
	id      string
	slug    string
	version float64
}

func refOf(t *testing.T, r reply) festivalRef {
	t.Helper()
	id, ok1 := field(r, "festival", "id").(float64)
	slug, ok2 := field(r, "festival", "slug").(string)
	version, ok3 := field(r, "festival", "version").(float64)
	if !ok1 || !ok2 || !ok3 || slug == "" || version <= 0 {
		t.Fatalf("festival without id, slug or version: %s", r.raw)
	}
	return festivalRef{id: strconv.FormatInt(int64(id), 10), slug: slug, version: version}
}

// createFestival registers a festival through the REST call and returns it.
func (s *testServer) createFestival(token string, edit map[string]any) festivalRef {
	s.t.Helper()
	r := s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: festivalJSON(edit)})
	expect(s.t, r, 201, "")
	if field(r, "festival", "status") != "pending" {
		s.t.Fatalf("new festival not pending: %s", r.raw)
	}
	return refOf(s.t, r)
}

// approveFestival approves a festival as admin.
func (s *testServer) approveFestival(admin string, f festivalRef) {
	s.t.Helper()
	r := s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.id + "/approve", token: admin})
	expect(s.t, r, 200, "")
	if field(r, "festival", "status") != "approved" {
		s.t.Fatalf("not approved: %s", r.raw)
	}
}

// searchSlugs runs a public search and returns the slugs found and the total.
func (s *testServer) searchSlugs(query string) ([]string, float64) {
	s.t.Helper()
	r := s.do(call{method: "GET", path: "/api/v1/festivals?" + query})
	expect(s.t, r, 200, "")
	items, ok := field(r, "items").([]any)
	if !ok {
		s.t.Fatalf("search %q: no items list: %s", query, r.raw)
	}
	var slugs []string
	for _, it := range items {
		m := it.(map[string]any)
		if _, has := m["categories"]; has {
			s.t.Fatalf("search item carries categories: %v", m)
		}
		if _, has := m["criteria"]; has {
			s.t.Fatalf("search item carries criteria: %v", m)
		}
		slugs = append(slugs, m["slug"].(string))
	}
	total, _ := field(r, "total").(float64)
	return slugs, total
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestFestivalCreateValidation(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("organiser@example.com", "password-1")
		for _, tc := range []struct {
			name  string
			edit  map[string]any
			field string
			msg   string
		}{
			{"no name", map[string]any{"name": "   "}, "name", "Festival name is required"},
			{"name too short", map[string]any{"name": "ab"}, "name", "Festival name must be 3 to 200 characters"},
			{"name too long", map[string]any{"name": strings.Repeat("映", 201)}, "name", "Festival name must be 3 to 200 characters"},
			{"description too long", map[string]any{"description": strings.Repeat("d", 5001)}, "description", "Description must be at most 5,000 characters"},
			{"no location", map[string]any{"location": nil}, "location", "Location is required"},
			{"bad country", map[string]any{"country": "XX"}, "country", "Choose a country from the list"},
			{"bad website", map[string]any{"website": "ftp://films.example.org"}, "website", "Enter a website address starting with http:// or https://"},
			{"website not a url", map[string]any{"website": "my festival"}, "website", "Enter a website address starting with http:// or https://"},
			{"website with a user name", map[string]any{"website": "https://www.festival.example@elsewhere.example/"}, "website", "Enter a website address starting with http:// or https://"},
			{"no start date", map[string]any{"startDate": ""}, "startDate", "Start date is required"},
			{"bad start date", map[string]any{"startDate": "2026/05/09"}, "startDate", "Enter the start date as YYYY-MM-DD"},
			{"impossible start date", map[string]any{"startDate": "2026-02-30"}, "startDate", "Enter the start date as YYYY-MM-DD"},
			{"bad end date", map[string]any{"endDate": "next week"}, "endDate", "Enter the end date as YYYY-MM-DD"},
			{"end before start", map[string]any{"startDate": day(60), "endDate": day(59)}, "endDate", "End date cannot be before the start date"},
			{"start in the past", map[string]any{"startDate": day(-1), "endDate": day(3)}, "startDate", "Start date cannot be in the past"},
			{"no email", map[string]any{"contactEmail": nil}, "contactEmail", "Contact e-mail is required"},
			{"bad email", map[string]any{"contactEmail": "hello at example.org"}, "contactEmail", "Enter a valid email address"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: festivalJSON(tc.edit)})
				expect(t, r, 400, tc.msg)
				if field(r, "code") != "validation" || field(r, "fields", tc.field) != tc.msg {
					t.Fatalf("want %s: %q; got %s", tc.field, tc.msg, r.raw)
				}
			})
		}
		// Every failing field is named at once.
		r := s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: `{"name":"x","startDate":"2020-01-01","endDate":"2019-01-01"}`})
		expect(t, r, 400, "Festival name must be 3 to 200 characters")
		for _, k := range []string{"name", "location", "startDate", "endDate", "contactEmail"} {
			if field(r, "fields", k) == nil {
				t.Errorf("no message for %s: %s", k, r.raw)
			}
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: `{"name":`}), 400, "Malformed JSON")
		expect(t, s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: `{"name":5}`}), 400, "wrong type")

		// Nothing was stored by the failures.
		r = s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: token})
		expect(t, r, 200, "")
		if items := field(r, "items").([]any); len(items) != 0 {
			t.Fatalf("failed registrations stored festivals: %s", r.raw)
		}

		// The limits themselves pass: 3 and 200 characters, 5,000 of
		// description, starting today, one-day festival, no optional fields.
		s.createFestival(token, map[string]any{"name": "映画祭", "description": strings.Repeat("d", 5000), "startDate": day(0), "endDate": day(0)})
		s.createFestival(token, map[string]any{"name": strings.Repeat("n", 200), "country": nil, "city": nil, "website": nil, "description": nil})
		r = s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: festivalJSON(map[string]any{"name": "  Padded Festival  ", "country": "pt"})})
		expect(t, r, 201, "")
		if field(r, "festival", "name") != "Padded Festival" || field(r, "festival", "country") != "PT" {
			t.Fatalf("details not normalised: %s", r.raw)
		}
	})
}

func TestFestivalCreateRequiresLogin(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		expect(t, s.do(call{method: "POST", path: "/api/v1/festivals", body: festivalJSON(nil)}), 401, "Please log in")
		r := s.do(call{method: "POST", path: "/api/v1/festival/create", body: festivalJSON(nil)})
		expect(t, r, 401, "Please log in")
		if field(r, "success") != false || field(r, "error") != "Please log in" || field(r, "code") != "unauthorized" {
			t.Fatalf("compat 401 shape: %s", r.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/festivals", token: "not-a-token", body: festivalJSON(nil)}), 401, "Please log in")
		expect(t, s.do(call{method: "GET", path: "/api/v1/manage/festivals"}), 401, "Please log in")
	})
}

func TestCompatFestivalCreate(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("seed@example.com", "password-1")

		// The seed's payload: name, description, location, startDate, endDate, contactEmail.
		seedBody := festivalJSON(map[string]any{"country": nil, "city": nil, "website": nil})
		r := s.do(call{method: "POST", path: "/api/v1/festival/create", token: token, body: seedBody})
		expect(t, r, 201, "")
		if field(r, "success") != true || field(r, "message") != "Festival submitted successfully!" {
			t.Fatalf("compat success shape: %s", r.raw)
		}
		f := refOf(t, r)
		if field(r, "festival", "status") != "pending" || field(r, "festival", "name") != "Lisbon Short Film Days" {
			t.Fatalf("compat festival: %s", r.raw)
		}

		r = s.do(call{method: "POST", path: "/api/v1/festival/create", token: token, body: festivalJSON(map[string]any{"name": ""})})
		expect(t, r, 400, "Festival name is required")
		if field(r, "success") != false || field(r, "error") != "Festival name is required" ||
			field(r, "code") != "validation" || field(r, "fields", "name") != "Festival name is required" {
			t.Fatalf("compat failure shape: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festival/create", token: token, body: `not json`})
		expect(t, r, 400, "Malformed JSON")
		if field(r, "success") != false || field(r, "error") != field(r, "message") || field(r, "code") != "invalid_json" {
			t.Fatalf("compat malformed shape: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festival/create", token: token, body: festivalJSON(map[string]any{"startDate": day(-10)})})
		expect(t, r, 400, "Start date cannot be in the past")

		// Messages come in the user's language, success and failure alike.
		ja := map[string]string{"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"}
		r = s.do(call{method: "POST", path: "/api/v1/festival/create", token: token, body: festivalJSON(map[string]any{"contactEmail": "nope"}), header: ja})
		expect(t, r, 400, "")
		if field(r, "error") != "有効なメールアドレスを入力してください" || field(r, "message") != field(r, "error") ||
			field(r, "fields", "contactEmail") != "有効なメールアドレスを入力してください" {
			t.Fatalf("compat failure not in Japanese: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festival/create?lang=zh", token: token, body: festivalJSON(map[string]any{"startDate": day(-1)})})
		expect(t, r, 400, "开始日期不能早于今天")
		r = s.do(call{method: "POST", path: "/api/v1/festival/create?lang=zh", token: token, body: seedBody})
		expect(t, r, 201, "电影节提交成功！")
		second := refOf(t, r)
		if second.slug == f.slug {
			t.Fatalf("two festivals share the slug %q", f.slug)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: festivalJSON(map[string]any{"name": "x"}), header: ja})
		expect(t, r, 400, "映画祭の名前は3〜200文字で入力してください")

		// Both registrations are the user's, pending.
		r = s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: token})
		if items := field(r, "items").([]any); len(items) != 2 {
			t.Fatalf("manage list after compat create: %s", r.raw)
		}
	})
}

func TestFestivalCreatorBecomesOrganiser(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("film@example.com", "password-1")
		if r := s.do(call{method: "GET", path: "/api/v1/me", token: token}); field(r, "user", "role") != "filmmaker" {
			t.Fatalf("new user: %s", r.raw)
		}
		s.createFestival(token, nil)
		if r := s.do(call{method: "GET", path: "/api/v1/me", token: token}); field(r, "user", "role") != "organiser" {
			t.Fatalf("creator not promoted: %s", r.raw)
		}
		// A failed registration promotes no one.
		other := s.signUp("other@example.com", "password-1")
		expect(t, s.do(call{method: "POST", path: "/api/v1/festivals", token: other, body: festivalJSON(map[string]any{"name": ""})}), 400, "")
		if r := s.do(call{method: "GET", path: "/api/v1/me", token: other}); field(r, "user", "role") != "filmmaker" {
			t.Fatalf("failed registration changed the role: %s", r.raw)
		}
		// An admin stays admin.
		admin := s.admin()
		s.createFestival(admin, map[string]any{"name": "Admin's Own Festival"})
		if r := s.do(call{method: "GET", path: "/api/v1/me", token: admin}); field(r, "user", "role") != "admin" {
			t.Fatalf("admin demoted: %s", r.raw)
		}
	})
}

func TestFestivalReviewFlow(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		admin := s.admin()
		f := s.createFestival(organiser, map[string]any{"name": "Harbour Lights Film Festival"})

		// Pending: not public, not in search, but in the admins' queue and the organiser's list.
		expect(t, s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug}), 404, "Festival not found")
		if slugs, total := s.searchSlugs("q=Harbour"); len(slugs) != 0 || total != 0 {
			t.Fatalf("pending festival found by search: %v", slugs)
		}
		if slugs, _ := s.searchSlugs(""); len(slugs) != 0 {
			t.Fatalf("pending festival listed: %v", slugs)
		}
		r := s.do(call{method: "GET", path: "/api/v1/admin/festivals", token: admin})
		expect(t, r, 200, "")
		if field(r, "total") != float64(1) || field(r, "page") != float64(1) || field(r, "perPage") != float64(20) ||
			field(r, "items").([]any)[0].(map[string]any)["slug"] != f.slug {
			t.Fatalf("admin pending list: %s", r.raw)
		}

		// Rejection needs a reason, at most 1,000 characters.
		reject := "/api/v1/admin/festivals/" + f.id + "/reject"
		for _, body := range []string{`{}`, `{"reason":"   "}`} {
			r = s.do(call{method: "POST", path: reject, token: admin, body: body})
			expect(t, r, 400, "Give a reason for the rejection")
			if field(r, "fields", "reason") == nil {
				t.Fatalf("no reason field: %s", r.raw)
			}
		}
		expect(t, s.do(call{method: "POST", path: reject, token: admin, body: mustJSON(t, map[string]string{"reason": strings.Repeat("r", 1001)})}), 400, "at most 1,000")
		expect(t, s.do(call{method: "POST", path: reject, token: admin}), 400, "empty")
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/99999/reject", token: admin, body: `{"reason":"No"}`}), 404, "Festival not found")
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/abc/approve", token: admin}), 404, "Festival not found")
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/99999/approve", token: admin}), 404, "Festival not found")

		reason := "The dates clash with the venue's renovation; please confirm the venue."
		r = s.do(call{method: "POST", path: reject, token: admin, body: mustJSON(t, map[string]string{"reason": "  " + reason + "  "})})
		expect(t, r, 200, "")
		if field(r, "festival", "status") != "rejected" || field(r, "festival", "rejectionReason") != reason || field(r, "festival", "reviewedAt") == nil {
			t.Fatalf("rejected: %s", r.raw)
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug}), 404, "Festival not found")

		// The organiser sees the status and the reason.
		r = s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: organiser})
		expect(t, r, 200, "")
		items := field(r, "items").([]any)
		if len(items) != 1 || items[0].(map[string]any)["status"] != "rejected" || items[0].(map[string]any)["rejectionReason"] != reason {
			t.Fatalf("organiser list after rejection: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: organiser})
		if field(r, "festival", "status") != "rejected" || field(r, "festival", "rejectionReason") != reason {
			t.Fatalf("organiser view after rejection: %s", r.raw)
		}

		// Admin list filters.
		r = s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=rejected", token: admin})
		if field(r, "total") != float64(1) {
			t.Fatalf("rejected list: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/festivals", token: admin})
		if field(r, "total") != float64(0) || len(field(r, "items").([]any)) != 0 {
			t.Fatalf("pending list after rejection: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=bogus", token: admin})
		expect(t, r, 400, "Status must be pending, approved, rejected or all")
		if field(r, "fields", "status") == nil {
			t.Fatalf("no status field: %s", r.raw)
		}
		for _, p := range []string{"0", "-1", "x", "10001"} {
			r = s.do(call{method: "GET", path: "/api/v1/admin/festivals?page=" + p, token: admin})
			expect(t, r, 400, "Page must be")
		}

		// Approval makes it public and searchable.
		s.approveFestival(admin, f)
		r = s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug})
		expect(t, r, 200, "")
		if field(r, "festival", "name") != "Harbour Lights Film Festival" || field(r, "festival", "status") != "approved" {
			t.Fatalf("public festival: %s", r.raw)
		}
		if _, ok := field(r, "festival", "categories").([]any); !ok {
			t.Fatalf("public festival without a categories list: %s", r.raw)
		}
		if _, has := field(r, "festival").(map[string]any)["criteria"]; has {
			t.Fatalf("public festival shows criteria: %s", r.raw)
		}
		if slugs, total := s.searchSlugs("q=Harbour"); !contains(slugs, f.slug) || total != 1 {
			t.Fatalf("approved festival not found: %v", slugs)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=approved", token: admin})
		if field(r, "total") != float64(1) {
			t.Fatalf("approved list: %s", r.raw)
		}

		// Paging: 20 a page, status=all counts everything.
		for i := range 21 {
			s.createFestival(organiser, map[string]any{"name": "Paging Festival " + strconv.Itoa(i)})
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=all&page=2", token: admin})
		expect(t, r, 200, "")
		if field(r, "total") != float64(22) || field(r, "page") != float64(2) || len(field(r, "items").([]any)) != 2 {
			t.Fatalf("page 2 of all: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/festivals?page=2", token: admin})
		if field(r, "total") != float64(21) || len(field(r, "items").([]any)) != 1 {
			t.Fatalf("page 2 of pending: %s", r.raw)
		}
	})
}

func TestFestivalAdminRoutesRefuseOthers(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		f := s.createFestival(organiser, nil)
		for _, c := range []call{
			{method: "GET", path: "/api/v1/admin/festivals"},
			{method: "POST", path: "/api/v1/admin/festivals/" + f.id + "/approve"},
			{method: "POST", path: "/api/v1/admin/festivals/" + f.id + "/reject", body: `{"reason":"Because"}`},
		} {
			t.Run(c.method+" "+c.path, func(t *testing.T) {
				expect(t, s.do(c), 401, "Please log in")
				c.token = organiser // even the festival's own organiser
				expect(t, s.do(c), 403, "Admin access required")
			})
		}
		// Nothing changed.
		r := s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: organiser})
		if field(r, "festival", "status") != "pending" {
			t.Fatalf("festival reviewed by a non-admin: %s", r.raw)
		}
	})
}

func TestFestivalManageAccess(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		stranger := s.signUp("stranger@example.com", "password-1")
		s.createFestival(stranger, map[string]any{"name": "The Stranger's Own Festival"})
		admin := s.admin()
		f := s.createFestival(organiser, nil)
		base := "/api/v1/manage/festivals/" + f.slug
		v := int(f.version)
		calls := []call{
			{method: "GET", path: base},
			{method: "PUT", path: base, body: `{"version":` + strconv.Itoa(v) + `,` + festivalJSON(map[string]any{"name": "Hijacked Festival"})[1:]},
			{method: "PUT", path: base + "/categories", body: `{"version":` + strconv.Itoa(v) + `,"categories":[]}`},
			{method: "PUT", path: base + "/criteria", body: `{"version":` + strconv.Itoa(v) + `,"criteria":[]}`},
		}
		for _, c := range calls {
			t.Run("others "+c.method+" "+c.path, func(t *testing.T) {
				expect(t, s.do(c), 401, "Please log in")
				c.token = stranger
				expect(t, s.do(c), 404, "Festival not found")
			})
		}
		// Unknown slugs are not found either.
		expect(t, s.do(call{method: "GET", path: "/api/v1/manage/festivals/no-such-festival", token: organiser}), 404, "Festival not found")
		// The stranger's list holds only their own festival.
		r := s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: stranger})
		if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["name"] != "The Stranger's Own Festival" {
			t.Fatalf("stranger's list: %s", r.raw)
		}

		// The organiser and an admin can manage it.
		r = s.do(call{method: "GET", path: base, token: organiser})
		expect(t, r, 200, "")
		if _, ok := field(r, "festival", "criteria").([]any); !ok {
			t.Fatalf("manage view without criteria list: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: base, token: admin})
		expect(t, r, 200, "")
		r = s.do(call{method: "PUT", path: base, token: admin, body: `{"version":` + strconv.Itoa(v) + `,` + festivalJSON(map[string]any{"name": "Renamed By Admin"})[1:]})
		expect(t, r, 200, "")
		if field(r, "festival", "name") != "Renamed By Admin" || field(r, "festival", "slug") != f.slug {
			t.Fatalf("admin edit (slug must stay stable): %s", r.raw)
		}
		// Nothing the stranger sent was saved.
		r = s.do(call{method: "GET", path: base, token: organiser})
		if field(r, "festival", "name") != "Renamed By Admin" {
			t.Fatalf("after edits: %s", r.raw)
		}
	})
}

// detailsBody is a PUT /manage/festivals/{slug} body.
func detailsBody(version float64, edit map[string]any) string {
	d := festivalJSON(edit)
	if version == 0 {
		return d
	}
	return `{"version":` + strconv.FormatFloat(version, 'f', -1, 64) + `,` + d[1:]
}

func TestFestivalManageDetails(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		f := s.createFestival(organiser, nil)
		path := "/api/v1/manage/festivals/" + f.slug

		// A version is required.
		for _, body := range []string{detailsBody(0, nil), `{"version":0,` + festivalJSON(nil)[1:]} {
			r := s.do(call{method: "PUT", path: path, token: organiser, body: body})
			expect(t, r, 400, "Reload the festival and try again")
			if field(r, "fields", "version") != "Reload the festival and try again" {
				t.Fatalf("no version field: %s", r.raw)
			}
		}
		// Details are validated as on registration.
		r := s.do(call{method: "PUT", path: path, token: organiser, body: detailsBody(f.version, map[string]any{"name": "ab", "contactEmail": "nope"})})
		expect(t, r, 400, "Festival name must be 3 to 200 characters")
		if field(r, "fields", "name") == nil || field(r, "fields", "contactEmail") == nil {
			t.Fatalf("detail fields: %s", r.raw)
		}
		expect(t, s.do(call{method: "PUT", path: path, token: organiser, body: `{"version":"one"}`}), 400, "wrong type")

		// Two tabs start from the same version: the first save wins, the second gets 409.
		r = s.do(call{method: "PUT", path: path, token: organiser, body: detailsBody(f.version, map[string]any{"city": "Porto", "location": "Batalha Centro de Cinema"})})
		expect(t, r, 200, "")
		if field(r, "festival", "city") != "Porto" || field(r, "festival", "version").(float64) <= f.version {
			t.Fatalf("saved details: %s", r.raw)
		}
		r = s.do(call{method: "PUT", path: path, token: organiser, body: detailsBody(f.version, map[string]any{"city": "Faro"})})
		expect(t, r, 409, "")
		if field(r, "code") != "conflict" || field(r, "message") != conflictMessage {
			t.Fatalf("stale save: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: path, token: organiser})
		if field(r, "festival", "city") != "Porto" {
			t.Fatalf("stale save overwrote: %s", r.raw)
		}
	})
}

// category is a category in a PUT body.
func category(name string, early, regular, late string, fee int) map[string]any {
	return map[string]any{
		"name":        name,
		"description": "Films under 20 minutes.",
		"deadlines": []map[string]any{
			{"tier": "early", "date": early, "fee": fee},
			{"tier": "regular", "date": regular, "fee": fee + 10},
			{"tier": "late", "date": late, "fee": fee + 20},
		},
	}
}

func TestFestivalManageCategoriesAndCriteria(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		admin := s.admin()
		f := s.createFestival(organiser, nil) // starts day(60)
		base := "/api/v1/manage/festivals/" + f.slug
		put := func(path string, body any) reply {
			return s.do(call{method: "PUT", path: base + path, token: organiser, body: mustJSON(t, body)})
		}

		// Required version and list.
		r := put("/categories", map[string]any{"categories": []any{}})
		expect(t, r, 400, "Reload the festival and try again")
		r = put("/categories", map[string]any{"version": f.version})
		expect(t, r, 400, "Send the list of categories")
		if field(r, "fields", "categories") == nil {
			t.Fatalf("no categories field: %s", r.raw)
		}
		r = put("/criteria", map[string]any{"version": f.version})
		expect(t, r, 400, "Send the list of criteria")

		// Store validation comes back with the contract's field keys.
		good := category("Short Film", day(10), day(20), day(30), 15)
		r = put("/categories", map[string]any{"version": f.version, "categories": []any{good, category("", day(10), day(20), day(30), 5)}})
		expect(t, r, 400, "")
		if field(r, "code") != "validation" || field(r, "fields", "categories.1.name") == nil {
			t.Fatalf("empty category name: %s", r.raw)
		}
		r = put("/categories", map[string]any{"version": f.version, "categories": []any{category("Late Starter", day(10), day(20), day(60), 5)}})
		expect(t, r, 400, "")
		if field(r, "fields", "categories.0.deadlines.late.date") == nil {
			t.Fatalf("deadline on the start date: %s", r.raw)
		}
		r = put("/categories", map[string]any{"version": f.version, "categories": []any{category("Backwards", day(20), day(10), day(30), 5)}})
		expect(t, r, 400, "")
		if field(r, "fields", "categories.0.deadlines.regular.date") == nil {
			t.Fatalf("deadlines out of order: %s", r.raw)
		}
		r = put("/categories", map[string]any{"version": f.version, "categories": []any{category("Negative", day(10), day(20), day(30), -30)}})
		expect(t, r, 400, "")
		if field(r, "fields", "categories.0.deadlines.early.fee") == nil {
			t.Fatalf("negative fee: %s", r.raw)
		}
		r = put("/criteria", map[string]any{"version": f.version, "criteria": []any{
			map[string]any{"name": "Story", "weight": 3, "maxScore": 10},
			map[string]any{"name": "Sound", "weight": 0, "maxScore": 10},
		}})
		expect(t, r, 400, "")
		if field(r, "fields", "criteria.1.weight") == nil {
			t.Fatalf("zero weight: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: base, token: organiser})
		if len(field(r, "festival", "categories").([]any)) != 0 || len(field(r, "festival", "criteria").([]any)) != 0 || field(r, "festival", "version") != f.version {
			t.Fatalf("invalid edits were saved: %s", r.raw)
		}

		// Good categories and criteria are saved, each bumping the version.
		r = put("/categories", map[string]any{"version": f.version, "categories": []any{good, category("ドキュメンタリー", day(5), day(25), day(40), 0)}})
		expect(t, r, 200, "")
		cats := field(r, "festival", "categories").([]any)
		if len(cats) != 2 || cats[0].(map[string]any)["name"] != "Short Film" || cats[1].(map[string]any)["name"] != "ドキュメンタリー" {
			t.Fatalf("saved categories: %s", r.raw)
		}
		afterCats := refOf(t, r)
		if afterCats.version <= f.version {
			t.Fatalf("version not bumped: %s", r.raw)
		}
		// The first tab, still on the old version, gets the conflict.
		r = put("/criteria", map[string]any{"version": f.version, "criteria": []any{map[string]any{"name": "Story", "weight": 3, "maxScore": 10}}})
		expect(t, r, 409, "")
		if field(r, "message") != conflictMessage {
			t.Fatalf("stale criteria: %s", r.raw)
		}
		r = put("/categories", map[string]any{"version": f.version, "categories": []any{}})
		expect(t, r, 409, "")
		r = put("/criteria", map[string]any{"version": afterCats.version, "criteria": []any{
			map[string]any{"name": "Story", "weight": 3, "maxScore": 10},
			map[string]any{"name": "撮影", "weight": 1, "maxScore": 5},
		}})
		expect(t, r, 200, "")
		if cs := field(r, "festival", "criteria").([]any); len(cs) != 2 || cs[1].(map[string]any)["name"] != "撮影" || cs[0].(map[string]any)["weight"] != float64(3) {
			t.Fatalf("saved criteria: %s", r.raw)
		}

		// The public page shows categories with today's tier, never the criteria.
		s.approveFestival(admin, f)
		r = s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug})
		expect(t, r, 200, "")
		cats = field(r, "festival", "categories").([]any)
		if len(cats) != 2 {
			t.Fatalf("public categories: %s", r.raw)
		}
		cur := cats[0].(map[string]any)["current"].(map[string]any)
		if cur["tier"] != "early" || cur["date"] != day(10) || cur["fee"] != float64(15) {
			t.Fatalf("current tier of the first category: %v", cur)
		}
		if _, has := field(r, "festival").(map[string]any)["criteria"]; has {
			t.Fatalf("public page shows criteria: %s", r.raw)
		}
		if field(r, "festival", "nextDeadline") != day(5) {
			t.Fatalf("next deadline: %s", r.raw)
		}
	})
}

func TestFestivalSearch(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		admin := s.admin()
		tokyo := s.createFestival(organiser, map[string]any{
			"name": "Tokyo Nights Film Week", "description": "新しい映画と出会う一週間。", "country": "JP", "city": "Tokyo",
			"location": "Shibuya", "startDate": day(40), "endDate": day(45),
		})
		lisbon := s.createFestival(organiser, map[string]any{"name": "Lisbon Documentary Days", "country": "PT"})
		hidden := s.createFestival(organiser, map[string]any{"name": "Pending 映画 Showcase", "country": "JP"})
		s.approveFestival(admin, tokyo)
		s.approveFestival(admin, lisbon)

		// A two-character Japanese word and an English prefix.
		for _, q := range []string{"映画", "Toky", "tokyo nights"} {
			slugs, total := s.searchSlugs("q=" + url.QueryEscape(q))
			if !contains(slugs, tokyo.slug) || contains(slugs, hidden.slug) || contains(slugs, lisbon.slug) || total != 1 {
				t.Errorf("q=%s: %v (total %v)", q, slugs, total)
			}
		}
		if slugs, total := s.searchSlugs(""); total != 2 || !contains(slugs, tokyo.slug) || !contains(slugs, lisbon.slug) {
			t.Errorf("all approved: %v (total %v)", slugs, total)
		}
		if slugs, _ := s.searchSlugs("country=pt"); len(slugs) != 1 || slugs[0] != lisbon.slug {
			t.Errorf("country=pt: %v", slugs)
		}
		if slugs, _ := s.searchSlugs("q=Marseille"); len(slugs) != 0 {
			t.Errorf("q=Marseille: %v", slugs)
		}
		if slugs, _ := s.searchSlugs("from=" + day(50) + "&to=" + day(70)); len(slugs) != 1 || slugs[0] != lisbon.slug {
			t.Errorf("date range: %v", slugs)
		}
		r := s.do(call{method: "GET", path: "/api/v1/festivals?perPage=1&page=2&sort=start"})
		expect(t, r, 200, "")
		if field(r, "page") != float64(2) || field(r, "perPage") != float64(1) || field(r, "total") != float64(2) ||
			field(r, "items").([]any)[0].(map[string]any)["slug"] != lisbon.slug {
			t.Errorf("paged by start: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/festivals"})
		if field(r, "page") != float64(1) || field(r, "perPage") != float64(20) {
			t.Errorf("default paging: %s", r.raw)
		}

		// Bad parameters are named.
		for _, tc := range []struct{ query, field string }{
			{"q=" + strings.Repeat("x", 201), "q"},
			{"country=ZZ", "country"},
			{"from=march", "from"},
			{"to=2026-13-01", "to"},
			{"from=" + day(10) + "&to=" + day(5), "to"},
			{"open=maybe", "open"},
			{"category=" + strings.Repeat("c", 101), "category"},
			{"maxFee=-1", "maxFee"},
			{"maxFee=ten", "maxFee"},
			{"sort=popular", "sort"},
			{"page=0", "page"},
			{"page=two", "page"},
			{"perPage=51", "perPage"},
			{"perPage=0", "perPage"},
		} {
			r := s.do(call{method: "GET", path: "/api/v1/festivals?" + tc.query})
			expect(t, r, 400, "")
			if field(r, "code") != "validation" || field(r, "fields", tc.field) == nil || field(r, "message") != field(r, "fields", tc.field) {
				t.Errorf("%s: %s", tc.query, r.raw)
			}
		}
		r = s.do(call{method: "GET", path: "/api/v1/festivals?sort=popular&lang=ja"})
		expect(t, r, 400, "並べ替えは")
		// Good values of every parameter are accepted.
		for _, q := range []string{"open=true", "open=false", "maxFee=0", "sort=deadline", "sort=relevance", "sort=relevance&q=film", "category=Short", "from=" + day(0), "to=" + day(100)} {
			expect(t, s.do(call{method: "GET", path: "/api/v1/festivals?" + q}), 200, "")
		}
	})
}
