package store

import "github.com/marquee-festival/marquee"

// JudgingService implements marquee.JudgingService: judges, assignments,
// conflicts, scores and rankings.
type JudgingService struct {
	service
	composeInvitation marquee.ComposeInvitation
	mailStatus        marquee.MailStatus
}
