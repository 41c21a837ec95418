package mail

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestManagementMailsInTheReadersLanguage(t *testing.T) {
	c := Composer{PublicURL: "https://marquee.example"}
	s := &marquee.Submission{ID: 7, FilmTitle: "Night Train", FestivalName: "Kyoto Shorts", FestivalSlug: "kyoto-shorts", CategoryName: "Fiction", Language: "ja"}

	m := c.EntryStatus(s, "semi_finalist", marquee.EntryStatusSemiFinalist, "Screenings in June.", "maker@example.com")
	if m.Language != "ja" || m.Kind != KindEntryStatus || !strings.Contains(m.Subject, "セミファイナリスト") ||
		!strings.Contains(m.Body, "Screenings in June.") || !strings.Contains(m.Body, "https://marquee.example/submissions") {
		t.Fatalf("status e-mail %+v", m)
	}
	if m := c.EntryStatus(s, "Shortlist", "", "", "maker@example.com"); !strings.Contains(m.Subject, "Shortlist") {
		t.Fatalf("custom status e-mail %q", m.Subject)
	}

	msg := &marquee.Message{Body: "Is a DCP needed?\nThanks"}
	toTeam := c.Message(s, msg, true, "en", "org@example.com")
	if toTeam.Language != "en" || !strings.Contains(toTeam.Body, "> Is a DCP needed?\n> Thanks") ||
		!strings.Contains(toTeam.Body, "https://marquee.example/manage/festivals/kyoto-shorts/submissions/7") {
		t.Fatalf("message to the team %+v", toTeam)
	}
	toMaker := c.Message(s, msg, false, "zh", "maker@example.com")
	if toMaker.Language != "zh" || !strings.Contains(toMaker.Subject, "Kyoto Shorts") || strings.Contains(toMaker.Body, "/manage/") {
		t.Fatalf("message to the filmmaker %+v", toMaker)
	}

	b := c.Bulk("Kyoto Shorts", "Programme", "The programme is out.", "ja", "maker@example.com")
	if b.Subject != "Kyoto Shorts: Programme" || !strings.Contains(b.Body, "The programme is out.") || !strings.Contains(b.Body, "応募者") {
		t.Fatalf("bulk e-mail %+v", b)
	}
}
