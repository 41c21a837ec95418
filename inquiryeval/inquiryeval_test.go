package inquiryeval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The set in the repository loads, and holds at least 20 questions in
// each language, each expecting at most TopN festivals.
func TestLoadTheSet(t *testing.T) {
	set, err := Load(filepath.Join("..", Dir))
	if err != nil {
		t.Fatal(err)
	}
	per := map[string]int{}
	for _, q := range set.Questions {
		per[q.Lang]++
		if len(q.Expect) > TopN {
			t.Errorf("%q expects %d festivals in the first %d", q.Question, len(q.Expect), TopN)
		}
	}
	for _, l := range []string{"en", "ja", "zh"} {
		if per[l] < 20 {
			t.Errorf("%d questions in %s, want at least 20", per[l], l)
		}
	}
	if len(set.Festivals) < 20 {
		t.Errorf("%d festivals", len(set.Festivals))
	}
}

func TestRecall(t *testing.T) {
	q := func(expect ...string) Question { return Question{Lang: "en", Question: "q", Expect: expect} }
	tests := []struct {
		r       Result
		want    float64
		missing []string
	}{
		{Result{q("a", "b"), []string{"x", "b", "a"}}, 1, nil},
		{Result{q("a", "b"), []string{"x", "b", "y", "z", "w", "a"}}, 0.5, []string{"a"}},
		{Result{q(), nil}, 1, nil},
		{Result{q(), []string{"x"}}, 0, []string{"x"}},
		{Result{q("a"), nil}, 0, []string{"a"}},
	}
	for _, tt := range tests {
		got, missing := tt.r.Recall()
		if got != tt.want || strings.Join(missing, ",") != strings.Join(tt.missing, ",") {
			t.Errorf("%+v: recall %v missing %v, want %v %v", tt.r, got, missing, tt.want, tt.missing)
		}
	}
	var b strings.Builder
	total, err := Report(&b, []Result{tests[0].r, tests[1].r})
	if err != nil || total != 0.75 || !strings.Contains(b.String(), "recall@5 = 0.750 over 2 questions") ||
		!strings.Contains(b.String(), "questions that missed a festival: 1") {
		t.Errorf("Report: %v %v\n%s", total, err, b.String())
	}
	if _, err := Report(&b, nil); err == nil {
		t.Error("no results reported")
	}
}

func TestLoadRefusesBadSets(t *testing.T) {
	for name, files := range map[string][2]string{
		"bad day":          {`{"today":"soon","festivals":[]}`, `[]`},
		"unknown festival": {`{"today":"2026-11-23","festivals":[]}`, `[{"lang":"en","question":"q","expect":["x"],"note":""}]`},
		"unknown field":    {`{"today":"2026-11-23","festivals":[],"extra":1}`, `[]`},
		"unknown language": {`{"today":"2026-11-23","festivals":[]}`, `[{"lang":"fr","question":"q","expect":[],"note":""}]`},
	} {
		dir := t.TempDir()
		writeFile(t, filepath.Join(dir, "festivals.json"), files[0])
		writeFile(t, filepath.Join(dir, "questions.json"), files[1])
		if _, err := Load(dir); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}
