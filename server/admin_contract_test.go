package server_test

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// pageMessage is the answer to a bad ?page= on every paged list.
const pageMessage = "Page must be a whole number from 1 to 10,000"

// badPages are ?page= values every paged list refuses.
var badPages = []string{"0", "-1", "two", url.QueryEscape("1.5"), "10001"}

// addUsers creates n accounts user00@example.com... directly in the store,
// one second apart from start, so that the newest is the last.
func addUsers(t *testing.T, db *storetest.DB, n int, start time.Time) {
	t.Helper()
	for i := range n {
		db.Clock.Set(start.Add(time.Duration(i) * time.Second))
		if _, err := db.Users.CreateUser(context.Background(), store.UserRecord{Email: fmt.Sprintf("user%02d@example.com", i), PasswordHash: "x"}); err != nil {
			t.Fatal(err)
		}
	}
}

// pageOf checks a {items, total, page, perPage} answer and returns its items.
func pageOf(t *testing.T, r reply, total, page, perPage, items int) []map[string]any {
	t.Helper()
	expect(t, r, 200, "")
	list, ok := field(r, "items").([]any)
	if !ok || field(r, "total") != float64(total) || field(r, "page") != float64(page) || field(r, "perPage") != float64(perPage) || len(list) != items {
		t.Fatalf("want total %d, page %d, perPage %d, %d items; got %.300s", total, page, perPage, items, r.raw)
	}
	out := make([]map[string]any, len(list))
	for i, it := range list {
		out[i] = it.(map[string]any)
	}
	return out
}

// expectFieldError checks a 400 validation answer naming field with msg,
// msg also being the message.
func expectFieldError(t *testing.T, r reply, fieldName, msg string) {
	t.Helper()
	expect(t, r, 400, "")
	if field(r, "code") != "validation" || field(r, "fields", fieldName) != msg || field(r, "message") != msg {
		t.Fatalf("want %s: %q; got %s", fieldName, msg, r.raw)
	}
}

// Contract change 1: GET /api/v1/admin/users?q=&page=N answers {items,
// total, page, perPage} with 50 a page; limit and offset are not read.
func TestAdminUserListPages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		addUsers(t, db, 60, start)
		db.Clock.Set(start.Add(time.Hour))
		admin := s.admin() // the newest account
		list := func(query string) reply {
			return s.do(call{method: "GET", path: "/api/v1/admin/users?" + query, token: admin})
		}

		first := pageOf(t, list(""), 61, 1, 50, 50)
		if first[0]["email"] != "root@example.com" || first[1]["email"] != "user59@example.com" || first[49]["email"] != "user11@example.com" {
			t.Fatalf("page 1 not newest first: %v ... %v", first[0], first[49])
		}
		if _, leaked := first[1]["passwordHash"]; leaked {
			t.Fatal("user list exposes the password hash")
		}
		second := pageOf(t, list("page=2"), 61, 2, 50, 11)
		if second[0]["email"] != "user10@example.com" || second[10]["email"] != "user00@example.com" {
			t.Fatalf("page 2: %v ... %v", second[0], second[10])
		}
		pageOf(t, list("page=3"), 61, 3, 50, 0)

		// limit and offset are ignored: the first page of 50.
		for _, q := range []string{"limit=1", "offset=55", "limit=1&offset=1", "limit=0&offset=-1"} {
			if got := pageOf(t, list(q), 61, 1, 50, 50); got[0]["email"] != "root@example.com" {
				t.Fatalf("?%s: %v", q, got[0])
			}
		}

		// The search pages too, and past its last page still counts.
		found := pageOf(t, list("q=USER1"), 10, 1, 50, 10)
		if found[0]["email"] != "user19@example.com" || found[9]["email"] != "user10@example.com" {
			t.Fatalf("q=USER1: %v ... %v", found[0], found[9])
		}
		pageOf(t, list("q=user1&page=2"), 10, 2, 50, 0)
		pageOf(t, list("q=nobody"), 0, 1, 50, 0)

		for _, p := range badPages {
			expectFieldError(t, list("page="+p), "page", pageMessage)
		}
	})
}

// Contract change 2: GET /api/v1/admin/messages?status=open|handled|all&page=N
// answers {items, total, page, perPage} with 50 a page; an unknown status
// is a field error.
func TestAdminMessageListPages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		for i := range 51 {
			db.Clock.Set(start.Add(time.Duration(i) * time.Minute))
			m := marquee.NewContactMessage{Name: "Sender", Email: "sender@example.com", Subject: fmt.Sprintf("Question %02d", i), Message: "A question about submissions.", IP: "203.0.113.7"}
			if err := db.Contact.Send(context.Background(), m); err != nil {
				t.Fatal(err)
			}
		}
		admin := s.admin()
		list := func(query string) reply {
			return s.do(call{method: "GET", path: "/api/v1/admin/messages?" + query, token: admin})
		}

		first := pageOf(t, list(""), 51, 1, 50, 50)
		if first[0]["subject"] != "Question 50" || first[49]["subject"] != "Question 01" {
			t.Fatalf("page 1 not newest first: %v ... %v", first[0], first[49])
		}
		if _, leaked := first[0]["ip"]; leaked {
			t.Fatal("message exposes the sender's IP")
		}
		second := pageOf(t, list("page=2"), 51, 2, 50, 1)
		if second[0]["subject"] != "Question 00" {
			t.Fatalf("page 2: %v", second[0])
		}
		pageOf(t, list("page=3"), 51, 3, 50, 0)
		// limit and offset are not read.
		pageOf(t, list("limit=1&offset=50"), 51, 1, 50, 50)

		// Handle the newest; the filters split the list.
		id := strconv.Itoa(int(first[0]["id"].(float64)))
		expect(t, s.do(call{method: "PATCH", path: "/api/v1/admin/messages/" + id, token: admin, body: `{"handled":true}`}), 200, "")
		pageOf(t, list(""), 50, 1, 50, 50)
		pageOf(t, list("status=open"), 50, 1, 50, 50)
		pageOf(t, list("status=open&page=2"), 50, 2, 50, 0)
		if handled := pageOf(t, list("status=handled"), 1, 1, 50, 1); handled[0]["subject"] != "Question 50" || handled[0]["handledAt"] == nil {
			t.Fatalf("handled: %v", handled[0])
		}
		pageOf(t, list("status=all"), 51, 1, 50, 50)
		pageOf(t, list("status=all&page=2"), 51, 2, 50, 1)

		for _, st := range []string{"bogus", "ALL", "closed"} {
			expectFieldError(t, list("status="+st), "status", "Status must be open, handled or all")
		}
		for _, p := range badPages {
			expectFieldError(t, list("page="+p), "page", pageMessage)
		}
		// Both at once: both fields are named.
		r := list("status=bogus&page=0")
		expect(t, r, 400, "")
		if field(r, "fields", "status") == nil || field(r, "fields", "page") == nil {
			t.Fatalf("status and page: %s", r.raw)
		}
	})
}

// Contract change 3: the seed's GET /api/v1/user/get keeps its shape
// {success, user: [{_id, name, email}]}, the newest 200 users; ?page= reads
// further, limit and offset are gone.
func TestCompatUserListPages(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		addUsers(t, db, 205, start)
		db.Clock.Set(start.Add(time.Hour))
		admin := s.admin() // the newest account: 206 in all
		list := func(query string) []map[string]any {
			t.Helper()
			r := s.do(call{method: "GET", path: "/api/v1/user/get" + query, token: admin})
			expect(t, r, 200, "")
			users, ok := field(r, "user").([]any)
			if field(r, "success") != true || !ok || len(r.json) != 2 {
				t.Fatalf("%s: shape %.300s", query, r.raw)
			}
			out := make([]map[string]any, len(users))
			for i, u := range users {
				m := u.(map[string]any)
				if _, ok := m["_id"].(float64); !ok || m["email"] == nil || m["name"] == nil || len(m) != 3 {
					t.Fatalf("%s: user shape %v", query, m)
				}
				out[i] = m
			}
			return out
		}

		first := list("")
		if len(first) != 200 || first[0]["email"] != "root@example.com" || first[1]["email"] != "user204@example.com" || first[199]["email"] != "user06@example.com" {
			t.Fatalf("first 200: %d users, %v ... %v", len(first), first[0], first[len(first)-1])
		}
		if second := list("?page=2"); len(second) != 6 || second[0]["email"] != "user05@example.com" || second[5]["email"] != "user00@example.com" {
			t.Fatalf("page 2: %v", second)
		}
		if third := list("?page=3"); len(third) != 0 {
			t.Fatalf("page 3: %v", third)
		}
		// limit and offset are ignored.
		for _, q := range []string{"?limit=1", "?offset=5", "?limit=10&offset=10", "?limit=0&offset=-1"} {
			if got := list(q); len(got) != 200 || got[0]["email"] != "root@example.com" {
				t.Fatalf("%s: %d users, first %v", q, len(got), got[0])
			}
		}
		for _, p := range badPages {
			r := s.do(call{method: "GET", path: "/api/v1/user/get?page=" + p, token: admin})
			expect(t, r, 400, pageMessage)
			if field(r, "fields", "page") != pageMessage {
				t.Fatalf("page=%s: %s", p, r.raw)
			}
		}
	})
}

// Contract change 4: a rejection reason over 1,000 characters answers
// "Reason must be at most 1,000 characters", in the message and the field.
func TestFestivalRejectReasonTooLong(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		organiser := s.signUp("organiser@example.com", "password-1")
		admin := s.admin()
		f := s.createFestival(organiser, nil)
		reject := func(reason string) reply {
			return s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.id + "/reject", token: admin, body: mustJSON(t, map[string]string{"reason": reason})})
		}

		const msg = "Reason must be at most 1,000 characters"
		for _, reason := range []string{strings.Repeat("r", 1001), strings.Repeat("映", 1001), strings.Repeat("r", 5000)} {
			expectFieldError(t, reject(reason), "reason", msg)
		}
		r := s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: organiser})
		if field(r, "festival", "status") != "pending" || field(r, "festival", "version") != f.version {
			t.Fatalf("a refused rejection changed the festival: %s", r.raw)
		}

		// 1,000 characters (counted as characters, after trimming) pass.
		long := strings.Repeat("映", 1000)
		r = reject("  " + long + "\n")
		expect(t, r, 200, "")
		if field(r, "festival", "status") != "rejected" || field(r, "festival", "rejectionReason") != long {
			t.Fatalf("1,000-character reason: %.200s", r.raw)
		}
	})
}
