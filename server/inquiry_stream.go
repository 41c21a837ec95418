package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/marquee-festival/marquee"
)

// inquiryStreamWriteTimeout is how long a streamed answer may take to
// send: longer than the longest MARQUEE_AI_TIMEOUT (5 minutes), after
// which the writer has sent the data-only answer.
const inquiryStreamWriteTimeout = 6 * time.Minute

// inquiryStreamRequest is the body of POST /api/v1/inquiries/stream: the
// question and the conversation's earlier turns, oldest first (at most
// marquee.InquiryHistoryMax), which the browser keeps.
type inquiryStreamRequest struct {
	Question string                `json:"question"`
	History  []marquee.InquiryTurn `json:"history"`
}

// The server-sent events of a streamed answer.
type (
	// event: text, more of the answer.
	inquiryTextEvent struct {
		Delta string `json:"delta"`
	}
	// event: answer, the whole answer, replacing the text before it (the
	// data-only answer, with its notice when it is a fallback).
	inquiryAnswerEvent struct {
		Answer string `json:"answer"`
		Notice string `json:"notice,omitempty"`
	}
	// event: festivals, the festivals the answer carries.
	inquiryFestivalsEvent struct {
		Festivals []marquee.InquiryFestival `json:"festivals"`
	}
	// event: error, a failure after the answer began (the error body of
	// any other API call, and its status).
	inquiryErrorEvent struct {
		errorBody
		Status int `json:"status"`
	}
)

// handleInquiryStream answers a question in a conversation as
// server-sent events (text/event-stream): `text` events as the AI
// service writes ({"delta"}), or one `answer` event ({"answer",
// "notice"}: the data-only answer, also the fallback, which replaces
// the text sent before it); then `festivals` ({"festivals"}) and `done`
// ({}). A failure after the first event is an `error` event
// ({"message","code","status"}); before it, the usual JSON error (400
// for a bad question or history, 429 past the limits, which are the
// ones of POST /api/v1/inquiries). A client that goes away (the Stop
// button) cancels the service's call; that is logged as a stop, not a
// failure. Nothing is kept.
func (s *Server) handleInquiryStream(w http.ResponseWriter, r *http.Request) {
	var req inquiryStreamRequest
	if err := s.decodeJSON(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := marquee.ValidateQuestion(req.Question); err != nil {
		s.writeError(w, r, err)
		return
	}
	if _, err := marquee.ValidateInquiryHistory(req.History); err != nil {
		s.writeError(w, r, err)
		return
	}
	r, ok := s.allowInquiry(w, r)
	if !ok {
		return
	}
	lang := requestLanguage(r)
	rc := http.NewResponseController(w)
	if err := rc.SetWriteDeadline(time.Now().Add(inquiryStreamWriteTimeout)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		s.writeError(w, r, fmt.Errorf("server: inquiry stream: write deadline: %w", err))
		return
	}
	started, festivals, fallback := false, 0, false
	send := func(event string, data any) error {
		if !started {
			h := w.Header()
			h.Set("Content-Type", "text/event-stream; charset=utf-8")
			h.Set("Cache-Control", "no-store")
			h.Set("X-Accel-Buffering", "no") // a proxy must not hold the events back
			w.WriteHeader(http.StatusOK)
			started = true
		}
		raw, err := json.Marshal(data)
		if err != nil {
			return fmt.Errorf("server: inquiry stream: encode %s: %w", event, err)
		}
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, raw); err != nil {
			return err
		}
		if err := rc.Flush(); err != nil && !errors.Is(err, http.ErrNotSupported) {
			return err
		}
		return nil
	}
	emit := func(e marquee.InquiryEvent) error {
		switch e.Kind {
		case marquee.InquiryEventText:
			return send("text", inquiryTextEvent{Delta: e.Text})
		case marquee.InquiryEventAnswer:
			fallback = fallback || e.Notice != ""
			return send("answer", inquiryAnswerEvent{Answer: e.Text, Notice: e.Notice})
		case marquee.InquiryEventFestivals:
			festivals = len(e.Festivals)
			if e.Festivals == nil {
				e.Festivals = []marquee.InquiryFestival{}
			}
			return send("festivals", inquiryFestivalsEvent{Festivals: e.Festivals})
		}
		return fmt.Errorf("server: inquiry stream: unknown event %q", e.Kind)
	}
	err := s.svc.Inquiries.Stream(r.Context(), marquee.InquiryRequest{Question: req.Question, Lang: lang, History: req.History}, emit)
	log := requestLogger(r, s.log)
	switch {
	case err != nil && clientGone(r):
		log.Info("inquiry stream stopped by the client", "questionLength", len([]rune(req.Question)), "lang", lang, "turns", len(req.History))
	case err != nil && !started:
		s.writeError(w, r, err)
	case err != nil:
		msg, fields := translateError(r, err)
		status := s.errorStatus(r, err)
		_ = send("error", inquiryErrorEvent{errorBody: errorBody{Message: msg, Code: marquee.ErrorCode(err), Fields: fields}, Status: status})
	default:
		log.Info("inquiry answered", "questionLength", len([]rune(req.Question)), "lang", lang, "turns", len(req.History),
			"festivals", festivals, "fallback", fallback, "stream", true)
		_ = send("done", struct{}{})
	}
}
