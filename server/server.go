// Package server serves Marquee's API and its embedded front end over HTTP.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
)

// Config is the server's configuration; cmd/marquee fills it from MARQUEE_* variables.
type Config struct {
	// Web is the built front end (index.html and assets/). Nil serves a
	// page explaining that the front end was not built.
	Web fs.FS
	// SupportEmail, SupportPhone and SupportAddress are shown on the contact page.
	SupportEmail   string
	SupportPhone   string
	SupportAddress string
	// SessionTTL is how long a login lasts (the cookie's lifetime; the
	// store's session service is given the same).
	SessionTTL time.Duration
	// LoginRatePerMinute bounds login attempts per client (an IPv4 address
	// or an IPv6 /64), whatever the account.
	LoginRatePerMinute int
	// LoginFailuresPerClientPerMinute bounds the failed logins one client
	// may make for one account in a minute (see loginFailures).
	LoginFailuresPerClientPerMinute int
	// LoginFailuresPerAccountPer15Min bounds an account's failed logins
	// from all clients in 15 minutes; past it, only clients that have not
	// failed for the account may still try (see loginFailures).
	LoginFailuresPerAccountPer15Min int
	// PasswordChangeRatePerHour bounds password changes (each checks the
	// current password) per signed-in user in an hour.
	PasswordChangeRatePerHour int
	// FestivalRegistrationsPerUserPerDay and FestivalRegistrationsPerIPPerDay
	// bound festival registrations (POST /api/v1/festivals and the seed's
	// /api/v1/festival/create) per user and per client in a UTC day.
	FestivalRegistrationsPerUserPerDay int
	FestivalRegistrationsPerIPPerDay   int
	// SignupRatePerHour bounds sign-ups per client IP.
	SignupRatePerHour int
	// ContactRatePerHour bounds contact messages per client IP.
	ContactRatePerHour int
	// ViewRatePerMinute bounds the page view and campaign beacons counted
	// per client in a minute (more are answered but not counted).
	ViewRatePerMinute int
	// CheckoutRatePer10Min bounds payment attempts (checkouts, the seed's
	// payment call) per signed-in user in ten minutes.
	CheckoutRatePer10Min int
	// WebhookRatePerMinute bounds payment provider webhooks per client IP.
	WebhookRatePerMinute int
	// TrustProxy takes the client address from X-Forwarded-For and TLS from
	// X-Forwarded-Proto (set it only behind a proxy that sets them).
	TrustProxy bool
	// MaxBodyBytes bounds JSON request bodies.
	MaxBodyBytes int64
	// PublicURL is the site's address as users reach it (MARQUEE_PUBLIC_URL),
	// used in links and identifiers the server hands out (the .ics feed);
	// empty means the address of each request.
	PublicURL string
	// Clock returns the current time; nil means time.Now. Tests set it.
	Clock func() time.Time
	// InquiryRatePerHour bounds questions to the festival assistant per
	// signed-in user, or per visitor's client address, in an hour; a client
	// address may ask four times as many, whoever asks.
	InquiryRatePerHour int
	// MovieImageOrigin is where the movie database's posters come from
	// (https://image.tmdb.org), allowed as images by the CSP; "" for none.
	MovieImageOrigin string
	// UploadDir is where uploads (posters) are spooled while they are
	// read, so that none is held in memory; "" is the system's temporary
	// folder. cmd/marquee puts it under MARQUEE_DATA_DIR, on disk.
	UploadDir string
	// Readiness gates GET /readyz: 503 until its MarkReady (serve calls it
	// once the festival search index is warm). Nil means ready whenever the
	// database answers.
	Readiness *Readiness
}

// DefaultConfig returns the settings used when nothing is configured.
func DefaultConfig() Config {
	return Config{
		SupportEmail:       "support@marquee.example",
		SupportPhone:       "+1 555 010 0199",
		SupportAddress:     "Marquee Film Festival Platform, 100 Festival Avenue, Suite 4, Los Angeles, CA 90028, USA",
		SessionTTL:         30 * 24 * time.Hour,
		LoginRatePerMinute: 20,
		SignupRatePerHour:  30,
		ContactRatePerHour: 5,
		ViewRatePerMinute:  60,
		MaxBodyBytes:       64 << 10,

		CheckoutRatePer10Min: 10,
		WebhookRatePerMinute: 300,

		LoginFailuresPerClientPerMinute:    5,
		LoginFailuresPerAccountPer15Min:    50,
		PasswordChangeRatePerHour:          10,
		FestivalRegistrationsPerUserPerDay: 10,
		FestivalRegistrationsPerIPPerDay:   30,
		InquiryRatePerHour:                 30,
	}
}

// Server holds what the handlers share: the configuration and the domain's
// services. A handler decodes the request, calls one service method and
// encodes its answer; the rules live in the services.
type Server struct {
	cfg    Config
	svc    marquee.Services
	log    *slog.Logger
	static *staticFiles

	loginByIP      *keyedLimiter
	loginFailures  *loginFailures
	passwordByUser *keyedLimiter
	festivalByUser *keyedLimiter
	festivalByIP   *keyedLimiter
	signupByIP     *keyedLimiter
	contactByIP    *keyedLimiter
	checkoutByUser *keyedLimiter
	webhookByIP    *keyedLimiter
	pageViews      *keyedLimiter // page view and campaign beacons per client

	// csp is the Content-Security-Policy header, fixed at construction
	// from the payment provider (Stripe's origins only when it is Stripe).
	csp string
}

// New returns a server over the services. Zero values in cfg take DefaultConfig's.
func New(cfg Config, svc marquee.Services, logger *slog.Logger) (*Server, error) {
	def := DefaultConfig()
	if cfg.SessionTTL <= 0 {
		cfg.SessionTTL = def.SessionTTL
	}
	if cfg.LoginRatePerMinute <= 0 {
		cfg.LoginRatePerMinute = def.LoginRatePerMinute
	}
	if cfg.SignupRatePerHour <= 0 {
		cfg.SignupRatePerHour = def.SignupRatePerHour
	}
	if cfg.ContactRatePerHour <= 0 {
		cfg.ContactRatePerHour = def.ContactRatePerHour
	}
	if cfg.ViewRatePerMinute <= 0 {
		cfg.ViewRatePerMinute = def.ViewRatePerMinute
	}
	if cfg.CheckoutRatePer10Min <= 0 {
		cfg.CheckoutRatePer10Min = def.CheckoutRatePer10Min
	}
	if cfg.WebhookRatePerMinute <= 0 {
		cfg.WebhookRatePerMinute = def.WebhookRatePerMinute
	}
	for _, v := range []struct {
		val *int
		def int
	}{
		{&cfg.LoginFailuresPerClientPerMinute, def.LoginFailuresPerClientPerMinute},
		{&cfg.LoginFailuresPerAccountPer15Min, def.LoginFailuresPerAccountPer15Min},
		{&cfg.PasswordChangeRatePerHour, def.PasswordChangeRatePerHour},
		{&cfg.FestivalRegistrationsPerUserPerDay, def.FestivalRegistrationsPerUserPerDay},
		{&cfg.FestivalRegistrationsPerIPPerDay, def.FestivalRegistrationsPerIPPerDay},
		{&cfg.InquiryRatePerHour, def.InquiryRatePerHour},
	} {
		if *v.val <= 0 {
			*v.val = v.def
		}
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = def.MaxBodyBytes
	}
	if cfg.SupportEmail == "" {
		cfg.SupportEmail = def.SupportEmail
	}
	if cfg.SupportPhone == "" {
		cfg.SupportPhone = def.SupportPhone
	}
	if cfg.SupportAddress == "" {
		cfg.SupportAddress = def.SupportAddress
	}
	if cfg.Clock == nil {
		cfg.Clock = time.Now
	}
	if logger == nil {
		logger = slog.Default()
	}
	limits := svc.RateLimits
	return &Server{
		cfg:       cfg,
		svc:       svc,
		log:       logger,
		static:    newStaticFiles(cfg.Web),
		loginByIP: newKeyedLimiter(limits, logger, "login-ip", cfg.LoginRatePerMinute, time.Minute),
		loginFailures: &loginFailures{limits: limits, log: logger,
			perClient: cfg.LoginFailuresPerClientPerMinute, perAccount: cfg.LoginFailuresPerAccountPer15Min,
			events: svc.SecurityEvents},
		passwordByUser: newKeyedLimiter(limits, logger, "password-user", cfg.PasswordChangeRatePerHour, time.Hour),
		festivalByUser: newKeyedLimiter(limits, logger, "festival-user", cfg.FestivalRegistrationsPerUserPerDay, 24*time.Hour),
		festivalByIP:   newKeyedLimiter(limits, logger, "festival-ip", cfg.FestivalRegistrationsPerIPPerDay, 24*time.Hour),
		signupByIP:     newKeyedLimiter(limits, logger, "signup-ip", cfg.SignupRatePerHour, time.Hour),
		contactByIP:    newKeyedLimiter(limits, logger, "contact-ip", cfg.ContactRatePerHour, time.Hour),
		checkoutByUser: newKeyedLimiter(limits, logger, "checkout-user", cfg.CheckoutRatePer10Min, 10*time.Minute),
		webhookByIP:    newKeyedLimiter(limits, logger, "webhook-ip", cfg.WebhookRatePerMinute, time.Minute),
		pageViews:      newKeyedLimiter(limits, logger, "page-view-ip", cfg.ViewRatePerMinute, time.Minute),
		csp:            withImageOrigin(contentSecurityPolicy(svc.Payments.Config().Provider), cfg.MovieImageOrigin),
	}, nil
}

// now returns the server's current time.
func (s *Server) now() time.Time { return s.cfg.Clock() }

// Handler returns the whole site: API, health check and front end, wrapped
// in request ids, logging, recovery, security headers and CSRF protection (cross-origin checks, and JSON
// writes only: requireJSONWrites).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.routes(mux)
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, errorBody{Message: "Cross-origin request refused", Code: "forbidden"})
	}))
	h := s.requireJSONWrites(mux)
	h = csrf.Handler(h)
	h = s.withClientIP(h)
	h = s.securityHeaders(h)
	h = s.recoverPanics(h)
	h = s.logRequests(h)
	h = withRequestID(h)
	return h
}
