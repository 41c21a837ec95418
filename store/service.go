package store

import (
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

// Options configure the services over a DB.
type Options struct {
	// Clock returns the current time; nil means time.Now. Tests set it.
	Clock func() time.Time
	// Password sets argon2id's cost; the zero value means password.Default.
	Password password.Params
	// PasswordLimits bound the requests' hashes and checks (sign-up,
	// login, password changes): how many run at once, how many wait and
	// for how long (zero fields: password's defaults). The services share
	// one password.Hasher, so the bound holds for the process.
	PasswordLimits password.Limits
	// SessionTTL is how long a login lasts; zero means 30 days.
	SessionTTL time.Duration
	// Files keeps uploaded files (posters).
	Files marquee.FileStore
	// Posters decodes poster uploads and writes them again (package
	// poster); without it, uploads fail.
	Posters marquee.PosterEncoder
	// Submissions and Judging compose their e-mails.
	Submissions SubmissionOptions
	Judging     JudgingOptions
	// Users compose the e-mail that confirms an address.
	Users UserOptions
	// Payments configure the payment service: its provider and receipts.
	Payments PaymentOptions
	// Inquiry configures the festival assistant: its answer writer.
	Inquiry InquiryOptions
	// Privacy composes the password reset e-mail.
	Privacy PrivacyOptions
	// Tickets configure the ticket service's e-mails (its provider is
	// Payments.Provider).
	Tickets TicketOptions
	// Earnings are the commission and the credits' value festivals'
	// earnings are counted with; nil means the defaults (8.5 %, the
	// lowest price per credit of the packages).
	Earnings *marquee.EarningsSettings
	// Payouts configure the payout service: its provider and settings.
	Payouts PayoutOptions
}

// service is what every service type shares: the database and the clock.
// Helpers that need the time or the connections are methods of it.
type service struct {
	*DB
	clock    func() time.Time
	earnings marquee.EarningsSettings
}

// now returns the current time in UTC, at microsecond precision (what
// PostgreSQL keeps), so that values read back compare equal.
func (s service) now() time.Time { return s.clock().UTC().Truncate(time.Microsecond) }

// today returns the current UTC calendar date, YYYY-MM-DD.
func (s service) today() string { return marquee.Today(s.now()) }

// Services are the store's implementations of the domain's service
// interfaces, sharing one DB and one clock.
type Services struct {
	Users     *UserService
	Sessions  *SessionService
	Festivals *FestivalService
	Reminders *ReminderService
	Mail      *MailService
	Contact   *ContactService
	Packages  *PackageService
	Payments  *PaymentService
	// Films, Submissions and Judging: see film*.go, submission*.go, judging*.go.
	Films       *FilmService
	Submissions *SubmissionService
	Judging     *JudgingService
	// Inquiries answers questions about festivals (inquiry.go).
	Inquiries *InquiryService
	// Audit reads the audit log (audit.go); recordAudit writes it.
	Audit *AuditService
	// RateLimits counts hits in the database, shared by every node.
	RateLimits *RateLimits
	// Movies is the movies pages' catalogue of listed films (movie.go).
	Movies *FilmMovies
	// Privacy resets passwords, exports and deletes accounts (privacy*.go).
	Privacy *PrivacyService
	// Analytics counts page views and campaign events (analytics_*.go);
	// Promotions sells and runs promotion campaigns (promotion*.go).
	Analytics  *AnalyticsService
	Promotions *PromotionService
	// Saved keeps filmmakers' saved festivals (saved_festival.go).
	Saved *SavedFestivalService
	// Tickets sells screenings' seats and checks tickets in (ticket*.go).
	Tickets *TicketService
	// Earnings answers festivals' earnings and commission (festival_earnings*.go).
	Earnings *EarningsService
	// Payouts pays festivals their earnings (payout*.go).
	Payouts *PayoutService
	db      *DB
}

// NewServices returns every service over db.
func NewServices(db *DB, opts Options) (*Services, error) {
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.Password.MemoryKiB == 0 {
		opts.Password = password.Default
	}
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = 30 * 24 * time.Hour
	}
	earnings := marquee.EarningsSettings{CommissionBasisPoints: marquee.DefaultCommissionBasisPoints}
	if opts.Earnings != nil {
		earnings = *opts.Earnings
	}
	base := service{DB: db, clock: opts.Clock, earnings: earnings}
	// A hash to verify against when the e-mail is unknown, so that a wrong
	// e-mail costs as much time as a wrong password.
	dummy, err := password.Hash("marquee-timing-equaliser", opts.Password)
	if err != nil {
		return nil, fmt.Errorf("store: services: %w", err)
	}
	payments, err := newPaymentService(base, opts.Payments)
	if err != nil {
		return nil, err
	}
	tickets := &TicketService{service: base, provider: opts.Payments.Provider, opts: opts.Tickets}
	payments.tickets = tickets
	festivals := &FestivalService{service: base}
	users := &UserService{service: base, hasher: password.NewHasher(opts.Password, opts.PasswordLimits), dummyHash: dummy,
		composeVerification: opts.Users.ComposeVerification, mailStatus: mailStatusOr(opts.Users.MailStatus)}
	films := &FilmService{service: base, files: opts.Files, posters: opts.Posters}
	return &Services{
		Users:     users,
		Sessions:  &SessionService{service: base, ttl: opts.SessionTTL},
		Festivals: festivals,
		Reminders: &ReminderService{service: base},
		Mail:      &MailService{service: base},
		Contact:   &ContactService{service: base},
		Packages:  &PackageService{service: base},
		Payments:  payments,
		Films:     films,
		Submissions: &SubmissionService{service: base, composeDecision: opts.Submissions.ComposeDecision, manageMail: opts.Submissions.ManagementMail, mailStatus: mailStatusOr(opts.Submissions.MailStatus),
			laurels: opts.Submissions.Laurels},
		Saved:      &SavedFestivalService{service: base},
		Judging:    &JudgingService{service: base, composeInvitation: opts.Judging.ComposeInvitation, mailStatus: mailStatusOr(opts.Judging.MailStatus)},
		Inquiries:  &InquiryService{service: base, festivals: festivals, writer: opts.Inquiry.Writer},
		Audit:      &AuditService{service: base},
		RateLimits: NewRateLimits(db, opts.Clock),
		Movies:     &FilmMovies{films: films},
		Privacy: &PrivacyService{service: base, users: users, files: opts.Files,
			composeReset: opts.Privacy.ComposePasswordReset, mailStatus: mailStatusOr(opts.Privacy.MailStatus),
			exports: marquee.RateLimitPolicyFor(marquee.LimitDataExport).WithAllowance(opts.Privacy.ExportsPerHour)},
		Analytics:  &AnalyticsService{service: base},
		Promotions: &PromotionService{service: base},
		Tickets:    tickets,
		Earnings:   &EarningsService{service: base},
		Payouts:    newPayoutService(base, opts.Payouts),
		db:         db,
	}, nil
}

// Domain returns the services as the domain's interfaces, for the HTTP
// server, the worker and the commands.
func (s *Services) Domain() marquee.Services {
	return marquee.Services{
		Users:                s.Users,
		Sessions:             s.Sessions,
		Festivals:            s.Festivals,
		Reminders:            s.Reminders,
		Mail:                 s.Mail,
		Contact:              s.Contact,
		Packages:             s.Packages,
		Payments:             s.Payments,
		Films:                s.Films,
		Judging:              s.Judging,
		Submissions:          s.Submissions,
		SubmissionManagement: s.Submissions,
		Inquiries:            s.Inquiries,
		Audit:                s.Audit,
		RateLimits:           s.RateLimits,
		Health:               s.db,
		Movies:               s.Movies,
		Privacy:              s.Privacy,
		UserAdmin:            s.Users,
		PackageAdmin:         s.Packages,
		SecurityEvents:       s.Users,
		Analytics:            s.Analytics,
		Promotions:           s.Promotions,
		Tickets:              s.Tickets,
		Saved:                s.Saved,
		TicketOffers:         s.Tickets,
		Earnings:             s.Earnings,
		Waitlist:             s.Tickets,
		Guests:               s.Tickets,
		TicketSelf:           s.Tickets,
		CheckInLists:         s.Tickets,
		Payouts:              s.Payouts,
	}
}

// Now returns the services' current time (their clock's), for callers
// that must agree with them, such as the seed command's dates.
func (s *Services) Now() time.Time { return service{clock: s.Users.clock}.now() }

// SubmissionOptions are the submission service's e-mail settings.
type SubmissionOptions struct {
	// ComposeDecision writes decision e-mails; nil sends none.
	ComposeDecision marquee.ComposeDecision
	// ManagementMail writes the e-mails of statuses, messages and bulk
	// messages; a nil func sends none.
	ManagementMail marquee.ManagementMail
	// MailStatus is the outbox status of its e-mails (MailKept by default).
	MailStatus marquee.MailStatus
	// Laurels draws the laurels of selected films (package laurel); nil
	// draws SVG only (a PNG is then refused).
	Laurels marquee.LaurelRenderer
}

// JudgingOptions are the judging service's e-mail settings.
type JudgingOptions struct {
	// ComposeInvitation writes judge invitations; nil sends none.
	ComposeInvitation marquee.ComposeInvitation
	// MailStatus is the outbox status of its e-mails (MailKept by default).
	MailStatus marquee.MailStatus
}

// mailStatusOr returns s, or MailKept when s is empty.
func mailStatusOr(s marquee.MailStatus) marquee.MailStatus {
	if s == "" {
		return marquee.MailKept
	}
	return s
}
