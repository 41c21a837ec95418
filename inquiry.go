package marquee

import (
	"cmp"
	"context"
	"slices"
	"strings"
)

// Festival assistant limits.
const (
	// InquiryQuestionMax caps a question's length in characters.
	InquiryQuestionMax = 1000
	// InquiryResultsMax caps the festivals an answer lists.
	InquiryResultsMax = 10
)

// InquiryFestival is one festival an answer lists: the facts the
// assistant may speak of, and the slug its link goes to (/festival/{slug}).
// A card shows City and Country as the festival pages do ("City, Country"
// in the reader's language); Location is the organiser's free text, which
// often names the country already ("東京、日本").
type InquiryFestival struct {
	Slug         string `json:"slug"`
	Name         string `json:"name"`
	StartDate    string `json:"startDate"`
	EndDate      string `json:"endDate"`
	Location     string `json:"location"`
	City         string `json:"city"`
	Country      string `json:"country"`
	NextDeadline string `json:"nextDeadline"` // "" when submissions are closed
	NextFee      *int64 `json:"nextFee"`      // the lowest current fee in credits; nil when closed
}

// NewInquiryFestival returns the facts of f an answer lists.
func NewInquiryFestival(f *Festival) InquiryFestival {
	return InquiryFestival{Slug: f.Slug, Name: f.Name, StartDate: f.StartDate, EndDate: f.EndDate,
		Location: f.Location, City: f.City, Country: f.Country, NextDeadline: f.NextDeadline, NextFee: f.MinFee}
}

// InquiryAnswer is the assistant's answer to a question: a short text in
// the asker's language, the festivals it is drawn from, and a notice when
// the answer had to fall back to Marquee's data alone.
type InquiryAnswer struct {
	Answer    string            `json:"answer"`
	Festivals []InquiryFestival `json:"festivals"`
	// Notice says why the answer is the data-only one (the assistant
	// service failed or was too slow); "" otherwise.
	Notice string `json:"notice,omitempty"`
}

// InquiryService answers questions about festivals from Marquee's own
// data. It keeps neither the question nor the answer.
type InquiryService interface {
	// Ask answers question (see ValidateQuestion) in lang (one of
	// Languages) from the approved festivals matching it.
	Ask(ctx context.Context, question, lang string) (*InquiryAnswer, error)
	// Stream answers req (its question checked as Ask's, its history by
	// ValidateInquiryHistory) as the answer is written, through emit
	// (InquiryStreamWriter); ctx's end stops it with ctx.Err().
	Stream(ctx context.Context, req InquiryRequest, emit func(InquiryEvent) error) error
}

// InquiryFacts are what an answer is written from: the question, the
// asker's language, what the question was understood to ask, the
// festivals found for it (empty when none) and how the question was
// widened to find them.
type InquiryFacts struct {
	Question  string
	Lang      string
	Today     string // YYYY-MM-DD
	Query     InquiryQuery
	Festivals []InquiryFestival
	// Relaxed are the relaxations the festivals found needed
	// (RankInquiry), in the order they are tried; none when they meet
	// the question as asked.
	Relaxed []InquiryRelaxation
}

// InquiryResult is what the festival search found for a question: the
// festivals, best first, and the relaxations they needed (RankInquiry).
type InquiryResult struct {
	Festivals []*Festival
	Relaxed   []InquiryRelaxation
}

// InquiryWriter writes the answer to a question from its facts: the
// embedded writer or an AI chat service (package assistant). A writer
// that cannot reach its service answers from the facts alone with a
// Notice; an error means no answer could be written at all.
type InquiryWriter interface {
	Write(ctx context.Context, facts InquiryFacts) (*InquiryAnswer, error)
}

// ValidateQuestion trims a question (CRLF as LF) and checks it: 1 to
// 1,000 characters of text without control characters.
func ValidateQuestion(question string) (string, error) {
	question = strings.TrimSpace(strings.ReplaceAll(question, "\r\n", "\n"))
	var f FieldErrors
	if !CheckMultiLine("question", question, &f) {
		return "", f.Err()
	}
	switch n := Length(question); {
	case n == 0:
		return "", FieldError("question", "Ask a question about film festivals")
	case n > InquiryQuestionMax:
		return "", FieldError("question", "Question must be at most 1,000 characters")
	}
	return question, nil
}

// MergeInquiryResults joins the festivals found by the searches of one
// question (the search_festivals tool's, SearchFestivals), each once, and keeps the first
// InquiryResultsMax. One search keeps its order (its relevance or
// deadline); several are ordered open first by next deadline, then by
// start date and id.
func MergeInquiryResults(results [][]*Festival) []*Festival {
	seen := map[int64]bool{}
	var out []*Festival
	for _, fs := range results {
		for _, f := range fs {
			if !seen[f.ID] {
				seen[f.ID] = true
				out = append(out, f)
			}
		}
	}
	if len(results) > 1 {
		slices.SortStableFunc(out, func(a, b *Festival) int {
			if (a.NextDeadline == "") != (b.NextDeadline == "") {
				if a.NextDeadline == "" {
					return 1
				}
				return -1
			}
			return cmp.Or(cmp.Compare(a.NextDeadline, b.NextDeadline), cmp.Compare(a.StartDate, b.StartDate), cmp.Compare(a.ID, b.ID))
		})
	}
	if len(out) > InquiryResultsMax {
		out = out[:InquiryResultsMax]
	}
	return out
}
