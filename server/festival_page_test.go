package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// TestFestivalPageCachedAndRevalidated: the public page answers with an
// ETag and Cache-Control no-cache; If-None-Match naming it (strong, weak,
// in a list, or *) is 304 without a body. Every change the page shows
// makes a new page at once: a revision the admins approve, a change of
// deadlines and fees, the day a deadline passes; a promotion changes
// nothing shown (same bytes, same ETag). A festival that is pending, or
// rejected after it was public, is 404 to everyone, with or without the
// ETag it had: never the page kept from before.
func TestFestivalPageCachedAndRevalidated(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		admin := s.admin()
		organiser := s.signUp("organiser@example.com", "password-1")
		stranger := s.signUp("stranger@example.com", "password-1")
		f := s.createFestival(organiser, nil)
		page := "/api/v1/festivals/" + f.slug
		get := func(token, inm string) reply {
			t.Helper()
			c := call{method: "GET", path: page, token: token}
			if inm != "" {
				c.header = map[string]string{"If-None-Match": inm}
			}
			return s.do(c)
		}
		notFound := func(step, etag string) {
			t.Helper()
			for _, tok := range []string{"", stranger, organiser, admin} {
				for _, inm := range []string{"", etag} {
					if r := get(tok, inm); r.status != 404 || strings.Contains(string(r.raw), f.slug) {
						t.Fatalf("%s: %d %s", step, r.status, r.raw)
					}
				}
			}
		}
		notFound("pending", "")
		// The organiser's own page of it does not make it public.
		expect(t, s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: organiser}), 200, "")
		notFound("pending, after its organiser read it", "")

		s.approveFestival(admin, f)
		r := get("", "")
		expect(t, r, 200, "")
		etag := r.header.Get("ETag")
		if etag == "" || r.header.Get("Cache-Control") != "no-cache" || field(r, "festival", "slug") != f.slug ||
			field(r, "festival", "criteria") != nil || !strings.HasSuffix(string(r.raw), "}\n") {
			t.Fatalf("page %v %s", r.header, r.raw)
		}
		if again := get(stranger, ""); again.status != 200 || string(again.raw) != string(r.raw) || again.header.Get("ETag") != etag {
			t.Fatalf("another caller: %d %s", again.status, again.raw)
		}
		for _, inm := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
			if nm := get("", inm); nm.status != 304 || len(nm.raw) != 0 || nm.header.Get("ETag") != etag {
				t.Fatalf("If-None-Match %s: %d %q", inm, nm.status, nm.raw)
			}
		}
		expect(t, get("", `"other"`), 200, "")

		// The organiser's edit waits for review; once approved it shows.
		r = s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + f.slug, token: organiser,
			body: detailsBody(f.version+1, map[string]any{"city": "Porto", "location": "Batalha Centro de Cinema"})})
		expect(t, r, 200, "")
		if p := get("", etag); p.status != 200 || strings.Contains(string(p.raw), "Porto") {
			t.Fatalf("pending revision: %d %s", p.status, p.raw)
		}
		rev := field(r, "festival", "revision", "id").(float64)
		expect(t, s.do(call{method: "POST", path: fmt.Sprintf("/api/v1/admin/festivals/%s/revision/approve", f.id), token: admin,
			body: fmt.Sprintf(`{"revisionId":%d}`, int64(rev))}), 200, "")
		r = get("", etag)
		if r.status != 200 || field(r, "festival", "city") != "Porto" || r.header.Get("ETag") == etag {
			t.Fatalf("approved revision: %d %v %s", r.status, r.header, r.raw)
		}
		etag = r.header.Get("ETag")

		// Deadlines and fees.
		version := field(r, "festival", "version").(float64)
		r = s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + f.slug + "/categories", token: organiser,
			body: mustJSON(t, map[string]any{"version": version, "categories": []any{category("Shorts", day(5), day(20), day(30), 15)}})})
		expect(t, r, 200, "")
		r = get("", etag)
		if r.status != 200 || !strings.Contains(string(r.raw), `"current":{"tier":"early","date":"`+day(5)+`","fee":15}`) {
			t.Fatalf("deadlines: %d %s", r.status, r.raw)
		}
		etag = r.header.Get("ETag")

		// A promotion: nothing shown changes.
		userID := s.userID(organiser)
		expect(t, s.do(call{method: "POST", path: fmt.Sprintf("/api/v1/admin/users/%d/credits", userID), token: admin,
			body: `{"delta":1000,"reason":"promotion test"}`}), 200, "")
		expect(t, s.do(call{method: "POST", path: "/api/v1/manage/festivals/" + f.slug + "/promotions", token: organiser,
			body: `{"days":7,"key":"page-1"}`}), 201, "")
		expect(t, get("", etag), 304, "")

		// The early deadline passes: the next day's page has the regular tier.
		db.Clock.Set(festivalNow.AddDate(0, 0, 6))
		r = get("", etag)
		if r.status != 200 || !strings.Contains(string(r.raw), `"current":{"tier":"regular","date":"`+day(20)+`","fee":25}`) {
			t.Fatalf("the next day: %d %s", r.status, r.raw)
		}
		etag = r.header.Get("ETag")

		// Rejected after it was public: 404, never the kept page.
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.id + "/reject", token: admin,
			body: `{"reason":"Not a film festival"}`}), 200, "")
		notFound("rejected", etag)
	})
}
