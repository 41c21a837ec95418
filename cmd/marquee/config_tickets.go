package main

import (
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/store"
)

// ticketOptions are the ticket service's e-mails: queued for SMTP when a
// server is configured, else kept in the outbox.
func ticketOptions(cfg config) store.TicketOptions {
	status := marquee.MailKept
	if cfg.Mail.SMTPURL != "" {
		status = marquee.MailQueued
	}
	c := mail.Composer{PublicURL: cfg.PublicURL}
	return store.TicketOptions{
		ComposeConfirmation: c.TicketConfirmation,
		ComposeCancellation: c.TicketCancellation,
		ComposeSelfCancel:   c.TicketSelfCancellation,
		MailStatus:          status,
		// The waiting list's offers, held for MARQUEE_WAITLIST_OFFER_MINUTES.
		ComposeWaitlistOffer: c.WaitlistOffer,
		WaitlistOfferFor:     cfg.WaitlistOfferFor,
		// A visitor's waiting-list request, confirmed by its link.
		ComposeGuestWaitlist: c.GuestWaitlist,
	}
}
