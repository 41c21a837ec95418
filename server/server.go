// Package server serves Marquee's API and its embedded front end over HTTP.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/telemetry"
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
	// ReadQueue is how many signed-in reads (GET behind a sign-in) run at
	// once on a node; the others wait in arrival order (readQueue).
	// Zero: two per CPU (MARQUEE_READ_QUEUE).
	ReadQueue int
	// SessionTTL is how long a login lasts (the cookie's lifetime; the
	// store's session service is given the same).
	SessionTTL time.Duration
	// The settings below replace the allowances of the rate limit policies
	// (marquee.RateLimitPolicies, applied in ratelimit.go; the README lists
	// them all); zero keeps the policy's. Each names its policy.
	//
	// LoginRatePerMinute: login attempts per client, whatever the account
	// (marquee.LimitLogin).
	LoginRatePerMinute int
	// LoginFailuresPerClientPerMinute: the failed logins one client may
	// make for one account in a minute (marquee.LimitLoginFailures).
	LoginFailuresPerClientPerMinute int
	// LoginFailuresPerAccountPer15Min: an account's failed logins from all
	// clients in 15 minutes; past it, only clients that have not failed for
	// the account may still try (marquee.LimitLoginAccount).
	LoginFailuresPerAccountPer15Min int
	// PasswordChangeRatePerHour: password changes and account deletions
	// (each checks the current password) per signed-in user in an hour
	// (marquee.LimitPasswordCheck).
	PasswordChangeRatePerHour int
	// PasswordResetRatePerIPPerHour and PasswordResetRatePerAddressPerHour:
	// reset e-mails asked for per client and per address in an hour
	// (marquee.LimitResetClient, marquee.LimitResetAddress).
	PasswordResetRatePerIPPerHour      int
	PasswordResetRatePerAddressPerHour int
	// PasswordResetConfirmRatePerHour: uses of reset links per client in an
	// hour (marquee.LimitResetConfirm).
	PasswordResetConfirmRatePerHour int
	// FestivalRegistrationsPerUserPerDay and FestivalRegistrationsPerIPPerDay:
	// festival registrations (POST /api/v1/festivals and the seed's
	// /api/v1/festival/create) per user and per client in a UTC day
	// (marquee.LimitFestivalUser, marquee.LimitFestivalClient).
	FestivalRegistrationsPerUserPerDay int
	FestivalRegistrationsPerIPPerDay   int
	// SignupRatePerHour: sign-ups per client (marquee.LimitSignup).
	SignupRatePerHour int
	// ContactRatePerHour: contact messages per client (marquee.LimitContact).
	ContactRatePerHour int
	// ViewRatePerMinute: the page view and campaign beacons counted per
	// client in a minute; more are answered but not counted
	// (marquee.LimitPageView).
	ViewRatePerMinute int
	// CheckoutRatePer10Min: payment attempts (checkouts, ticket payments,
	// the seed's payment call) per signed-in user in ten minutes
	// (marquee.LimitPayment).
	CheckoutRatePer10Min int
	// WebhookRatePerMinute: payment provider webhooks per client
	// (marquee.LimitWebhook).
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
	// InquiryRatePerHour: questions to the festival assistant per
	// signed-in user in an hour; a client address may ask inquiryIPFactor
	// times as many, whoever asks (marquee.LimitInquiryUser,
	// LimitInquiryClient).
	InquiryRatePerHour int
	// InquiryVisitorRatePerHour: questions a visitor (not signed in) may
	// ask the assistant per client address in an hour
	// (marquee.LimitInquiryVisitor).
	InquiryVisitorRatePerHour int
	// MovieImageOrigin is where the movie database's posters come from
	// (https://image.tmdb.org), allowed as images by the CSP; "" for none.
	MovieImageOrigin string
	// UploadDir is where uploads (posters) are spooled while they are
	// read, so that none is held in memory; "" is the system's temporary
	// folder. cmd/marquee puts it under MARQUEE_DATA_DIR, on disk.
	UploadDir string
	// SitemapURLsPerFile is how many festival pages one sitemap file
	// lists before /sitemap.xml becomes an index of files; 0 (or more than
	// marquee.SitemapMaxURLs) means the protocol's limit, 50,000. Tests
	// lower it.
	SitemapURLsPerFile int
	// Readiness gates GET /readyz: 503 until its MarkReady (serve calls it
	// once the festival search index is warm). Nil means ready whenever the
	// database answers.
	Readiness *Readiness
	// Metrics, when set, records every request by route pattern and
	// status class, and the rate limits' refusals (observe.go). Nil
	// records nothing and costs nothing.
	Metrics *telemetry.Metrics
	// MetricsHandler, when set, is served at GET /metrics on the site
	// itself (cmd/marquee sets it only with MARQUEE_METRICS_TOKEN and
	// without a listen address of the metrics' own: it checks the token).
	MetricsHandler http.Handler
	// Tracing, when set, gives every request a server span named by its
	// route pattern. Nil traces nothing.
	Tracing *telemetry.Tracing
}

// DefaultConfig returns the settings used when nothing is configured.
func DefaultConfig() Config {
	allowance := func(name marquee.RateLimitName) int { return marquee.RateLimitPolicyFor(name).Allowance }
	return Config{
		SupportEmail:   "support@marquee.example",
		SupportPhone:   "+1 555 010 0199",
		SupportAddress: "Marquee Film Festival Platform, 100 Festival Avenue, Suite 4, Los Angeles, CA 90028, USA",
		SessionTTL:     30 * 24 * time.Hour,
		MaxBodyBytes:   64 << 10,

		LoginRatePerMinute:                 allowance(marquee.LimitLogin),
		LoginFailuresPerClientPerMinute:    allowance(marquee.LimitLoginFailures),
		LoginFailuresPerAccountPer15Min:    allowance(marquee.LimitLoginAccount),
		PasswordChangeRatePerHour:          allowance(marquee.LimitPasswordCheck),
		PasswordResetRatePerIPPerHour:      allowance(marquee.LimitResetClient),
		PasswordResetRatePerAddressPerHour: allowance(marquee.LimitResetAddress),
		PasswordResetConfirmRatePerHour:    allowance(marquee.LimitResetConfirm),
		FestivalRegistrationsPerUserPerDay: allowance(marquee.LimitFestivalUser),
		FestivalRegistrationsPerIPPerDay:   allowance(marquee.LimitFestivalClient),
		SignupRatePerHour:                  allowance(marquee.LimitSignup),
		ContactRatePerHour:                 allowance(marquee.LimitContact),
		ViewRatePerMinute:                  allowance(marquee.LimitPageView),
		CheckoutRatePer10Min:               allowance(marquee.LimitPayment),
		WebhookRatePerMinute:               allowance(marquee.LimitWebhook),
		InquiryRatePerHour:                 allowance(marquee.LimitInquiryUser),
		InquiryVisitorRatePerHour:          allowance(marquee.LimitInquiryVisitor),
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
	// pageHeads keeps festival pages' HTML with their head tags;
	// sitemaps the sitemap's files (per node, a few minutes).
	pageHeads pageHeads
	sitemaps  sitemapCache

	// limits applies the rate limit policies; loginFailures the login's.
	limits        *rateLimits
	loginFailures *loginFailures

	// reads admits signed-in reads in arrival order (read_queue.go).
	reads *readQueue

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
	limits := newRateLimits(svc.RateLimits, logger, cfg.rateAllowances())
	limits.metrics = cfg.Metrics
	return &Server{
		cfg:           cfg,
		svc:           svc,
		log:           logger,
		static:        newStaticFiles(cfg.Web),
		limits:        limits,
		reads:         newReadQueue(cfg.ReadQueue),
		loginFailures: &loginFailures{limits: limits, events: svc.SecurityEvents},
		csp:           withImageOrigin(contentSecurityPolicy(svc.Payments.Config().Provider), cfg.MovieImageOrigin),
	}, nil
}

// now returns the server's current time.
func (s *Server) now() time.Time { return s.cfg.Clock() }

// Handler returns the whole site: API, health check and front end, wrapped
// in request ids, logging, metrics and tracing (observeRequests), recovery,
// security headers and CSRF protection (cross-origin checks, and JSON
// writes only: requireJSONWrites).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	rec := &routeRecorder{next: mux}
	s.routes(rec)
	var routes *telemetry.Routes
	if s.cfg.Metrics != nil {
		routes = s.cfg.Metrics.Routes(rec.patterns)
	}
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, errorBody{Message: "Cross-origin request refused", Code: "forbidden"})
	}))
	h := notePattern(s.requireJSONWrites(mux))
	h = csrf.Handler(h)
	h = s.withClientIP(h)
	h = s.securityHeaders(h)
	h = s.recoverPanics(h)
	h = s.observeRequests(h, routes)
	return h
}
