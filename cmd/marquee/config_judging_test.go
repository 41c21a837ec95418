package main

import (
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestJudgingOptions(t *testing.T) {
	var cfg config
	cfg.PublicURL = "https://fest.example"
	o := judgingOptions(cfg)
	if o.MailStatus != marquee.MailKept || o.ComposeInvitation == nil {
		t.Fatalf("without SMTP: %+v", o)
	}
	if m := o.ComposeInvitation("F", "a@b.co", "tok", "en"); m.Kind != "judge-invitation" || m.Subject != "Invitation to judge F" {
		t.Fatalf("mail %+v", m)
	}
	cfg.Mail.SMTPURL = "smtp://localhost:25"
	if o := judgingOptions(cfg); o.MailStatus != marquee.MailQueued {
		t.Fatalf("with SMTP: %+v", o)
	}
}
