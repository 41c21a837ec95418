package marquee

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
)

// SearchFestivalsTool is the name of the tool an AI model calls to search
// Marquee's festivals (FestivalSearchArgs).
const SearchFestivalsTool = "search_festivals"

// Bounds of the search_festivals tool.
const (
	// ToolArgsMax caps the arguments' JSON, in bytes.
	ToolArgsMax = 4096
	// toolPerPage is the page a search with post-filters reads at once,
	// and toolPagesMax how many such pages one search reads at most.
	toolPerPage  = FestivalSearchPerPageMax
	toolPagesMax = 4
)

// The dates a search_festivals call's from, to and month are about.
const (
	ToolDatesFestival = "festival" // the festival's own dates (the default)
	ToolDatesDeadline = "deadline" // a submission deadline
)

// FestivalSearchArgs are the typed arguments of the search_festivals
// tool, as the model sends them (JSON, snake_case). Every field is
// optional; ParseFestivalSearchArgs reads and checks them.
type FestivalSearchArgs struct {
	// Query are words matched in names, descriptions, places and
	// category names (a festival's name, a theme).
	Query string `json:"query,omitempty"`
	// Country is an ISO 3166-1 alpha-2 code.
	Country string `json:"country,omitempty"`
	// City is a city's name in any language, matched like Query.
	City string `json:"city,omitempty"`
	// Category is a category word (documentary, short, animation,
	// feature, student or another), matched in category names in every
	// language Marquee knows it in.
	Category string `json:"category,omitempty"`
	// DateField says what Month, From and To are about:
	// ToolDatesFestival (the default) or ToolDatesDeadline.
	DateField string `json:"date_field,omitempty"`
	// Month is YYYY-MM, instead of From and To.
	Month string `json:"month,omitempty"`
	// From and To are YYYY-MM-DD; either may be "".
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// MaxFee is the highest current fee in credits (0: free).
	MaxFee *int64 `json:"max_fee,omitempty"`
	// OpenForSubmissions asks for festivals with a deadline to come.
	OpenForSubmissions bool `json:"open_for_submissions,omitempty"`
	// Language is the language of the festival's own texts: en, ja or zh.
	Language string `json:"language,omitempty"`
}

// FestivalSearchArgsSchema is the JSON schema of FestivalSearchArgs that
// the model is given with the tool.
func FestivalSearchArgsSchema() map[string]any {
	str := func(desc string) map[string]any { return map[string]any{"type": "string", "description": desc} }
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"query":   str("Words to find in festival names, descriptions, places and categories, such as a festival's name or a theme. Leave out what the other fields say."),
			"country": str("The festival's country as an ISO 3166-1 alpha-2 code, such as JP, FR or US."),
			"city":    str("The festival's city, in any language."),
			"category": str("A kind of film the festival takes: documentary, short, animation, feature, student, " +
				"or another word found in category names."),
			"date_field": map[string]any{"type": "string", "enum": []string{ToolDatesFestival, ToolDatesDeadline},
				"description": "What month, from and to are about: the festival's own dates (festival, the default) or a submission deadline (deadline)."},
			"month": str("One month, YYYY-MM, instead of from and to."),
			"from":  str("The first day of a date range, YYYY-MM-DD."),
			"to":    str("The last day of a date range, YYYY-MM-DD."),
			"max_fee": map[string]any{"type": "integer", "minimum": 0,
				"description": "The highest entry fee, in Marquee credits; 0 for free festivals."},
			"open_for_submissions": map[string]any{"type": "boolean",
				"description": "Only festivals still taking submissions (a deadline today or later)."},
			"language": map[string]any{"type": "string", "enum": Languages,
				"description": "The language the festival's own texts are written in: en (English), ja (Japanese) or zh (Chinese)."},
		},
		"additionalProperties": false,
	}
}

// ParseFestivalSearchArgs reads a search_festivals call's arguments:
// a JSON object of FestivalSearchArgs' fields (none unknown), each
// checked; Country upper-cased, the texts trimmed. Its errors are for
// the model (which gets them as the tool's answer, to try again), in
// English, never shown to users.
func ParseFestivalSearchArgs(raw string) (FestivalSearchArgs, error) {
	var a FestivalSearchArgs
	if len(raw) > ToolArgsMax {
		return a, fmt.Errorf("arguments are longer than %d bytes", ToolArgsMax)
	}
	if strings.TrimSpace(raw) == "" {
		raw = "{}"
	}
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return FestivalSearchArgs{}, fmt.Errorf("arguments are not a JSON object of the tool's fields: %v", err)
	}
	if dec.More() {
		return FestivalSearchArgs{}, errors.New("arguments hold more than one JSON value")
	}
	a.Query, a.City, a.Category = strings.TrimSpace(a.Query), strings.TrimSpace(a.City), strings.TrimSpace(a.Category)
	a.Country = strings.ToUpper(strings.TrimSpace(a.Country))
	a.DateField, a.Month = strings.TrimSpace(a.DateField), strings.TrimSpace(a.Month)
	a.From, a.To, a.Language = strings.TrimSpace(a.From), strings.TrimSpace(a.To), strings.TrimSpace(a.Language)
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	for _, t := range []struct{ name, value string }{{"query", a.Query}, {"city", a.City}, {"category", a.Category}} {
		if Length(t.value) > FestivalSearchTextMax/2 {
			bad("%s: at most %d characters", t.name, FestivalSearchTextMax/2)
		} else if textProblem(t.value, false) != textOK {
			bad("%s: plain text without control characters", t.name)
		}
	}
	if a.Country != "" && !ValidCountry(a.Country) {
		bad("country: %q is not an ISO 3166-1 alpha-2 code", a.Country)
	}
	switch a.DateField {
	case "", ToolDatesFestival, ToolDatesDeadline:
	default:
		bad("date_field: festival or deadline, not %q", a.DateField)
	}
	if a.Month != "" {
		if _, err := time.Parse("2006-01", a.Month); err != nil || len(a.Month) != 7 {
			bad("month: YYYY-MM, not %q", a.Month)
		} else if a.From != "" || a.To != "" {
			bad("month: give month or from and to, not both")
		}
	}
	for _, d := range []struct{ name, value string }{{"from", a.From}, {"to", a.To}} {
		if _, ok := ParseDate(d.value); d.value != "" && !ok {
			bad("%s: YYYY-MM-DD, not %q", d.name, d.value)
		}
	}
	if a.From != "" && a.To != "" && a.To < a.From {
		bad("to: %s is before from %s", a.To, a.From)
	}
	if a.MaxFee != nil && *a.MaxFee < 0 {
		bad("max_fee: 0 or more")
	}
	if a.Language != "" && !slices.Contains(Languages, a.Language) {
		bad("language: one of en, ja, zh, not %q", a.Language)
	}
	if len(problems) > 0 {
		return FestivalSearchArgs{}, errors.New("invalid arguments: " + strings.Join(problems, "; "))
	}
	return a, nil
}

// dates returns the range a's Month, From and To name ("" for open ends).
func (a FestivalSearchArgs) dates() (from, to string) {
	if a.Month != "" {
		m, _ := time.Parse("2006-01", a.Month)
		return m.Format(DateLayout), m.AddDate(0, 1, -1).Format(DateLayout)
	}
	return a.From, a.To
}

// toolCategoryKeys are, per category word in English, the words searched
// for in category names (festivals name categories in their own
// language): the assistant's own categories' (inquiryCategoryKeys) and
// two more the model may name. Other words are searched as they are.
var toolCategoryKeys = map[string][]string{
	InquiryDocumentary: inquiryCategoryKeys[InquiryDocumentary],
	InquiryShort:       inquiryCategoryKeys[InquiryShort],
	InquiryAnimation:   inquiryCategoryKeys[InquiryAnimation],
	"feature":          {"feature", "長編", "长片", "長片"},
	"student":          {"student", "学生", "學生"},
}

// categoryKeys returns the words a's Category is searched as ([""] for none).
func (a FestivalSearchArgs) categoryKeys() []string {
	c := strings.ToLower(a.Category)
	if c == "" {
		return []string{""}
	}
	for word, keys := range toolCategoryKeys {
		if c == word || c == word+"s" || slices.Contains(keys, c) || (word == "animation" && strings.HasPrefix(c, "anima")) {
			return keys
		}
	}
	return []string{a.Category}
}

// FestivalSearcher runs festival searches (FestivalService.Search).
type FestivalSearcher interface {
	Search(ctx context.Context, q FestivalQuery) (*Page[*Festival], error)
}

// FestivalToolResult is what a search_festivals call found: at most
// InquiryResultsMax festivals, and what was relaxed to find them.
type FestivalToolResult struct {
	Festivals []InquiryFestival
	// Relaxed names, in English for the model, each part of the
	// arguments that was read more loosely because the strict reading
	// found nothing.
	Relaxed []string
}

// The relaxations of a search_festivals call, in the order tried.
const (
	RelaxCategory = "the category was also looked for in festival names and descriptions"
	RelaxCity     = "the city was left out, keeping the country"
)

// SearchFestivals runs a search_festivals call on day today over s (the
// festival search, approved festivals only):
//
//   - festival dates (the default): festivals overlapping [from, to]
//     (from today when no range is given: festivals that have not ended);
//   - deadline dates: festivals with a deadline in [from, to] that is
//     today or later (a past deadline takes nothing), soonest first;
//   - country, max fee and open for submissions as the festival search
//     has them; query and city as the search's text; the category as a
//     category name in each of its languages (toolCategoryKeys);
//   - language: festivals whose name and description are written in it
//     (TextLanguage).
//
// When the strict reading finds nothing, it relaxes step by step (the
// category also as text, then the city left out when a country is
// given) and says so in Relaxed. Several searches are merged by
// MergeInquiryResults.
func SearchFestivals(ctx context.Context, s FestivalSearcher, a FestivalSearchArgs, today string) (*FestivalToolResult, error) {
	from, to := a.dates()
	base := FestivalQuery{Country: a.Country, MaxFee: a.MaxFee, Open: a.OpenForSubmissions, Page: 1, PerPage: InquiryResultsMax, Today: today}
	keep := func(*Festival) bool { return true }
	stopAfter := func(*Festival) bool { return false }
	if a.DateField == ToolDatesDeadline {
		if to != "" && to < today {
			return &FestivalToolResult{Festivals: []InquiryFestival{}}, nil
		}
		// The search's next deadline is the first one on or after its
		// Today: with Today at the range's start, a festival has a
		// deadline in the range when that one is not after its end.
		base.Open, base.Sort, base.From = true, FestivalSortDeadline, today
		if from > today {
			base.Today = from
		}
		if to != "" {
			keep = func(f *Festival) bool { return f.NextDeadline != "" && f.NextDeadline <= to }
			// Sorted by next deadline, closed last: nothing after the first
			// one past the range is in it.
			stopAfter = func(f *Festival) bool { return !keep(f) }
		}
	} else {
		// Without a start, festivals that have not ended (a range wholly
		// in the past: those that overlapped it).
		base.From, base.To = from, to
		if from == "" && (to == "" || to >= today) {
			base.From = today
		}
		if base.Open {
			base.Sort = FestivalSortDeadline
		}
	}
	lang := a.Language
	filtered := lang != "" || a.DateField == ToolDatesDeadline && to != ""
	if filtered {
		base.PerPage = toolPerPage
	}
	run := func(text []string, categories []string) ([]*Festival, error) {
		results := make([][]*Festival, 0, len(categories))
		for _, c := range categories {
			q := base
			q.Category = c
			q.Text = strings.TrimSpace(strings.Join(text, " "))
			if Length(q.Text) > FestivalSearchTextMax {
				q.Text = string([]rune(q.Text)[:FestivalSearchTextMax])
			}
			var found []*Festival
		pages:
			for page := 1; page <= toolPagesMax; page++ {
				q.Page = page
				res, err := s.Search(ctx, q)
				if err != nil {
					return nil, fmt.Errorf("search festivals: %w", err)
				}
				for _, f := range res.Items {
					if stopAfter(f) {
						break pages
					}
					if keep(f) && (lang == "" || TextLanguage(f.Name+" "+f.Description) == lang) {
						found = append(found, f)
					}
				}
				if !filtered || len(found) >= InquiryResultsMax || len(res.Items) < q.PerPage {
					break
				}
			}
			results = append(results, found)
		}
		return MergeInquiryResults(results), nil
	}
	// The strict reading, then each relaxation that applies, until one
	// finds festivals.
	keys := a.categoryKeys()
	type attempt struct {
		words      []string
		asText     bool // the category's words searched as text
		relaxed    []string
		applicable bool
	}
	withCity, withoutCity := []string{a.Query, a.City}, []string{a.Query}
	dropCity := a.City != "" && a.Country != ""
	attempts := []attempt{
		{withCity, false, nil, true},
		{withCity, true, []string{RelaxCategory}, a.Category != ""},
		{withoutCity, false, []string{RelaxCity}, dropCity},
		{withoutCity, true, []string{RelaxCategory, RelaxCity}, dropCity && a.Category != ""},
	}
	var found []*Festival
	var relaxed []string
	for _, at := range attempts {
		if !at.applicable {
			continue
		}
		var err error
		if at.asText {
			found, err = runEach(keys, func(k string) ([]*Festival, error) {
				return run(append(at.words[:len(at.words):len(at.words)], k), []string{""})
			})
		} else {
			found, err = run(at.words, keys)
		}
		if err != nil {
			return nil, err
		}
		if len(found) > 0 {
			relaxed = at.relaxed
			break
		}
	}
	out := &FestivalToolResult{Festivals: make([]InquiryFestival, len(found)), Relaxed: relaxed}
	for i, f := range found {
		out.Festivals[i] = NewInquiryFestival(f)
	}
	return out, nil
}

// runEach runs search once per key and merges what they found.
func runEach(keys []string, search func(string) ([]*Festival, error)) ([]*Festival, error) {
	var results [][]*Festival
	for _, k := range keys {
		fs, err := search(k)
		if err != nil {
			return nil, err
		}
		results = append(results, fs)
	}
	return MergeInquiryResults(results), nil
}

// TextLanguage tells which of Languages a festival's text is written in:
// "ja" when it has kana, "zh" when it has Han characters but no kana,
// else "en".
func TextLanguage(s string) string {
	han := false
	for _, r := range s {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			return "ja"
		case unicode.Is(unicode.Han, r):
			han = true
		}
	}
	if han {
		return "zh"
	}
	return "en"
}

// ToolResultJSON is the answer a search_festivals call gives the model:
// the festivals found with their pages' paths, and what was relaxed; or,
// for arguments that could not be read, the error to correct.
func ToolResultJSON(res *FestivalToolResult, err error) string {
	type festival struct {
		InquiryFestival
		Page string `json:"page"`
	}
	var body any
	if err != nil {
		body = map[string]string{"error": err.Error()}
	} else {
		fs := make([]festival, len(res.Festivals))
		for i, f := range res.Festivals {
			fs[i] = festival{InquiryFestival: f, Page: "/festival/" + f.Slug}
		}
		m := map[string]any{"festivals": fs, "count": len(fs)}
		if len(res.Relaxed) > 0 {
			m["relaxed"] = res.Relaxed
		}
		if len(fs) == 0 {
			m["note"] = "No festival on Marquee matches these arguments."
		}
		body = m
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(body)
	return strings.TrimSpace(b.String())
}
