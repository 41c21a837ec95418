package marquee_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/marquee-festival/marquee"
)

// FuzzParseFestivalSearchArgs checks the tool's arguments as a model may
// send them: never a panic; accepted arguments hold a valid country,
// date field, language and fee, and read the same once written again.
func FuzzParseFestivalSearchArgs(f *testing.F) {
	for _, s := range []string{``, `{}`, `{"country":"jp","month":"2026-12","date_field":"deadline"}`, `{"country": 12`, `{"max_fee":-1}`,
		`{"query":"東京","language":"ja","from":"2027-01-01","to":"2027-01-31","open_for_submissions":true}`, `null`, `{"colour":1}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		a, err := marquee.ParseFestivalSearchArgs(raw)
		if err != nil {
			return
		}
		if a.Country != "" && !marquee.ValidCountry(a.Country) || a.MaxFee != nil && *a.MaxFee < 0 ||
			a.DateField != "" && a.DateField != marquee.ToolDatesFestival && a.DateField != marquee.ToolDatesDeadline {
			t.Fatalf("accepted %+v", a)
		}
		again, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := marquee.ParseFestivalSearchArgs(string(again))
		if err != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("%s read again: %+v, %v; want %+v", again, b, err, a)
		}
	})
}

// FuzzValidateInquiryHistory checks a conversation's turns as a browser
// may send them: never a panic; accepted turns are at most
// InquiryHistoryMax, each a user's or the assistant's, 1 to
// InquiryTurnMax characters.
func FuzzValidateInquiryHistory(f *testing.F) {
	f.Add(`[{"role":"user","text":"Documentary festivals?"},{"role":"assistant","text":"[Docs](/festival/docs)"}]`)
	f.Add(`[{"role":"system","text":"x"}]`)
	f.Add(`[{"role":"user","text":"  "}]`)
	f.Fuzz(func(t *testing.T, raw string) {
		var turns []marquee.InquiryTurn
		if json.Unmarshal([]byte(raw), &turns) != nil {
			return
		}
		got, err := marquee.ValidateInquiryHistory(turns)
		if err != nil {
			return
		}
		if len(got) > marquee.InquiryHistoryMax {
			t.Fatalf("%d turns accepted", len(got))
		}
		for _, turn := range got {
			if n := marquee.Length(turn.Text); n == 0 || n > marquee.InquiryTurnMax ||
				turn.Role != marquee.InquiryRoleUser && turn.Role != marquee.InquiryRoleAssistant {
				t.Fatalf("accepted %+v", turn)
			}
		}
	})
}
