package main

import (
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/assistant"
)

func TestAssistantConfig(t *testing.T) {
	const key = "sk-secret-123"
	tests := []struct {
		name    string
		env     map[string]string
		ai      bool
		timeout time.Duration
		rate    int
		wantErr []string
	}{
		{name: "embedded by default", env: map[string]string{}, rate: 30},
		{name: "AI service", ai: true, timeout: 5 * time.Second, rate: 12, env: map[string]string{
			"MARQUEE_AI_BASE_URL": "https://api.groq.com/openai/v1", "MARQUEE_AI_API_KEY": key,
			"MARQUEE_AI_MODEL": "llama-3.3-70b-versatile", "MARQUEE_AI_TIMEOUT": "5s", "MARQUEE_INQUIRY_RATE_PER_HOUR": "12",
			"MARQUEE_AI_MAX_TOKENS": "600", "MARQUEE_AI_TOOL_ROUNDS": "2"}},
		{name: "key missing", env: map[string]string{"MARQUEE_AI_BASE_URL": "https://api.groq.com/openai/v1", "MARQUEE_AI_MODEL": "m"},
			wantErr: []string{"set MARQUEE_AI_BASE_URL, MARQUEE_AI_API_KEY and MARQUEE_AI_MODEL together"}},
		{name: "bad values", env: map[string]string{"MARQUEE_AI_BASE_URL": "groq", "MARQUEE_AI_API_KEY": key, "MARQUEE_AI_MODEL": "m",
			"MARQUEE_AI_TIMEOUT": "forever", "MARQUEE_INQUIRY_RATE_PER_HOUR": "0", "MARQUEE_AI_MAX_TOKENS": "many", "MARQUEE_AI_TOOL_ROUNDS": "0"},
			wantErr: []string{"MARQUEE_AI_BASE_URL=\"groq\"", "MARQUEE_AI_TIMEOUT", "MARQUEE_INQUIRY_RATE_PER_HOUR", "MARQUEE_AI_MAX_TOKENS=\"many\"", "MARQUEE_AI_TOOL_ROUNDS=\"0\""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := configFromEnv(func(k string) string { return tt.env[k] })
			if len(tt.wantErr) > 0 {
				if err == nil {
					t.Fatal("accepted")
				}
				for _, part := range tt.wantErr {
					if !strings.Contains(err.Error(), part) {
						t.Errorf("error %q lacks %q", err, part)
					}
				}
				if strings.Contains(err.Error(), key) {
					t.Errorf("error echoes the key: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.ai && (c.Assistant.AI.MaxTokens != 600 || c.Assistant.AI.ToolRounds != 2) {
				t.Errorf("token cap %d, tool rounds %d", c.Assistant.AI.MaxTokens, c.Assistant.AI.ToolRounds)
			}
			if c.Assistant.AI.Enabled() != tt.ai || c.Assistant.AI.Timeout != tt.timeout || c.Server.InquiryRatePerHour != tt.rate {
				t.Errorf("config %+v, rate %d", c.Assistant.AI, c.Server.InquiryRatePerHour)
			}
			opts, err := inquiryOptions(c)
			if err != nil {
				t.Fatal(err)
			}
			_, isAI := opts.Writer.(*assistant.OpenAI)
			_, isDefault := opts.Writer.(assistant.Default)
			if isAI != tt.ai || isDefault == tt.ai {
				t.Errorf("writer %T", opts.Writer)
			}
			if mode := assistantMode(c); strings.Contains(mode, key) || (tt.ai && mode != "llama-3.3-70b-versatile at api.groq.com") {
				t.Errorf("mode %q", mode)
			}
		})
	}
}
