package store

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/marquee-festival/marquee"
)

// Stream answers req as its writer writes the answer: a writer that
// streams (marquee.InquiryStreamWriter: the embedded one and the AI
// service) is given the conversation, the search_festivals tool over the
// festival search (marquee.SearchFestivals on the service's today) and
// the data-only answer's facts (Ask's); any other writer's answer goes
// out as one InquiryEventAnswer. Nothing is stored.
func (s *InquiryService) Stream(ctx context.Context, req marquee.InquiryRequest, emit func(marquee.InquiryEvent) error) error {
	question, err := marquee.ValidateQuestion(req.Question)
	if err != nil {
		return err
	}
	history, err := marquee.ValidateInquiryHistory(req.History)
	if err != nil {
		return err
	}
	if s.writer == nil {
		return errors.New("store: stream: no answer writer configured")
	}
	lang := req.Lang
	if !slices.Contains(marquee.Languages, lang) {
		lang = marquee.Languages[0]
	}
	sw, ok := s.writer.(marquee.InquiryStreamWriter)
	if !ok {
		answer, err := s.Ask(ctx, question, lang)
		if err != nil {
			return err
		}
		if err := emit(marquee.InquiryEvent{Kind: marquee.InquiryEventAnswer, Text: answer.Answer, Notice: answer.Notice}); err != nil {
			return err
		}
		return emit(marquee.InquiryEvent{Kind: marquee.InquiryEventFestivals, Festivals: answer.Festivals})
	}
	today := s.today()
	in := marquee.InquiryStreamInput{Question: question, Lang: lang, Today: today, History: history,
		Search: func(ctx context.Context, args marquee.FestivalSearchArgs) (*marquee.FestivalToolResult, error) {
			res, err := marquee.SearchFestivals(ctx, s.festivals, args, today)
			if err != nil {
				return nil, fmt.Errorf("store: stream: %w", err)
			}
			return res, nil
		},
		DataOnly: func(ctx context.Context) (marquee.InquiryFacts, error) { return s.dataOnlyFacts(ctx, question, lang) },
	}
	return sw.Stream(ctx, in, emit)
}

// dataOnlyFacts are the facts Ask writes its answer from: Ask itself,
// over a copy of the service whose writer keeps the facts it is given.
func (s *InquiryService) dataOnlyFacts(ctx context.Context, question, lang string) (marquee.InquiryFacts, error) {
	var facts marquee.InquiryFacts
	keeper := *s
	keeper.writer = factsKeeper{&facts}
	if _, err := keeper.Ask(ctx, question, lang); err != nil {
		return marquee.InquiryFacts{}, err
	}
	return facts, nil
}

// factsKeeper is a writer that keeps the facts it is given.
type factsKeeper struct{ facts *marquee.InquiryFacts }

func (k factsKeeper) Write(_ context.Context, facts marquee.InquiryFacts) (*marquee.InquiryAnswer, error) {
	*k.facts = facts
	return &marquee.InquiryAnswer{}, nil
}
