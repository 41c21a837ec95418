package marquee

import (
	"context"
	"strings"
)

// Conversation limits of the festival assistant. The browser keeps a
// conversation and sends its last turns with each question; the server
// keeps nothing (no conversation id, nothing to store or expire, any
// node answers), and checks what it is sent as it checks a question.
const (
	// InquiryHistoryMax caps the earlier turns a question carries (three
	// questions and their answers).
	InquiryHistoryMax = 6
	// InquiryTurnMax caps an earlier turn's length in characters.
	InquiryTurnMax = 2000
)

// The roles of a conversation's turns.
const (
	InquiryRoleUser      = "user"
	InquiryRoleAssistant = "assistant"
)

// InquiryTurn is one earlier turn of a conversation with the assistant:
// a question the user asked or the answer's text.
type InquiryTurn struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// InquiryRequest is a question in a conversation: the question, the
// asker's language and the conversation's earlier turns, oldest first.
type InquiryRequest struct {
	Question string
	Lang     string
	History  []InquiryTurn
}

// ValidateInquiryHistory checks a conversation's earlier turns: at most
// InquiryHistoryMax, each a user's or the assistant's, of 1 to
// InquiryTurnMax characters of text (trimmed, CRLF as LF). Nil is no
// history.
func ValidateInquiryHistory(turns []InquiryTurn) ([]InquiryTurn, error) {
	if len(turns) > InquiryHistoryMax {
		return nil, FieldError("history", "A question can carry at most 6 earlier turns of the conversation")
	}
	out := make([]InquiryTurn, 0, len(turns))
	for _, t := range turns {
		if t.Role != InquiryRoleUser && t.Role != InquiryRoleAssistant {
			return nil, FieldError("history", "Each earlier turn of the conversation is a question or an answer")
		}
		text := strings.TrimSpace(strings.ReplaceAll(t.Text, "\r\n", "\n"))
		var f FieldErrors
		if !CheckMultiLine("history", text, &f) {
			return nil, f.Err()
		}
		if n := Length(text); n == 0 || n > InquiryTurnMax {
			return nil, FieldError("history", "Each earlier turn of the conversation must be 1 to 2,000 characters")
		}
		out = append(out, InquiryTurn{Role: t.Role, Text: text})
	}
	return out, nil
}

// The kinds of InquiryEvent.
const (
	// InquiryEventText is more of the answer's text (Text is the delta).
	InquiryEventText = "text"
	// InquiryEventAnswer is the whole answer (Text, and Notice when it
	// is the data-only one), replacing any text sent before it.
	InquiryEventAnswer = "answer"
	// InquiryEventFestivals are the festivals the answer carries.
	InquiryEventFestivals = "festivals"
)

// InquiryEvent is one part of an answer as it is written: text as it
// comes, the whole answer, or the festivals it carries. An answer's
// events end with one InquiryEventFestivals.
type InquiryEvent struct {
	Kind      string
	Text      string
	Notice    string
	Festivals []InquiryFestival
}

// InquiryStreamInput is what a streaming writer answers from: the
// question and its conversation, the day, the festival search it may
// run (the search_festivals tool: SearchFestivals over the approved
// festivals on Today) and the data-only answer's facts (computed when
// asked: a writer that falls back needs them).
type InquiryStreamInput struct {
	Question string
	Lang     string
	Today    string
	History  []InquiryTurn
	Search   func(ctx context.Context, args FestivalSearchArgs) (*FestivalToolResult, error)
	DataOnly func(ctx context.Context) (InquiryFacts, error)
}

// InquiryStreamWriter writes an answer as it comes, through emit (whose
// error, such as a client gone, ends the answer). An error from the
// service behind it is answered with the data-only answer and a Notice;
// Stream's error means no answer could be written, or ctx ended (the
// asker stopped it): ctx.Err(), which is not a failure to log.
type InquiryStreamWriter interface {
	Stream(ctx context.Context, in InquiryStreamInput, emit func(InquiryEvent) error) error
}
