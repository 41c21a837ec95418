// Package inquiryeval loads the festival assistant's evaluation set and
// scores answers against it, for any test that asks the assistant its
// questions (the data-only path in store, a model path against a fake
// model server).
//
// The set is two JSON files in one folder (testdata/inquiry_eval at the
// module root, Dir):
//
//   - festivals.json: {"today": "YYYY-MM-DD", "festivals": [...]}: the
//     fixed day the questions are asked on (a test sets its clock to it)
//     and the festivals to store before asking, each
//     {"name", "slug", "description", "city", "location", "country",
//     "start", "end", "status", "categories": [{"name", "deadlines":
//     [{"tier", "date", "fee"}]}]}. "status" is "approved" when left
//     out; "slug" is the one the store makes from the name (the test
//     checks it), which the questions name.
//   - questions.json: an array of {"lang", "question", "expect", "note"}:
//     the asker's language (en, ja or zh), the question as people ask
//     it, the slugs of the festivals that must be among the first five
//     of the answer (empty: the answer must list none), and why.
//
// Recall@5 is the mean over the questions of the share of their
// expected festivals among the first five listed (a question expecting
// none scores 1 when none is listed, else 0).
package inquiryeval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/marquee-festival/marquee"
)

// Dir is the evaluation set's folder, from the module root.
const Dir = "testdata/inquiry_eval"

// TopN is how many of an answer's festivals are scored.
const TopN = 5

// Question is one question of the set.
type Question struct {
	Lang     string   `json:"lang"`
	Question string   `json:"question"`
	Expect   []string `json:"expect"`
	Note     string   `json:"note"`
}

// Festival is one festival of the set, as festivals.json writes it.
type Festival struct {
	Name        string                 `json:"name"`
	Slug        string                 `json:"slug"`
	Description string                 `json:"description"`
	City        string                 `json:"city"`
	Location    string                 `json:"location"`
	Country     string                 `json:"country"`
	Start       string                 `json:"start"`
	End         string                 `json:"end"`
	Status      marquee.FestivalStatus `json:"status"`
	Categories  []Category             `json:"categories"`
}

// Category is a festival's category in festivals.json.
type Category struct {
	Name      string `json:"name"`
	Deadlines []struct {
		Tier string `json:"tier"`
		Date string `json:"date"`
		Fee  int64  `json:"fee"`
	} `json:"deadlines"`
}

// Set is the evaluation set: the day its questions are asked on, the
// festivals and the questions.
type Set struct {
	Today     string
	Festivals []Festival
	Questions []Question
}

// Load reads the set in dir (festivals.json and questions.json) and
// checks it: a valid day, festivals with names, slugs and known
// statuses, questions in a known language naming known slugs.
func Load(dir string) (*Set, error) {
	var fs struct {
		Today     string     `json:"today"`
		Festivals []Festival `json:"festivals"`
	}
	if err := readJSON(filepath.Join(dir, "festivals.json"), &fs); err != nil {
		return nil, err
	}
	set := &Set{Today: fs.Today, Festivals: fs.Festivals}
	if err := readJSON(filepath.Join(dir, "questions.json"), &set.Questions); err != nil {
		return nil, err
	}
	if _, ok := marquee.ParseDate(set.Today); !ok {
		return nil, fmt.Errorf("inquiryeval: today %q is not YYYY-MM-DD", set.Today)
	}
	slugs := map[string]bool{}
	for i, f := range set.Festivals {
		switch {
		case f.Name == "" || f.Slug == "":
			return nil, fmt.Errorf("inquiryeval: festival %d has no name or slug", i)
		case slugs[f.Slug]:
			return nil, fmt.Errorf("inquiryeval: slug %q twice", f.Slug)
		case f.Status != "" && !slices.Contains([]marquee.FestivalStatus{marquee.FestivalApproved, marquee.FestivalPending, marquee.FestivalRejected}, f.Status):
			return nil, fmt.Errorf("inquiryeval: festival %q: unknown status %q", f.Slug, f.Status)
		}
		slugs[f.Slug] = true
	}
	for i, q := range set.Questions {
		if !slices.Contains(marquee.Languages, q.Lang) || strings.TrimSpace(q.Question) == "" {
			return nil, fmt.Errorf("inquiryeval: question %d: language %q or text missing", i, q.Lang)
		}
		for _, s := range q.Expect {
			if !slugs[s] {
				return nil, fmt.Errorf("inquiryeval: question %d (%q) expects unknown festival %q", i, q.Question, s)
			}
		}
	}
	return set, nil
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("inquiryeval: %w", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("inquiryeval: %s: %w", filepath.Base(path), err)
	}
	return nil
}

// Festival returns f as a festival to store (marquee.Festival, with its
// categories and status; a contact address and website of its slug).
func (f Festival) Festival() *marquee.Festival {
	out := &marquee.Festival{FestivalDetails: marquee.FestivalDetails{
		Name: f.Name, Description: f.Description, Location: f.Location, City: f.City, Country: f.Country,
		StartDate: f.Start, EndDate: f.End, Website: "https://festival.example.org/" + f.Slug,
		ContactEmail: "programme@festival.example.org",
	}, Status: f.Status}
	if out.Status == "" {
		out.Status = marquee.FestivalApproved
	}
	if out.Location == "" {
		out.Location = f.City
	}
	for _, c := range f.Categories {
		cat := marquee.Category{Name: c.Name}
		for _, d := range c.Deadlines {
			cat.Deadlines = append(cat.Deadlines, marquee.Deadline{Tier: marquee.DeadlineTier(d.Tier), Date: d.Date, Fee: d.Fee})
		}
		out.Categories = append(out.Categories, cat)
	}
	return out
}

// Import stores the set's festivals through festivals (Import, as
// organiserID, with the clock at Today: set it first) and checks that
// each got the slug the questions name.
func (s *Set) Import(ctx context.Context, festivals marquee.FestivalService, organiserID int64) error {
	fs := make([]*marquee.Festival, len(s.Festivals))
	for i, f := range s.Festivals {
		fs[i] = f.Festival()
	}
	if err := festivals.Import(ctx, organiserID, fs); err != nil {
		return fmt.Errorf("inquiryeval: import: %w", err)
	}
	for i, f := range fs {
		if f.Slug != s.Festivals[i].Slug {
			return fmt.Errorf("inquiryeval: festivals.json: %q is stored as %q, not %q", f.Name, f.Slug, s.Festivals[i].Slug)
		}
	}
	return nil
}

// Result is the answer to one question: the slugs of the festivals it
// listed, in order.
type Result struct {
	Question Question
	Got      []string
}

// Recall returns the share of r's expected festivals among the first
// TopN it listed, and the ones missing (for a question expecting none:
// 1 when it listed none, else 0, naming what it listed).
func (r Result) Recall() (recall float64, missing []string) {
	top := r.Got[:min(len(r.Got), TopN)]
	if len(r.Question.Expect) == 0 {
		if len(top) == 0 {
			return 1, nil
		}
		return 0, top
	}
	for _, s := range r.Question.Expect {
		if !slices.Contains(top, s) {
			missing = append(missing, s)
		}
	}
	want := min(len(r.Question.Expect), TopN)
	found := len(r.Question.Expect) - len(missing)
	return min(1, float64(found)/float64(want)), missing
}

// Report writes recall@5 over results, overall and per language, and the
// questions that missed a festival, to w; it returns the overall recall.
func Report(w io.Writer, results []Result) (float64, error) {
	if len(results) == 0 {
		return 0, errors.New("inquiryeval: no results")
	}
	sum, byLang, nLang := 0.0, map[string]float64{}, map[string]int{}
	var failed []string
	for _, r := range results {
		rec, missing := r.Recall()
		sum += rec
		byLang[r.Question.Lang] += rec
		nLang[r.Question.Lang]++
		if rec < 1 {
			failed = append(failed, fmt.Sprintf("  [%s] %q: missing %q; got %q (%s)", r.Question.Lang, r.Question.Question,
				missing, r.Got[:min(len(r.Got), TopN)], r.Question.Note))
		}
	}
	total := sum / float64(len(results))
	fmt.Fprintf(w, "recall@%d = %.3f over %d questions", TopN, total, len(results))
	for _, l := range marquee.Languages {
		if nLang[l] > 0 {
			fmt.Fprintf(w, "; %s %.3f (%d)", l, byLang[l]/float64(nLang[l]), nLang[l])
		}
	}
	fmt.Fprintf(w, "\nquestions that missed a festival: %d\n", len(failed))
	for _, f := range failed {
		fmt.Fprintln(w, f)
	}
	return total, nil
}
