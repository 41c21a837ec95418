package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

// allowInquiry counts a question to the festival assistant (asked or
// streamed) against its limits: per client address, then per user
// (signed in) or per visitor's address (a missing or expired session
// reads as a visitor's). It returns r with the session's user when there
// is one, and false when a limit refused the question (answered 429).
func (s *Server) allowInquiry(w http.ResponseWriter, r *http.Request) (*http.Request, bool) {
	if !s.allow(w, r, marquee.LimitInquiryClient) {
		return r, false
	}
	if requestToken(r) != "" {
		if withUser, err := s.withSessionUser(r); err == nil {
			r = withUser
		}
	}
	limit := marquee.LimitInquiryVisitor
	if currentUser(r) != nil {
		limit = marquee.LimitInquiryUser
	}
	return r, s.allow(w, r, limit)
}
