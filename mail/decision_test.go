package mail

import (
	"fmt"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

var _ marquee.ComposeDecision = Composer{}.Decision

// TestDecisionMailsGolden pins the decision e-mail, byte for byte, in each
// language Marquee writes (and an unknown one, English), for every status,
// with and without shared comments. The names hold placeholders, which
// must come out as they are.
func TestDecisionMailsGolden(t *testing.T) {
	var out strings.Builder
	for _, lang := range []string{"en", "ja", "zh", "ko"} {
		for _, st := range []marquee.SubmissionStatus{marquee.SubmissionInConsideration, marquee.SubmissionSelected,
			marquee.SubmissionNotSelected, marquee.SubmissionFinalist, marquee.SubmissionAwardWinner, marquee.SubmissionSubmitted} {
			for _, feedback := range [][]string{nil, {"Lovely pacing.", "Strong sound\ndesign {film}"}} {
				s := &marquee.Submission{FilmTitle: "Night {award} Train", FestivalName: "Kyoto\nShorts", CategoryName: "Animation",
					Status: st, Language: lang, Feedback: feedback}
				if st == marquee.SubmissionAwardWinner {
					s.AwardName = "Best Short"
				}
				m := Composer{PublicURL: "https://marquee.example/"}.Decision(s, "ann@example.com")
				fmt.Fprintf(&out, "=== lang=%q status=%s feedback=%d\nKind: %s\nTo: %s\nLanguage: %s\nSubject: %s\n\n%s",
					lang, st, len(feedback), m.Kind, m.To, m.Language, m.Subject, m.Body)
			}
		}
	}
	golden(t, "decision_mails.txt", out.String())
}
