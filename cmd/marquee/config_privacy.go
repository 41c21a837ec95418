package main

import (
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
)

// privacyOptions are the privacy service's settings: the password reset
// e-mail, queued for SMTP when a server is configured, and the data
// export limit.
func privacyOptions(cfg config) store.PrivacyOptions {
	status := marquee.MailKept
	if cfg.Mail.SMTPURL != "" {
		status = marquee.MailQueued
	}
	return store.PrivacyOptions{
		ComposePasswordReset: mail.Composer{PublicURL: cfg.PublicURL}.PasswordReset,
		MailStatus:           status,
		ExportsPerHour:       cfg.DataExportsPerHour,
	}
}
