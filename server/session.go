package server

import (
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
)

// SessionCookie is the name of the HttpOnly cookie that carries the session token.
const SessionCookie = "marquee_session"

// requestToken returns the session token from `Authorization: Bearer` or the cookie.
func requestToken(r *http.Request) string {
	if auth := r.Header.Get("Authorization"); auth != "" {
		if scheme, tok, ok := strings.Cut(auth, " "); ok && strings.EqualFold(scheme, "Bearer") {
			return strings.TrimSpace(tok)
		}
	}
	if c, err := r.Cookie(SessionCookie); err == nil {
		return c.Value
	}
	return ""
}

// withSessionUser returns r with the user of its session token in its
// context (marquee.NewContextWithUser), or EUnauthorized without a valid,
// unexpired session. Only the routes that need a user ask, so public calls
// cost no session lookup.
func (s *Server) withSessionUser(r *http.Request) (*http.Request, error) {
	u, err := s.svc.Sessions.User(r.Context(), requestToken(r))
	if err != nil {
		return r, err
	}
	return r.WithContext(marquee.NewContextWithUser(r.Context(), u)), nil
}

// currentUser returns the user that requireUser or requireAdmin admitted.
func currentUser(r *http.Request) *marquee.User { return marquee.UserFromContext(r.Context()) }

// requireUser answers 401 unless someone is signed in.
// The answer is a guarded handler, so the route table's readers (the API
// document) see what the route requires.
func (s *Server) requireUser(h http.HandlerFunc) http.Handler {
	return guarded{need: accessUser, handler: funcName(h), h: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r, err := s.withSessionUser(r)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		// A client that leaves while its read waits gets no answer.
		_ = s.reads.admit(w, r, h)
	})}
}

// requireAdmin answers 401 without a session and 403 for non-admins; the
// role is read from the database on every request.
func (s *Server) requireAdmin(h http.HandlerFunc) http.Handler {
	return guarded{need: accessAdmin, handler: funcName(h), h: s.requireUser(func(w http.ResponseWriter, r *http.Request) {
		if _, err := marquee.RequireAdmin(r.Context()); err != nil {
			s.writeError(w, r, err)
			return
		}
		h(w, r)
	})}
}

// startSession creates a session for u and sets its cookie; it returns the token.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *marquee.User) (string, error) {
	token, err := s.svc.Sessions.Start(r.Context(), u.ID, r.UserAgent(), s.clientIP(r))
	if err != nil {
		return "", err
	}
	http.SetCookie(w, &http.Cookie{
		Name:     SessionCookie,
		Value:    token,
		Path:     "/",
		MaxAge:   int(s.cfg.SessionTTL.Seconds()),
		HttpOnly: true,
		Secure:   s.isTLS(r),
		SameSite: http.SameSiteLaxMode,
	})
	return token, nil
}

func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: s.isTLS(r), SameSite: http.SameSiteLaxMode})
}
