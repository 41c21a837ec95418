// Package server serves Marquee's API and its embedded front end over HTTP.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/store"
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
	// SessionTTL is how long a login lasts.
	SessionTTL time.Duration
	// LoginRatePerMinute bounds login attempts per client IP; each account
	// gets half of it (at least one).
	LoginRatePerMinute int
	// SignupRatePerHour bounds sign-ups per client IP.
	SignupRatePerHour int
	// ContactRatePerHour bounds contact messages per client IP.
	ContactRatePerHour int
	// TrustProxy takes the client address from X-Forwarded-For and TLS from
	// X-Forwarded-Proto (set it only behind a proxy that sets them).
	TrustProxy bool
	// Password sets argon2id's cost.
	Password password.Params
	// MaxBodyBytes bounds JSON request bodies.
	MaxBodyBytes int64
	// PublicURL is the site's address as users reach it (MARQUEE_PUBLIC_URL),
	// used in links and identifiers the server hands out (the .ics feed);
	// empty means the address of each request.
	PublicURL string
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
		Password:           password.Default,
		MaxBodyBytes:       64 << 10,
	}
}

// Server holds what the handlers share.
type Server struct {
	cfg    Config
	db     *store.DB
	log    *slog.Logger
	static *staticFiles

	loginByIP      *keyedLimiter
	loginByAccount *keyedLimiter
	signupByIP     *keyedLimiter
	contactByIP    *keyedLimiter
	dummyHash      string
}

// New returns a server over db. Zero values in cfg take DefaultConfig's.
func New(cfg Config, db *store.DB, logger *slog.Logger) (*Server, error) {
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
	if cfg.Password.MemoryKiB == 0 {
		cfg.Password = def.Password
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
	if logger == nil {
		logger = slog.Default()
	}
	// A hash to verify against when the email is unknown, so that a wrong
	// email costs as much time as a wrong password.
	dummy, err := password.Hash("marquee-timing-equaliser", cfg.Password)
	if err != nil {
		return nil, err
	}
	perAccount := max(cfg.LoginRatePerMinute/2, 1)
	return &Server{
		cfg:            cfg,
		db:             db,
		log:            logger,
		static:         newStaticFiles(cfg.Web),
		loginByIP:      newKeyedLimiter(perMinute(cfg.LoginRatePerMinute), cfg.LoginRatePerMinute),
		loginByAccount: newKeyedLimiter(perMinute(perAccount), perAccount),
		signupByIP:     newKeyedLimiter(perHour(cfg.SignupRatePerHour), cfg.SignupRatePerHour),
		contactByIP:    newKeyedLimiter(perHour(cfg.ContactRatePerHour), cfg.ContactRatePerHour),
		dummyHash:      dummy,
	}, nil
}

// Handler returns the whole site: API, health check and front end, wrapped
// in request ids, logging, recovery, security headers and CSRF protection.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.routes(mux)
	csrf := http.NewCrossOriginProtection()
	csrf.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusForbidden, errorBody{Message: "Cross-origin request refused", Code: "forbidden"})
	}))
	var h http.Handler = mux
	h = csrf.Handler(h)
	h = s.securityHeaders(h)
	h = s.recoverPanics(h)
	h = s.logRequests(h)
	h = withRequestID(h)
	return h
}

func (s *Server) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /healthz", s.handleHealthz)

	// Accounts (the seed's register and login calls, and their aliases).
	mux.HandleFunc("POST /api/v1/user/register", s.handleUserRegister)
	mux.HandleFunc("POST /api/v1/auth/signup", s.handleUserRegister)
	mux.HandleFunc("POST /api/v1/user/login", s.handleUserLogin)
	mux.HandleFunc("POST /api/v1/auth/login", s.handleUserLogin)
	mux.HandleFunc("POST /api/v1/auth/logout", s.handleUserLogout)
	mux.Handle("GET /api/v1/me", s.requireUser(s.handleMeGet))
	mux.HandleFunc("GET /api/v1/session", s.handleSessionGet)
	mux.Handle("POST /api/v1/me/password", s.requireUser(s.handleMePassword))
	mux.Handle("POST /api/v1/me/terms", s.requireUser(s.handleMeTerms))

	// Public information.
	mux.HandleFunc("GET /api/v1/packages", s.handlePackagesList)
	mux.HandleFunc("GET /api/v1/packages/{id}", s.handlePackageGet)
	mux.HandleFunc("GET /api/v1/site", s.handleSiteGet)
	mux.HandleFunc("POST /api/v1/contact", s.handleContactCreate)

	// Admin.
	mux.Handle("GET /api/v1/admin/dashboard", s.requireAdmin(s.handleAdminDashboard))
	mux.Handle("GET /api/v1/admin/users", s.requireAdmin(s.handleAdminUsersList))
	mux.Handle("GET /api/v1/admin/messages", s.requireAdmin(s.handleAdminMessagesList))
	mux.Handle("PATCH /api/v1/admin/messages/{id}", s.requireAdmin(s.handleAdminMessageUpdate))
	// The seed's admin calls.
	mux.Handle("GET /api/v1/dashboard/get", s.requireAdmin(s.handleCompatDashboard))
	mux.Handle("GET /api/v1/user/get", s.requireAdmin(s.handleCompatUsers))

	// Festivals, reminders and mail, each registered in its own file.
	s.festivalRoutes(mux)
	s.reminderRoutes(mux)

	mux.HandleFunc("/api/", s.handleAPINotFound)
	mux.Handle("/", s.static)
}
