package assistant_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// modelRequest is what the fake model records of a streamed call.
type modelRequest struct {
	Auth string
	Body struct {
		Model               string `json:"model"`
		Stream              bool   `json:"stream"`
		MaxCompletionTokens int64  `json:"max_completion_tokens"`
		Messages            []struct {
			Role       string `json:"role"`
			Content    any    `json:"content"`
			ToolCallID string `json:"tool_call_id"`
			ToolCalls  []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"messages"`
		Tools []struct {
			Type     string `json:"type"`
			Function struct {
				Name       string         `json:"name"`
				Parameters map[string]any `json:"parameters"`
			} `json:"function"`
		} `json:"tools"`
	}
}

// text returns message i's content as text.
func (r modelRequest) text(i int) string {
	if s, ok := r.Body.Messages[i].Content.(string); ok {
		return s
	}
	raw, _ := json.Marshal(r.Body.Messages[i].Content)
	return string(raw)
}

// roles lists the messages' roles.
func (r modelRequest) roles() []string {
	out := make([]string, len(r.Body.Messages))
	for i, m := range r.Body.Messages {
		out[i] = m.Role
	}
	return out
}

// lastToolResult is the content of the last tool message, "" if none.
func (r modelRequest) lastToolResult() string {
	for i := len(r.Body.Messages) - 1; i >= 0; i-- {
		if r.Body.Messages[i].Role == "tool" {
			return r.text(i)
		}
	}
	return ""
}

// reply is how the fake answers one call: the chunks' JSON, each sent
// as an SSE "data:" line and flushed, then "data: [DONE]"; before chunk
// hold (when hold is not nil), it waits until hold is closed or the
// request ends. status other than 200 answers an error instead.
type reply struct {
	chunks []string
	status int
	holdAt int
	hold   chan struct{}
}

// fakeModel is an OpenAI-compatible chat completions server that streams
// as the real API does; script decides each call's reply from the
// call's number (from 0) and request.
type fakeModel struct {
	t       testing.TB
	srv     *httptest.Server
	mu      sync.Mutex
	calls   []modelRequest
	script  func(n int, req modelRequest) reply
	aborted chan struct{} // closed when a held request's client went away
	once    sync.Once
}

func newFakeModel(t testing.TB, script func(n int, req modelRequest) reply) *fakeModel {
	m := &fakeModel{t: t, script: script, aborted: make(chan struct{})}
	m.srv = httptest.NewServer(http.HandlerFunc(m.serve))
	t.Cleanup(m.srv.Close)
	return m
}

func (m *fakeModel) serve(w http.ResponseWriter, r *http.Request) {
	var req modelRequest
	req.Auth = r.Header.Get("Authorization")
	raw, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(raw, &req.Body); err != nil {
		m.t.Errorf("request body %s: %v", raw, err)
	}
	m.mu.Lock()
	n := len(m.calls)
	m.calls = append(m.calls, req)
	m.mu.Unlock()
	rep := m.script(n, req)
	if rep.status != 0 && rep.status != http.StatusOK {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(rep.status)
		_, _ = io.WriteString(w, `{"error":{"message":"model overloaded","type":"server_error"}}`)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	flush := func() { w.(http.Flusher).Flush() }
	flush()
	for i, c := range rep.chunks {
		if rep.hold != nil && i == rep.holdAt {
			select {
			case <-rep.hold:
			case <-r.Context().Done():
				m.once.Do(func() { close(m.aborted) })
				return
			}
		}
		fmt.Fprintf(w, "data: %s\n\n", c)
		flush()
	}
	if rep.hold != nil && rep.holdAt >= len(rep.chunks) {
		select {
		case <-rep.hold:
		case <-r.Context().Done():
			m.once.Do(func() { close(m.aborted) })
			return
		}
	}
	_, _ = io.WriteString(w, "data: [DONE]\n\n")
	flush()
}

// requests returns the calls made so far.
func (m *fakeModel) requests() []modelRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]modelRequest(nil), m.calls...)
}

// chunk is one chat.completion.chunk with delta and finish reason ("" for null).
func chunk(delta map[string]any, finish string) string {
	choice := map[string]any{"index": 0, "delta": delta, "finish_reason": nil}
	if finish != "" {
		choice["finish_reason"] = finish
	}
	raw, _ := json.Marshal(map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
		"model": "meta-llama/llama-3.3-70b-instruct", "choices": []any{choice}})
	return string(raw)
}

// textReply streams parts as the answer's text, then stop.
func textReply(parts ...string) reply {
	chunks := []string{chunk(map[string]any{"role": "assistant", "content": ""}, "")}
	for _, p := range parts {
		chunks = append(chunks, chunk(map[string]any{"content": p}, ""))
	}
	return reply{chunks: append(chunks, chunk(map[string]any{}, "stop"))}
}

// toolReply streams one search_festivals call per args (each split in
// pieces across chunks, as the API does), then tool_calls.
func toolReply(args ...string) reply {
	chunks := []string{chunk(map[string]any{"role": "assistant"}, "")}
	for i, a := range args {
		head := map[string]any{"index": i, "id": fmt.Sprintf("call_%d", i), "type": "function",
			"function": map[string]any{"name": "search_festivals", "arguments": ""}}
		chunks = append(chunks, chunk(map[string]any{"tool_calls": []any{head}}, ""))
		half := len(a) / 2
		for _, piece := range []string{a[:half], a[half:]} {
			chunks = append(chunks, chunk(map[string]any{"tool_calls": []any{
				map[string]any{"index": i, "function": map[string]any{"arguments": piece}}}}, ""))
		}
	}
	return reply{chunks: append(chunks, chunk(map[string]any{}, "tool_calls"))}
}

// namedToolReply is toolReply with another tool's name.
func namedToolReply(name, args string) reply {
	r := toolReply(args)
	for i, c := range r.chunks {
		r.chunks[i] = strings.Replace(c, `"name":"search_festivals"`, `"name":"`+name+`"`, 1)
	}
	return r
}
