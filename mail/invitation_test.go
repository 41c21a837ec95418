package mail

import (
	"fmt"
	"strings"
	"testing"
)

func TestComposeJudgeInvitation(t *testing.T) {
	m := Composer{PublicURL: "https://marquee.example/"}.JudgeInvitation("Tokyo Shorts", "ann@example.com", "tok-123", "en")
	if m.Kind != KindJudgeInvitation || m.To != "ann@example.com" || m.Language != "en" || m.Subject != "Invitation to judge Tokyo Shorts" {
		t.Fatalf("mail %+v", m)
	}
	for _, want := range []string{"https://marquee.example/judge/invitations/tok-123", "sign up with this address (ann@example.com) first"} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, m.Body)
		}
	}
	if m := (Composer{}).JudgeInvitation("X", "a@b.co", "t", "ko"); m.Language != "en" || !strings.Contains(m.Body, DefaultPublicURL+"/judge/invitations/t") {
		t.Fatalf("fallback %+v", m)
	}
}

// TestJudgeInvitationMailsGolden pins the invitation in every language
// (and an unknown one, in English); the festival's name holds
// placeholders and a line break, which must come out as they are, on one line.
func TestJudgeInvitationMailsGolden(t *testing.T) {
	var out strings.Builder
	for _, lang := range []string{"en", "ja", "zh", "ko"} {
		m := Composer{PublicURL: "https://marquee.example/"}.JudgeInvitation("Tokyo {link}\nShorts", "ann@example.com", "AbC-_123", lang)
		fmt.Fprintf(&out, "=== lang=%q\nKind: %s\nTo: %s\nLanguage: %s\nSubject: %s\n\n%s", lang, m.Kind, m.To, m.Language, m.Subject, m.Body)
	}
	golden(t, "judge_invitation_mails.txt", out.String())
}
