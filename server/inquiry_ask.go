package server

import (
	"net/http"

	"github.com/marquee-festival/marquee"
)

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
	r, ok := s.allowInquiry(w, r)
	if !ok {
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
