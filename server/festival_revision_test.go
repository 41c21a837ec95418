package server_test

import (
	"fmt"
	"reflect"
	"testing"
)

// TestFestivalRevisionFlow: an organiser renames an approved festival and
// changes its website; the answer says the changes wait for review and
// keeps the approved festival; the public page and search keep the old
// name; the admin's ?status=revision queue shows the diff; rejecting
// keeps the old name and the organiser reads the reason; approving the
// next revision publishes the new name (search finds it); dates change at
// once.
func TestFestivalRevisionFlow(t *testing.T) {
	s := newFestivalServer(t, sqliteDB(t))
	admin := s.admin()
	org := s.signUp("org@example.com", "correct horse battery")
	f := s.createFestival(org, nil)
	s.approveFestival(admin, f)
	r := s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: org})
	expect(t, r, 200, "")
	version := field(r, "festival", "version").(float64)
	if field(r, "festival", "revision") != nil {
		t.Fatalf("a revision before any edit: %s", r.raw)
	}

	edit := func(v float64, changes map[string]any) reply {
		t.Helper()
		body := festivalJSON(changes)
		body = fmt.Sprintf(`{"version":%v,%s`, v, body[1:])
		return s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + f.slug, token: org, body: body})
	}
	r = edit(version, map[string]any{"name": "Free Prize Lisbon", "website": "https://evil.example.net", "endDate": day(64)})
	expect(t, r, 200, "")
	if field(r, "festival", "name") != "Lisbon Short Film Days" || field(r, "festival", "endDate") != day(64) ||
		field(r, "festival", "status") != "approved" {
		t.Fatalf("festival in the answer: %s", r.raw)
	}
	if field(r, "revision", "status") != "pending" || field(r, "festival", "revision", "status") != "pending" {
		t.Fatalf("revision in the answer: %s", r.raw)
	}
	want := []any{
		map[string]any{"field": "name", "old": "Lisbon Short Film Days", "new": "Free Prize Lisbon"},
		map[string]any{"field": "website", "old": "https://shortfilmdays.example.org", "new": "https://evil.example.net"},
	}
	if got := field(r, "revision", "changes"); !reflect.DeepEqual(got, want) {
		t.Fatalf("changes: %v", got)
	}
	version = field(r, "festival", "version").(float64)

	pub := s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug})
	expect(t, pub, 200, "")
	if field(pub, "festival", "name") != "Lisbon Short Film Days" || field(pub, "festival", "revision") != nil {
		t.Fatalf("public page during review: %s", pub.raw)
	}
	if slugs, _ := s.searchSlugs("q=prize"); len(slugs) != 0 {
		t.Fatalf("search finds the pending name: %v", slugs)
	}
	// The organiser's editor reads the pending values.
	r = s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: org})
	if got := field(r, "festival", "revision", "changes"); !reflect.DeepEqual(got, want) {
		t.Fatalf("organiser's view: %s", r.raw)
	}

	// The admin's queue.
	expect(t, s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=revision", token: org}), 403, "")
	q := s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=revision", token: admin})
	expect(t, q, 200, "")
	items := field(q, "items").([]any)
	if field(q, "total") != 1.0 || len(items) != 1 {
		t.Fatalf("queue: %s", q.raw)
	}
	rev := items[0].(map[string]any)["revision"].(map[string]any)
	if !reflect.DeepEqual(rev["changes"], want) {
		t.Fatalf("queue diff: %v", rev)
	}
	revID := rev["id"].(float64)
	path := "/api/v1/admin/festivals/" + f.id + "/revision/"
	expect(t, s.do(call{method: "POST", path: path + "approve", token: org, body: fmt.Sprintf(`{"revisionId":%v}`, revID)}), 403, "")
	expect(t, s.do(call{method: "POST", path: path + "reject", token: admin, body: fmt.Sprintf(`{"revisionId":%v,"reason":""}`, revID)}), 400, "Give a reason")
	r = s.do(call{method: "POST", path: path + "reject", token: admin, body: fmt.Sprintf(`{"revisionId":%v,"reason":"Not your festival's name"}`, revID)})
	expect(t, r, 200, "")
	if field(r, "festival", "name") != "Lisbon Short Film Days" || field(r, "festival", "revision", "status") != "rejected" {
		t.Fatalf("rejected: %s", r.raw)
	}
	expect(t, s.do(call{method: "POST", path: path + "approve", token: admin, body: fmt.Sprintf(`{"revisionId":%v}`, revID)}), 409, "The organiser changed this revision")
	r = s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: org})
	if field(r, "festival", "revision", "rejectionReason") != "Not your festival's name" {
		t.Fatalf("organiser reads the reason: %s", r.raw)
	}
	if pub := s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug}); field(pub, "festival", "name") != "Lisbon Short Film Days" {
		t.Fatalf("public after rejection: %s", pub.raw)
	}

	// A second rename, approved, is published and searchable.
	r = edit(version, map[string]any{"name": "Lisbon Short Film Days Festival", "endDate": day(64)})
	expect(t, r, 200, "")
	revID = field(r, "revision", "id").(float64)
	r = s.do(call{method: "POST", path: path + "approve", token: admin, body: fmt.Sprintf(`{"revisionId":%v}`, revID)})
	expect(t, r, 200, "")
	if field(r, "festival", "name") != "Lisbon Short Film Days Festival" || field(r, "festival", "revision") != nil {
		t.Fatalf("approved: %s", r.raw)
	}
	if pub := s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug}); field(pub, "festival", "name") != "Lisbon Short Film Days Festival" {
		t.Fatalf("public after approval: %s", pub.raw)
	}
	if slugs, _ := s.searchSlugs("q=festival"); !reflect.DeepEqual(slugs, []string{f.slug}) {
		t.Fatalf("search after approval: %v", slugs)
	}
	if q := s.do(call{method: "GET", path: "/api/v1/admin/festivals?status=revision", token: admin}); field(q, "total") != 0.0 {
		t.Fatalf("queue after approval: %s", q.raw)
	}

	// Dates only: applied at once, nothing to review.
	version = field(r, "festival", "version").(float64)
	r = edit(version, map[string]any{"name": "Lisbon Short Film Days Festival", "startDate": day(61), "endDate": day(65)})
	expect(t, r, 200, "")
	if field(r, "revision") != nil || field(r, "festival", "startDate") != day(61) {
		t.Fatalf("dates: %s", r.raw)
	}
}
