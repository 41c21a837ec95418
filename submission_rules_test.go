package marquee

import (
	"net/url"
	"strings"
	"testing"
)

func TestNewSubmissionValidate(t *testing.T) {
	entry := SubmissionEntry{FestivalID: 1, CategoryID: 2}
	many := make([]SubmissionEntry, SubmissionEntriesMax+1)
	for i := range many {
		many[i] = SubmissionEntry{FestivalID: 1, CategoryID: int64(i + 1)}
	}
	for _, c := range []struct {
		name  string
		ns    NewSubmission
		field string // "" when valid
	}{
		{"valid", NewSubmission{FilmID: 1, Entries: []SubmissionEntry{entry}}, ""},
		{"valid with code", NewSubmission{FilmID: 1, Entries: []SubmissionEntry{entry}, WaiverCode: " free-2026 "}, ""},
		{"max entries", NewSubmission{FilmID: 1, Entries: many[:SubmissionEntriesMax]}, ""},
		{"no film", NewSubmission{Entries: []SubmissionEntry{entry}}, "filmId"},
		{"no entries", NewSubmission{FilmID: 1}, "entries"},
		{"too many", NewSubmission{FilmID: 1, Entries: many}, "entries"},
		{"twice", NewSubmission{FilmID: 1, Entries: []SubmissionEntry{entry, entry}}, "entries"},
		{"blank entry", NewSubmission{FilmID: 1, Entries: []SubmissionEntry{{FestivalID: 1}}}, "entries"},
		{"bad code", NewSubmission{FilmID: 1, Entries: []SubmissionEntry{entry}, WaiverCode: "no way!"}, "waiverCode"},
		{"short code", NewSubmission{FilmID: 1, Entries: []SubmissionEntry{entry}, WaiverCode: "ab"}, "waiverCode"},
	} {
		ns := c.ns
		ns.Normalize()
		err := ns.Validate()
		if c.field == "" {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
			}
			continue
		}
		if _, ok := ErrorFields(err)[c.field]; !ok {
			t.Errorf("%s: want a field error on %s, got %v", c.name, c.field, err)
		}
	}
	ns := NewSubmission{WaiverCode: " free-2026 "}
	ns.Normalize()
	if ns.WaiverCode != "FREE-2026" {
		t.Errorf("normalised code %q", ns.WaiverCode)
	}
}

func TestEntryFee(t *testing.T) {
	c := &Category{Name: "Shorts", Deadlines: []Deadline{
		{Tier: TierEarly, Date: "2026-03-01", Fee: 10},
		{Tier: TierRegular, Date: "2026-04-01", Fee: 20},
		{Tier: TierLate, Date: "2026-05-01", Fee: 30},
	}}
	for _, c2 := range []struct {
		today string
		tier  DeadlineTier
	}{
		{"2026-01-01", TierEarly}, {"2026-03-01", TierEarly}, {"2026-03-02", TierRegular},
		{"2026-04-01", TierRegular}, {"2026-04-02", TierLate}, {"2026-05-01", TierLate},
	} {
		d, err := EntryFee(c, c2.today)
		if err != nil || d.Tier != c2.tier {
			t.Errorf("%s: %+v %v, want %s", c2.today, d, err, c2.tier)
		}
	}
	_, err := EntryFee(c, "2026-05-02")
	if ErrorCode(err) != EInvalid || ErrorMessage(err) != "The deadline for Shorts has passed" {
		t.Errorf("after the last deadline: %v (%q)", err, ErrorMessage(err))
	}
	if msg, args := ErrorTemplate(err); msg != "The deadline for {category} has passed" || args["category"] != "Shorts" {
		t.Errorf("template %q %v", msg, args)
	}
}

func TestInsufficientCredits(t *testing.T) {
	err := InsufficientCredits(40, 15)
	if ErrorCode(err) != EInsufficientCredits ||
		ErrorMessage(err) != "Not enough credits: these entries cost 40 credits and your balance is 15." {
		t.Errorf("%v: %q", err, ErrorMessage(err))
	}
	if !strings.Contains(err.Error(), "cost 40 credits") {
		t.Errorf("Error() %q", err.Error())
	}
}

func TestNewWaiverValidate(t *testing.T) {
	today := "2026-03-01"
	ok := NewWaiver{Code: " press-26 ", Percent: 50, UsageLimit: 10, ExpiresOn: today}
	ok.Normalize()
	if err := ok.Validate(today); err != nil || ok.Code != "PRESS-26" {
		t.Fatalf("%+v %v", ok, err)
	}
	for _, c := range []struct {
		w     NewWaiver
		field string
	}{
		{NewWaiver{Code: "AB", Percent: 50, UsageLimit: 10, ExpiresOn: today}, "code"},
		{NewWaiver{Code: strings.Repeat("A", 31), Percent: 50, UsageLimit: 10, ExpiresOn: today}, "code"},
		{NewWaiver{Code: "A B C", Percent: 50, UsageLimit: 10, ExpiresOn: today}, "code"},
		{NewWaiver{Code: "ABC", Percent: 0, UsageLimit: 10, ExpiresOn: today}, "percent"},
		{NewWaiver{Code: "ABC", Percent: 101, UsageLimit: 10, ExpiresOn: today}, "percent"},
		{NewWaiver{Code: "ABC", Percent: 100, UsageLimit: 0, ExpiresOn: today}, "usageLimit"},
		{NewWaiver{Code: "ABC", Percent: 100, UsageLimit: 100_001, ExpiresOn: today}, "usageLimit"},
		{NewWaiver{Code: "ABC", Percent: 100, UsageLimit: 1, ExpiresOn: "2026-02-28"}, "expiresOn"},
		{NewWaiver{Code: "ABC", Percent: 100, UsageLimit: 1, ExpiresOn: "March"}, "expiresOn"},
	} {
		w := c.w
		w.Normalize()
		if _, ok := ErrorFields(w.Validate(today))[c.field]; !ok {
			t.Errorf("%+v: want a field error on %s", c.w, c.field)
		}
	}
}

func TestWaiverDiscount(t *testing.T) {
	for _, c := range []struct {
		fee     int64
		percent int
		want    int64
	}{
		{30, 100, 30}, {30, 50, 15}, {25, 50, 12}, {10, 33, 3}, {1, 99, 0}, {0, 50, 0}, {7, 0, 0},
	} {
		if got := WaiverDiscount(c.fee, c.percent); got != c.want {
			t.Errorf("WaiverDiscount(%d, %d) = %d, want %d", c.fee, c.percent, got, c.want)
		}
	}
}

func TestWaiverUsable(t *testing.T) {
	w := &Waiver{ExpiresOn: "2026-03-01", UsageLimit: 2, Used: 1}
	if err := w.Usable("2026-03-01"); err != nil {
		t.Errorf("on its last day: %v", err)
	}
	if err := w.Usable("2026-03-02"); ErrorMessage(err) != "This waiver code has expired" {
		t.Errorf("expired: %v", err)
	}
	w.Used = 2
	if err := w.Usable("2026-03-01"); ErrorMessage(err) != "This waiver code has been used up" {
		t.Errorf("used up: %v", err)
	}
}

func TestSubmissionStatusRules(t *testing.T) {
	for _, c := range []struct {
		s                            SubmissionStatus
		valid, decided, withdrawable bool
	}{
		{SubmissionSubmitted, true, false, true},
		{SubmissionInConsideration, true, true, false},
		{SubmissionSelected, true, true, false},
		{SubmissionNotSelected, true, true, false},
		{SubmissionFinalist, true, true, false},
		{SubmissionAwardWinner, true, true, false},
		{SubmissionWithdrawn, true, false, false},
		{"lost", false, false, false},
	} {
		if c.s.Valid() != c.valid || c.s.Decided() != c.decided || c.s.CanWithdraw() != c.withdrawable {
			t.Errorf("%s: valid %v decided %v withdraw %v", c.s, c.s.Valid(), c.s.Decided(), c.s.CanWithdraw())
		}
	}
}

func TestDecisionValidate(t *testing.T) {
	for _, c := range []struct {
		d     Decision
		field string
	}{
		{Decision{Status: SubmissionSelected}, ""},
		{Decision{Status: SubmissionAwardWinner, AwardName: " Best Short "}, ""},
		{Decision{Status: SubmissionAwardWinner, AwardName: "  "}, "awardName"},
		{Decision{Status: SubmissionAwardWinner, AwardName: strings.Repeat("x", 201)}, "awardName"},
		{Decision{Status: SubmissionWithdrawn}, "status"},
		{Decision{Status: SubmissionSubmitted}, "status"},
		{Decision{Status: "maybe"}, "status"},
	} {
		d := c.d
		d.Normalize()
		err := d.Validate()
		if c.field == "" && err != nil {
			t.Errorf("%+v: %v", c.d, err)
		} else if _, ok := ErrorFields(err)[c.field]; c.field != "" && !ok {
			t.Errorf("%+v: want field %s, got %v", c.d, c.field, err)
		}
	}
	d := Decision{Status: SubmissionSelected, AwardName: "x"}
	d.Normalize()
	if d.AwardName != "" {
		t.Errorf("award name kept on %s", d.Status)
	}
	if ValidateDecisionIDs(nil) == nil || ValidateDecisionIDs(make([]int64, DecisionIDsMax+1)) == nil || ValidateDecisionIDs([]int64{1}) != nil {
		t.Error("decision ids")
	}
}

func TestParseReceivedFilter(t *testing.T) {
	q := url.Values{"category": {"4"}, "status": {"selected"}, "country": {"jp"}, "flag": {"none"},
		"minScore": {"50"}, "maxScore": {"90.5"}, "sort": {"score"}, "page": {"2"}}
	f, err := ParseReceivedFilter(q)
	if err != nil || f.CategoryID != 4 || f.Status != SubmissionSelected || f.Country != "JP" || f.Flag != FlagFilterNone ||
		*f.MinScore != 50 || *f.MaxScore != 90.5 || f.Sort != ReceivedSortScore || f.Page != 2 || f.PerPage != ReceivedPerPage {
		t.Fatalf("%+v %v", f, err)
	}
	f, err = ParseReceivedFilter(url.Values{})
	if err != nil || f.Sort != ReceivedSortDate || f.Page != 1 || f.MinScore != nil || f.Flag != "" {
		t.Fatalf("defaults %+v %v", f, err)
	}
	for field, v := range map[string]string{"category": "x", "status": "maybe", "country": "XX", "flag": "red",
		"minScore": "101", "maxScore": "-1", "sort": "name", "page": "0"} {
		_, err := ParseReceivedFilter(url.Values{field: {v}})
		if _, ok := ErrorFields(err)[field]; !ok {
			t.Errorf("%s=%s: %v", field, v, err)
		}
	}
	if _, err := ParseReceivedFilter(url.Values{"minScore": {"80"}, "maxScore": {"20"}}); err == nil {
		t.Error("min above max accepted")
	}
}

// TestDecisionChangesNothing: a decision equal to the submission's
// current one (once both are normalised) changes nothing; any difference
// of status, award or shared comments is a change.
func TestDecisionChangesNothing(t *testing.T) {
	selected := Decision{Status: SubmissionSelected}
	award := Decision{Status: SubmissionAwardWinner, AwardName: "Grand Prix"}
	for _, c := range []struct {
		d, current Decision
		want       bool
	}{
		{selected, selected, true},
		{award, award, true},
		{Decision{Status: SubmissionAwardWinner, AwardName: "  Grand Prix "}, award, true},
		{Decision{Status: SubmissionSelected, AwardName: "left over"}, selected, true},
		{selected, Decision{Status: SubmissionSubmitted}, false},
		{selected, Decision{Status: SubmissionFinalist}, false},
		{Decision{Status: SubmissionSelected, ShareComments: true}, selected, false},
		{Decision{Status: SubmissionAwardWinner, AwardName: "Jury Prize"}, award, false},
		{award, selected, false},
	} {
		if got := c.d.ChangesNothing(c.current); got != c.want {
			t.Errorf("%+v on %+v: changes nothing %v, want %v", c.d, c.current, got, c.want)
		}
	}
}

// TestSettingsChangeApply: a setting left out keeps its value (an empty
// change changes nothing); judgingLocked is never taken from a change.
func TestSettingsChangeApply(t *testing.T) {
	on := FestivalSettings{RefundOnWithdraw: true, BlindReview: true, JudgingLocked: true}
	off := FestivalSettings{}
	for _, tc := range []struct {
		name string
		cur  FestivalSettings
		c    SettingsChange
		want FestivalSettings
	}{
		{"empty keeps on", on, SettingsChange{}, on},
		{"empty keeps off", off, SettingsChange{}, off},
		{"blind off only", on, SettingsChange{BlindReview: new(false)}, FestivalSettings{RefundOnWithdraw: true, JudgingLocked: true}},
		{"refund on only", off, SettingsChange{RefundOnWithdraw: new(true)}, FestivalSettings{RefundOnWithdraw: true}},
		{"both", off, SettingsChange{RefundOnWithdraw: new(true), BlindReview: new(true)}, FestivalSettings{RefundOnWithdraw: true, BlindReview: true}},
		{"lock is not the settings'", on, SettingsChange{JudgingLocked: new(false)}, on},
		{"nor unlocked", off, SettingsChange{JudgingLocked: new(true)}, off},
		{"minimum of judges", on, SettingsChange{MinJudges: new(3)}, FestivalSettings{RefundOnWithdraw: true, BlindReview: true, JudgingLocked: true, MinJudges: 3}},
	} {
		if got := tc.c.Apply(tc.cur); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

// TestMinimumJudges: the minimum is 1 to JudgesMax; a submission scored
// by fewer judges than it is marked (an unset minimum is the default, 1).
func TestMinimumJudges(t *testing.T) {
	for _, n := range []int{0, -1, JudgesMax + 1} {
		if err := (SettingsChange{MinJudges: new(n)}).Validate(); ErrorFields(err)["minJudges"] != "The minimum of judges must be from 1 to 200" {
			t.Errorf("minimum %d: %v", n, err)
		}
	}
	for _, n := range []int{1, 3, JudgesMax} {
		if err := (SettingsChange{MinJudges: new(n)}).Validate(); err != nil {
			t.Errorf("minimum %d refused: %v", n, err)
		}
	}
	if err := (SettingsChange{}).Validate(); err != nil {
		t.Errorf("no minimum sent: %v", err)
	}
	for _, tc := range []struct {
		min, judges int
		below       bool
	}{{0, 0, true}, {0, 1, false}, {1, 0, true}, {3, 2, true}, {3, 3, false}, {3, 4, false}} {
		if got := (FestivalSettings{MinJudges: tc.min}).BelowMinimumJudges(tc.judges); got != tc.below {
			t.Errorf("minimum %d, %d judges: below %v", tc.min, tc.judges, got)
		}
	}
}

// TestFlagChangeParse: the flag must be named; "none" and "" clear it.
func TestFlagChangeParse(t *testing.T) {
	for _, tc := range []struct {
		flag *string
		want SubmissionFlag
		err  string // the field message, "" when valid
	}{
		{nil, "", "Choose a flag, or none to clear it"},
		{new("none"), FlagNone, ""},
		{new(""), FlagNone, ""},
		{new(" strong_contender "), FlagStrongContender, ""},
		{new("needs_review"), FlagNeedsReview, ""},
		{new("not_selected"), FlagFlagNotSelected, ""},
		{new("purple"), "", "Unknown flag (want strong_contender, needs_review, not_selected or none)"},
		{new("true"), "", "Unknown flag (want strong_contender, needs_review, not_selected or none)"},
	} {
		got, err := FlagChange{Flag: tc.flag}.Parse()
		if msg := ErrorFields(err)["flag"]; got != tc.want || msg != tc.err || (err == nil) != (tc.err == "") || (err != nil && ErrorCode(err) != EInvalid) {
			t.Errorf("%v: %q %v", tc.flag, got, err)
		}
	}
}
