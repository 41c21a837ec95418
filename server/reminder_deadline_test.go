package server_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// TestDeadlineReminderAPI: POST /api/v1/reminders with a festival, a
// category and a tier sets that deadline's reminder (name and date from the
// festival, the e-mail in the request's language); a visitor is 401 and
// nothing is stored; the same again is 409 in the reader's language; the
// list carries the category and tier, and the calendar names the deadline.
func TestDeadlineReminderAPI(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		admin := s.admin()
		org := s.signUp("organiser@example.com", "password-1")
		f := s.createFestival(org, map[string]any{"name": "Lisbon Documentary Days"})
		expect(t, s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + f.slug + "/categories", token: org,
			body: fmt.Sprintf(`{"version":%d,"categories":[{"name":"Documentary","description":"","deadlines":[{"tier":"regular","date":"%s","fee":10},{"tier":"late","date":"%s","fee":20}]}]}`,
				int64(f.version), day(20), day(30))}), 200, "")
		s.approveFestival(admin, f)
		page := s.do(call{method: "GET", path: "/api/v1/festivals/" + f.slug})
		cat := int64(field(page, "festival", "categories").([]any)[0].(map[string]any)["id"].(float64))
		body := fmt.Sprintf(`{"festivalSlug":%q,"categoryId":%d,"tier":"late","preference":"one-week-before"}`, f.slug, cat)

		expect(t, s.do(call{method: "POST", path: "/api/v1/reminders", body: body}), 401, "Please log in")
		fan := s.signUp("fan@example.com", "password-1")
		r := s.do(call{method: "POST", path: "/api/v1/reminders", token: fan, body: body, header: map[string]string{"Accept-Language": "ja"}})
		expect(t, r, 201, "")
		if field(r, "reminder", "festivalName") != "Lisbon Documentary Days" || field(r, "reminder", "date") != day(30) ||
			field(r, "reminder", "categoryName") != "Documentary" || field(r, "reminder", "tier") != "late" ||
			field(r, "reminder", "categoryId") != float64(cat) || field(r, "reminder", "language") != "ja" {
			t.Fatalf("created %s", r.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/reminders", token: fan, body: body, header: map[string]string{"Accept-Language": "zh"}}),
			409, "您已为这个截止日期设置了相同的提醒。")
		r = s.do(call{method: "POST", path: "/api/v1/reminders", token: fan,
			body: fmt.Sprintf(`{"festivalSlug":%q,"categoryId":%d,"tier":"early","preference":"day-of"}`, f.slug, cat)})
		expect(t, r, 400, "This category has no such deadline")
		if field(r, "fields", "tier") == nil {
			t.Fatalf("no tier field: %s", r.raw)
		}

		r = s.do(call{method: "GET", path: "/api/v1/reminders", token: fan})
		if items := field(r, "items").([]any); len(items) != 1 || items[0].(map[string]any)["tier"] != "late" {
			t.Fatalf("list %s", r.raw)
		}
		ics := strings.ReplaceAll(string(s.do(call{method: "GET", path: "/api/v1/reminders.ics?lang=en", token: fan}).raw), "\r\n ", "")
		if !strings.Contains(ics, "SUMMARY:Lisbon Documentary Days: late deadline for Documentary\r\n") ||
			!strings.Contains(ics, "DESCRIPTION:Deadline in one week: Documentary at Lisbon Documentary Days\r\n") {
			t.Fatalf("calendar:\n%s", ics)
		}
	})
}
