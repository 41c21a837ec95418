package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

// inquiryIPFactor is how many times a user's hourly questions one client
// address may ask: several signed-in users can share an address.
const inquiryIPFactor = 4

// inquiryLimiter counts questions to the festival assistant per hour:
// per signed-in user ("user"), per visitor's client address ("visitor"),
// or per client address whoever asks ("ip", four times the others).
func (s *Server) inquiryLimiter(kind string) *keyedLimiter {
	limit := s.cfg.InquiryRatePerHour
	if kind == "ip" {
		limit *= inquiryIPFactor
	}
	return newKeyedLimiter(s.svc.RateLimits, s.log, "inquiry-"+kind, limit, time.Hour)
}

// inquiryRequest is the body of POST /api/v1/inquiries.
type inquiryRequest struct {
	Question string `json:"question"`
}

// handleInquiryAsk answers a question about festivals from Marquee's
// data, in the request's language, for anyone (the product lets visitors
// ask; the answer holds only public facts). A question that fails
// marquee.ValidateQuestion is refused before it counts; then questions
// are limited per client address, and per user (signed in) or per
// visitor's address (a missing or expired session reads as a visitor's).
// Neither question nor answer is kept: the log line holds the question's
// length and language.
func (s *Server) handleInquiryAsk(w http.ResponseWriter, r *http.Request) {
	var req inquiryRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := marquee.ValidateQuestion(req.Question); err != nil {
		s.writeError(w, r, err)
		return
	}
	if !s.inquiryLimiter("ip").Allow(w, r, s.clientKey(r)) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many questions from your network. Try again later."))
		return
	}
	if requestToken(r) != "" {
		if withUser, err := s.withSessionUser(r); err == nil {
			r = withUser
		}
	}
	kind, key := "visitor", s.clientKey(r)
	if u := currentUser(r); u != nil {
		kind, key = "user", strconv.FormatInt(u.ID, 10)
	}
	if !s.inquiryLimiter(kind).Allow(w, r, key) {
		s.writeError(w, r, marquee.Errorf(marquee.ERateLimited, "Too many questions. Try again later."))
		return
	}
	lang := requestLanguage(r)
	answer, err := s.svc.Inquiries.Ask(r.Context(), req.Question, lang)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	requestLogger(r, s.log).Info("inquiry answered", "questionLength", len([]rune(req.Question)), "lang", lang,
		"festivals", len(answer.Festivals), "fallback", answer.Notice != "")
	writeJSON(w, http.StatusOK, answer)
}
