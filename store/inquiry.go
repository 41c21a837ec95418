package store

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/marquee-festival/marquee"
)

// InquiryOptions configure the festival assistant.
type InquiryOptions struct {
	// Writer writes the answers: the embedded one or an AI service
	// (package assistant). Required for Ask.
	Writer marquee.InquiryWriter
}

// InquiryService answers questions about festivals from the approved
// festivals (marquee.InquiryService). It stores nothing.
type InquiryService struct {
	service
	festivals *FestivalService
	writer    marquee.InquiryWriter
}

// Ask checks the question (marquee.ValidateQuestion), reads what it asks
// (marquee.ParseInquiry on the service's today), runs its searches over
// the festival search index attempt by attempt until one finds
// festivals (marquee.InquiryQuery.Searches, MergeInquiryResults), and has
// the writer answer from what was found in lang (English when lang is
// not one of marquee.Languages). No transaction: the searches read the
// in-memory index, which follows the database.
func (s *InquiryService) Ask(ctx context.Context, question, lang string) (*marquee.InquiryAnswer, error) {
	question, err := marquee.ValidateQuestion(question)
	if err != nil {
		return nil, err
	}
	if s.writer == nil {
		return nil, errors.New("store: ask: no answer writer configured")
	}
	if !slices.Contains(marquee.Languages, lang) {
		lang = marquee.Languages[0]
	}
	today := s.today()
	q := marquee.ParseInquiry(question, today)
	var found []*marquee.Festival
	for _, attempt := range q.Searches(today) {
		results := make([][]*marquee.Festival, 0, len(attempt))
		for _, fq := range attempt {
			page, err := s.festivals.Search(ctx, fq)
			if err != nil {
				return nil, fmt.Errorf("store: ask: search %q: %w", fq.Text, err)
			}
			results = append(results, page.Items)
		}
		if found = marquee.MergeInquiryResults(results); len(found) > 0 {
			break
		}
	}
	facts := marquee.InquiryFacts{Question: question, Lang: lang, Today: today, Query: q,
		Festivals: make([]marquee.InquiryFestival, len(found))}
	for i, f := range found {
		facts.Festivals[i] = marquee.NewInquiryFestival(f)
	}
	answer, err := s.writer.Write(ctx, facts)
	if err != nil {
		return nil, fmt.Errorf("store: ask: write the answer: %w", err)
	}
	return answer, nil
}
