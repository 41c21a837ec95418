package main

import (
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"github.com/marquee-festival/marquee/assistant"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/telemetry"
)

// assistantConfig is the festival assistant's AI service: any
// OpenAI-compatible chat completions service (MARQUEE_AI_*), or none
// (the embedded writer answers from the data).
type assistantConfig struct {
	AI assistant.Config
	// log receives the writer's failures; serve sets it.
	log *slog.Logger
}

// assistantFromEnv reads MARQUEE_AI_* (the service, its timeout, its
// token cap per call and its tool rounds) and MARQUEE_INQUIRY_RATE_PER_HOUR
// into c and returns what is wrong with them. The key is never echoed.
func assistantFromEnv(getenv func(string) string, c *config) []string {
	var errs []string
	ai := assistant.Config{
		BaseURL: strings.TrimSpace(getenv("MARQUEE_AI_BASE_URL")),
		APIKey:  strings.TrimSpace(getenv("MARQUEE_AI_API_KEY")),
		Model:   strings.TrimSpace(getenv("MARQUEE_AI_MODEL")),
	}
	set := 0
	for _, v := range []string{ai.BaseURL, ai.APIKey, ai.Model} {
		if v != "" {
			set++
		}
	}
	if set != 0 && set != 3 {
		errs = append(errs, "set MARQUEE_AI_BASE_URL, MARQUEE_AI_API_KEY and MARQUEE_AI_MODEL together, or none for the embedded assistant")
	}
	if ai.BaseURL != "" {
		if u, err := url.Parse(ai.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			errs = append(errs, fmt.Sprintf("MARQUEE_AI_BASE_URL=%q: want an address such as https://api.example.com/openai/v1", ai.BaseURL))
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_AI_TIMEOUT")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond || d > 5*time.Minute {
			errs = append(errs, fmt.Sprintf("MARQUEE_AI_TIMEOUT=%q: want a duration from 100ms to 5m, such as 20s", v))
		} else {
			ai.Timeout = d
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_AI_MAX_TOKENS")); v != "" {
		var n int64
		if _, err := fmt.Sscan(v, &n); err != nil || n < 16 || n > 32000 || fmt.Sprint(n) != v {
			errs = append(errs, fmt.Sprintf("MARQUEE_AI_MAX_TOKENS=%q: want a whole number from 16 to 32000, such as 800", v))
		} else {
			ai.MaxTokens = n
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_AI_TOOL_ROUNDS")); v != "" {
		var n int
		if _, err := fmt.Sscan(v, &n); err != nil || n < 1 || n > 10 || fmt.Sprint(n) != v {
			errs = append(errs, fmt.Sprintf("MARQUEE_AI_TOOL_ROUNDS=%q: want a whole number from 1 to 10, such as 3", v))
		} else {
			ai.ToolRounds = n
		}
	}
	if v := strings.TrimSpace(getenv("MARQUEE_INQUIRY_RATE_PER_HOUR")); v != "" {
		var n int
		if _, err := fmt.Sscan(v, &n); err != nil || n <= 0 || fmt.Sprint(n) != v {
			errs = append(errs, fmt.Sprintf("MARQUEE_INQUIRY_RATE_PER_HOUR=%q: want a positive whole number", v))
		} else {
			c.Server.InquiryRatePerHour = n
		}
	}
	c.Assistant.AI = ai
	return errs
}

// inquiryOptions returns the assistant's answer writer: the AI service
// when it is configured, else the embedded one.
func inquiryOptions(cfg config) (store.InquiryOptions, error) {
	if !cfg.Assistant.AI.Enabled() {
		return store.InquiryOptions{Writer: assistant.Default{}}, nil
	}
	w, err := assistant.NewOpenAI(cfg.Assistant.AI, cfg.Assistant.log)
	if err != nil {
		return store.InquiryOptions{}, err
	}
	return store.InquiryOptions{Writer: telemetry.TraceInquiryWriter(cfg.tracing, w)}, nil
}

// assistantMode names the answer writer for the start-up log line: the
// AI service's model and host, or "embedded" (never the key).
func assistantMode(cfg config) string {
	ai := cfg.Assistant.AI
	if !ai.Enabled() {
		return "embedded"
	}
	host := ai.BaseURL
	if u, err := url.Parse(ai.BaseURL); err == nil {
		host = u.Host
	}
	return ai.Model + " at " + host
}
