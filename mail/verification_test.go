package mail

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// TestVerificationMailsGolden pins the confirmation e-mail in each
// language (and an unknown one, which falls back to English), and the
// late reminder (sent after its day, once the address was confirmed),
// which states the date instead of "tomorrow".
func TestVerificationMailsGolden(t *testing.T) {
	var out strings.Builder
	for _, lang := range []string{"en", "ja", "zh", "ko"} {
		m := Composer{PublicURL: "https://marquee.example/"}.Verification("ann@example.com", "tok-en_123", lang)
		fmt.Fprintf(&out, "=== lang=%q\nKind: %s\nTo: %s\nLanguage: %s\nSubject: %s\n\n%s", lang, m.Kind, m.To, m.Language, m.Subject, m.Body)
	}
	sendAt := time.Date(2026, 10, 26, 9, 0, 0, 0, time.UTC)
	sent := sendAt.AddDate(0, 0, 3)
	for _, lang := range []string{"en", "ja", "zh"} {
		r := &marquee.Reminder{FestivalName: "Tokyo Film Festival", FestivalSlug: "tiff-2026", Date: "2026-10-30",
			Preference: marquee.RemindOneDayBefore, Language: lang, SendAt: sendAt, SentAt: &sent}
		m := Composer{PublicURL: "https://marquee.example/"}.Reminder(r, "ann@example.com")
		fmt.Fprintf(&out, "=== late reminder lang=%q\nSubject: %s\n\n%s", lang, m.Subject, m.Body)
	}
	golden(t, "verification_mails.txt", out.String())
}
