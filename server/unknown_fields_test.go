package server_test

import (
	"fmt"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// TestAPIWritesRefuseUnknownFields: every API write refuses a body field
// its request does not take (decodeJSON) with 400, the field named in
// fields and in the message, and writes nothing; the seed client's
// compatibility calls (server/compat_*.go) still ignore fields they do
// not know, as the seed's server did.
func TestAPIWritesRefuseUnknownFields(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("organiser@example.com", "password-1")
		refused := func(r reply, name string) {
			t.Helper()
			expect(t, r, 400, "Unknown field "+name)
			if field(r, "code") != "validation" || field(r, "fields", name) != "This request does not take this field" {
				t.Fatalf("unknown field %s: %s", name, r.raw)
			}
		}

		refused(s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"organiser@example.com","password":"password-1","remember":true}`}), "remember")
		// The REST registration refuses it and registers nothing.
		refused(s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: festivalJSON(map[string]any{"organizer": "Ana"})}), "organizer")
		r := s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: token})
		if items := field(r, "items"); items == nil || len(items.([]any)) != 0 {
			t.Fatalf("a refused registration registered: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festivals", token: token, body: festivalJSON(nil)})
		expect(t, r, 201, "")
		slug := field(r, "festival", "slug").(string)
		version := field(r, "festival", "version").(float64)
		// Nested objects too: a criterion with a field criteria do not have.
		refused(s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + slug + "/criteria", token: token,
			body: fmt.Sprintf(`{"version":%d,"criteria":[{"name":"Story","weight":1,"maxScore":10,"colour":"red"}]}`, int64(version))}), "colour")
		r = s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + slug, token: token})
		if c := field(r, "festival", "criteria"); c != nil && len(c.([]any)) != 0 {
			t.Fatalf("refused criteria were saved: %s", r.raw)
		}

		// The seed's calls ignore what they do not know.
		r = s.do(call{method: "POST", path: "/api/v1/festival/create", token: token, body: festivalJSON(map[string]any{"name": "Seed Days", "organizer": "Ana"})})
		expect(t, r, 201, "")
		if field(r, "success") != true {
			t.Fatalf("seed registration: %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/payment/create", token: token,
			body: `{"amount":2500,"paymentMethodId":"pm_card_visa","country":"US","currency":"usd"}`})
		expect(t, r, 200, "")
		if field(r, "success") != true {
			t.Fatalf("seed payment: %s", r.raw)
		}
	})
}
