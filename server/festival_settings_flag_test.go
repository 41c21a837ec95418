package server_test

import (
	"fmt"
	"testing"

	"github.com/marquee-festival/marquee/store/storetest"
)

// TestFestivalSettingsKeepWhatIsLeftOut: PUT .../settings changes only the
// settings its body names (marquee.SettingsChange.Apply); {} or null
// changes nothing, judgingLocked is the lock route's, and an unknown field
// or a wrong type is refused with its field, leaving the settings as they
// were.
func TestFestivalSettingsKeepWhatIsLeftOut(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		w := newJuryWorld(t, db)
		put := func(body string) reply {
			return w.do(call{method: "PUT", path: w.manage("/settings"), token: w.org, body: body})
		}
		want := func(r reply, refund, blind, locked bool) {
			t.Helper()
			expect(t, r, 200, "")
			if field(r, "refundOnWithdraw") != refund || field(r, "blindReview") != blind || field(r, "judgingLocked") != locked {
				t.Fatalf("settings %s, want refund %v blind %v locked %v", r.raw, refund, blind, locked)
			}
			got := w.do(call{method: "GET", path: w.manage("/settings"), token: w.org})
			if field(got, "refundOnWithdraw") != refund || field(got, "blindReview") != blind || field(got, "judgingLocked") != locked {
				t.Fatalf("stored settings %s, want refund %v blind %v locked %v", got.raw, refund, blind, locked)
			}
		}
		want(w.do(call{method: "GET", path: w.manage("/settings"), token: w.org}), false, false, false)
		want(put(`{}`), false, false, false) // a festival without settings keeps every one off
		want(put(`{"blindReview":true,"refundOnWithdraw":true}`), true, true, false)
		want(put(`{}`), true, true, false)
		want(put(`{"refundOnWithdraw":false}`), false, true, false)
		want(put(`{"blindReview":null}`), false, true, false)
		want(put(`{"refundOnWithdraw":true}`), true, true, false)

		// Locking is the lock route's: the settings neither lock nor unlock.
		want(put(`{"judgingLocked":true}`), true, true, false)
		expect(t, w.do(call{method: "PUT", path: w.manage("/judging/lock"), token: w.org, body: `{"locked":true}`}), 200, "")
		want(put(`{"judgingLocked":false,"blindReview":true,"refundOnWithdraw":true}`), true, true, true)
		expect(t, w.do(call{method: "PUT", path: w.manage("/judging/lock"), token: w.org, body: `{"locked":false}`}), 200, "")

		// Refused, and nothing changes.
		r := put(`{"blind":false}`)
		expect(t, r, 400, "Unknown field blind")
		if field(r, "fields", "blind") == nil || field(r, "code") != "validation" {
			t.Fatalf("unknown field: %s", r.raw)
		}
		r = put(`{"blindReview":"no"}`)
		expect(t, r, 400, "")
		if field(r, "fields", "blindReview") == nil {
			t.Fatalf("wrong type: %s", r.raw)
		}
		expect(t, put(`null`), 200, "") // JSON null decodes to no change
		want(w.do(call{method: "GET", path: w.manage("/settings"), token: w.org}), true, true, false)

		// Only the organiser.
		expect(t, w.do(call{method: "PUT", path: w.manage("/settings"), token: w.judge, body: `{"blindReview":false}`}), 404, "")
		expect(t, w.do(call{method: "PUT", path: w.manage("/settings"), token: w.maker, body: `{}`}), 404, "")
		want(w.do(call{method: "GET", path: w.manage("/settings"), token: w.org}), true, true, false)
	})
}

// TestSubmissionFlagMustBeNamed: PUT .../submissions/{id}/flag sets the
// flag its body names ("none" clears it); a body that names none ({},
// null, or {"flagged":true}, which cleared the flag before) is refused
// with a field message and leaves the flag as it was.
func TestSubmissionFlagMustBeNamed(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		w := newJuryWorld(t, db)
		flagPath := w.manage(fmt.Sprintf("/submissions/%d/flag", w.subID))
		flag := func(body string) reply {
			return w.do(call{method: "PUT", path: flagPath, token: w.org, body: body})
		}
		stored := func(want string) {
			t.Helper()
			r := w.do(call{method: "GET", path: w.manage(fmt.Sprintf("/submissions/%d", w.subID)), token: w.org})
			expect(t, r, 200, "")
			if field(r, "submission", "flag") != want {
				t.Fatalf("flag %v, want %q", field(r, "submission", "flag"), want)
			}
		}
		r := flag(`{"flag":"strong_contender"}`)
		expect(t, r, 200, "")
		if field(r, "submission", "flag") != "strong_contender" {
			t.Fatalf("set: %s", r.raw)
		}
		stored("strong_contender")

		for _, c := range []struct{ body, field, msg string }{
			{`{"flagged":true}`, "flagged", "Unknown field flagged: this request does not take it"},
			{`{"flag":"needs_review","colour":"red"}`, "colour", "Unknown field colour"},
			{`{}`, "flag", "Choose a flag, or none to clear it"},
			{`{"flag":null}`, "flag", "Choose a flag, or none to clear it"},
			{`null`, "flag", "Choose a flag, or none to clear it"},
			{`{"flag":"purple"}`, "flag", "Unknown flag"},
			{`{"flag":true}`, "flag", ""},
		} {
			r := flag(c.body)
			expect(t, r, 400, c.msg)
			if field(r, "fields", c.field) == nil || field(r, "code") != "validation" {
				t.Fatalf("%s: %s", c.body, r.raw)
			}
			stored("strong_contender")
		}
		// The message names the field in the reader's language.
		r = w.do(call{method: "PUT", path: flagPath, token: w.org, body: `{"flagged":true}`, header: map[string]string{"Accept-Language": "ja"}})
		expect(t, r, 400, "flagged")
		if m := field(r, "message").(string); m == "Unknown field flagged: this request does not take it" {
			t.Fatalf("not translated: %s", r.raw)
		}

		r = flag(`{"flag":"none"}`)
		expect(t, r, 200, "")
		if field(r, "submission", "flag") != "" {
			t.Fatalf("clear: %s", r.raw)
		}
		stored("")
		expect(t, flag(`{"flag":"needs_review"}`), 200, "")
		expect(t, flag(`{"flag":""}`), 200, "")
		stored("")

		// Only the organiser.
		expect(t, w.do(call{method: "PUT", path: flagPath, token: w.judge, body: `{"flag":"needs_review"}`}), 404, "")
		stored("")
	})
}
