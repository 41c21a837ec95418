// Package fakemodel is an OpenAI-compatible chat completions server for
// tests and evaluations: it streams server-sent events as the real API
// does, and Eval is a deterministic stand-in for a model that calls the
// search_festivals tool with arguments read from the question by word
// lists (see Args). It is not a model: it tests the plumbing of the
// model path (store.InquiryService.Stream → assistant.OpenAI → the
// tool), end to end, without a network. Only tests import it.
package fakemodel

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Message is one message of a request, as the server reads it.
type Message struct {
	Role       string `json:"role"`
	Content    any    `json:"content"`
	ToolCallID string `json:"tool_call_id"`
}

// Text returns the message's content as text.
func (m Message) Text() string {
	if s, ok := m.Content.(string); ok {
		return s
	}
	raw, _ := json.Marshal(m.Content)
	return string(raw)
}

// Request is what the server records of one call.
type Request struct {
	Model    string    `json:"model"`
	Stream   bool      `json:"stream"`
	Messages []Message `json:"messages"`
}

// Script decides one call's reply: the chunks' JSON (see ToolReply and
// TextReply), from the call's number (from 0) and request.
type Script func(n int, req Request) []string

// Server is the fake service; its API root is URL + "/v1".
type Server struct {
	URL    string
	srv    *httptest.Server
	script Script
	mu     sync.Mutex
	calls  []Request
	errs   []error
}

// Start starts a server answering with script; Close stops it.
func Start(script Script) *Server {
	s := &Server{script: script}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	return s
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// Calls returns how many calls the server answered.
func (s *Server) Calls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.calls)
}

// Errors are the requests it could not read.
func (s *Server) Errors() []error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]error(nil), s.errs...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	var req Request
	raw, _ := io.ReadAll(r.Body)
	err := json.Unmarshal(raw, &req)
	s.mu.Lock()
	if err == nil && len(req.Messages) == 0 {
		err = fmt.Errorf("no messages")
	}
	if err != nil {
		s.errs = append(s.errs, fmt.Errorf("fakemodel: request %s: %w", raw, err))
	}
	n := len(s.calls)
	s.calls = append(s.calls, req)
	s.mu.Unlock()
	if err != nil {
		http.Error(w, `{"error":{"message":"bad request","type":"invalid_request_error"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	for _, c := range s.script(n, req) {
		fmt.Fprintf(w, "data: %s\n\n", c)
		w.(http.Flusher).Flush()
	}
	_, _ = io.WriteString(w, "data: [DONE]\n\n")
}

// chunk is one chat.completion.chunk with delta and finish reason ("" for null).
func chunk(delta map[string]any, finish string) string {
	choice := map[string]any{"index": 0, "delta": delta, "finish_reason": nil}
	if finish != "" {
		choice["finish_reason"] = finish
	}
	raw, _ := json.Marshal(map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
		"model": "fake", "choices": []any{choice}})
	return string(raw)
}

// TextReply streams text as the answer, then stop.
func TextReply(text string) []string {
	return []string{chunk(map[string]any{"role": "assistant", "content": ""}, ""),
		chunk(map[string]any{"content": text}, ""), chunk(map[string]any{}, "stop")}
}

// ToolReply streams one search_festivals call with args (split in two
// pieces across chunks, as the API does), then tool_calls.
func ToolReply(args string) []string {
	half := len(args) / 2
	chunks := []string{chunk(map[string]any{"role": "assistant"}, ""),
		chunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "call_0", "type": "function",
			"function": map[string]any{"name": "search_festivals", "arguments": ""}}}}, "")}
	for _, piece := range []string{args[:half], args[half:]} {
		chunks = append(chunks, chunk(map[string]any{"tool_calls": []any{
			map[string]any{"index": 0, "function": map[string]any{"arguments": piece}}}}, ""))
	}
	return append(chunks, chunk(map[string]any{}, "tool_calls"))
}

// Eval is the stand-in model's script on today: on a question (the last
// message is the user's), it calls search_festivals once with Args of
// the question, or, when Args finds nothing and the question names no
// festival (OffTopic), answers without the tool that it only knows
// festivals; on the tool's result (the last message is the tool's), it
// answers citing each festival found, in the tool's order, as
// [name](page).
func Eval(today time.Time) Script {
	return func(_ int, req Request) []string {
		last := req.Messages[len(req.Messages)-1]
		if last.Role != "tool" {
			q := last.Text()
			if OffTopic(q, today) {
				return TextReply("I can only help with film festivals on Marquee.")
			}
			raw, _ := json.Marshal(Args(q, today))
			return ToolReply(string(raw))
		}
		var result struct {
			Festivals []struct{ Name, Page string } `json:"festivals"`
		}
		if err := json.Unmarshal([]byte(last.Text()), &result); err != nil {
			return TextReply("The search failed: " + err.Error())
		}
		if len(result.Festivals) == 0 {
			return TextReply("No festival on Marquee matches.")
		}
		parts := []string{}
		for _, f := range result.Festivals {
			parts = append(parts, fmt.Sprintf("[%s](%s)", f.Name, f.Page))
		}
		return TextReply(strings.Join(parts, ", "))
	}
}
