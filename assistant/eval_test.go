package assistant_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
	"github.com/marquee-festival/marquee/seed"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The model-path evaluation: each question of evalQuestionsFile goes
// through the whole model path (store.InquiryService.Stream → the OpenAI
// writer → an OpenAI-compatible server streaming SSE chunks → the
// search_festivals tool over the festival search of a fixed seed → the
// answer's festivals), and recall@5 is printed:
//
//	go test ./assistant -run ModelPathEvaluation -v
//
// The file has the evaluation set's format: [{"lang","question",
// "expect":[slugs],"note"}]. The data-only evaluation's set
// (testdata/inquiry_eval/questions.json, over the same kind of seed) can
// be run here by pointing evalQuestionsFile at it and the seed's
// constants at its seed.
const (
	evalQuestionsFile = "testdata/model_eval/questions.json"
	evalFestivals     = 400 // seed.Festivals(evalFestivals, evalSeed, evalToday)
	evalSeed          = 1
	// evalMinRecall fails the evaluation below it: with the fake model's
	// rule, a miss is the plumbing's (or the search's) fault.
	evalMinRecall = 0.9
)

// evalToday is the seed's and the clock's day.
var evalToday = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

type evalQuestion struct {
	Lang     string   `json:"lang"`
	Question string   `json:"question"`
	Expect   []string `json:"expect"`
	Note     string   `json:"note"`
}

// The fake model's rule. It stands in for a model, to test the plumbing
// end to end, deterministically: on a question (the last message is the
// user's) it calls search_festivals once with arguments read from the
// question by these word lists (first match of each, case-insensitive):
//
//   - country: evalCountries' names in en, ja and zh → the ISO code;
//   - city: evalCities' names → the name as the question writes it;
//   - category: evalCategories' words → documentary, short, animation;
//   - month: an English month name or "N月" → the first such month on or
//     after today's; "next month", 来月, 下个月 → the month after today's;
//   - deadline words (deadline, submission, 締切, 締め切り, 截止, 投稿)
//     make the month a deadline's (date_field deadline), or without a
//     month ask for festivals open for submissions;
//   - free words (free, 無料, 免费) → max_fee 0.
//
// On the tool's results (the last message is the tool's) it answers
// citing each festival found, in the tool's order, as [name](page).
var (
	evalCountries = map[string][]string{
		"JP": {"japan", "日本"}, "CN": {"china", "中国", "中國"}, "FR": {"france", "フランス", "法国"},
		"PT": {"portugal", "ポルトガル", "葡萄牙"}, "DE": {"germany", "ドイツ", "德国"}, "US": {"united states", "usa", "アメリカ", "美国"},
		"GB": {"united kingdom", "uk", "イギリス", "英国"}, "KR": {"korea", "韓国", "韩国"}, "TW": {"taiwan", "台湾", "台灣"},
	}
	evalCities = []string{"Tokyo", "東京", "东京", "Osaka", "大阪", "Kyoto", "京都", "Shanghai", "上海", "Beijing", "北京",
		"Taipei", "台北", "Hong Kong", "香港", "Lisbon", "Paris", "Berlin", "London", "New York", "Sapporo", "札幌", "Fukuoka", "福岡",
		"Matsumoto", "松本"}
	evalCategories = map[string][]string{
		"documentary": {"documentary", "documentaries", "ドキュメンタリー", "纪录片", "紀錄片"},
		"short":       {"short", "短編", "短片"},
		"animation":   {"animation", "animated", "アニメ", "动画", "動畫"},
	}
	evalDeadlineWords = []string{"deadline", "submission", "締切", "締め切り", "截止", "投稿"}
	evalFreeWords     = []string{"free", "無料", "免费"}
	evalMonthN        = regexp.MustCompile(`(\d{1,2})\s*月`)
)

// evalArgs are the search_festivals arguments the fake model reads from question on today.
func evalArgs(question string, today time.Time) map[string]any {
	q := strings.ToLower(question)
	args := map[string]any{}
	for _, code := range slices.Sorted(maps.Keys(evalCountries)) {
		for _, n := range evalCountries[code] {
			if containsWord(q, n) {
				args["country"] = code
			}
		}
	}
	for _, c := range evalCities {
		if strings.Contains(q, strings.ToLower(c)) {
			args["city"] = c
			break
		}
	}
	for _, cat := range slices.Sorted(maps.Keys(evalCategories)) {
		for _, w := range evalCategories[cat] {
			if strings.Contains(q, w) {
				args["category"] = cat
			}
		}
	}
	month := 0
	for i := 1; i <= 12; i++ {
		if containsWord(q, strings.ToLower(time.Month(i).String())) {
			month = i
		}
	}
	if m := evalMonthN.FindStringSubmatch(q); m != nil {
		if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= 12 {
			month = n
		}
	}
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	var at time.Time
	switch {
	case strings.Contains(q, "next month") || strings.Contains(q, "来月") || strings.Contains(q, "下个月"):
		at = first.AddDate(0, 1, 0)
	case month > 0:
		at = time.Date(today.Year(), time.Month(month), 1, 0, 0, 0, 0, time.UTC)
		if at.Before(first) {
			at = at.AddDate(1, 0, 0)
		}
	}
	deadline := false
	for _, w := range evalDeadlineWords {
		deadline = deadline || strings.Contains(q, w)
	}
	switch {
	case !at.IsZero():
		args["month"] = at.Format("2006-01")
		if deadline {
			args["date_field"] = "deadline"
		}
	case deadline:
		args["open_for_submissions"] = true
	}
	for _, w := range evalFreeWords {
		if containsWord(q, w) {
			args["max_fee"] = 0
		}
	}
	return args
}

// containsWord reports whether q holds w, as a whole word when w is ASCII.
func containsWord(q, w string) bool {
	if w == "" || w[0] >= 0x80 {
		return strings.Contains(q, w)
	}
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(q)
}

// evalModel is the fake model's script (see evalArgs).
func evalModel(t *testing.T) func(int, modelRequest) reply {
	return func(_ int, req modelRequest) reply {
		last := len(req.Body.Messages) - 1
		if req.Body.Messages[last].Role != "tool" {
			raw, _ := json.Marshal(evalArgs(req.text(last), evalToday))
			return toolReply(string(raw))
		}
		var result struct {
			Festivals []struct{ Name, Page string } `json:"festivals"`
		}
		if err := json.Unmarshal([]byte(req.text(last)), &result); err != nil {
			t.Errorf("tool result %s: %v", req.text(last), err)
		}
		if len(result.Festivals) == 0 {
			return textReply("No festival on Marquee matches.")
		}
		parts := []string{}
		for _, f := range result.Festivals {
			parts = append(parts, fmt.Sprintf("[%s](%s)", f.Name, f.Page))
		}
		return textReply(strings.Join(parts, ", "))
	}
}

func TestModelPathEvaluation(t *testing.T) {
	raw, err := os.ReadFile(evalQuestionsFile)
	if err != nil {
		t.Fatal(err)
	}
	var questions []evalQuestion
	if err := json.Unmarshal(raw, &questions); err != nil {
		t.Fatalf("%s: %v", evalQuestionsFile, err)
	}
	if len(questions) == 0 {
		t.Fatalf("%s has no questions", evalQuestionsFile)
	}
	ctx := context.Background()
	db := storetest.Wrap(t, storetest.OpenSQLite(t))
	db.Clock.Set(evalToday)
	u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "eval-seed@example.com", Name: "Seed", PasswordHash: "h"})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Festivals.Import(ctx, u.ID, seed.Festivals(evalFestivals, evalSeed, evalToday)); err != nil {
		t.Fatal(err)
	}
	m := newFakeModel(t, evalModel(t))
	w, err := assistant.NewOpenAI(assistant.Config{BaseURL: m.srv.URL + "/v1", APIKey: "sk-eval", Model: "fake", Timeout: 30 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords, Inquiry: store.InquiryOptions{Writer: w}})
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	var failed []string
	for i, q := range questions {
		calls := len(m.requests())
		var festivals []marquee.InquiryFestival
		fallback := false
		err := svc.Inquiries.Stream(ctx, marquee.InquiryRequest{Question: q.Question, Lang: q.Lang}, func(e marquee.InquiryEvent) error {
			switch e.Kind {
			case marquee.InquiryEventFestivals:
				festivals = e.Festivals
			case marquee.InquiryEventAnswer:
				fallback = fallback || e.Notice != ""
			}
			return nil
		})
		if err != nil {
			t.Fatalf("question %d %q: %v", i+1, q.Question, err)
		}
		// The model path, not the fallback: a tool call, then the answer.
		if fallback || len(m.requests())-calls != 2 {
			t.Errorf("question %d %q: fallback %v, %d model calls (want 2)", i+1, q.Question, fallback, len(m.requests())-calls)
		}
		top := map[string]bool{}
		got := []string{}
		for j, f := range festivals {
			if j < 5 {
				top[f.Slug] = true
				got = append(got, f.Slug)
			}
		}
		hits := 0
		var missed []string
		for _, slug := range q.Expect {
			if top[slug] {
				hits++
			} else {
				missed = append(missed, slug)
			}
		}
		recall := 1.0
		if len(q.Expect) > 0 {
			recall = float64(hits) / float64(len(q.Expect))
		}
		sum += recall
		if len(missed) > 0 {
			args, _ := json.Marshal(evalArgs(q.Question, evalToday))
			failed = append(failed, fmt.Sprintf("  [%s] %s (%s)\n      arguments %s\n      missed %v; first five %v", q.Lang, q.Question, q.Note, args, missed, got))
		}
	}
	recall := sum / float64(len(questions))
	t.Logf("model path: recall@5 = %.3f over %d questions (%s)", recall, len(questions), evalQuestionsFile)
	if len(failed) > 0 {
		t.Logf("questions that missed a festival:\n%s", strings.Join(failed, "\n"))
	}
	if recall < evalMinRecall {
		t.Errorf("recall@5 %.3f is below %.2f", recall, evalMinRecall)
	}
}
