// Package assistant writes the festival assistant's answers
// (marquee.InquiryWriter): Default writes one short sentence in the
// asker's language from the festivals found, and OpenAI asks an
// OpenAI-compatible chat completions service to answer from those
// festivals' facts, falling back to Default's answer with a notice when
// the service fails or is too slow. Both also stream their answers
// (marquee.InquiryStreamWriter): Default as one event, OpenAI as the
// model writes, the model searching with the search_festivals tool.
package assistant

import (
	"context"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// Default is the embedded writer: one short sentence in the asker's
// language, saying how many festivals match (or that none does, offering
// the search), over the list of festivals the answer carries.
type Default struct{}

// Write answers from facts alone; it never fails.
func (Default) Write(_ context.Context, facts marquee.InquiryFacts) (*marquee.InquiryAnswer, error) {
	return &marquee.InquiryAnswer{Answer: Sentence(facts), Festivals: festivalsOf(facts)}, nil
}

// Sentence is Default's answer to facts, in facts.Lang: how the question
// was widened (RelaxedNotes), then how many festivals were found.
func Sentence(facts marquee.InquiryFacts) string {
	lang := facts.Lang
	notes := RelaxedNotes(facts)
	var count string
	switch n := len(facts.Festivals); {
	case !facts.Query.Understood():
		return locale.Text(lang, "I could not tell which festivals your question is about. Name a festival, a city or country, a month, a category or a fee, or use the festival search.")
	case n == 0:
		return locale.Text(lang, "No festival on Marquee matches your question yet. Try other words or the festival search.")
	case len(notes) > 0 && n == 1:
		count = locale.Text(lang, "The closest festival on Marquee:")
	case len(notes) > 0:
		count = locale.Format(lang, "The {count} closest festivals on Marquee:", locale.Vars{"count": strconv.Itoa(n)})
	case n == 1:
		count = locale.Text(lang, "One festival on Marquee matches your question:")
	default:
		count = locale.Format(lang, "{count} festivals on Marquee match your question:", locale.Vars{"count": strconv.Itoa(n)})
	}
	return strings.Join(append(notes, count), sentenceSeparator(lang))
}

// sentenceSeparator joins sentences in lang: a space, none in Japanese
// and Chinese.
func sentenceSeparator(lang string) string {
	if lang == "ja" || lang == "zh" {
		return ""
	}
	return " "
}

// festivalsOf returns the festivals of facts, never nil (the API answers
// an empty list).
func festivalsOf(facts marquee.InquiryFacts) []marquee.InquiryFestival {
	if facts.Festivals == nil {
		return []marquee.InquiryFestival{}
	}
	return facts.Festivals
}
