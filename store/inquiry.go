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
// (marquee.ParseInquiry on the service's today), finds the festivals that
// answer it (Find), and has the writer answer from them in lang (English
// when lang is not one of marquee.Languages). No transaction: the
// search reads the in-memory index, which follows the database.
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
	found, err := s.Find(ctx, q, today)
	if err != nil {
		return nil, err
	}
	facts := marquee.InquiryFacts{Question: question, Lang: lang, Today: today, Query: q,
		Festivals: make([]marquee.InquiryFestival, len(found.Festivals)), Relaxed: found.Relaxed}
	for i, f := range found.Festivals {
		facts.Festivals[i] = marquee.NewInquiryFestival(f)
	}
	answer, err := s.writer.Write(ctx, facts)
	if err != nil {
		return nil, fmt.Errorf("store: ask: write the answer: %w", err)
	}
	return answer, nil
}

// Find returns the approved festivals that answer q on day today (YYYY-MM-DD),
// best first, at most marquee.InquiryResultsMax, and how q was widened to
// find them: each part of q is a preference, ranked by
// marquee.RankInquiry over the festival search index
// (search.FestivalIndex.Inquire). A question not understood finds none.
func (s *InquiryService) Find(ctx context.Context, q marquee.InquiryQuery, today string) (*marquee.InquiryResult, error) {
	if !q.Understood() {
		return &marquee.InquiryResult{}, nil
	}
	r, err := s.searchIndex.Inquire(ctx, indexLoader{s.DB}, q, today)
	if err != nil {
		return nil, fmt.Errorf("store: ask: find festivals: %w", err)
	}
	return r, nil
}
