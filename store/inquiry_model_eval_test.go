package store_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
	"github.com/marquee-festival/marquee/assistant/fakemodel"
	"github.com/marquee-festival/marquee/inquiryeval"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The model path answers the evaluation set (testdata/inquiry_eval, the
// same festivals, questions and day as TestInquiryEvaluation) with
// recall@5 of at least inquiryRecallGoal: each question goes through
// InquiryService.Stream, the assistant.OpenAI writer, an
// OpenAI-compatible server streaming SSE (assistant/fakemodel, whose
// stand-in model calls search_festivals with arguments read from the
// question by fakemodel.Args), the tool over the stored festivals, and
// the answer's festivals, on each database. The test logs the figure and the questions
// that missed a festival with the arguments sent
// (go test ./store -run TestInquiryModelPathEvaluation -v). With the
// stand-in's rule, a miss is the plumbing's, the tool's or the rule's.
func TestInquiryModelPathEvaluation(t *testing.T) {
	storetest.ForEach(t, inquiryModelPathEvaluation)
}

func inquiryModelPathEvaluation(t *testing.T, db *storetest.DB) {
	set := loadInquiryEval(t, db)
	today := db.Clock.Now()
	m := fakemodel.Start(fakemodel.Eval(today))
	defer m.Close()
	w, err := assistant.NewOpenAI(assistant.Config{BaseURL: m.URL + "/v1", APIKey: "sk-eval", Model: "fake", Timeout: 30 * time.Second}, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := store.NewServices(db.DB, store.Options{Clock: db.Clock.Now, Password: storetest.FastPasswords, Inquiry: store.InquiryOptions{Writer: w}})
	if err != nil {
		t.Fatal(err)
	}
	results := make([]inquiryeval.Result, 0, len(set.Questions))
	var misses []string
	for _, q := range set.Questions {
		calls := m.Calls()
		var festivals []marquee.InquiryFestival
		notice := ""
		err := svc.Inquiries.Stream(t.Context(), marquee.InquiryRequest{Question: q.Question, Lang: q.Lang}, func(e marquee.InquiryEvent) error {
			switch e.Kind {
			case marquee.InquiryEventFestivals:
				festivals = e.Festivals
			case marquee.InquiryEventAnswer:
				notice += e.Notice
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%q: %v", q.Question, err)
		}
		// The model path, not the data-only fallback: a tool call and the
		// answer, or, off topic, the answer alone.
		want := 2
		if fakemodel.OffTopic(q.Question, today) {
			want = 1
		}
		if notice != "" || m.Calls()-calls != want {
			t.Errorf("%q: notice %q, %d model calls (want %d)", q.Question, notice, m.Calls()-calls, want)
		}
		r := inquiryeval.Result{Question: q}
		for _, f := range festivals {
			r.Got = append(r.Got, f.Slug)
		}
		if recall, _ := r.Recall(); recall < 1 {
			args, _ := json.Marshal(fakemodel.Args(q.Question, today))
			misses = append(misses, fmt.Sprintf("  [%s] %s: arguments %s", q.Lang, q.Question, args))
		}
		results = append(results, r)
	}
	for _, err := range m.Errors() {
		t.Error(err)
	}
	var report strings.Builder
	recall, err := inquiryeval.Report(&report, results)
	if err != nil {
		t.Fatal(err)
	}
	t.Log("model path: " + report.String())
	if len(misses) > 0 {
		t.Log("the stand-in model's arguments for the questions that missed:\n" + strings.Join(misses, "\n"))
	}
	if recall < inquiryRecallGoal {
		t.Errorf("recall@5 %.3f is below %.2f", recall, inquiryRecallGoal)
	}
}
