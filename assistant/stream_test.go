package assistant_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
)

// streamWriter is an OpenAI writer over the fake model.
func streamWriter(t *testing.T, m *fakeModel, cfg assistant.Config, log *bytes.Buffer) *assistant.OpenAI {
	t.Helper()
	cfg.BaseURL, cfg.APIKey, cfg.Model = m.srv.URL+"/openai/v1", "sk-test-key", "meta-llama/llama-3.3-70b-instruct"
	if cfg.Timeout == 0 {
		cfg.Timeout = 5 * time.Second
	}
	w, err := assistant.NewOpenAI(cfg, slog.New(slog.NewTextHandler(log, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// streamRun is one Stream call's record: the searches run and the events sent.
type streamRun struct {
	mu       sync.Mutex
	searches []marquee.FestivalSearchArgs
	events   []marquee.InquiryEvent
	dataOnly int
	onEvent  func(marquee.InquiryEvent)
}

// input is a question in Japanese over tokyoFacts: the tool finds
// tokyoFacts' festivals, the data-only answer is tokyoFacts.
func (r *streamRun) input(question string, history ...marquee.InquiryTurn) marquee.InquiryStreamInput {
	facts := tokyoFacts()
	return marquee.InquiryStreamInput{Question: question, Lang: "ja", Today: "2026-11-23", History: history,
		Search: func(_ context.Context, a marquee.FestivalSearchArgs) (*marquee.FestivalToolResult, error) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.searches = append(r.searches, a)
			if a.Country == "FR" {
				return &marquee.FestivalToolResult{Festivals: []marquee.InquiryFestival{}}, nil
			}
			return &marquee.FestivalToolResult{Festivals: facts.Festivals}, nil
		},
		DataOnly: func(context.Context) (marquee.InquiryFacts, error) {
			r.mu.Lock()
			defer r.mu.Unlock()
			r.dataOnly++
			return facts, nil
		},
	}
}

func (r *streamRun) emit(e marquee.InquiryEvent) error {
	r.mu.Lock()
	r.events = append(r.events, e)
	on := r.onEvent
	r.mu.Unlock()
	if on != nil {
		on(e)
	}
	return nil
}

// kinds lists the events' kinds, text events with their text.
func (r *streamRun) kinds() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.events {
		switch e.Kind {
		case marquee.InquiryEventText:
			out = append(out, "text:"+e.Text)
		case marquee.InquiryEventFestivals:
			slugs := []string{}
			for _, f := range e.Festivals {
				slugs = append(slugs, f.Slug)
			}
			out = append(out, "festivals:"+strings.Join(slugs, ","))
		default:
			out = append(out, e.Kind)
		}
	}
	return out
}

const docsArgs = `{"country":"JP","category":"documentary","date_field":"deadline","month":"2026-12","max_fee":30,"open_for_submissions":true,"language":"ja"}`

func TestStreamToolCallRoundTrip(t *testing.T) {
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		if n == 0 {
			return toolReply(docsArgs)
		}
		return textReply("東京では", "[東京ドキュメンタリー映画祭](/festival/tokyo-docs)と", "[Tokyo Shorts](/festival/tokyo-shorts) があります。")
	})
	var log bytes.Buffer
	w := streamWriter(t, m, assistant.Config{MaxTokens: 500}, &log)
	run := &streamRun{}
	if err := w.Stream(t.Context(), run.input("12月締切の日本のドキュメンタリー映画祭は？"), run.emit); err != nil {
		t.Fatal(err)
	}
	// The typed arguments reached the search as they were sent.
	fee := int64(30)
	want := marquee.FestivalSearchArgs{Country: "JP", Category: "documentary", DateField: "deadline", Month: "2026-12", MaxFee: &fee,
		OpenForSubmissions: true, Language: "ja"}
	if len(run.searches) != 1 || !reflect.DeepEqual(run.searches[0], want) {
		t.Fatalf("searches %+v, want %+v", run.searches, want)
	}
	// Text as it came, then the festivals cited, in the order cited.
	wantEvents := []string{"text:東京では", "text:[東京ドキュメンタリー映画祭](/festival/tokyo-docs)と", "text:[Tokyo Shorts](/festival/tokyo-shorts) があります。",
		"festivals:tokyo-docs,tokyo-shorts"}
	if got := run.kinds(); !reflect.DeepEqual(got, wantEvents) {
		t.Errorf("events %q, want %q", got, wantEvents)
	}
	calls := m.requests()
	if len(calls) != 2 {
		t.Fatalf("%d calls, want 2", len(calls))
	}
	first, second := calls[0], calls[1]
	if first.Auth != "Bearer sk-test-key" || !first.Body.Stream || first.Body.MaxCompletionTokens != 500 || first.Body.Model != "meta-llama/llama-3.3-70b-instruct" {
		t.Errorf("first call: auth %q, stream %v, max tokens %d, model %q", first.Auth, first.Body.Stream, first.Body.MaxCompletionTokens, first.Body.Model)
	}
	if len(first.Body.Tools) != 1 || first.Body.Tools[0].Function.Name != "search_festivals" {
		t.Fatalf("tools %+v", first.Body.Tools)
	}
	props, _ := first.Body.Tools[0].Function.Parameters["properties"].(map[string]any)
	for _, p := range []string{"query", "country", "city", "category", "date_field", "month", "from", "to", "max_fee", "open_for_submissions", "language"} {
		if _, ok := props[p]; !ok {
			t.Errorf("the tool's schema lacks %s", p)
		}
	}
	if got := first.roles(); !reflect.DeepEqual(got, []string{"system", "user"}) {
		t.Errorf("first call's roles %v", got)
	}
	if sys := first.text(0); !strings.Contains(sys, "Today is 2026-11-23") || !strings.Contains(sys, "in Japanese") || !strings.Contains(sys, "[name](/festival/slug)") {
		t.Errorf("system prompt %q", sys)
	}
	// The second call carries the model's call and Marquee's results.
	if got := second.roles(); !reflect.DeepEqual(got, []string{"system", "user", "assistant", "tool"}) {
		t.Fatalf("second call's roles %v", got)
	}
	call := second.Body.Messages[2].ToolCalls
	if len(call) != 1 || call[0].ID != "call_0" || call[0].Function.Name != "search_festivals" || call[0].Function.Arguments != docsArgs {
		t.Errorf("assistant's tool call sent back %+v", call)
	}
	result := second.Body.Messages[3]
	if result.ToolCallID != "call_0" || !strings.Contains(second.text(3), `"page":"/festival/tokyo-shorts"`) || !strings.Contains(second.text(3), `"count":2`) {
		t.Errorf("tool result %+v %s", result, second.text(3))
	}
	if strings.Contains(log.String(), "level=ERROR") {
		t.Errorf("logged %s", log.String())
	}
}

func TestStreamFollowUpKeepsTheConversation(t *testing.T) {
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		if n == 0 {
			return toolReply(`{"category":"documentary","country":"JP","month":"2026-12"}`)
		}
		return textReply("日本では [Tokyo Shorts](/festival/tokyo-shorts) です。")
	})
	var log bytes.Buffer
	run := &streamRun{}
	history := []marquee.InquiryTurn{
		{Role: "user", Text: "Documentary festivals in December?"},
		{Role: "assistant", Text: "Two in Lisbon: [Lisbon Docs](/festival/lisbon-docs)."},
	}
	if err := streamWriter(t, m, assistant.Config{}, &log).Stream(t.Context(), run.input("and in Japan?", history...), run.emit); err != nil {
		t.Fatal(err)
	}
	first := m.requests()[0]
	if got := first.roles(); !reflect.DeepEqual(got, []string{"system", "user", "assistant", "user"}) {
		t.Fatalf("roles %v", got)
	}
	if first.text(1) != "Documentary festivals in December?" || first.text(2) != "Two in Lisbon: [Lisbon Docs](/festival/lisbon-docs)." || first.text(3) != "and in Japan?" {
		t.Errorf("messages %q %q %q", first.text(1), first.text(2), first.text(3))
	}
	if got := run.kinds(); got[len(got)-1] != "festivals:tokyo-shorts" {
		t.Errorf("events %q", got)
	}
}

// The first text reaches the asker before the model has finished: the
// fake holds its last chunks until the test has seen the first event.
func TestStreamSendsTextAsItComes(t *testing.T) {
	seen := make(chan struct{})
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		if n == 0 {
			return toolReply(`{"city":"東京"}`)
		}
		r := textReply("東京の映画祭は", "[Tokyo Shorts](/festival/tokyo-shorts)です。")
		r.hold, r.holdAt = seen, 2 // after the role and the first text
		return r
	})
	var log bytes.Buffer
	run := &streamRun{}
	var once sync.Once
	run.onEvent = func(e marquee.InquiryEvent) {
		if e.Kind == marquee.InquiryEventText {
			once.Do(func() { close(seen) })
		}
	}
	if err := streamWriter(t, m, assistant.Config{}, &log).Stream(t.Context(), run.input("東京の映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	want := []string{"text:東京の映画祭は", "text:[Tokyo Shorts](/festival/tokyo-shorts)です。", "festivals:tokyo-shorts"}
	if got := run.kinds(); !reflect.DeepEqual(got, want) {
		t.Errorf("events %q, want %q", got, want)
	}
}

func TestStreamStopCancelsTheModelCall(t *testing.T) {
	never := make(chan struct{})
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		r := textReply("東京では", "まだ続きます")
		r.hold, r.holdAt = never, 2
		return r
	})
	var log bytes.Buffer
	run := &streamRun{}
	ctx, stop := context.WithCancel(t.Context())
	defer stop()
	run.onEvent = func(e marquee.InquiryEvent) {
		if e.Kind == marquee.InquiryEventText {
			stop() // the asker presses Stop
		}
	}
	err := streamWriter(t, m, assistant.Config{}, &log).Stream(ctx, run.input("東京の映画祭"), run.emit)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	select {
	case <-m.aborted:
	case <-time.After(10 * time.Second):
		t.Fatal("the model's call was not cancelled")
	}
	if got := run.kinds(); !reflect.DeepEqual(got, []string{"text:東京では"}) {
		t.Errorf("events %q: nothing after Stop", got)
	}
	if run.dataOnly != 0 || strings.Contains(log.String(), "level=ERROR") || !strings.Contains(log.String(), "stopped by the asker") {
		t.Errorf("data-only answers %d, log %s", run.dataOnly, log.String())
	}
}

func TestStreamTimeoutFallsBackToTheData(t *testing.T) {
	never := make(chan struct{})
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		r := textReply("東京では", "まだ続きます")
		r.hold, r.holdAt = never, 2
		return r
	})
	var log bytes.Buffer
	run := &streamRun{}
	if err := streamWriter(t, m, assistant.Config{Timeout: 200 * time.Millisecond}, &log).Stream(t.Context(), run.input("東京の映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	want := []string{"text:東京では", "answer", "festivals:tokyo-shorts,tokyo-docs"}
	if got := run.kinds(); !reflect.DeepEqual(got, want) {
		t.Fatalf("events %q, want %q", got, want)
	}
	answer := run.events[1]
	if answer.Text != "Marquee でご質問に合う映画祭が2件見つかりました：" ||
		answer.Notice != "アシスタントは現在利用できないため、この回答は Marquee の映画祭データのみに基づいています。" {
		t.Errorf("fallback %+v", answer)
	}
	logged := log.String()
	for _, part := range []string{"level=ERROR", "assistant unavailable", "timeout=true", "lang=ja"} {
		if !strings.Contains(logged, part) {
			t.Errorf("log lacks %q: %s", part, logged)
		}
	}
	if strings.Contains(logged, "東京の映画祭") || strings.Contains(logged, "sk-test-key") {
		t.Errorf("log holds the question or the key: %s", logged)
	}
}

func TestStreamServiceErrorFallsBackToTheData(t *testing.T) {
	m := newFakeModel(t, func(n int, req modelRequest) reply { return reply{status: http.StatusInternalServerError} })
	var log bytes.Buffer
	run := &streamRun{}
	if err := streamWriter(t, m, assistant.Config{}, &log).Stream(t.Context(), run.input("東京の映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	if got := run.kinds(); !reflect.DeepEqual(got, []string{"answer", "festivals:tokyo-shorts,tokyo-docs"}) || run.events[0].Notice == "" {
		t.Errorf("events %q %+v", got, run.events)
	}
	if len(m.requests()) != 1 || !strings.Contains(log.String(), "timeout=false") {
		t.Errorf("%d calls (want 1, no retry); log %s", len(m.requests()), log.String())
	}
}

func TestStreamEmptyAnswerFallsBackToTheData(t *testing.T) {
	m := newFakeModel(t, func(n int, req modelRequest) reply { return textReply("  ") })
	var log bytes.Buffer
	run := &streamRun{}
	if err := streamWriter(t, m, assistant.Config{}, &log).Stream(t.Context(), run.input("東京の映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	if got := run.kinds(); got[len(got)-2] != "answer" || !strings.Contains(log.String(), "the answer is empty") {
		t.Errorf("events %q, log %s", got, log.String())
	}
}

func TestStreamMalformedToolArgumentsAreSentBack(t *testing.T) {
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		switch n {
		case 0:
			return toolReply(`{"country": 12`, `{"country":"Japan","month":"December"}`)
		case 1:
			return namedToolReply("delete_festivals", `{}`)
		case 2:
			return toolReply(`{"country":"jp","colour":"red"}`)
		case 3:
			return toolReply(`{"country":"jp"}`)
		}
		return textReply("[Tokyo Shorts](/festival/tokyo-shorts)")
	})
	var log bytes.Buffer
	run := &streamRun{}
	w := streamWriter(t, m, assistant.Config{ToolRounds: 4}, &log)
	if err := w.Stream(t.Context(), run.input("日本の映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	// Only the well-formed call searched.
	if len(run.searches) != 1 || run.searches[0].Country != "JP" {
		t.Fatalf("searches %+v", run.searches)
	}
	calls := m.requests()
	if len(calls) != 5 {
		t.Fatalf("%d calls, want 5", len(calls))
	}
	second := calls[1]
	if got := second.roles(); !reflect.DeepEqual(got, []string{"system", "user", "assistant", "tool", "tool"}) {
		t.Fatalf("roles %v", got)
	}
	for i, want := range []string{`"error":"arguments are not a JSON object`, `"error":"invalid arguments: country: \"JAPAN\" is not an ISO 3166-1 alpha-2 code; month: YYYY-MM`} {
		if got := second.text(3 + i); !strings.Contains(got, want) {
			t.Errorf("tool result %d %s, want %s", i, got, want)
		}
	}
	if got := calls[2].lastToolResult(); !strings.Contains(got, `no tool named \"delete_festivals\"`) {
		t.Errorf("unknown tool's result %s", got)
	}
	if got := calls[3].lastToolResult(); !strings.Contains(got, `unknown field \"colour\"`) {
		t.Errorf("unknown field's result %s", got)
	}
	if got := run.kinds(); !reflect.DeepEqual(got, []string{"text:[Tokyo Shorts](/festival/tokyo-shorts)", "festivals:tokyo-shorts"}) {
		t.Errorf("events %q", got)
	}
}

func TestStreamToolRoundsAreBounded(t *testing.T) {
	m := newFakeModel(t, func(n int, req modelRequest) reply {
		if len(req.Body.Tools) > 0 {
			return toolReply(`{"country":"FR"}`)
		}
		return textReply("フランスの映画祭は見つかりませんでした。")
	})
	var log bytes.Buffer
	run := &streamRun{}
	if err := streamWriter(t, m, assistant.Config{ToolRounds: 2}, &log).Stream(t.Context(), run.input("フランスの映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	calls := m.requests()
	if len(calls) != 3 || len(calls[0].Body.Tools) != 1 || len(calls[1].Body.Tools) != 1 || len(calls[2].Body.Tools) != 0 {
		t.Fatalf("%d calls; the last must offer no tools", len(calls))
	}
	if len(run.searches) != 2 || !strings.Contains(calls[2].lastToolResult(), `"note":"No festival on Marquee matches these arguments."`) {
		t.Errorf("searches %d, last result %s", len(run.searches), calls[2].lastToolResult())
	}
	// Nothing cited and the last search found nothing: no cards.
	if got := run.kinds(); got[len(got)-1] != "festivals:" {
		t.Errorf("events %q", got)
	}
}

func TestDefaultStreamsTheDataOnlyAnswer(t *testing.T) {
	run := &streamRun{}
	if err := (assistant.Default{}).Stream(t.Context(), run.input("東京の映画祭"), run.emit); err != nil {
		t.Fatal(err)
	}
	if got := run.kinds(); !reflect.DeepEqual(got, []string{"answer", "festivals:tokyo-shorts,tokyo-docs"}) ||
		run.events[0].Text != "Marquee でご質問に合う映画祭が2件見つかりました：" || run.events[0].Notice != "" {
		t.Errorf("events %q %+v", got, run.events)
	}
}

func TestCited(t *testing.T) {
	fs := tokyoFacts().Festivals
	jp := marquee.InquiryFestival{Slug: "東京アニメ映画祭", Name: "東京アニメ映画祭"}
	found := append(append([]marquee.InquiryFestival{}, fs...), jp)
	tests := []struct {
		text string
		want []string
	}{
		{"See [Docs](/festival/tokyo-docs) and [Shorts](/festival/tokyo-shorts).", []string{"tokyo-docs", "tokyo-shorts"}},
		{"Only /festival/tokyo-shorts-extra, a page Marquee did not give.", []string{"tokyo-shorts", "tokyo-docs"}}, // none cited: the last search's
		{"[アニメ](/festival/%E6%9D%B1%E4%BA%AC%E3%82%A2%E3%83%8B%E3%83%A1%E6%98%A0%E7%94%BB%E7%A5%AD)、/festival/tokyo-docs。", []string{"東京アニメ映画祭", "tokyo-docs"}},
	}
	for _, tt := range tests {
		got := []string{}
		for _, f := range assistant.Cited(tt.text, found, fs) {
			got = append(got, f.Slug)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Cited(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	if got := assistant.Cited("nothing", nil, nil); got == nil || len(got) != 0 {
		t.Errorf("Cited with nothing found = %#v, want empty", got)
	}
}
