package marquee_test

import (
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

const (
	msgControl   = "This field cannot contain line breaks or control characters"
	msgControlML = "This field cannot contain control characters"
	msgBidi      = "This field cannot contain text direction control characters"
	msgUTF8      = "This field contains text that is not valid UTF-8"
	msgInvisible = "This field cannot contain invisible characters such as zero-width spaces"
	msgNonText   = "This field cannot contain private-use characters or Unicode noncharacters"
)

// TestCheckSingleAndMultiLine is the table of the text hygiene rules: what
// a one-line field and a multi-line field refuse, and with which message.
func TestCheckSingleAndMultiLine(t *testing.T) {
	for _, tc := range []struct {
		name, value   string
		single, multi string // "" when accepted
	}{
		{"plain", "Lisbon Short Film Days", "", ""},
		{"non-Latin scripts", "東京 短編映画祭 — مهرجان", "", ""},
		{"U+FFFD as text", "a \ufffd b", "", ""},
		{"emoji", "🎬 Days", "", ""},
		// The implicit direction marks: refused in a name, where the site
		// sets the direction; a long text may carry them.
		{"LRM", "Lisbon\u200e Days", msgBidi, ""},
		{"RLM", "\u05e9\u05dc\u05d5\u05dd\u200f 2026", msgBidi, ""},
		{"ALM", "\u0645\u0647\u0631\u062c\u0627\u0646\u061c 2026", msgBidi, ""},
		// Invisible format characters (Cf) and other default ignorables.
		{"zero-width space", "Lisbon\u200bDays", msgInvisible, ""},
		{"zero-width space alone", "\u200b", msgInvisible, ""},
		{"byte order mark", "\ufeffLisbon Days", msgInvisible, ""},
		{"word joiner", "Lis\u2060bon", msgInvisible, ""},
		{"soft hyphen", "Lis\u00adbon", msgInvisible, ""},
		{"invisible times", "a\u2062b", msgInvisible, ""},
		{"Arabic number sign", "\u0600\u0661\u0662", msgInvisible, ""},
		{"Mongolian vowel separator", "\u1828\u180e\u1820", msgInvisible, ""},
		{"interlinear annotation", "\ufff9a\ufffab\ufffb", msgInvisible, ""},
		{"Hangul filler as a name", "\u3164", msgInvisible, ""},
		{"halfwidth Hangul filler", "a\uffa0b", msgInvisible, ""},
		{"combining grapheme joiner", "a\u034fb", msgInvisible, ""},
		{"language tag", "\U000E0001\U000E006Aa", msgInvisible, ""},
		{"tag characters without a flag", "Days\U000E0067\U000E0062\U000E007F", msgInvisible, ""},
		{"a flag's tags not ended", "\U0001F3F4\U000E0067\U000E0062", msgInvisible, ""},
		{"a flag's tags then a tag again", "\U0001F3F4\U000E0067\U000E007F\U000E0067", msgInvisible, ""},
		// What writing needs: joiners inside words of scripts that use
		// them and in emoji sequences; a subdivision flag; variation
		// selectors.
		{"ZWNJ in Persian", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "", ""},
		{"ZWJ in a Devanagari conjunct", "\u0915\u094d\u200d\u0937", "", ""},
		{"ZWNJ after a Devanagari virama", "\u0915\u094d\u200c\u0937", "", ""},
		{"ZWJ in an old Malayalam chillu", "\u0d05\u0d35\u0d28\u0d4d\u200d film", "", ""},
		{"ZWJ family emoji", "Days \U0001F468\u200d\U0001F469\u200d\U0001F467", "", ""},
		{"ZWJ after a skin tone", "\U0001F469\U0001F3FD\u200d\U0001F4BB Lab", "", ""},
		{"ZWJ after a variation selector", "\u2764\ufe0f\u200d\U0001F525", "", ""},
		{"flag of Scotland", "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F Shorts", "", ""},
		{"emoji presentation selector", "\u2764\ufe0f Days", "", ""},
		{"ideographic variation selector", "\u845b\U000E0100\u98fe\u533a", "", ""},
		// Joiners that only hide a difference.
		{"ZWJ at the start", "\u200dDays", msgInvisible, ""},
		{"ZWNJ after a space", "Lisbon \u200cDays", msgInvisible, ""},
		{"ZWNJ between Latin letters", "Lis\u200cbon", msgInvisible, ""},
		{"ZWJ between Latin letters", "Lis\u200dbon", msgInvisible, ""},
		{"ZWJ after an accented Latin letter", "Cafe\u0301\u200d", msgInvisible, ""},
		{"ZWJ after Cyrillic", "\u041c\u200d\u0438\u0440", msgInvisible, ""},
		{"ZWNJ in Japanese", "\u6620\u200c\u753b", msgInvisible, ""},
		{"ZWJ after a digit", "2026\u200d", msgInvisible, ""},
		{"two joiners", "\u0645\u200c\u200c\u062e", msgInvisible, ""},
		{"ZWNJ after an emoji", "\U0001F3AC\u200c\U0001F3AC", msgInvisible, ""},
		// Noncharacters and private use.
		{"U+FFFF", "Days\uffff", msgNonText, ""},
		{"U+FFFE", "\ufffeDays", msgNonText, ""},
		{"U+FDD0", "a\ufdd0b", msgNonText, ""},
		{"U+FDEF", "a\ufdefb", msgNonText, ""},
		{"U+1FFFF", "a\U0001FFFFb", msgNonText, ""},
		{"U+10FFFF", "a\U0010FFFF", msgNonText, ""},
		{"private use (a vendor's logo)", "Days \uf8ff", msgNonText, ""},
		{"supplementary private use", "a\U000F0000", msgNonText, ""},
		{"next to the noncharacters", "\ufdcf\ufdf0\ufffd", "", ""},
		{"ideographic and no-break spaces", "\u6771\u4eac\u3000Days\u00a0II", "", ""},
		{"line feed", "one\ntwo", msgControl, ""},
		{"CR LF", "one\r\ntwo", msgControl, ""},
		{"tab", "a\tb", msgControl, ""},
		{"lone CR", "one\rtwo", msgControl, msgControlML},
		{"NUL", "a\x00b", msgControl, msgControlML},
		{"bell", "a\ab", msgControl, msgControlML},
		{"escape", "a\x1b[31mred", msgControl, msgControlML},
		{"DEL", "a\x7fb", msgControl, msgControlML},
		{"C1 NEL", "a\u0085b", msgControl, msgControlML},
		{"C1 CSI", "a\u009bb", msgControl, msgControlML},
		{"line separator", "a\u2028b", msgControl, ""},
		{"paragraph separator", "a\u2029b", msgControl, ""},
		{"LRE", "a\u202ab", msgBidi, ""},
		{"RLE", "a\u202bb", msgBidi, ""},
		{"PDF", "a\u202cb", msgBidi, ""},
		{"LRO", "a\u202db", msgBidi, ""},
		{"RLO", "invoice\u202egnp.exe", msgBidi, ""},
		{"LRI", "a\u2066b", msgBidi, ""},
		{"RLI", "a\u2067b", msgBidi, ""},
		{"FSI", "a\u2068b", msgBidi, ""},
		{"PDI", "a\u2069b", msgBidi, ""},
		{"invalid UTF-8", "\xff@example.com", msgUTF8, msgUTF8},
		{"encoded surrogate", "a\xed\xa0\x80b", msgUTF8, msgUTF8},
	} {
		for _, c := range []struct {
			kind  string
			check func(string, string, *marquee.FieldErrors) bool
			want  string
		}{{"single", marquee.CheckSingleLine, tc.single}, {"multi", marquee.CheckMultiLine, tc.multi}} {
			var f marquee.FieldErrors
			ok := c.check("f", tc.value, &f)
			got := marquee.ErrorFields(f.Err())["f"]
			if ok != (c.want == "") || got != c.want {
				t.Errorf("%s, %s line: ok %v, message %q; want %q", tc.name, c.kind, ok, got, c.want)
			}
		}
	}
	// A field that already failed keeps its first message.
	var f marquee.FieldErrors
	f.Add("f", "first")
	marquee.CheckSingleLine("f", "a\nb", &f)
	if got := marquee.ErrorFields(f.Err())["f"]; got != "first" {
		t.Errorf("message %q", got)
	}
}

// TestCheckPasswordText holds the decision for new passwords: control
// characters and invalid UTF-8 are refused (they could not be typed again),
// bidirectional controls are accepted (a password is never shown).
func TestCheckPasswordText(t *testing.T) {
	for pw, want := range map[string]string{
		"correct horse":    "",
		"pass\u202eword-1": "",
		"password\n1":      msgControl,
		"pass\tword-1":     msgControl,
		"password-1\x00":   msgControl,
		"password-1\xff":   msgUTF8,
		"パスワードです12345":     "",
	} {
		if got := marquee.CheckPassword(pw); got != want {
			t.Errorf("%q: %q, want %q", pw, got, want)
		}
	}
}

// TestEveryValidateChecksText holds that each validation of user text
// applies the hygiene rule to its fields, one-line or multi-line, naming
// the field as the JSON does.
func TestEveryValidateChecksText(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	const nl, rlo, bel = "a\nb", "a\u202eb", "a\ab"
	festival := func(edit func(*marquee.FestivalDetails)) func() error {
		return func() error {
			d := marquee.FestivalDetails{Name: "Days", Location: "Lisbon", StartDate: "2026-05-01", EndDate: "2026-05-02", ContactEmail: "a@example.com"}
			edit(&d)
			return d.Validate()
		}
	}
	film := func(edit func(*marquee.FilmDetails)) func() error {
		return func() error {
			d := marquee.FilmDetails{Title: "Tide"}
			edit(&d)
			d.Normalize()
			return d.Validate(2026)
		}
	}
	second := func(_ string, err error) error { return err }
	for _, tc := range []struct {
		name, field, want string
		run               func() error
	}{
		{"sign-up e-mail", "email", msgBidi, func() error {
			u := marquee.NewUser{Email: "a\u202e@example.com", Password: "password-1"}
			return u.Validate()
		}},
		{"sign-up name", "name", msgControl, func() error {
			u := marquee.NewUser{Email: "a@example.com", Password: "password-1", Name: nl}
			return u.Validate()
		}},
		{"sign-up password", "password", msgControl, func() error {
			u := marquee.NewUser{Email: "a@example.com", Password: "password\n1"}
			return u.Validate()
		}},
		{"new password", "newPassword", msgControl, func() error {
			p := marquee.PasswordChange{CurrentPassword: "x", NewPassword: "password\x001"}
			return p.Validate(true)
		}},
		{"festival name", "name", msgBidi, festival(func(d *marquee.FestivalDetails) { d.Name = "Lisbon " + rlo })},
		{"festival location", "location", msgControl, festival(func(d *marquee.FestivalDetails) { d.Location = nl })},
		{"festival city", "city", msgBidi, festival(func(d *marquee.FestivalDetails) { d.City = rlo })},
		{"festival website", "website", msgBidi, festival(func(d *marquee.FestivalDetails) { d.Website = "https://a.example/" + rlo })},
		{"festival contact e-mail", "contactEmail", msgBidi, festival(func(d *marquee.FestivalDetails) { d.ContactEmail = "a\u2066@example.com" })},
		{"festival description", "description", msgControlML, festival(func(d *marquee.FestivalDetails) { d.Description = "one\ntwo " + bel })},
		{"festival description with lines", "description", "", festival(func(d *marquee.FestivalDetails) { d.Description = "one\r\ntwo\n\tthree " + rlo })},
		{"category name", "categories.0.name", msgControl, func() error {
			return marquee.ValidateCategories([]marquee.Category{{Name: nl}}, "2026-05-01")
		}},
		{"category description", "categories.0.description", msgControlML, func() error {
			return marquee.ValidateCategories([]marquee.Category{{Name: "Shorts", Description: bel}}, "2026-05-01")
		}},
		{"criterion name", "criteria.0.name", msgBidi, func() error {
			return marquee.ValidateCriteria([]marquee.Criterion{{Name: rlo, Weight: 1, MaxScore: 10}})
		}},
		{"rejection reason", "reason", msgControlML, func() error { return second(marquee.ValidateRejection("no " + bel)) }},
		{"rejection reason with lines", "reason", "", func() error { return second(marquee.ValidateRejection("no.\nreally.")) }},
		{"reminder festival name", "festivalName", msgControl, func() error {
			r := marquee.NewReminder{FestivalName: nl, Date: "2026-06-01", Preference: "week"}
			return r.Validate(now)
		}},
		{"contact name", "name", msgControl, func() error {
			m := marquee.NewContactMessage{Name: nl, Email: "a@example.com", Subject: "Hi", Message: "long enough text"}
			return m.Validate()
		}},
		{"contact e-mail", "email", msgBidi, func() error {
			m := marquee.NewContactMessage{Name: "A", Email: "a\u202e@example.com", Subject: "Hi", Message: "long enough text"}
			return m.Validate()
		}},
		{"contact subject", "subject", msgBidi, func() error {
			m := marquee.NewContactMessage{Name: "A", Email: "a@example.com", Subject: rlo, Message: "long enough text"}
			return m.Validate()
		}},
		{"contact message", "message", msgControlML, func() error {
			m := marquee.NewContactMessage{Name: "A", Email: "a@example.com", Subject: "Hi", Message: "long enough\x1b text"}
			return m.Validate()
		}},
		{"film title", "title", msgBidi, film(func(d *marquee.FilmDetails) { d.Title = rlo })},
		{"film original title", "originalTitle", msgControl, film(func(d *marquee.FilmDetails) { d.OriginalTitle = nl })},
		{"film genre", "genre", msgControl, film(func(d *marquee.FilmDetails) { d.Genre = bel })},
		{"film language", "language", msgBidi, film(func(d *marquee.FilmDetails) { d.Language = rlo })},
		{"film director", "director", msgControl, film(func(d *marquee.FilmDetails) { d.Director = nl })},
		{"film credit name", "credits", msgBidi, film(func(d *marquee.FilmDetails) { d.Credits = []marquee.FilmCredit{{Name: rlo, Role: "DP"}} })},
		{"film credit role", "credits", msgControl, film(func(d *marquee.FilmDetails) { d.Credits = []marquee.FilmCredit{{Name: "Aki", Role: nl}} })},
		{"film screener password", "screenerPassword", msgBidi, film(func(d *marquee.FilmDetails) { d.ScreenerPassword = rlo })},
		{"film logline", "logline", msgControlML, film(func(d *marquee.FilmDetails) { d.Logline = bel })},
		{"film synopsis", "synopsis", msgControlML, film(func(d *marquee.FilmDetails) { d.Synopsis = "one\n" + bel })},
		{"film synopsis with lines", "synopsis", "", film(func(d *marquee.FilmDetails) { d.Synopsis = "one\r\n\ttwo" })},
		{"judge invitation e-mail", "email", msgBidi, func() error { return second(marquee.ValidateInvitationEmail("j\u202e@example.com")) }},
		{"conflict reason", "reason", msgControlML, func() error { return second(marquee.ValidateConflictReason(bel)) }},
		{"score comment", "comment", msgControlML, func() error {
			in := marquee.ScoreInput{Scores: []marquee.CriterionScore{{1, 4}, {2, 4}}, Comment: bel}
			return in.Validate(testCriteria)
		}},
		{"score private note", "privateNote", msgControlML, func() error {
			in := marquee.ScoreInput{Scores: []marquee.CriterionScore{{1, 4}, {2, 4}}, PrivateNote: "one\r\n" + bel}
			return in.Validate(testCriteria)
		}},
		{"award name", "awardName", msgBidi, func() error {
			return marquee.Decision{Status: marquee.SubmissionAwardWinner, AwardName: rlo}.Validate()
		}},
		// Closed by their own format rules: letters, digits and hyphens; a
		// country from the list.
		{"waiver code", "code", "Waiver codes are 3 to 30 letters, digits or hyphens", func() error {
			w := marquee.NewWaiver{Code: "AB\nCD", Percent: 10, UsageLimit: 1, ExpiresOn: "2026-06-01"}
			w.Normalize()
			return w.Validate("2026-03-10")
		}},
		{"submission waiver code", "waiverCode", "Waiver codes are 3 to 30 letters, digits or hyphens", func() error {
			ns := marquee.NewSubmission{FilmID: 1, Entries: []marquee.SubmissionEntry{{FestivalID: 1, CategoryID: 1}}, WaiverCode: "AB\u202eCD"}
			ns.Normalize()
			return ns.Validate()
		}},
		{"checkout country", "country", "Country must be a two-letter ISO 3166 code, such as US or IN", func() error {
			r := marquee.CheckoutRequest{PackageID: "p", Country: "U\u202eS"}
			r.Normalize()
			return r.Validate(now)
		}},
	} {
		got := marquee.ErrorFields(tc.run())[tc.field]
		if got != tc.want {
			t.Errorf("%s: %s is %q, want %q", tc.name, tc.field, got, tc.want)
		}
	}
}
