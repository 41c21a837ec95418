package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net/http"
	"strings"

	"github.com/marquee-festival/marquee"
)

// SessionCookie is the name of the HttpOnly cookie that carries the session token.
const SessionCookie = "marquee_session"

// newToken returns a random session token and the hash under which it is stored.
func newToken() (token, hash string, err error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

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

// sessionUser looks up the user of the request's session token. A request
// without a valid, unexpired session gets EUnauthorized. Only the handlers
// that need a user ask, so public calls cost no session lookup.
func (s *Server) sessionUser(r *http.Request) (*marquee.User, error) {
	hash := currentTokenHash(r)
	if hash == "" {
		return nil, marquee.Errorf(marquee.EUnauthorized, "Please log in")
	}
	return s.db.FindSessionUser(r.Context(), hash)
}

// currentUser returns the user that requireUser or requireAdmin admitted.
func currentUser(r *http.Request) *marquee.User {
	u, _ := r.Context().Value(userKey).(*marquee.User)
	return u
}

// currentTokenHash returns the stored hash of the request's session token, or "".
func currentTokenHash(r *http.Request) string {
	tok := requestToken(r)
	if tok == "" || len(tok) > 200 {
		return ""
	}
	return hashToken(tok)
}

// requireUser answers 401 unless someone is signed in.
func (s *Server) requireUser(h http.HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := s.sessionUser(r)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		h(w, r.WithContext(context.WithValue(r.Context(), userKey, u)))
	})
}

// requireAdmin answers 401 without a session and 403 for non-admins; the
// role is read from the database on every request.
func (s *Server) requireAdmin(h http.HandlerFunc) http.Handler {
	return s.requireUser(func(w http.ResponseWriter, r *http.Request) {
		if !currentUser(r).IsAdmin() {
			s.writeError(w, r, marquee.Errorf(marquee.EForbidden, "Admin access required"))
			return
		}
		h(w, r)
	})
}

// startSession creates a session for u and sets its cookie; it returns the token.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *marquee.User) (string, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	if _, err := s.db.CreateSession(r.Context(), u.ID, hash, s.cfg.SessionTTL, r.UserAgent(), s.clientIP(r)); err != nil {
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
