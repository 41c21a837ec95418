package main

import (
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
)

// judgingOptions are the judging service's settings: judge invitations
// written by mail.Composer, queued for SMTP when it is configured and kept
// in the outbox otherwise (as receipts are).
func judgingOptions(cfg config) store.JudgingOptions {
	status := marquee.MailKept
	if cfg.Mail.SMTPURL != "" {
		status = marquee.MailQueued
	}
	return store.JudgingOptions{
		ComposeInvitation: mail.Composer{PublicURL: cfg.PublicURL}.JudgeInvitation,
		MailStatus:        status,
	}
}
