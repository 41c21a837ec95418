package main

import (
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
)

// submissionOptions are the submission service's settings: decision
// e-mails written by mail.Composer, queued for SMTP when it is configured
// and kept in the outbox otherwise (as receipts and reminders are).
func submissionOptions(cfg config) store.SubmissionOptions {
	status := marquee.MailKept
	if cfg.Mail.SMTPURL != "" {
		status = marquee.MailQueued
	}
	return store.SubmissionOptions{
		ComposeDecision: mail.Composer{PublicURL: cfg.PublicURL}.Decision,
		ManagementMail:  mail.Composer{PublicURL: cfg.PublicURL}.ManagementMail(),
		MailStatus:      status,
	}
}
