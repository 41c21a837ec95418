package store

import "github.com/marquee-festival/marquee"

// SubmissionService implements marquee.SubmissionService: submissions,
// their fees in the credit ledger, waivers, decisions and settings.
type SubmissionService struct {
	service
	composeDecision marquee.ComposeDecision
	mailStatus      marquee.MailStatus
	manageMail      marquee.ManagementMail
}
