package main

import (
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestSubmissionOptions(t *testing.T) {
	var cfg config
	cfg.PublicURL = "https://films.example"
	o := submissionOptions(cfg)
	if o.MailStatus != marquee.MailKept || o.ComposeDecision == nil {
		t.Fatalf("without SMTP: %+v", o)
	}
	m := o.ComposeDecision(&marquee.Submission{FilmTitle: "Film", FestivalName: "Fest", Status: marquee.SubmissionSelected, Language: "ja"}, "a@example.com")
	if m.Kind != "decision" || m.Language != "ja" || m.To != "a@example.com" {
		t.Fatalf("mail %+v", m)
	}
	cfg.Mail.SMTPURL = "smtp://127.0.0.1:2525"
	if o := submissionOptions(cfg); o.MailStatus != marquee.MailQueued {
		t.Fatalf("with SMTP: %+v", o)
	}
}
