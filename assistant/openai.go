package assistant

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
)

// DefaultTimeout bounds one answer of the chat completions service: one
// call for Write, the whole conversation with its tool rounds for Stream.
const DefaultTimeout = 20 * time.Second

// Bounds of a streamed answer (Stream) unless the Config sets them.
const (
	// DefaultToolRounds is how many rounds of search_festivals calls the
	// model may make before it must answer.
	DefaultToolRounds = 3
	// DefaultMaxTokens caps the tokens the model writes in each call.
	DefaultMaxTokens = 800
)

// Prefix begins the message sent to the chat completions service, as the
// seed client's did.
const Prefix = "Festival Inquiry:"

// Config is an OpenAI-compatible chat completions service: MARQUEE_AI_BASE_URL,
// MARQUEE_AI_API_KEY and MARQUEE_AI_MODEL.
type Config struct {
	// BaseURL is the service's API root, such as https://api.openai.com/v1/
	// or another host's OpenAI-compatible /v1 (chat/completions is added).
	BaseURL string
	APIKey  string
	Model   string
	// Timeout bounds each answer; zero means DefaultTimeout.
	Timeout time.Duration
	// ToolRounds is how many rounds of tool calls Stream allows; zero
	// means DefaultToolRounds.
	ToolRounds int
	// MaxTokens caps each call's output (max_completion_tokens); zero
	// means DefaultMaxTokens.
	MaxTokens int64
	// HTTPClient makes the calls; nil means a plain http.Client.
	HTTPClient *http.Client
}

// Enabled reports whether the service is configured: base URL, key and
// model all set.
func (c Config) Enabled() bool { return c.BaseURL != "" && c.APIKey != "" && c.Model != "" }

// OpenAI writes answers with an OpenAI-compatible chat completions
// service. When the service fails or takes longer than its timeout, it
// logs why (with the question's length and language, never its text)
// and answers as Default does, with a notice saying so.
type OpenAI struct {
	client     openai.Client
	model      string
	timeout    time.Duration
	toolRounds int
	maxTokens  int64
	log        *slog.Logger
}

// NewOpenAI returns a writer over the service cfg names; log receives
// its failures (nil: slog.Default).
func NewOpenAI(cfg Config, log *slog.Logger) (*OpenAI, error) {
	if !cfg.Enabled() {
		return nil, errors.New("assistant: base URL, API key and model are all required")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.ToolRounds <= 0 {
		cfg.ToolRounds = DefaultToolRounds
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{}
	}
	if log == nil {
		log = slog.Default()
	}
	client := openai.NewClient(
		option.WithBaseURL(cfg.BaseURL),
		option.WithAPIKey(cfg.APIKey),
		option.WithHTTPClient(cfg.HTTPClient),
		// One try within the timeout: the asker is waiting.
		option.WithMaxRetries(0),
	)
	return &OpenAI{client: client, model: cfg.Model, timeout: cfg.Timeout, toolRounds: cfg.ToolRounds, maxTokens: cfg.MaxTokens, log: log}, nil
}

// Write asks the service to answer facts.Question from facts.Festivals
// (see Prompt) and answers with its first choice's text; on failure, the
// data-only answer with a notice.
func (w *OpenAI) Write(ctx context.Context, facts marquee.InquiryFacts) (*marquee.InquiryAnswer, error) {
	ctx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	start := time.Now()
	res, err := w.client.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:    w.model,
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage(Prompt(facts))},
	})
	if err == nil && len(res.Choices) == 0 {
		err = errors.New("the answer has no choices")
	}
	if err != nil {
		timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
		w.log.Error("assistant unavailable; answered from the data only", "err", err, "timeout", timedOut,
			"elapsed", time.Since(start).Round(time.Millisecond), "questionLength", len([]rune(facts.Question)), "lang", facts.Lang)
		answer, _ := Default{}.Write(ctx, facts)
		answer.Notice = locale.Text(facts.Lang, "The assistant is unavailable right now, so this answer comes from Marquee's festival data only.")
		return answer, nil
	}
	return &marquee.InquiryAnswer{Answer: strings.TrimSpace(res.Choices[0].Message.Content), Festivals: festivalsOf(facts)}, nil
}

// languageNames name the languages of marquee.Languages in English, for
// the instruction.
var languageNames = map[string]string{"en": "English", "ja": "Japanese", "zh": "Simplified Chinese"}

// Prompt is the one user message the service gets: Prefix and the
// question, today's date, the facts of the festivals found (or that none
// was found), how the question was widened to find them (RelaxedNotes,
// in the asker's language), and the instruction to answer only from them in the
// asker's language.
func Prompt(facts marquee.InquiryFacts) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n\n", Prefix, facts.Question)
	fmt.Fprintf(&b, "Today is %s. ", facts.Today)
	if len(facts.Festivals) == 0 {
		b.WriteString("Marquee has no festivals matching this question.\n")
	} else {
		b.WriteString("These are the festivals on Marquee matching this question (fees are in Marquee credits):\n")
		for _, f := range facts.Festivals {
			fmt.Fprintf(&b, "- %s; %s", f.Name, f.Location)
			if f.Country != "" {
				fmt.Fprintf(&b, " (%s)", f.Country)
			}
			fmt.Fprintf(&b, "; %s to %s; ", f.StartDate, f.EndDate)
			if f.NextDeadline != "" && f.NextFee != nil {
				fmt.Fprintf(&b, "next submission deadline %s, fee from %d credits", f.NextDeadline, *f.NextFee)
			} else {
				b.WriteString("submissions closed")
			}
			fmt.Fprintf(&b, "; page /festival/%s\n", f.Slug)
		}
	}
	if notes := RelaxedNotes(facts); len(notes) > 0 {
		// What the search widened, so the answer can say so.
		b.WriteString("\nTo find these, the question was widened:\n")
		for _, n := range notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	lang := languageNames[facts.Lang]
	if lang == "" {
		lang = "English"
	}
	fmt.Fprintf(&b, "\nAnswer the question only from these facts; if they do not answer it, say so and suggest Marquee's festival search. "+
		"Do not invent festivals, dates or fees. Answer briefly, in %s.", lang)
	return b.String()
}
