package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestSubmissionManagementOverHTTP walks issue 30's organiser routes:
// questions answered at submission (errors per question, in the caller's
// language), shown in the detail and the CSV; a custom status set and
// filtered on; a deadline extension; decision texts; a thread; a bulk
// message. A second organiser and another filmmaker get 404 on each and
// see nothing.
func TestSubmissionManagementOverHTTP(t *testing.T) {
	w := newSubWorld(t)
	ja := map[string]string{"Accept-Language": "ja"}

	// Questions: refused with a message per question, then saved.
	r := w.do(call{method: "PUT", path: w.manage("/questions"), token: w.org, header: ja,
		body: `{"questions":[{"kind":"short_text","label":""},{"kind":"choice","label":"Format","options":["DCP"]}]}`})
	expect(t, r, http.StatusBadRequest, "")
	if f := field(r, "fields").(map[string]any); f["questions.0.label"] != "質問を入力してください" || f["questions.1.options"] == nil {
		t.Fatalf("fields %v", f)
	}
	r = w.do(call{method: "PUT", path: w.manage("/questions"), token: w.org,
		body: `{"questions":[{"kind":"choice","label":"Format","required":true,"options":["DCP","ProRes"]},{"kind":"yes_no","label":"Premiere?"}]}`})
	expect(t, r, http.StatusOK, "")
	qs := field(r, "questions").([]any)
	q1 := int64(qs[0].(map[string]any)["id"].(float64))
	expect(t, w.do(call{method: "PUT", path: w.manage("/questions"), token: w.rival, body: `{"questions":[]}`}), http.StatusNotFound, "")
	r = w.do(call{method: "GET", path: "/api/v1/festivals/" + w.fest.Slug + "/questions", token: w.maker})
	if r.status != 200 || len(field(r, "questions").([]any)) != 2 {
		t.Fatalf("filmmaker's questions %d %s", r.status, r.raw)
	}

	// Submitting without the required answer: 400 naming the question; then with it.
	entry := fmt.Sprintf(`{"filmId":%d,"entries":[{"festivalId":%d,"categoryId":%d}]`, w.makerFilm, w.fest.ID, w.fest.Categories[0].ID)
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, header: ja, body: entry + `,"answers":[{"questionId":` + fmt.Sprint(q1) + `,"value":"VHS"}]}`})
	expect(t, r, http.StatusBadRequest, "")
	if f := field(r, "fields").(map[string]any); f[fmt.Sprintf("answers.%d", q1)] != "選択肢から1つ選んでください" {
		t.Fatalf("answer fields %v", f)
	}
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: entry + `,"answers":[{"questionId":` + fmt.Sprint(q1) + `,"value":"ProRes"}]}`})
	expect(t, r, http.StatusCreated, "")
	sub := int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))
	subPath := w.manage(fmt.Sprintf("/submissions/%d", sub))
	r = w.do(call{method: "GET", path: subPath, token: w.org})
	expect(t, r, http.StatusOK, "")
	if a := field(r, "answers").([]any); len(a) != 1 || a[0].(map[string]any)["value"] != "ProRes" {
		t.Fatalf("detail answers %s", r.raw)
	}
	r = w.do(call{method: "GET", path: w.manage("/submissions.csv"), token: w.org})
	if lines := strings.Split(string(r.raw), "\n"); r.status != 200 || !strings.HasSuffix(strings.TrimSpace(lines[0]), ",entry status,Format,Premiere?") ||
		!strings.HasSuffix(strings.TrimSpace(lines[1]), ",,ProRes,") {
		t.Fatalf("csv %d %s", r.status, r.raw)
	}

	// A custom status, set on the entry, filtered on.
	r = w.do(call{method: "POST", path: w.manage("/statuses"), token: w.org, body: `{"name":"Shortlist","notify":true}`})
	expect(t, r, http.StatusCreated, "")
	status := int64(field(r, "status", "id").(float64))
	expect(t, w.do(call{method: "POST", path: w.manage("/statuses"), token: w.rival, body: `{"name":"Shortlist"}`}), http.StatusNotFound, "")
	expect(t, w.do(call{method: "POST", path: w.manage("/submissions/entry-status"), token: w.rival,
		body: fmt.Sprintf(`{"ids":[%d],"statusId":%d}`, sub, status)}), http.StatusNotFound, "")
	expect(t, w.do(call{method: "POST", path: w.manage("/submissions/entry-status"), token: w.org,
		body: fmt.Sprintf(`{"ids":[%d],"statusId":%d}`, sub, status)}), http.StatusNoContent, "")
	r = w.do(call{method: "GET", path: w.manage(fmt.Sprintf("/submissions?entryStatus=%d", status)), token: w.org})
	if r.status != 200 || field(r, "total") != 1.0 {
		t.Fatalf("filtered %d %s", r.status, r.raw)
	}
	expect(t, w.do(call{method: "GET", path: w.manage("/statuses"), token: w.rival}), http.StatusNotFound, "")

	// A deadline extension for the other filmmaker, after the deadlines.
	w.db.Clock.Set(w.db.Clock.Now().AddDate(0, 2, 0)) // past the sessions' life too: sign in again
	w.org, w.rival = w.logIn("org@example.com", "password-123"), w.logIn("rival@example.com", "password-123")
	w.maker, w.other = w.logIn("maker@example.com", "password-123"), w.logIn("other@example.com", "password-123")
	other := fmt.Sprintf(`{"filmId":%d,"entries":[{"festivalId":%d,"categoryId":%d}],"answers":[{"questionId":%d,"value":"DCP"}]}`,
		w.otherFilm, w.fest.ID, w.fest.Categories[1].ID, q1)
	expect(t, w.do(call{method: "POST", path: "/api/v1/submissions", token: w.other, body: other}), http.StatusBadRequest, "has passed")
	until := w.db.Clock.Now().AddDate(0, 0, 3).Format("2006-01-02")
	expect(t, w.do(call{method: "POST", path: w.manage("/extensions"), token: w.rival,
		body: `{"filmmakerEmail":"other@example.com","until":"` + until + `"}`}), http.StatusNotFound, "")
	r = w.do(call{method: "POST", path: w.manage("/extensions"), token: w.org, body: `{"filmmakerEmail":"other@example.com","until":"` + until + `"}`})
	expect(t, r, http.StatusCreated, "")
	expect(t, w.do(call{method: "POST", path: "/api/v1/submissions", token: w.other, body: other}), http.StatusCreated, "")
	r = w.do(call{method: "GET", path: w.manage("/activity"), token: w.org})
	if r.status != 200 || !strings.Contains(string(r.raw), `"deadline.extend"`) {
		t.Fatalf("activity %d %s", r.status, r.raw)
	}

	// Decision texts: an unknown placeholder is named.
	r = w.do(call{method: "PUT", path: w.manage("/notice-texts"), token: w.org, header: ja,
		body: `{"status":"selected","language":"ja","subject":"{{film}}","body":"{{director}}様"}`})
	expect(t, r, http.StatusBadRequest, "{{director}}")
	r = w.do(call{method: "PUT", path: w.manage("/notice-texts"), token: w.org,
		body: `{"status":"selected","language":"en","subject":"{{film}} is in","body":"Dear {{filmmaker}}, welcome."}`})
	if r.status != 200 || len(field(r, "texts").([]any)) != 1 || len(field(r, "defaults").([]any)) != 15 {
		t.Fatalf("notice texts %d %s", r.status, r.raw)
	}
	expect(t, w.do(call{method: "GET", path: w.manage("/notice-texts"), token: w.rival}), http.StatusNotFound, "")

	// The thread: the filmmaker writes, the team answers; strangers see nothing.
	thread := fmt.Sprintf("/api/v1/submissions/%d/messages", sub)
	expect(t, w.do(call{method: "POST", path: thread, token: w.maker, body: `{"body":"Is a DCP needed?"}`}), http.StatusCreated, "")
	expect(t, w.do(call{method: "POST", path: subPath + "/messages", token: w.org, body: `{"body":"Yes please."}`}), http.StatusCreated, "")
	r = w.do(call{method: "GET", path: thread, token: w.maker})
	if r.status != 200 || len(field(r, "messages").([]any)) != 2 {
		t.Fatalf("thread %d %s", r.status, r.raw)
	}
	for _, c := range []call{
		{method: "GET", path: thread, token: w.other},
		{method: "POST", path: thread, token: w.other, body: `{"body":"hi"}`},
		{method: "GET", path: subPath + "/messages", token: w.rival},
		{method: "POST", path: subPath + "/messages", token: w.rival, body: `{"body":"hi"}`},
	} {
		r := w.do(c)
		if r.status != http.StatusNotFound || strings.Contains(string(r.raw), "DCP") {
			t.Fatalf("%s %s by a stranger: %d %s", c.method, c.path, r.status, r.raw)
		}
	}

	// A bulk message: previewed in three languages, sent once to each entrant.
	bulk := `{"subject":"Programme","body":"The programme is out.","selection":{}}`
	r = w.do(call{method: "POST", path: w.manage("/bulk-messages/preview"), token: w.org, body: bulk})
	if r.status != 200 || field(r, "recipients") != 2.0 || len(field(r, "previews").([]any)) != 3 {
		t.Fatalf("preview %d %s", r.status, r.raw)
	}
	// Sending needs the key made with the preview: without one, a translated 400 and nothing sent.
	r = w.do(call{method: "POST", path: w.manage("/bulk-messages"), token: w.org, header: ja, body: bulk})
	expect(t, r, http.StatusBadRequest, "")
	if f := field(r, "fields").(map[string]any); f["key"] != "この送信には有効なキーがありません。ページを再読み込みしてやり直してください" {
		t.Fatalf("no key: fields %v", f)
	}
	send := `{"subject":"Programme","body":"The programme is out.","selection":{},"key":"0f8e2a64-3c1b-4d6e-9a7f-5b2c8d1e4f30"}`
	expect(t, w.do(call{method: "POST", path: w.manage("/bulk-messages"), token: w.rival, body: send}), http.StatusNotFound, "")
	r = w.do(call{method: "POST", path: w.manage("/bulk-messages"), token: w.org, body: send})
	if r.status != http.StatusCreated || field(r, "recipients") != 2.0 {
		t.Fatalf("bulk %d %s", r.status, r.raw)
	}
	first := field(r, "id")
	bulkMails := func() int {
		var n int
		if err := w.raw.QueryRow(`SELECT COUNT(*) FROM mail_outbox WHERE kind = 'bulk-message'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := bulkMails(); n != 2 {
		t.Fatalf("%d bulk e-mails", n)
	}
	// The same send again (a retry, another tab): 200, the first send, no e-mail.
	r = w.do(call{method: "POST", path: w.manage("/bulk-messages"), token: w.org, body: send})
	if r.status != http.StatusOK || field(r, "id") != first || field(r, "recipients") != 2.0 {
		t.Fatalf("repeat %d %s", r.status, r.raw)
	}
	if n := bulkMails(); n != 2 {
		t.Fatalf("%d bulk e-mails after a repeat", n)
	}
}

// TestMessagesAreRateLimited: a user's 31st message in ten minutes is
// refused (429) and not written.
func TestMessagesAreRateLimited(t *testing.T) {
	w := newSubWorld(t)
	r := w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0)})
	expect(t, r, http.StatusCreated, "")
	thread := fmt.Sprintf("/api/v1/submissions/%d/messages", int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64)))
	for i := range 30 {
		expect(t, w.do(call{method: "POST", path: thread, token: w.maker, body: fmt.Sprintf(`{"body":"message %d"}`, i)}), http.StatusCreated, "")
	}
	expect(t, w.do(call{method: "POST", path: thread, token: w.maker, body: `{"body":"one too many"}`}), http.StatusTooManyRequests, "")
	var n int
	if err := w.raw.QueryRow(`SELECT COUNT(*) FROM submission_messages`).Scan(&n); err != nil || n != 30 {
		t.Fatalf("%d messages %v", n, err)
	}
}
