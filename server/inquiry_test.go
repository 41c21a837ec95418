package server_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// ask posts a question as token's user from ip (when not ""), in lang.
func (s *testServer) ask(token, question, lang, ip string) reply {
	s.t.Helper()
	h := map[string]string{}
	if lang != "" {
		h["Accept-Language"] = lang
	}
	if ip != "" {
		h["X-Forwarded-For"] = ip
	}
	return s.do(call{method: "POST", path: "/api/v1/inquiries", token: token, body: mustJSON(s.t, map[string]string{"question": question}), header: h})
}

func TestInquiryAnswersFromTheFestivals(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		admin := s.admin()
		org := s.signUp("tokyo-organiser@example.com", "correct horse battery")
		s.approveFestival(admin, s.createFestival(org, map[string]any{"name": "Tokyo Shorts Week", "city": "Tokyo", "country": "JP", "location": "Shibuya, Tokyo"}))
		s.approveFestival(admin, s.createFestival(org, map[string]any{"name": "Lisbon Short Film Days"}))

		// Visitors are answered too, and so is an expired session (as a visitor).
		r := s.do(call{method: "POST", path: "/api/v1/inquiries", body: `{"question":"東京の映画祭"}`})
		expect(t, r, 200, "")
		if field(r, "answer") != "One festival on Marquee matches your question:" {
			t.Errorf("visitor's answer %s", r.raw)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/inquiries", token: "expired-or-forged", body: `{"question":"Tokyo"}`}), 200, "")

		u := s.signUp("asker@example.com", "correct horse battery")
		r = s.ask(u, "東京の映画祭", "ja", "")
		expect(t, r, 200, "")
		if field(r, "answer") != "Marquee でご質問に合う映画祭が1件見つかりました：" {
			t.Errorf("answer %v", field(r, "answer"))
		}
		fs, _ := field(r, "festivals").([]any)
		if len(fs) != 1 {
			t.Fatalf("festivals %s", r.raw)
		}
		f := fs[0].(map[string]any)
		for _, k := range []string{"slug", "name", "startDate", "endDate", "location", "city", "country", "nextDeadline", "nextFee"} {
			if _, ok := f[k]; !ok {
				t.Errorf("festival lacks %s: %v", k, f)
			}
		}
		if f["slug"] != "tokyo-shorts-week" || f["name"] != "Tokyo Shorts Week" || f["country"] != "JP" || f["location"] != "Shibuya, Tokyo" ||
			f["city"] != "Tokyo" {
			t.Errorf("festival %v", f)
		}
		if _, ok := r.json["notice"]; ok {
			t.Errorf("notice without a fallback: %s", r.raw)
		}
		// Nothing matching: said so, in the request's language, with an empty list.
		r = s.ask(u, "火星の映画祭", "zh-CN", "")
		expect(t, r, 200, "")
		if field(r, "answer") != "Marquee 上暂时没有符合您问题的电影节。请换个说法或使用电影节搜索。" || !strings.Contains(string(r.raw), `"festivals":[]`) {
			t.Errorf("no match: %s", r.raw)
		}
	})
}

func TestInquiryRefusesBadQuestions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db, func(c *server.Config) { c.InquiryRatePerHour = 1 })
		u := s.signUp("asker@example.com", "correct horse battery")
		for _, tt := range []struct{ question, lang, msg string }{
			{"", "", "Ask a question about film festivals"},
			{" \n\t ", "", "Ask a question about film festivals"},
			{strings.Repeat("a", 1001), "", "Question must be at most 1,000 characters"},
			{strings.Repeat("映", 1001), "ja", "質問は1,000文字以内で入力してください"},
		} {
			expectFieldError(t, s.ask(u, tt.question, tt.lang, ""), "question", tt.msg)
		}
		expect(t, s.do(call{method: "POST", path: "/api/v1/inquiries", token: u, body: `{"question":12}`}), 400, "")
		// Refused questions did not count: the one allowed is still there.
		expect(t, s.ask(u, strings.Repeat("映", 1000), "ja", ""), 200, "")
	})
}

func TestInquiryRateLimits(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db, func(c *server.Config) { c.InquiryRatePerHour = 2; c.InquiryVisitorRatePerHour = 2; c.TrustProxy = true })
		a := s.signUp("a@example.com", "correct horse battery")
		expect(t, s.ask(a, "Festivals in Tokyo", "", "203.0.113.7"), 200, "")
		expect(t, s.ask(a, "Festivals in Tokyo", "", "203.0.113.7"), 200, "")
		r := s.ask(a, "Festivals in Tokyo", "ja", "198.51.100.1")
		expect(t, r, 429, "質問が多すぎます。しばらくしてからもう一度お試しください。")
		if r.header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		// Per client address: four times a user's, whoever asks (a's
		// refused question counted on its address too).
		var last reply
		for i, email := range []string{"b@example.com", "c@example.com", "d@example.com", "e@example.com", "f@example.com", "g@example.com", "h@example.com"} {
			last = s.ask(s.signUp(email, "correct horse battery"), "Festivals in Tokyo", "", "203.0.113.7")
			if i < 6 && last.status != 200 {
				t.Fatalf("user %d: %d %s", i, last.status, last.raw)
			}
		}
		expect(t, last, 429, "Too many questions from your network. Try again later.")

		// Visitors: per address at their own rate, whatever their session says.
		expect(t, s.ask("", "Festivals in Tokyo", "", "192.0.2.1"), 200, "")
		expect(t, s.ask("forged", "Festivals in Tokyo", "", "192.0.2.1"), 200, "")
		expect(t, s.ask("", "Festivals in Tokyo", "zh", "192.0.2.1"), 429, "您在这一小时内提问较多。登录后可以继续提问，或稍后再试。")
		expect(t, s.ask("", "Festivals in Tokyo", "", "192.0.2.2"), 200, "")
	})
}
