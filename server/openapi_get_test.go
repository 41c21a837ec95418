package server_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// GET /api/v1/openapi.json answers the document the code builds, to
// visitors; /api-docs renders it as a page with no script, in the
// caller's language, narrow screens included.
func TestOpenAPIServed(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		r := s.do(call{method: "GET", path: "/api/v1/openapi.json"})
		expect(t, r, 200, "")
		want, err := server.OpenAPI()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(r.raw, want) || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") {
			t.Fatalf("answer is not the document: %s…", r.raw[:min(len(r.raw), 200)])
		}
		var doc map[string]any
		if err := json.Unmarshal(r.raw, &doc); err != nil || doc["openapi"] != "3.1.0" {
			t.Fatalf("openapi = %v (%v)", doc["openapi"], err)
		}

		page := s.do(call{method: "GET", path: "/api-docs"})
		expect(t, page, 200, "")
		html := string(page.raw)
		for _, want := range []string{`<html lang="en">`, "Marquee API reference", "/api/v1/films/{id}", `id="schema-FilmDetails"`,
			"Sign-in required", "Admins only", "at most 200 characters", `name="viewport"`, `href="/api/v1/openapi.json"`} {
			if !strings.Contains(html, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
		if strings.Contains(html, "<script") {
			t.Error("the page has a script")
		}
		if ct := page.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("Content-Type = %q", ct)
		}
		for lang, title := range map[string]string{"ja": "Marquee API リファレンス", "zh": "Marquee API 参考文档"} {
			p := s.do(call{method: "GET", path: "/api-docs?lang=" + lang})
			if !strings.Contains(string(p.raw), title) || !strings.Contains(string(p.raw), `<html lang="`+lang+`">`) {
				t.Errorf("?lang=%s: no %q", lang, title)
			}
		}
		p := s.do(call{method: "GET", path: "/api-docs", header: map[string]string{"Accept-Language": "ja-JP,ja;q=0.9"}})
		if !strings.Contains(string(p.raw), "ログインが必要") {
			t.Error("Accept-Language ja: the page is not in Japanese")
		}
	})
}
