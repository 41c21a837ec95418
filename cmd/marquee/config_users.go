package main

import (
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
)

// userOptions are the user service's settings: confirmation e-mails
// written by mail.Composer, queued for SMTP when it is configured and kept
// in the outbox otherwise (as every other e-mail is).
func userOptions(cfg config) store.UserOptions {
	status := marquee.MailKept
	if cfg.Mail.SMTPURL != "" {
		status = marquee.MailQueued
	}
	return store.UserOptions{
		ComposeVerification: mail.Composer{PublicURL: cfg.PublicURL}.Verification,
		MailStatus:          status,
	}
}
