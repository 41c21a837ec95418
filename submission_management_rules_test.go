package marquee

import (
	"strings"
	"testing"
)

func TestValidateAnswers(t *testing.T) {
	qs := []*Question{
		{ID: 1, Kind: QuestionShortText, Label: "Where", Required: true},
		{ID: 2, Kind: QuestionLongText, Label: "Statement"},
		{ID: 3, Kind: QuestionChoice, Label: "Format", Options: []string{"DCP", "ProRes"}},
		{ID: 4, Kind: QuestionYesNo, Label: "Premiere"},
	}
	for _, c := range []struct {
		name    string
		answers []Answer
		fields  map[string]string
		kept    int
	}{
		{"all good", []Answer{{1, " Kyoto "}, {2, "Long"}, {3, "DCP"}, {4, "no"}}, nil, 4},
		{"optional left out, other festival's ignored", []Answer{{1, "Kyoto"}, {99, "x"}}, nil, 1},
		{"required missing", []Answer{{2, "x"}}, map[string]string{"answers.1": "Answer this question"}, 0},
		{"each wrong", []Answer{{1, "a\nb"}, {2, strings.Repeat("字", AnswerLongMax+1)}, {3, "VHS"}, {4, "maybe"}}, map[string]string{
			"answers.1": "Answer on one line", "answers.2": "An answer is at most 5000 characters",
			"answers.3": "Choose one of the options", "answers.4": "Answer yes or no"}, 0},
		{"short too long", []Answer{{1, strings.Repeat("a", AnswerShortMax+1)}}, map[string]string{"answers.1": "An answer is at most 200 characters"}, 0},
	} {
		got, err := ValidateAnswers(qs, c.answers)
		f := ErrorFields(err)
		if len(f) != len(c.fields) || len(got) != c.kept {
			t.Errorf("%s: %v %v", c.name, got, f)
		}
		for k, v := range c.fields {
			if f[k] != v {
				t.Errorf("%s: %s = %q, want %q", c.name, k, f[k], v)
			}
		}
	}
}

func TestValidateQuestions(t *testing.T) {
	qs := []QuestionInput{
		{Kind: QuestionChoice, Label: " Format ", Options: []string{" DCP ", "", "ProRes"}},
		{Kind: QuestionYesNo, Label: "Premiere", Options: []string{"stray"}},
	}
	if err := ValidateQuestions(qs); err != nil || qs[0].Label != "Format" || len(qs[0].Options) != 2 || len(qs[1].Options) != 0 {
		t.Fatalf("%v %+v", err, qs)
	}
	bad := []QuestionInput{{ID: 3, Kind: "essay", Label: ""}, {ID: 3, Kind: QuestionChoice, Label: "F", Options: []string{"A", "A"}}}
	f := ErrorFields(ValidateQuestions(bad))
	for _, k := range []string{"questions.0.kind", "questions.0.label", "questions.1.id", "questions.1.options"} {
		if f[k] == "" {
			t.Errorf("no error for %s: %v", k, f)
		}
	}
	if ErrorFields(ValidateQuestions(make([]QuestionInput, QuestionsMax+1)))["questions"] == "" {
		t.Error("too many questions accepted")
	}
}

func TestEntryFeeExtended(t *testing.T) {
	c := &Category{Name: "Shorts", Deadlines: []Deadline{{Tier: TierEarly, Date: "2026-03-01", Fee: 10}, {Tier: TierLate, Date: "2026-04-01", Fee: 30}}}
	exts := []*DeadlineExtension{
		{CategoryID: 5, Until: "2026-04-05"},                 // the category, for everyone
		{FilmmakerID: 9, Until: "2026-04-10"},                // one filmmaker, every category
		{CategoryID: 6, FilmmakerID: 9, Until: "2026-04-20"}, // one filmmaker, one category
	}
	for _, x := range []struct {
		cat, user int64
		today     string
		want      string // "" for refused, else the tier's date
		fee       int64
	}{
		{5, 1, "2026-03-15", "2026-04-01", 30}, // not yet needed
		{5, 1, "2026-04-05", "2026-04-05", 30}, // the category's last day
		{5, 1, "2026-04-06", "", 0},
		{6, 1, "2026-04-02", "", 0},            // another category, another filmmaker
		{7, 9, "2026-04-10", "2026-04-10", 30}, // the filmmaker anywhere
		{6, 9, "2026-04-20", "2026-04-20", 30}, // the latest that applies
		{6, 9, "2026-04-21", "", 0},
	} {
		d, err := EntryFeeExtended(c, x.today, ExtendedUntil(exts, x.cat, x.user))
		switch {
		case x.want == "" && (err == nil || ErrorCode(err) != EInvalid):
			t.Errorf("%+v: %+v %v, want refused", x, d, err)
		case x.want != "" && (err != nil || d.Date != x.want || d.Fee != x.fee):
			t.Errorf("%+v: %+v %v", x, d, err)
		}
	}
}

func TestNoticeTexts(t *testing.T) {
	ok := NoticeText{Status: SubmissionSelected, Language: "ja", Subject: "{{film}}：入選", Body: "{{ filmmaker }}様、{{festival}}です。"}
	if err := ValidateNoticeText(&ok); err != nil {
		t.Fatal(err)
	}
	got := RenderNotice(ok.Body, map[string]string{"filmmaker": "Aiko", "festival": "{{film}}"})
	if got != "Aiko様、{{film}}です。" {
		t.Fatalf("rendered %q", got)
	}
	for _, c := range []struct {
		t     NoticeText
		field string
		msg   string
	}{
		{NoticeText{Status: SubmissionSelected, Language: "ja", Subject: "x", Body: "{{director}}"}, "body", "Unknown placeholder {{director}}"},
		{NoticeText{Status: SubmissionSelected, Language: "ja", Subject: "{{year}}", Body: "x"}, "subject", "Unknown placeholder {{year}}"},
		{NoticeText{Status: SubmissionSelected, Language: "ja", Subject: "x", Body: "{{film"}, "body", "A placeholder is not closed: write it as {{film}}"},
		{NoticeText{Status: SubmissionWithdrawn, Language: "ja", Subject: "x", Body: "y"}, "status", "Choose a decision"},
		{NoticeText{Status: SubmissionSelected, Language: "fr", Subject: "x", Body: "y"}, "language", "Choose a language"},
		{NoticeText{Status: SubmissionSelected, Language: "en", Subject: "x"}, "body", "Write the message"},
	} {
		err := ValidateNoticeText(&c.t)
		if ErrorFields(err)[c.field] == "" || ErrorMessage(err) != c.msg {
			t.Errorf("%+v: %v %v", c.t, err, ErrorFields(err))
		}
	}
	err := ValidateNoticeText(&NoticeText{Status: SubmissionSelected, Language: "en", Subject: "x", Body: "{{director}}"})
	if ErrorMessage(err) != "Unknown placeholder {{director}}" {
		t.Fatalf("message %q", ErrorMessage(err))
	}
	if err := ValidateNoticeText(&NoticeText{Status: SubmissionSelected, Language: "en"}); err != nil {
		t.Fatalf("empty texts go back to the default: %v", err)
	}
}
