package server

import (
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/telemetry"
)

var validRequestID = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// requestID returns the caller's X-Request-Id when sane, else a new id.
func requestID(r *http.Request) string {
	id := r.Header.Get("X-Request-Id")
	if !validRequestID.MatchString(id) {
		b := make([]byte, 8)
		_, _ = rand.Read(b)
		id = hex.EncodeToString(b)
	}
	return id
}

// requestLogger returns base for r's lines: each carries the request's
// id and, when traced, its trace and span ids, and no e-mail address
// (telemetry.Logger).
func requestLogger(r *http.Request, base *slog.Logger) *slog.Logger {
	return telemetry.Logger(r.Context(), base)
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// recoverPanics turns a panicking handler into a 500 and a logged stack.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				requestLogger(r, s.log).Error("panic", "value", v, "stack", string(debug.Stack()))
				writeJSON(w, http.StatusInternalServerError, errorBody{Message: "Internal error. Please try again later.", Code: "internal"})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// basePolicy allows only the site's own scripts, styles, images and API;
// Mantine sets inline style attributes, hence 'unsafe-inline' for styles only.
const basePolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// stripePolicy is basePolicy plus what Stripe Elements needs: Stripe.js
// (js.stripe.com) as a script and in frames, its 3-D Secure frames
// (hooks.stripe.com) and its API (api.stripe.com). Frames were the
// default-src's 'self' and stay allowed.
const stripePolicy = "default-src 'self'; script-src 'self' https://js.stripe.com; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' https://api.stripe.com; " +
	"frame-src 'self' https://js.stripe.com https://hooks.stripe.com; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// contentSecurityPolicy returns the CSP for the active payment provider:
// Stripe's origins are allowed only when Stripe takes the payments.
func contentSecurityPolicy(provider string) string {
	if provider == marquee.ProviderStripe {
		return stripePolicy
	}
	return basePolicy
}

// securityHeaders sets the CSP and its companions on every response, and
// HSTS when the client came over HTTPS.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		if s.isTLS(r) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		h.Set("Content-Security-Policy", s.csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(), payment=(self)")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if strings.HasPrefix(r.URL.Path, "/api/") {
			h.Set("Cache-Control", "no-store")
		}
		next.ServeHTTP(w, r)
	})
}

// clientIP returns the caller's address: the first X-Forwarded-For entry
// behind a trusted proxy, else the connection's peer.
func (s *Server) clientIP(r *http.Request) string {
	if s.cfg.TrustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			if ip := net.ParseIP(strings.TrimSpace(first)); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// withClientIP puts the caller's address into the request's context
// (marquee.NewContextWithClientIP), where audit entries find it.
func (s *Server) withClientIP(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(marquee.NewContextWithClientIP(r.Context(), s.clientIP(r))))
	})
}

// isTLS reports whether the client reached us over HTTPS.
func (s *Server) isTLS(r *http.Request) bool {
	return r.TLS != nil || (s.cfg.TrustProxy && strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"))
}
