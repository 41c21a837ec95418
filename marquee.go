// Package marquee holds Marquee's domain types and the errors they carry.
// The store package keeps them in SQLite or PostgreSQL; the server package
// serves them over HTTP.
package marquee

import (
	"context"
	"time"
)

// Role is what a user may do on Marquee.
type Role string

// The roles a user can have.
const (
	RoleFilmmaker Role = "filmmaker"
	RoleOrganiser Role = "organiser"
	RoleAdmin     Role = "admin"
)

// Valid reports whether r is one of Marquee's roles.
func (r Role) Valid() bool {
	switch r {
	case RoleFilmmaker, RoleOrganiser, RoleAdmin:
		return true
	}
	return false
}

// User is an account on Marquee.
type User struct {
	ID              int64      `json:"id"`
	Email           string     `json:"email"`
	Name            string     `json:"name"`
	Role            Role       `json:"role"`
	Credits         int64      `json:"credits"`
	CreatedAt       time.Time  `json:"createdAt"`
	TermsAcceptedAt *time.Time `json:"termsAcceptedAt"`
	// EmailVerified tells whether the user confirmed their address (a link
	// sent to it); until then no mail but the confirmation goes to it.
	EmailVerified bool   `json:"emailVerified"`
	PasswordHash  string `json:"-"`
	// DisabledAt is when an admin disabled the account (nil: enabled); a
	// disabled account cannot log in and has no sessions.
	DisabledAt *time.Time `json:"disabledAt"`
}

// IsAdmin reports whether the user runs the installation.
func (u *User) IsAdmin() bool { return u != nil && u.Role == RoleAdmin }

// Session is a signed-in browser or API client. Only the hash of its token is stored.
type Session struct {
	ID        int64
	UserID    int64
	TokenHash string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// ContactMessage is a message sent through the contact form.
type ContactMessage struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	Email     string     `json:"email"`
	Subject   string     `json:"subject"`
	Message   string     `json:"message"`
	CreatedAt time.Time  `json:"createdAt"`
	HandledAt *time.Time `json:"handledAt"`
	IP        string     `json:"-"`
}

// Package is a credit package sold on the pricing page, with its texts in
// one language.
type Package struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	PriceCents  int64    `json:"priceCents"`
	Credits     int64    `json:"credits"`
	Description string   `json:"description"`
	Features    []string `json:"features"`
}

// DashboardSummary is the admin dashboard's figures. Income is of two
// kinds, kept apart: credit purchases (TotalTransactions,
// TotalIncomeCents, IncomeByMonth) and ticket orders (TicketOrders,
// TicketIncomeCents, TicketIncomeByMonth).
type DashboardSummary struct {
	TotalUsers         int64 `json:"totalUsers"`
	TotalSubscriptions int64 `json:"totalSubscriptions"`
	// TotalTransactions and TotalIncomeCents are the credit purchases
	// succeeded and the money they kept.
	TotalTransactions int64          `json:"totalTransactions"`
	TotalIncomeCents  int64          `json:"totalIncomeCents"`
	UsersThisMonth    int64          `json:"usersThisMonth"`
	SignupsByMonth    []MonthlyCount `json:"signupsByMonth"`
	// IncomeByMonth is the income of the same twelve months, succeeded
	// credit purchases less refunds, in cents.
	IncomeByMonth []MonthlyAmount `json:"incomeByMonth"`
	// TicketOrders and TicketIncomeCents are the paid ticket orders with
	// a price in US dollars (refunded ones taken back) and their money;
	// TicketIncomeByMonth is that money in the same twelve months, on the
	// month each order was paid in.
	TicketOrders        int64           `json:"ticketOrders"`
	TicketIncomeCents   int64           `json:"ticketIncomeCents"`
	TicketIncomeByMonth []MonthlyAmount `json:"ticketIncomeByMonth"`
	// TicketIncomeByCurrency is the paid ticket orders and their money in
	// each currency tickets were sold in (a yen ticket is never added to
	// dollars): TicketOrders and TicketIncomeCents above are its "usd" row.
	TicketIncomeByCurrency []CurrencyIncome `json:"ticketIncomeByCurrency"`
	// CommissionCents is the platform's revenue from festivals' income:
	// the commission taken less what refunds gave back.
	// FestivalEarningsCents is what festivals earned net of it (entry fees
	// at the credits' value and tickets, less refunds and withdrawals),
	// before payouts; CreditValueCents the value entry fees were counted at.
	CommissionCents       int64 `json:"commissionCents"`
	FestivalEarningsCents int64 `json:"festivalEarningsCents"`
	CreditValueCents      int64 `json:"creditValueCents"`
}

// CurrencyIncome is the paid ticket orders in one currency and their
// money, in its minor unit.
type CurrencyIncome struct {
	Currency    string `json:"currency"`
	Orders      int64  `json:"orders"`
	AmountCents int64  `json:"amountCents"`
}

// MonthlyAmount is an amount of money for one calendar month, "YYYY-MM".
type MonthlyAmount struct {
	Month       string `json:"month"`
	AmountCents int64  `json:"amountCents"`
}

// MonthlyCount is a count for one calendar month, "YYYY-MM".
type MonthlyCount struct {
	Month string `json:"month"`
	Users int64  `json:"users"`
}

// Languages are the languages Marquee speaks; the first, English, is the
// fallback and the language the messages are written in (locale/catalog has
// one directory per other language). This is the source of the list:
// web/src/i18n/languages.ts copies it, and frontend_lists_test.go fails when
// the copy differs.
var Languages = []string{"en", "ja", "zh"}

// HealthChecker tells whether the storage answers.
type HealthChecker interface {
	Ping(ctx context.Context) error
}

// Services are every service a front door (the HTTP server, the worker,
// the commands) calls: one per area, each implemented by the store.
type Services struct {
	Users       UserService
	Sessions    SessionService
	Festivals   FestivalService
	Reminders   ReminderService
	Mail        MailService
	Contact     ContactService
	Packages    PackageService
	Payments    PaymentService
	Films       FilmService
	Submissions SubmissionService
	// SubmissionManagement is the organiser's questions, statuses,
	// extensions, decision texts and bulk messages, and the threads.
	SubmissionManagement SubmissionManagementService
	Judging              JudgingService
	Inquiries            InquiryService
	// Audit reads the audit log (admins only); services write it.
	Audit      AuditService
	RateLimits RateLimiter
	Health     HealthChecker
	// Movies is the movies pages' catalogue: the store's public films by
	// default; cmd/marquee puts The Movie Database's client in its place
	// when a key is set.
	Movies MovieCatalog
	// Privacy resets forgotten passwords and gives users their data
	// (export, deletion).
	Privacy PrivacyService
	// UserAdmin is what admins do to accounts; PackageAdmin is their
	// editing of credit packages.
	UserAdmin    UserAdminService
	PackageAdmin PackageAdminService
	// SecurityEvents records events such as login lock-outs in the audit log.
	SecurityEvents SecurityEventService
	// Analytics counts page views and answers organisers' analytics;
	// Promotions sells and runs promotion campaigns.
	Analytics  AnalyticsService
	Promotions PromotionService
	// Tickets sells screenings' seats and checks tickets in (ticket.go);
	// TicketOffers are its ticket types, attendee names and vouchers
	// (ticket_type.go, voucher.go).
	Tickets      TicketService
	TicketOffers TicketOfferService
	// Saved keeps filmmakers' saved festivals (saved_festival.go).
	Saved SavedFestivalService
	// Earnings answers festivals' earnings and the platform's commission
	// (earnings.go, earnings_statement.go).
	Earnings EarningsService
	// Waitlist keeps sold-out screenings' waiting lists (waitlist.go);
	// CheckInLists the door's lists and undone check-ins (checkin_list.go).
	Waitlist     WaitlistService
	CheckInLists CheckInListService
	// Guests sells tickets and waiting-list places to visitors without
	// an account (guest.go).
	Guests GuestTicketService
	// Payouts pays festivals their earnings (payout.go).
	Payouts PayoutService
	// TicketSelf is the buyers' own cancellations and the festivals'
	// rules for them (ticket_self_cancel.go).
	TicketSelf TicketSelfService
}
