package marquee

import (
	"fmt"
	"slices"
	"time"
)

// RateLimitName names a rate limit policy; it also begins the keys of its
// counters.
type RateLimitName string

// The rate limit policies, one per name (rateLimitPolicies holds them).
const (
	LimitLogin               RateLimitName = "login-ip"
	LimitLoginFailures       RateLimitName = "login-fail-client"
	LimitLoginAccount        RateLimitName = "login-fail-account"
	LimitPasswordCheck       RateLimitName = "password-user"
	LimitResetClient         RateLimitName = "reset-ip"
	LimitResetAddress        RateLimitName = "reset-address"
	LimitResetConfirm        RateLimitName = "reset-confirm-ip"
	LimitEmailConfirm        RateLimitName = "verify-email-ip"
	LimitJudgeInvitationView RateLimitName = "judge-invitation-ip"
	LimitCheckIn             RateLimitName = "check-in-door"
	LimitVoucherCheck        RateLimitName = "voucher-ip"
	LimitPayment             RateLimitName = "checkout-user"
	LimitDataExport          RateLimitName = "data-export-user"
	LimitConfirmationMail    RateLimitName = "verification-user"
	LimitSignup              RateLimitName = "signup-ip"
	LimitContact             RateLimitName = "contact-ip"
	LimitFestivalUser        RateLimitName = "festival-user"
	LimitFestivalClient      RateLimitName = "festival-ip"
	LimitSubmission          RateLimitName = "submit-user"
	LimitTicketOrder         RateLimitName = "ticket-order-user"
	LimitPoster              RateLimitName = "poster-user"
	LimitJudgeInvite         RateLimitName = "judge-invite-user"
	LimitInquiryClient       RateLimitName = "inquiry-ip"
	LimitInquiryUser         RateLimitName = "inquiry-user"
	LimitInquiryVisitor      RateLimitName = "inquiry-visitor"
	LimitMovies              RateLimitName = "movies-ip"
	LimitScreenings          RateLimitName = "screenings-ip"
	LimitPageView            RateLimitName = "page-view-ip"
	LimitWebhook             RateLimitName = "webhook-ip"
	LimitMessage             RateLimitName = "message-user"
	LimitBulkMessage         RateLimitName = "bulk-message-user"
	LimitWaitlist            RateLimitName = "waitlist-ip"
	LimitPayoutAccount       RateLimitName = "payout-account-user"
	LimitGuestOrder          RateLimitName = "guest-order-ip"
	LimitGuestLink           RateLimitName = "guest-link-ip"
	LimitGuestPayment        RateLimitName = "guest-checkout-ip"
	LimitGuestAddress        RateLimitName = "guest-mail-address"
)

// RateLimitSubject says whom a policy counts: what its keys are made of.
type RateLimitSubject string

// The subjects of the policies.
const (
	// PerClient counts a client: an IPv4 address, or an IPv6 /64.
	PerClient RateLimitSubject = "client"
	// PerUser counts the signed-in user.
	PerUser RateLimitSubject = "user"
	// PerAccount counts an address typed in (RateLimitAccount), known or not.
	PerAccount RateLimitSubject = "account"
	// PerAccountClient counts one client's requests for one address.
	PerAccountClient RateLimitSubject = "account and client"
	// PerDoor counts a festival's check-in by one member of its door staff.
	PerDoor RateLimitSubject = "door"
)

// RateLimitCounts says which requests a policy's count keeps.
type RateLimitCounts string

// The ways of counting. Every policy counts a request before it acts (one
// statement that raises the count and reads it back), so that parallel
// requests cannot pass a limit together; the ones that keep only some
// outcomes give the others back afterwards.
const (
	// CountAttempts keeps every request, refused ones included.
	CountAttempts RateLimitCounts = "attempts"
	// CountFailures gives a request back unless it failed (a wrong password).
	CountFailures RateLimitCounts = "failures"
	// CountSuccesses gives a request back when it failed (an invalid form).
	CountSuccesses RateLimitCounts = "successes"
	// CountStored is counted by the service from the rows the requests
	// made (data exports: exact, in a sliding window), not by a counter.
	CountStored RateLimitCounts = "stored rows"
)

// RateLimitPolicy is one rate limit: whom it counts, how many requests it
// allows in a window, and what it does when its counter cannot be written.
type RateLimitPolicy struct {
	Name    RateLimitName
	Subject RateLimitSubject
	// Window is the length of the fixed windows the counts are kept in,
	// aligned on the clock (a minute window starts on the minute, UTC).
	Window time.Duration
	// Allowance is how many requests a subject may make in a window.
	Allowance int
	// FailClosed refuses a request whose hit cannot be counted (503 with
	// Retry-After): the policy guards a secret (a password, a token, a
	// ticket code, a card) against guessing. A policy that fails open lets
	// the request through uncounted (logged and counted by the server).
	FailClosed bool
	Counts     RateLimitCounts
	// Message is the answer past the limit (429), English text used as
	// the translation id.
	Message string
	// Setting is the MARQUEE_* variable whose value replaces Allowance
	// ("" when none).
	Setting string
	// Guards says what the limit protects, for the README's table.
	Guards string
}

// Messages shared by several policies.
const (
	msgNetworkTooMany = "Too many requests from your network. Try again later."
	msgResetTooMany   = "Too many password reset requests. Try again later."
)

// rateLimitPolicies is every rate limit, in one table: the server applies
// them (server/ratelimit.go), the README lists them.
var rateLimitPolicies = []RateLimitPolicy{
	// Secrets: they fail closed.
	{Name: LimitLogin, Subject: PerClient, Window: time.Minute, Allowance: 20, FailClosed: true, Counts: CountAttempts,
		Message: "Too many login attempts. Try again in a minute.", Setting: "MARQUEE_LOGIN_RATE_PER_MINUTE",
		Guards: "passwords, against one client trying many accounts"},
	{Name: LimitLoginFailures, Subject: PerAccountClient, Window: time.Minute, Allowance: 5, FailClosed: true, Counts: CountFailures,
		Message: "Too many failed login attempts. Try again in a minute.", Setting: "MARQUEE_LOGIN_FAILURES_PER_CLIENT_PER_MINUTE",
		Guards: "an account's password, against one client guessing it"},
	{Name: LimitLoginAccount, Subject: PerAccount, Window: 15 * time.Minute, Allowance: 50, FailClosed: true, Counts: CountFailures,
		Message: "Too many failed login attempts for this account. Try again later.", Setting: "MARQUEE_LOGIN_FAILURES_PER_ACCOUNT_PER_15MIN",
		Guards: "an account's password, against guesses from many clients; past it only clients that have failed for the account in the window are refused, so a stranger cannot lock the owner out"},
	{Name: LimitPasswordCheck, Subject: PerUser, Window: time.Hour, Allowance: 10, FailClosed: true, Counts: CountAttempts,
		Message: "Too many password attempts. Try again later.", Setting: "MARQUEE_PASSWORD_CHANGE_RATE_PER_HOUR",
		Guards: "the current password a password change or an account deletion asks for"},
	{Name: LimitResetClient, Subject: PerClient, Window: time.Hour, Allowance: 10, FailClosed: true, Counts: CountAttempts,
		Message: msgResetTooMany, Setting: "MARQUEE_PASSWORD_RESET_RATE_PER_IP_PER_HOUR",
		Guards: "reset e-mails, against one client sending them to many addresses"},
	{Name: LimitResetAddress, Subject: PerAccount, Window: time.Hour, Allowance: 3, FailClosed: true, Counts: CountAttempts,
		Message: msgResetTooMany, Setting: "MARQUEE_PASSWORD_RESET_RATE_PER_ADDRESS_PER_HOUR",
		Guards: "an address's inbox, against reset e-mails from many clients"},
	{Name: LimitResetConfirm, Subject: PerClient, Window: time.Hour, Allowance: 30, FailClosed: true, Counts: CountAttempts,
		Message: msgNetworkTooMany, Setting: "MARQUEE_PASSWORD_RESET_CONFIRM_RATE_PER_HOUR",
		Guards: "reset links' tokens, against guessing"},
	{Name: LimitEmailConfirm, Subject: PerClient, Window: time.Hour, Allowance: 30, FailClosed: true, Counts: CountAttempts,
		Message: msgNetworkTooMany, Guards: "confirmation links' tokens, against guessing"},
	{Name: LimitJudgeInvitationView, Subject: PerClient, Window: time.Minute, Allowance: 30, FailClosed: true, Counts: CountAttempts,
		Message: msgNetworkTooMany, Guards: "judge invitations' tokens, against guessing"},
	{Name: LimitCheckIn, Subject: PerDoor, Window: 10 * time.Minute, Allowance: 600, FailClosed: true, Counts: CountAttempts,
		Message: "Too many check-ins at this door. Try again in a few minutes.",
		Guards:  "ticket codes, against guessing at a door (one a second is far above a queue's pace)"},
	{Name: LimitVoucherCheck, Subject: PerClient, Window: 10 * time.Minute, Allowance: 30, FailClosed: true, Counts: CountAttempts,
		Message: "Too many discount codes tried. Try again in a few minutes.",
		Guards:  "vouchers' codes, against guessing (checks and orders with a code share it)"},
	{Name: LimitPayment, Subject: PerUser, Window: 10 * time.Minute, Allowance: 10, FailClosed: true, Counts: CountAttempts,
		Message: "Too many payment attempts. Try again in a few minutes.", Setting: "MARQUEE_CHECKOUT_RATE_PER_10MIN",
		Guards: "cards, against testing stolen numbers (credit checkouts and ticket payments share it)"},
	{Name: LimitDataExport, Subject: PerUser, Window: time.Hour, Allowance: 1, FailClosed: true, Counts: CountStored,
		Message: "You asked for your data less than an hour ago. Use the link we e-mailed you, or try again later.",
		Setting: "MARQUEE_DATA_EXPORT_RATE_PER_HOUR",
		Guards:  "the worker, against building exports over and over (counted from the user's exports, in their request's transaction)"},

	// Convenience: they fail open.
	{Name: LimitConfirmationMail, Subject: PerUser, Window: time.Hour, Allowance: 5, Counts: CountAttempts,
		Message: "Too many confirmation e-mails. Try again later.", Guards: "the user's inbox, against resent confirmation e-mails"},
	{Name: LimitSignup, Subject: PerClient, Window: time.Hour, Allowance: 30, Counts: CountAttempts,
		Message: "Too many sign-ups from your network. Try again later.", Setting: "MARQUEE_SIGNUP_RATE_PER_HOUR",
		Guards: "the users table, against scripted sign-ups"},
	{Name: LimitContact, Subject: PerClient, Window: time.Hour, Allowance: 5, Counts: CountAttempts,
		Message: "Too many messages from your network. Try again later.", Setting: "MARQUEE_CONTACT_RATE_PER_HOUR",
		Guards: "the support inbox, against spam"},
	{Name: LimitFestivalUser, Subject: PerUser, Window: 24 * time.Hour, Allowance: 10, Counts: CountSuccesses,
		Message: "You have registered too many festivals today. Try again later.", Setting: "MARQUEE_FESTIVAL_RATE_PER_USER_PER_DAY",
		Guards: "the admins' review queue"},
	{Name: LimitFestivalClient, Subject: PerClient, Window: 24 * time.Hour, Allowance: 30, Counts: CountSuccesses,
		Message: "Too many festival registrations from your network. Try again later.", Setting: "MARQUEE_FESTIVAL_RATE_PER_IP_PER_DAY",
		Guards: "the admins' review queue, against many accounts on one network"},
	{Name: LimitSubmission, Subject: PerUser, Window: 10 * time.Minute, Allowance: 30, Counts: CountAttempts,
		Message: "Too many submissions. Try again in a few minutes.", Guards: "festivals' queues, against scripted entries"},
	{Name: LimitTicketOrder, Subject: PerUser, Window: 10 * time.Minute, Allowance: 30, Counts: CountAttempts,
		Message: "Too many orders. Try again in a few minutes.", Guards: "screenings' seats, against holding them with orders never paid"},
	{Name: LimitPoster, Subject: PerUser, Window: time.Hour, Allowance: 30, Counts: CountAttempts,
		Message: "Too many poster uploads. Please try again later.", Guards: "the disk and the image decoder"},
	{Name: LimitJudgeInvite, Subject: PerUser, Window: time.Hour, Allowance: 100, Counts: CountAttempts,
		Message: "Too many invitations. Try again later.", Guards: "others' inboxes, against invitations sent as spam"},
	{Name: LimitInquiryClient, Subject: PerClient, Window: time.Hour, Allowance: 120, Counts: CountAttempts,
		Message: "Too many questions from your network. Try again later.", Setting: "MARQUEE_INQUIRY_RATE_PER_HOUR",
		Guards: "the assistant's AI service, against one network (four times the setting: several users may share an address)"},
	{Name: LimitInquiryUser, Subject: PerUser, Window: time.Hour, Allowance: 30, Counts: CountAttempts,
		Message: "Too many questions. Try again later.", Setting: "MARQUEE_INQUIRY_RATE_PER_HOUR",
		Guards: "the assistant's AI service, per signed-in user"},
	{Name: LimitInquiryVisitor, Subject: PerClient, Window: time.Hour, Allowance: 20, Counts: CountAttempts,
		Message: "You have asked many questions this hour. Sign in to ask more, or try again later.", Setting: "MARQUEE_INQUIRY_VISITOR_RATE_PER_HOUR",
		Guards: "the assistant's AI service, per visitor's client (signed-in users have their own limit; every node shares the count)"},
	{Name: LimitMovies, Subject: PerClient, Window: time.Minute, Allowance: 120, Counts: CountAttempts,
		Message: msgNetworkTooMany, Guards: "the movie database's quota"},
	{Name: LimitScreenings, Subject: PerClient, Window: time.Minute, Allowance: 240, Counts: CountAttempts,
		Message: "Too many requests from your network. Try again in a minute.", Guards: "the public screening lists, against scraping"},
	{Name: LimitPageView, Subject: PerClient, Window: time.Minute, Allowance: 60, Counts: CountAttempts,
		Message: msgNetworkTooMany, Setting: "MARQUEE_VIEW_RATE_PER_MINUTE",
		Guards: "the analytics, against inflated counts (more beacons are answered 204 and not counted)"},
	{Name: LimitWebhook, Subject: PerClient, Window: time.Minute, Allowance: 300, Counts: CountAttempts,
		Message: "Too many webhooks from your network. Try again later.", Setting: "MARQUEE_WEBHOOK_RATE_PER_MINUTE",
		Guards: "the payment webhook's signature check, against floods (the provider retries)"},
	{Name: LimitMessage, Subject: PerUser, Window: 10 * time.Minute, Allowance: 30, Counts: CountAttempts,
		Message: "Too many messages. Try again in a few minutes.", Guards: "the other side's inbox, against messages sent as spam in submission threads"},
	{Name: LimitBulkMessage, Subject: PerUser, Window: time.Hour, Allowance: 5, Counts: CountAttempts,
		Message: "Too many bulk messages. Try again later.", Guards: "entrants' inboxes and the outbox, against bulk messages sent over and over"},
	{Name: LimitWaitlist, Subject: PerClient, Window: time.Hour, Allowance: 20, Counts: CountAttempts,
		Message: "Too many waiting list requests from your network. Try again later.",
		Guards:  "screenings' waiting lists and the offer e-mails, against filling them from one network"},
	// Guests (no account): every request counted per network; the links'
	// tokens and the cards fail closed.
	{Name: LimitGuestOrder, Subject: PerClient, Window: 10 * time.Minute, Allowance: 20, Counts: CountAttempts,
		Message: "Too many orders from your network. Try again in a few minutes.",
		Guards:  "screenings' seats, against holding them with guest orders never paid"},
	{Name: LimitGuestLink, Subject: PerClient, Window: time.Minute, Allowance: 60, FailClosed: true, Counts: CountAttempts,
		Message: msgNetworkTooMany,
		Guards:  "guest order, waiting-list and offer links, against guessing their tokens"},
	{Name: LimitGuestPayment, Subject: PerClient, Window: 10 * time.Minute, Allowance: 10, FailClosed: true, Counts: CountAttempts,
		Message: "Too many payment attempts. Try again in a few minutes.",
		Guards:  "cards paid by guests, against testing stolen numbers"},
	{Name: LimitGuestAddress, Subject: PerAccount, Window: time.Hour, Allowance: 3, Counts: CountAttempts,
		Message: "Too many e-mails to this address. Try again later.",
		Guards:  "an address's inbox, against waiting-list confirmations requested from many networks"},
	{Name: LimitPayoutAccount, Subject: PerUser, Window: time.Hour, Allowance: 30, Counts: CountAttempts,
		Message: "Too many payout account requests. Try again later.",
		Guards:  "the payout provider's accounts and onboarding links (each connection or status check calls it)"},
}

// RateLimitPolicies returns every rate limit policy, in the table's order.
func RateLimitPolicies() []RateLimitPolicy { return slices.Clone(rateLimitPolicies) }

// RateLimitPolicyFor returns the policy called name. Names are the
// constants above; another is a programming error and panics.
func RateLimitPolicyFor(name RateLimitName) RateLimitPolicy {
	for _, p := range rateLimitPolicies {
		if p.Name == name {
			return p
		}
	}
	panic(fmt.Sprintf("marquee: no rate limit policy %q", name))
}

// WithAllowance returns p allowing n requests a window; n <= 0 keeps p's.
func (p RateLimitPolicy) WithAllowance(n int) RateLimitPolicy {
	if n > 0 {
		p.Allowance = n
	}
	return p
}

// Allows reports whether the request that brought a window's count to
// hits (itself included) is within the policy.
func (p RateLimitPolicy) Allows(hits int) bool { return hits <= p.Allowance }

// Refusal is the answer to a request past the policy (429).
func (p RateLimitPolicy) Refusal() error { return &Error{Code: ERateLimited, Message: p.Message} }

// RateLimitUnavailableRetry is the Retry-After of a request refused because
// its limit could not be counted.
const RateLimitUnavailableRetry = 5 * time.Second

// ErrRateLimitUnavailable is the answer (503) to a request a policy that
// fails closed could not count.
func ErrRateLimitUnavailable() error {
	return Errorf(EUnavailable, "We could not check this request against its limit just now. Please try again in a moment.")
}
