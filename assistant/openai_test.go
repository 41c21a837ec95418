package assistant_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
)

func fee(n int64) *int64 { return &n }

// tokyoFacts are the facts of a question in Japanese that found two festivals.
func tokyoFacts() marquee.InquiryFacts {
	const q = "東京の映画祭"
	return marquee.InquiryFacts{Question: q, Lang: "ja", Today: "2026-11-23", Query: marquee.ParseInquiry(q, "2026-11-23"),
		Festivals: []marquee.InquiryFestival{
			{Slug: "tokyo-shorts", Name: "Tokyo Shorts", StartDate: "2027-03-10", EndDate: "2027-03-14", Location: "Shibuya, Tokyo", Country: "JP", NextDeadline: "2027-01-15", NextFee: fee(25)},
			{Slug: "tokyo-docs", Name: "東京ドキュメンタリー映画祭", StartDate: "2027-05-01", EndDate: "2027-05-05", Location: "新宿", Country: "JP"},
		}}
}

// chatRequest is what the fake service records of a call.
type chatRequest struct {
	Auth string
	Path string
	Body struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
}

// chatServer is an httptest server speaking the chat completions
// protocol: it records each request and answers content after delay.
func chatServer(t *testing.T, content string, delay time.Duration, status int) (*httptest.Server, func() []chatRequest) {
	var mu sync.Mutex
	var got []chatRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req chatRequest
		req.Auth, req.Path = r.Header.Get("Authorization"), r.URL.Path
		raw, _ := io.ReadAll(r.Body)
		if err := json.Unmarshal(raw, &req.Body); err != nil {
			t.Errorf("request body %s: %v", raw, err)
		}
		mu.Lock()
		got = append(got, req)
		mu.Unlock()
		select {
		case <-time.After(delay):
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		if status != http.StatusOK {
			_, _ = io.WriteString(w, `{"error":{"message":"model overloaded","type":"server_error"}}`)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "meta-llama/llama-3.3-70b-instruct",
			"choices": []map[string]any{{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": content}}},
		})
	}))
	t.Cleanup(srv.Close)
	// The requests received so far (the handler may still run while the
	// test reads them, after the client has given up).
	return srv, func() []chatRequest {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}

func newWriter(t *testing.T, url string, timeout time.Duration, log *bytes.Buffer) *assistant.OpenAI {
	t.Helper()
	w, err := assistant.NewOpenAI(assistant.Config{BaseURL: url + "/openai/v1", APIKey: "sk-test-key", Model: "meta-llama/llama-3.3-70b-instruct",
		Timeout: timeout}, slog.New(slog.NewTextHandler(log, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestOpenAIAsksWithTheFestivalsFacts(t *testing.T) {
	srv, got := chatServer(t, "  東京では2つの映画祭があります。  ", 0, http.StatusOK)
	var log bytes.Buffer
	answer, err := newWriter(t, srv.URL, 5*time.Second, &log).Write(t.Context(), tokyoFacts())
	if err != nil {
		t.Fatal(err)
	}
	if answer.Answer != "東京では2つの映画祭があります。" || answer.Notice != "" || len(answer.Festivals) != 2 {
		t.Errorf("answer %+v", answer)
	}
	calls := got()
	if len(calls) != 1 {
		t.Fatalf("%d calls, want 1", len(calls))
	}
	req := calls[0]
	if req.Path != "/openai/v1/chat/completions" {
		t.Errorf("path %q", req.Path)
	}
	if req.Auth != "Bearer sk-test-key" {
		t.Errorf("Authorization %q", req.Auth)
	}
	if req.Body.Model != "meta-llama/llama-3.3-70b-instruct" {
		t.Errorf("model %q", req.Body.Model)
	}
	if len(req.Body.Messages) != 1 || req.Body.Messages[0].Role != "user" {
		t.Fatalf("messages %+v, want one user message", req.Body.Messages)
	}
	msg := req.Body.Messages[0].Content
	if !strings.HasPrefix(msg, "Festival Inquiry: 東京の映画祭\n") {
		t.Errorf("message does not begin with the prefix and the question:\n%s", msg)
	}
	for _, fact := range []string{"Tokyo Shorts", "Shibuya, Tokyo", "2027-03-10 to 2027-03-14", "next submission deadline 2027-01-15, fee from 25 credits",
		"/festival/tokyo-shorts", "東京ドキュメンタリー映画祭", "2027-05-01 to 2027-05-05", "submissions closed", "only from these facts", "in Japanese"} {
		if !strings.Contains(msg, fact) {
			t.Errorf("message lacks %q:\n%s", fact, msg)
		}
	}
	if log.Len() != 0 {
		t.Errorf("logged %s", log.String())
	}
}

func TestOpenAITooSlowAnswersFromTheData(t *testing.T) {
	// The model would answer after a minute; Marquee waits one second. A
	// second, not less: the request must reach the model before Marquee
	// gives up, on a machine busy with make test's other parts too (with
	// 50 ms, CI's run of stop 36 saw no call arrive at all).
	srv, got := chatServer(t, "too late", time.Minute, http.StatusOK)
	var log bytes.Buffer
	facts := tokyoFacts()
	answer, err := newWriter(t, srv.URL, time.Second, &log).Write(t.Context(), facts)
	if err != nil {
		t.Fatal(err)
	}
	want := assistant.Sentence(facts)
	if answer.Answer != want || len(answer.Festivals) != 2 || answer.Festivals[0].Slug != "tokyo-shorts" {
		t.Errorf("answer %+v, want the data-only answer %q", answer, want)
	}
	if answer.Notice != "アシスタントは現在利用できないため、この回答は Marquee の映画祭データのみに基づいています。" {
		t.Errorf("notice %q", answer.Notice)
	}
	if n := len(got()); n != 1 {
		t.Errorf("%d calls, want 1 (no retry)", n)
	}
	logged := log.String()
	for _, part := range []string{"assistant unavailable", "timeout=true", "questionLength=6", "lang=ja"} {
		if !strings.Contains(logged, part) {
			t.Errorf("log lacks %q: %s", part, logged)
		}
	}
	if strings.Contains(logged, facts.Question) || strings.Contains(logged, "sk-test-key") {
		t.Errorf("log holds the question or the key: %s", logged)
	}
}

func TestOpenAIErrorAnswersFromTheData(t *testing.T) {
	srv, _ := chatServer(t, "", 0, http.StatusInternalServerError)
	var log bytes.Buffer
	facts := tokyoFacts()
	facts.Lang = "en"
	answer, err := newWriter(t, srv.URL, 5*time.Second, &log).Write(t.Context(), facts)
	if err != nil {
		t.Fatal(err)
	}
	if answer.Answer != "2 festivals on Marquee match your question:" ||
		answer.Notice != "The assistant is unavailable right now, so this answer comes from Marquee's festival data only." {
		t.Errorf("answer %+v", answer)
	}
	if !strings.Contains(log.String(), "timeout=false") {
		t.Errorf("log %s", log.String())
	}
}

func TestNewOpenAINeedsEverySetting(t *testing.T) {
	for _, cfg := range []assistant.Config{
		{APIKey: "k", Model: "m"}, {BaseURL: "http://x", Model: "m"}, {BaseURL: "http://x", APIKey: "k"},
	} {
		if _, err := assistant.NewOpenAI(cfg, nil); err == nil {
			t.Errorf("NewOpenAI(%+v) accepted", cfg)
		}
	}
}

func TestDefaultSentence(t *testing.T) {
	facts := tokyoFacts()
	tests := []struct {
		lang      string
		festivals int
		question  string
		want      string
	}{
		{"ja", 2, "東京の映画祭", "Marquee でご質問に合う映画祭が2件見つかりました："},
		{"zh", 1, "东京的电影节", "Marquee 上有 1 个电影节符合您的问题："},
		{"en", 0, "Festivals on Mars", "No festival on Marquee matches your question yet. Try other words or the festival search."},
		{"zh", 0, "电影节", "我无法判断您的问题涉及哪些电影节。请说出电影节名称、城市或国家、月份、类别或费用，或使用电影节搜索。"},
	}
	for _, tt := range tests {
		f := facts
		f.Lang, f.Question, f.Festivals = tt.lang, tt.question, facts.Festivals[:tt.festivals]
		f.Query = marquee.ParseInquiry(tt.question, f.Today)
		answer, err := assistant.Default{}.Write(t.Context(), f)
		if err != nil || answer.Answer != tt.want || len(answer.Festivals) != tt.festivals || answer.Festivals == nil {
			t.Errorf("%s %q: %+v, %v; want %q", tt.lang, tt.question, answer, err, tt.want)
		}
	}
}
