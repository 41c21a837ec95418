package assistant

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/shared"
)

// toolCallsMax caps the search_festivals calls one round may make; the
// others are answered with an error.
const toolCallsMax = 4

// Stream answers from the data alone: Default's answer as one
// InquiryEventAnswer, then its festivals.
func (Default) Stream(ctx context.Context, in marquee.InquiryStreamInput, emit func(marquee.InquiryEvent) error) error {
	facts, err := in.DataOnly(ctx)
	if err != nil {
		return err
	}
	return emitDataOnly(facts, "", emit)
}

// emitDataOnly sends Default's answer to facts with notice, then its festivals.
func emitDataOnly(facts marquee.InquiryFacts, notice string, emit func(marquee.InquiryEvent) error) error {
	if err := emit(marquee.InquiryEvent{Kind: marquee.InquiryEventAnswer, Text: Sentence(facts), Notice: notice}); err != nil {
		return err
	}
	return emit(marquee.InquiryEvent{Kind: marquee.InquiryEventFestivals, Festivals: festivalsOf(facts)})
}

// emitError is emit's error: the answer could not be sent (the client
// is gone), which is not the service's failure.
type emitError struct{ err error }

func (e *emitError) Error() string { return e.err.Error() }
func (e *emitError) Unwrap() error { return e.err }

// Stream has the model answer in.Question in its conversation, streaming
// its text as it comes: the model is given the search_festivals tool
// (marquee.FestivalSearchArgsSchema), Marquee runs its calls with
// in.Search and hands it the results (marquee.ToolResultJSON; arguments
// that cannot be read are answered with the error, for the model to try
// again), for at most the configured tool rounds, after which the tools
// are withdrawn and the model must answer. Each call writes at most the
// configured tokens, and the whole answer takes at most the timeout. The
// answer carries the festivals it links to (/festival/{slug}) among
// those the tool returned, in the order cited, else those of the last
// search.
//
// When the service fails, is too slow or writes nothing, it logs why
// (never the question nor the key) and sends the data-only answer with a
// notice (an InquiryEventAnswer, which replaces any text sent). When ctx
// ends (the asker stopped), the call to the service is cancelled and it
// returns ctx.Err() without logging a failure.
func (w *OpenAI) Stream(ctx context.Context, in marquee.InquiryStreamInput, emit func(marquee.InquiryEvent) error) error {
	asked := ctx
	ctx, cancel := context.WithTimeout(ctx, w.timeout)
	defer cancel()
	start := time.Now()
	festivals, err := w.converse(ctx, in, emit)
	if err == nil {
		return emit(marquee.InquiryEvent{Kind: marquee.InquiryEventFestivals, Festivals: festivals})
	}
	if asked.Err() != nil {
		w.log.Info("assistant answer stopped by the asker", "elapsed", time.Since(start).Round(time.Millisecond), "lang", in.Lang)
		return asked.Err()
	}
	var sendErr *emitError
	if errors.As(err, &sendErr) {
		return sendErr.err
	}
	timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
	w.log.Error("assistant unavailable; answered from the data only", "err", err, "timeout", timedOut, "stream", true,
		"elapsed", time.Since(start).Round(time.Millisecond), "questionLength", len([]rune(in.Question)), "lang", in.Lang)
	facts, err := in.DataOnly(asked)
	if err != nil {
		return err
	}
	return emitDataOnly(facts, locale.Text(in.Lang, "The assistant is unavailable right now, so this answer comes from Marquee's festival data only."), emit)
}

// toolCall is one tool call of a streamed round, put together from its chunks.
type toolCall struct {
	id, name string
	args     strings.Builder
}

// converse runs the rounds of the conversation and returns the festivals
// the answer carries.
func (w *OpenAI) converse(ctx context.Context, in marquee.InquiryStreamInput, emit func(marquee.InquiryEvent) error) ([]marquee.InquiryFestival, error) {
	messages := []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(SystemPrompt(in))}
	for _, t := range in.History {
		if t.Role == marquee.InquiryRoleAssistant {
			messages = append(messages, openai.AssistantMessage(t.Text))
		} else {
			messages = append(messages, openai.UserMessage(t.Text))
		}
	}
	messages = append(messages, openai.UserMessage(in.Question))
	tool := openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
		Name:        marquee.SearchFestivalsTool,
		Description: openai.String("Search the film festivals listed on Marquee. Every argument is optional; give only what the question asks."),
		Parameters:  marquee.FestivalSearchArgsSchema(),
	})
	var text strings.Builder
	var found, last []marquee.InquiryFestival
	for round := 0; ; round++ {
		params := openai.ChatCompletionNewParams{Model: w.model, Messages: messages, MaxCompletionTokens: openai.Int(w.maxTokens)}
		offered := round < w.toolRounds
		if offered {
			params.Tools = []openai.ChatCompletionToolUnionParam{tool}
		}
		separate := text.Len() > 0
		content, calls, err := w.round(ctx, params, func(delta string) error {
			if separate {
				delta, separate = "\n\n"+delta, false
			}
			text.WriteString(delta)
			return emit(marquee.InquiryEvent{Kind: marquee.InquiryEventText, Text: delta})
		})
		if err != nil {
			return nil, err
		}
		if len(calls) == 0 || !offered {
			break
		}
		assistant := openai.ChatCompletionAssistantMessageParam{}
		if content != "" {
			assistant.Content.OfString = openai.String(content)
		}
		for _, c := range calls {
			assistant.ToolCalls = append(assistant.ToolCalls, openai.ChatCompletionMessageToolCallUnionParam{
				OfFunction: &openai.ChatCompletionMessageFunctionToolCallParam{ID: c.id,
					Function: openai.ChatCompletionMessageFunctionToolCallFunctionParam{Name: c.name, Arguments: c.args.String()}}})
		}
		messages = append(messages, openai.ChatCompletionMessageParamUnion{OfAssistant: &assistant})
		for i, c := range calls {
			var result string
			switch {
			case i >= toolCallsMax:
				result = marquee.ToolResultJSON(nil, fmt.Errorf("at most %d calls at once", toolCallsMax))
			case c.name != marquee.SearchFestivalsTool:
				result = marquee.ToolResultJSON(nil, fmt.Errorf("no tool named %q: call %s", c.name, marquee.SearchFestivalsTool))
			default:
				args, err := marquee.ParseFestivalSearchArgs(c.args.String())
				if err != nil {
					result = marquee.ToolResultJSON(nil, err)
					break
				}
				res, err := in.Search(ctx, args)
				if err != nil {
					return nil, err
				}
				result, last = marquee.ToolResultJSON(res, nil), res.Festivals
				for _, f := range res.Festivals {
					if !slices.ContainsFunc(found, func(g marquee.InquiryFestival) bool { return g.Slug == f.Slug }) {
						found = append(found, f)
					}
				}
			}
			messages = append(messages, openai.ToolMessage(result, c.id))
		}
	}
	if strings.TrimSpace(text.String()) == "" {
		return nil, errors.New("the answer is empty")
	}
	return Cited(text.String(), found, last), nil
}

// round makes one streamed call, handing each piece of text to onText,
// and returns the text and the tool calls the model made.
func (w *OpenAI) round(ctx context.Context, params openai.ChatCompletionNewParams, onText func(string) error) (string, []*toolCall, error) {
	stream := w.client.Chat.Completions.NewStreaming(ctx, params)
	defer stream.Close()
	var content strings.Builder
	var calls []*toolCall
	byIndex := map[int64]*toolCall{}
	for stream.Next() {
		chunk := stream.Current()
		if len(chunk.Choices) == 0 {
			continue
		}
		d := chunk.Choices[0].Delta
		if d.Content != "" {
			content.WriteString(d.Content)
			if err := onText(d.Content); err != nil {
				return "", nil, &emitError{err}
			}
		}
		for _, tc := range d.ToolCalls {
			c := byIndex[tc.Index]
			if c == nil {
				c = &toolCall{}
				byIndex[tc.Index] = c
				calls = append(calls, c)
			}
			if tc.ID != "" {
				c.id = tc.ID
			}
			if tc.Function.Name != "" {
				c.name = tc.Function.Name
			}
			c.args.WriteString(tc.Function.Arguments)
		}
	}
	if err := stream.Err(); err != nil {
		return "", nil, err
	}
	return content.String(), calls, nil
}

// Cited returns the festivals of found whose pages text links to
// (/festival/{slug}, the slug as it is or escaped), in the order first
// cited; when it cites none, last (the last search's festivals). Never nil.
func Cited(text string, found, last []marquee.InquiryFestival) []marquee.InquiryFestival {
	type cite struct {
		at int
		f  marquee.InquiryFestival
	}
	var cites []cite
	for _, f := range found {
		at := -1
		for _, path := range []string{"/festival/" + f.Slug, "/festival/" + url.PathEscape(f.Slug)} {
			if i := indexWhole(text, path); i >= 0 && (at < 0 || i < at) {
				at = i
			}
		}
		if at >= 0 {
			cites = append(cites, cite{at, f})
		}
	}
	if len(cites) == 0 {
		if last == nil {
			return []marquee.InquiryFestival{}
		}
		return last
	}
	slices.SortStableFunc(cites, func(a, b cite) int { return a.at - b.at })
	out := make([]marquee.InquiryFestival, 0, min(len(cites), marquee.InquiryResultsMax))
	for _, c := range cites[:min(len(cites), marquee.InquiryResultsMax)] {
		out = append(out, c.f)
	}
	return out
}

// indexWhole is the first index of path in text where the path ends
// there (not a longer slug's start), or -1.
func indexWhole(text, path string) int {
	for from := 0; ; {
		i := strings.Index(text[from:], path)
		if i < 0 {
			return -1
		}
		end := from + i + len(path)
		if r, _ := utf8.DecodeRuneInString(text[end:]); end == len(text) || !slugRune(r) {
			return from + i
		}
		from = end
	}
}

// slugRune reports whether r can continue a slug: a letter or digit of
// any script, a combining mark, '-' or '%' (punctuation such as 。 or )
// ends it).
func slugRune(r rune) bool {
	return r == '-' || r == '%' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)
}

// SystemPrompt is the model's instruction for a streamed answer: today's
// date, answer only from the search_festivals tool's results (searching
// again for a follow-up), cite festivals as links to their pages, say
// what was relaxed, and answer briefly in the asker's language.
func SystemPrompt(in marquee.InquiryStreamInput) string {
	lang := languageNames[in.Lang]
	if lang == "" {
		lang = "English"
	}
	return fmt.Sprintf("You are Marquee's film festival assistant. Today is %s.\n"+
		"Answer questions about the film festivals listed on Marquee using only what the %s tool returns: call it for every question, "+
		"and for a follow-up (such as \"and in Japan?\") search again with the earlier question's criteria changed as asked. "+
		"A month asked about is the festival's dates unless the question speaks of deadlines or submissions. "+
		"Fees are in Marquee credits. Never invent festivals, dates, deadlines or fees.\n"+
		"Cite each festival you mention as a Markdown link to its page, [name](/festival/slug), with the page the tool gave; write no other links or Markdown.\n"+
		"If the tool says it relaxed the search, say what was relaxed. If nothing matches, say so and suggest Marquee's festival search.\n"+
		"Answer briefly, in %s.", in.Today, marquee.SearchFestivalsTool, lang)
}
