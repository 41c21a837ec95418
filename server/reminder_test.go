package server_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// reminderNow is the pinned time of the reminder tests: 1 March 2026, noon UTC.
var reminderNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newReminderServer(t *testing.T, db *storetest.DB, edit ...func(*server.Config)) *testServer {
	t.Helper()
	db.Clock.Set(reminderNow)
	return newTestServer(t, db, edit...)
}

// listFestival registers and approves a festival whose slug is slug (made
// from its name), organised by an account of its own: a reminder may link
// only to a listed festival.
func listFestival(t *testing.T, db *storetest.DB, name, slug string) {
	t.Helper()
	ctx := context.Background()
	org, err := db.Users.CreateUser(ctx, store.UserRecord{Email: slug + "@organisers.example", PasswordHash: "x"})
	if err != nil {
		t.Fatal(err)
	}
	f, err := db.Festivals.Create(storetest.AsUser(ctx, org), marquee.FestivalDetails{Name: name, Location: "Tokyo", Country: "JP",
		StartDate: "2026-10-27", EndDate: "2026-11-05", ContactEmail: "info@" + slug + ".example"})
	if err != nil {
		t.Fatalf("create festival %s: %v", name, err)
	}
	if f.Slug != slug {
		t.Fatalf("festival %q has slug %q, want %q", name, f.Slug, slug)
	}
	if _, err := db.Festivals.Approve(adminCtx(t), f.ID); err != nil {
		t.Fatalf("approve %s: %v", name, err)
	}
}

func postReminder(s *testServer, token, body string, header ...map[string]string) reply {
	c := call{method: "POST", path: "/api/v1/reminders", body: body, token: token}
	if len(header) > 0 {
		c.header = header[0]
	}
	return s.do(c)
}

func TestRemindersRequireLogin(t *testing.T) {
	s := newReminderServer(t, sqliteDB(t))
	for _, c := range []call{
		{method: "GET", path: "/api/v1/reminders"},
		{method: "POST", path: "/api/v1/reminders", body: `{"festivalName":"Cannes","date":"2026-05-12","preference":"day-of"}`},
		{method: "DELETE", path: "/api/v1/reminders/1"},
		{method: "GET", path: "/api/v1/reminders.ics"},
	} {
		expect(t, s.do(c), 401, "Please log in")
	}
	if page, err := s.db.Mail.List(adminCtx(t), marquee.MailFilter{}); err != nil || page.Total != 0 {
		t.Fatalf("a visitor's call left data (%v)", err)
	}
}

func TestReminderValidation(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db)
		token := s.signUp("ann@example.com", "password-1")
		long := strings.Repeat("映", 201)
		for _, tc := range []struct {
			name, body, field, message string
		}{
			{"empty object", `{}`, "festivalName", "Festival name is required"},
			{"missing name", `{"date":"2026-05-12","preference":"day-of"}`, "festivalName", "Festival name is required"},
			{"blank name", `{"festivalName":"   ","date":"2026-05-12","preference":"day-of"}`, "festivalName", "Festival name is required"},
			{"long name", `{"festivalName":"` + long + `","date":"2026-05-12","preference":"day-of"}`, "festivalName", "Festival name must be at most 200 characters"},
			{"missing date", `{"festivalName":"Cannes","preference":"day-of"}`, "date", "Festival date is required"},
			{"free-text date", `{"festivalName":"Cannes","date":"12 May 2026","preference":"day-of"}`, "date", "Enter the festival date as YYYY-MM-DD"},
			{"impossible date", `{"festivalName":"Cannes","date":"2026-02-30","preference":"day-of"}`, "date", "Enter the festival date as YYYY-MM-DD"},
			{"past date", `{"festivalName":"Cannes","date":"2026-02-28","preference":"day-of"}`, "date", "This festival date has already passed"},
			{"missing preference", `{"festivalName":"Cannes","date":"2026-05-12"}`, "preference", "Choose when to be reminded"},
			{"bad preference", `{"festivalName":"Cannes","date":"2026-05-12","preference":"two-days-before"}`, "preference", "Choose when to be reminded"},
			{"past reminder day", `{"festivalName":"Cannes","date":"2026-03-05","preference":"one-week-before"}`, "preference", "That reminder day has already passed; choose a later option"},
			{"past reminder day, one day", `{"festivalName":"Cannes","date":"2026-03-01","preference":"one-day-before"}`, "preference", "That reminder day has already passed; choose a later option"},
			{"wrong type", `{"festivalName":"Cannes","date":20260512,"preference":"day-of"}`, "date", "Field date has the wrong type"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				r := postReminder(s, token, tc.body)
				expect(t, r, 400, tc.message)
				if field(r, "fields", tc.field) == nil {
					t.Fatalf("no message for field %s: %s", tc.field, r.raw)
				}
			})
		}
		expect(t, postReminder(s, token, `{"festivalName":`), 400, "Malformed JSON")
		expect(t, postReminder(s, token, ``), 400, "Request body is empty")
		// Nothing was stored by any refused request.
		r := s.do(call{method: "GET", path: "/api/v1/reminders", token: token})
		if items := field(r, "items").([]any); len(items) != 0 {
			t.Fatalf("refused reminders stored: %s", r.raw)
		}
	})
}

func TestReminderCreateListDelete(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db)
		ann := s.signUp("ann@example.com", "password-1")
		bob := s.signUp("bob@example.com", "password-1")

		// Today's festival, reminded the same day (09:00 has passed: the worker sends it at once).
		r := postReminder(s, ann, `{"festivalName":"  Today Fest  ","date":"2026-03-01","preference":"day-of"}`)
		expect(t, r, 201, "")
		if field(r, "reminder", "festivalName") != "Today Fest" || field(r, "reminder", "sendAt") != "2026-03-01T09:00:00Z" || field(r, "reminder", "sentAt") != nil {
			t.Fatalf("created %s", r.raw)
		}
		// The e-mail's language is the request's.
		r = postReminder(s, ann, `{"festivalName":"東京国際映画祭","date":"2026-10-27","preference":"one-week-before"}`,
			map[string]string{"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
		expect(t, r, 201, "")
		tokyo := int64(field(r, "reminder", "id").(float64))
		if field(r, "reminder", "language") != "ja" || field(r, "reminder", "sendAt") != "2026-10-20T09:00:00Z" {
			t.Fatalf("ja reminder %s", r.raw)
		}
		r = postReminder(s, bob, `{"festivalName":"上海国际电影节","date":"2026-06-12","preference":"one-day-before"}`, map[string]string{"Accept-Language": "zh-CN"})
		expect(t, r, 201, "")
		bobs := int64(field(r, "reminder", "id").(float64))

		r = s.do(call{method: "GET", path: "/api/v1/reminders", token: ann})
		expect(t, r, 200, "")
		items := field(r, "items").([]any)
		if len(items) != 2 || items[0].(map[string]any)["date"] != "2026-03-01" || items[1].(map[string]any)["festivalName"] != "東京国際映画祭" {
			t.Fatalf("ann's list %s", r.raw)
		}
		for _, k := range []string{"id", "festivalName", "festivalSlug", "date", "preference", "language", "sendAt", "sentAt", "createdAt"} {
			if _, ok := items[0].(map[string]any)[k]; !ok {
				t.Errorf("reminder JSON lacks %s", k)
			}
		}

		// Someone else's reminder, an unknown one and a non-number are 404; nothing is deleted.
		expect(t, s.do(call{method: "DELETE", path: fmt.Sprintf("/api/v1/reminders/%d", bobs), token: ann}), 404, "Reminder not found")
		expect(t, s.do(call{method: "DELETE", path: "/api/v1/reminders/999999", token: ann}), 404, "Reminder not found")
		expect(t, s.do(call{method: "DELETE", path: "/api/v1/reminders/abc", token: ann}), 404, "Reminder not found")
		bobUser, _ := s.db.Users.FindUserByEmail(context.Background(), "bob@example.com")
		if list, _ := s.db.Reminders.List(storetest.AsUser(context.Background(), bobUser)); len(list) != 1 {
			t.Fatalf("bob's reminders: %v", list)
		}
		r = s.do(call{method: "DELETE", path: fmt.Sprintf("/api/v1/reminders/%d", tokyo), token: ann})
		if r.status != 204 || len(r.raw) != 0 {
			t.Fatalf("delete: %d %s", r.status, r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/reminders", token: ann})
		if items := field(r, "items").([]any); len(items) != 1 {
			t.Fatalf("after delete: %s", r.raw)
		}
		expect(t, s.do(call{method: "DELETE", path: fmt.Sprintf("/api/v1/reminders/%d", tokyo), token: ann}), 404, "Reminder not found")
	})
}

func TestReminderLimit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db)
		token := s.signUp("busy@example.com", "password-1")
		u, _ := s.db.Users.FindUserByEmail(context.Background(), "busy@example.com")
		for i := range store.ActiveRemindersMax {
			nr := marquee.NewReminder{FestivalName: fmt.Sprintf("Festival %d", i), Date: "2026-09-01", Preference: marquee.RemindDayOf}
			if _, err := s.db.Reminders.Create(storetest.AsUser(context.Background(), u), nr, "en"); err != nil {
				t.Fatal(err)
			}
		}
		r := postReminder(s, token, `{"festivalName":"One more","date":"2026-09-02","preference":"day-of"}`)
		expect(t, r, 400, "You already have 200 upcoming reminders")
		if r.json["fields"] != nil {
			t.Fatalf("the limit names a field: %s", r.raw)
		}
	})
}

func TestReminderFestivalSlug(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db)
		token := s.signUp("fan@example.com", "password-1")
		ctx := context.Background()
		org, _ := s.db.Users.FindUserByEmail(ctx, "fan@example.com")
		details := func(name string) marquee.FestivalDetails {
			return marquee.FestivalDetails{Name: name, Location: "Tokyo", Country: "JP", StartDate: "2026-10-27", EndDate: "2026-11-05", ContactEmail: "info@tiff.example"}
		}
		approved, err := s.db.Festivals.Create(storetest.AsUser(ctx, org), details("Tokyo International Film Festival"))
		if err != nil {
			t.Fatalf("create festival: %v", err)
		}
		if _, err := s.db.Festivals.Approve(adminCtx(t), approved.ID); err != nil {
			t.Fatalf("approve: %v", err)
		}
		pending, err := s.db.Festivals.Create(storetest.AsUser(ctx, org), details("Pending Film Festival"))
		if err != nil {
			t.Fatal(err)
		}
		body := func(slug string) string {
			return `{"festivalName":"TIFF","date":"2026-10-27","preference":"one-day-before","festivalSlug":"` + slug + `"}`
		}
		for _, slug := range []string{"no-such-festival", pending.Slug} {
			r := postReminder(s, token, body(slug))
			expect(t, r, 400, "This festival is not listed on Marquee")
			if field(r, "fields", "festivalSlug") == nil {
				t.Fatalf("%s: %s", slug, r.raw)
			}
		}
		r := postReminder(s, token, body(approved.Slug))
		expect(t, r, 201, "")
		if field(r, "reminder", "festivalSlug") != approved.Slug {
			t.Fatalf("linked reminder %s", r.raw)
		}
	})
}

func TestRemindersICS(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db, func(c *server.Config) { c.PublicURL = "https://marquee.example/" })
		token := s.signUp("ics@example.com", "password-1")
		u, _ := s.db.Users.FindUserByEmail(context.Background(), "ics@example.com")
		listFestival(t, db, "TIFF 2026", "tiff-2026")
		name := "第39回東京国際映画祭; Competition, Special Screenings \\ Asian Future 2026 — 東京ミッドタウン日比谷"
		rem, err := s.db.Reminders.Create(storetest.AsUser(context.Background(), u),
			marquee.NewReminder{FestivalName: name, Date: "2026-10-27", Preference: marquee.RemindOneWeekBefore, FestivalSlug: "tiff-2026"}, "ja")
		if err != nil {
			t.Fatal(err)
		}
		expect(t, postReminder(s, token, `{"festivalName":"Berlinale","date":"2026-03-02","preference":"day-of"}`), 201, "")

		r := s.do(call{method: "GET", path: "/api/v1/reminders.ics?lang=ja", token: token})
		expect(t, r, 200, "")
		if ct := r.header.Get("Content-Type"); ct != "text/calendar; charset=utf-8" {
			t.Errorf("Content-Type %q", ct)
		}
		if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="marquee-reminders.ics"` {
			t.Errorf("Content-Disposition %q", cd)
		}
		ics := string(r.raw)
		if strings.Contains(strings.ReplaceAll(ics, "\r\n", ""), "\n") || !strings.HasSuffix(ics, "\r\n") {
			t.Fatal("a line does not end in CRLF")
		}
		for i, line := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
			if len(line) > 75 {
				t.Errorf("line %d has %d octets", i, len(line))
			}
		}
		unfolded := strings.ReplaceAll(ics, "\r\n ", "")
		lines := strings.Split(unfolded, "\r\n")
		has := func(want string) bool {
			for _, l := range lines {
				if l == want {
					return true
				}
			}
			return false
		}
		for _, want := range []string{
			"BEGIN:VCALENDAR", "VERSION:2.0", "CALSCALE:GREGORIAN", "X-WR-CALNAME:Marquee リマインダー",
			fmt.Sprintf("UID:%d@marquee.example", rem.ID),
			"DTSTAMP:20260301T120000Z",
			"DTSTART;VALUE=DATE:20261027", "DTEND;VALUE=DATE:20261028",
			`SUMMARY:第39回東京国際映画祭\; Competition\, Special Screenings \\ Asian Future 2026 — 東京ミッドタウン日比谷`,
			"URL:https://marquee.example/festival/tiff-2026",
			"BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;VALUE=DATE-TIME:20261020T090000Z",
			`DESCRIPTION:1週間後に開催：` + strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`).Replace(name),
			"DTSTART;VALUE=DATE:20260302", "DTEND;VALUE=DATE:20260303", "TRIGGER;VALUE=DATE-TIME:20260302T090000Z",
			"END:VALARM", "END:VEVENT", "END:VCALENDAR",
		} {
			if !has(want) {
				t.Errorf("no line %q in\n%s", want, unfolded)
			}
		}
		if n := strings.Count(unfolded, "BEGIN:VEVENT"); n != 2 || !strings.HasPrefix(unfolded, "BEGIN:VCALENDAR\r\n") {
			t.Errorf("%d events", n)
		}
		if strings.Count(unfolded, "PRODID:") != 1 || strings.Count(unfolded, "URL:") != 1 {
			t.Errorf("PRODID once, URL only for the linked reminder:\n%s", unfolded)
		}
		// Someone else's calendar holds none of these.
		other := s.signUp("other@example.com", "password-1")
		r = s.do(call{method: "GET", path: "/api/v1/reminders.ics", token: other})
		if strings.Contains(string(r.raw), "VEVENT") || !strings.Contains(string(r.raw), "X-WR-CALNAME:Marquee reminders") {
			t.Fatalf("other user's calendar:\n%s", r.raw)
		}
	})
}

func TestAdminOutbox(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db)
		// Made in the store, not signed up: a sign-up would add its
		// confirmation e-mail to the outbox counted here.
		if _, err := db.Users.CreateUser(t.Context(), store.UserRecord{Email: "film@example.com", PasswordHash: mustHash(t, "password-1")}); err != nil {
			t.Fatal(err)
		}
		filmmaker := s.logIn("film@example.com", "password-1")
		c := call{method: "GET", path: "/api/v1/admin/outbox"}
		expect(t, s.do(c), 401, "Please log in")
		c.token = filmmaker
		expect(t, s.do(c), 403, "Admin access required")

		ctx := context.Background()
		for i := range 23 {
			status := marquee.MailKept
			if i%4 == 0 {
				status = marquee.MailQueued
			}
			m := &marquee.Mail{Kind: "reminder", To: fmt.Sprintf("u%d@example.com", i), Subject: fmt.Sprintf("Mail %d", i), Body: "本文", Language: "ja", Status: status}
			if err := s.db.Mail.Enqueue(ctx, m); err != nil {
				t.Fatal(err)
			}
		}
		admin := s.admin()
		r := s.do(call{method: "GET", path: "/api/v1/admin/outbox", token: admin})
		expect(t, r, 200, "")
		items := field(r, "items").([]any)
		if field(r, "total") != float64(23) || field(r, "page") != float64(1) || field(r, "perPage") != float64(20) || len(items) != 20 {
			t.Fatalf("first page: total %v page %v perPage %v, %d items", field(r, "total"), field(r, "page"), field(r, "perPage"), len(items))
		}
		first := items[0].(map[string]any)
		for _, k := range []string{"id", "kind", "to", "subject", "body", "language", "status", "attempts", "lastError", "createdAt", "sentAt"} {
			if _, ok := first[k]; !ok {
				t.Errorf("mail JSON lacks %s", k)
			}
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/outbox?status=all&page=2", token: admin})
		if items := field(r, "items").([]any); len(items) != 3 || field(r, "page") != float64(2) {
			t.Fatalf("page 2: %s", r.raw)
		}
		r = s.do(call{method: "GET", path: "/api/v1/admin/outbox?status=queued", token: admin})
		if field(r, "total") != float64(6) {
			t.Fatalf("queued: %s", r.raw)
		}
		for _, it := range field(r, "items").([]any) {
			if it.(map[string]any)["status"] != "queued" {
				t.Fatalf("filter leaked %v", it)
			}
		}
		expect(t, s.do(call{method: "GET", path: "/api/v1/admin/outbox?status=lost", token: admin}), 400, "Unknown mail status")
		for _, p := range []string{"0", "-1", "two", url.QueryEscape("1.5"), "10001"} {
			expect(t, s.do(call{method: "GET", path: "/api/v1/admin/outbox?page=" + p, token: admin}), 400, "Page must be a whole number")
		}
	})
}
