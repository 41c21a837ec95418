package server

import "github.com/marquee-festival/marquee"

// inquiryIPFactor is how many times a user's hourly questions one client
// address may ask: several signed-in users can share an address.
const inquiryIPFactor = 4

// rateAllowances are the allowances the settings give the rate limit
// policies, by name (0: the policy's own).
func (c Config) rateAllowances() map[marquee.RateLimitName]int {
	return map[marquee.RateLimitName]int{
		marquee.LimitLogin:          c.LoginRatePerMinute,
		marquee.LimitLoginFailures:  c.LoginFailuresPerClientPerMinute,
		marquee.LimitLoginAccount:   c.LoginFailuresPerAccountPer15Min,
		marquee.LimitPasswordCheck:  c.PasswordChangeRatePerHour,
		marquee.LimitResetClient:    c.PasswordResetRatePerIPPerHour,
		marquee.LimitResetAddress:   c.PasswordResetRatePerAddressPerHour,
		marquee.LimitResetConfirm:   c.PasswordResetConfirmRatePerHour,
		marquee.LimitFestivalUser:   c.FestivalRegistrationsPerUserPerDay,
		marquee.LimitFestivalClient: c.FestivalRegistrationsPerIPPerDay,
		marquee.LimitSignup:         c.SignupRatePerHour,
		marquee.LimitContact:        c.ContactRatePerHour,
		marquee.LimitPageView:       c.ViewRatePerMinute,
		marquee.LimitPayment:        c.CheckoutRatePer10Min,
		marquee.LimitWebhook:        c.WebhookRatePerMinute,
		marquee.LimitInquiryUser:    c.InquiryRatePerHour,
		marquee.LimitInquiryVisitor: c.InquiryVisitorRatePerHour,
		marquee.LimitInquiryClient:  inquiryIPFactor * c.InquiryRatePerHour,
	}
}
