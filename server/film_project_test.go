package server_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee/server"
)

// TestFilmSpecsAndStillsOverHTTP: the owner sets specs and adds, orders
// and deletes stills; a second account gets 404 on each and sees nothing.
func TestFilmSpecsAndStillsOverHTTP(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db, func(c *server.Config) { c.UploadDir = t.TempDir() })
	owner := s.signUp("maker@example.com", "password123")
	other := s.signUp("other@example.com", "password123")
	id := s.createFilm(owner, filmJSON)
	base := fmt.Sprintf("/api/v1/films/%d", id)
	specs := `{"trailerUrl":"https://vimeo.example/t","completionDate":"2025-10-01","aspectRatio":"1.85:1","sound":"5.1","shootingFormat":"16 mm",
		"languages":["Japanese"],"subtitles":["English","中文"],"firstTime":true,"student":false,"premiere":"world",
		"history":[{"festival":"Busan Shorts","year":2025,"award":"Jury prize"}]}`

	expect(t, s.do(call{method: "PUT", path: base + "/specs", token: other, body: specs}), 404, "Film not found")
	expect(t, s.do(call{method: "PUT", path: base + "/specs", body: specs}), 401, "")
	r := s.do(call{method: "PUT", path: base + "/specs", token: owner, body: `{"trailerUrl":"http://x.example"}`, header: map[string]string{"Accept-Language": "ja"}})
	if r.status != 400 || field(r, "fields", "trailerUrl") != "予告編のURLは https:// で始まるアドレスを入力してください" {
		t.Fatalf("http trailer: %d %s", r.status, r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: base + "/specs", token: owner, body: `{"trailer":"https://x.example"}`}), 400, "")
	r = s.do(call{method: "PUT", path: base + "/specs", token: owner, body: specs})
	if r.status != 200 || field(r, "film", "specs", "sound") != "5.1" || field(r, "film", "specs", "history").([]any)[0].(map[string]any)["award"] != "Jury prize" {
		t.Fatalf("specs: %d %s", r.status, r.raw)
	}

	// Stills: raw bytes like a poster; another account can neither add
	// nor see the film's.
	raw := map[string]string{"Content-Type": "image/png"}
	expect(t, s.do(call{method: "POST", path: base + "/stills", token: other, body: string(pngBytes(t)), header: raw}), 404, "Film not found")
	expect(t, s.do(call{method: "POST", path: base + "/stills", token: owner, body: "a=b", header: map[string]string{"Content-Type": "application/x-www-form-urlencoded"}}), 415, "")
	var ids []float64
	for range 2 {
		r = s.do(call{method: "POST", path: base + "/stills", token: owner, body: string(jpegBytes(t)), header: raw})
		if r.status != 201 {
			t.Fatalf("add still: %d %s", r.status, r.raw)
		}
		stills := field(r, "film", "stills").([]any)
		ids = append(ids, stills[len(stills)-1].(map[string]any)["id"].(float64))
	}
	card := field(r, "film", "stills").([]any)[0].(map[string]any)["images"].(map[string]any)["card"].(map[string]any)["url"].(string)
	got := s.do(call{method: "GET", path: card})
	if got.status != 200 || got.header.Get("Content-Type") != "image/jpeg" || got.header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("still served: %d %v", got.status, got.header)
	}
	if got := s.do(call{method: "GET", path: strings.Replace(card, "/media/stills/", "/media/posters/", 1)}); got.status != 404 {
		t.Fatalf("a still served as a poster: %d", got.status)
	}
	order := fmt.Sprintf(`{"ids":[%d,%d]}`, int64(ids[1]), int64(ids[0]))
	expect(t, s.do(call{method: "PUT", path: base + "/stills/order", token: other, body: order}), 404, "Film not found")
	r = s.do(call{method: "PUT", path: base + "/stills/order", token: owner, body: order})
	if r.status != 200 || field(r, "film", "stills").([]any)[0].(map[string]any)["id"] != ids[1] {
		t.Fatalf("order: %d %s", r.status, r.raw)
	}
	expect(t, s.do(call{method: "PUT", path: base + "/stills/order", token: owner, body: fmt.Sprintf(`{"ids":[%d]}`, int64(ids[1]))}), 400, "List every still of the film once")
	expect(t, s.do(call{method: "DELETE", path: fmt.Sprintf("%s/stills/%d", base, int64(ids[0])), token: other}), 404, "Film not found")
	r = s.do(call{method: "DELETE", path: fmt.Sprintf("%s/stills/%d", base, int64(ids[0])), token: owner})
	if r.status != 200 || len(field(r, "film", "stills").([]any)) != 1 {
		t.Fatalf("delete still: %d %s", r.status, r.raw)
	}
	expect(t, s.do(call{method: "DELETE", path: fmt.Sprintf("%s/stills/%d", base, int64(ids[0])), token: owner}), 404, "Still not found")
	// The other account cannot read the film (not public) at all.
	expect(t, s.do(call{method: "GET", path: base, token: other}), 404, "Film not found")
}

// TestEntryRulesOverHTTP: the organiser sets rules and limits (another
// organiser: 404); the filmmaker reads them, is refused with one message
// per failed limit in their language before any credit moves, and must
// accept the rules to submit.
func TestEntryRulesOverHTTP(t *testing.T) {
	w := newSubWorld(t)
	ja := map[string]string{"Accept-Language": "ja"}
	rules := `{"terms":"Rights holders only.","limits":{"minRuntime":5,"maxRuntime":30,"completedAfter":"2025-01-01","countries":["JP"],"premiere":"national"},"categories":[]}`
	expect(t, w.do(call{method: "PUT", path: w.manage("/entry-rules"), token: w.rival, body: rules}), 404, "")
	expect(t, w.do(call{method: "GET", path: w.manage("/entry-rules"), token: w.rival}), 404, "")
	expect(t, w.do(call{method: "PUT", path: w.manage("/entry-rules"), token: w.maker, body: rules}), 404, "")
	r := w.do(call{method: "PUT", path: w.manage("/entry-rules"), token: w.org, body: rules})
	if r.status != 200 || field(r, "limits", "maxRuntime") != 30.0 {
		t.Fatalf("put rules: %d %s", r.status, r.raw)
	}
	r = w.do(call{method: "GET", path: "/api/v1/festivals/" + w.fest.Slug + "/entry-rules"})
	if r.status != 200 || field(r, "terms") != "Rights holders only." {
		t.Fatalf("public rules: %d %s", r.status, r.raw)
	}
	expect(t, w.do(call{method: "GET", path: "/api/v1/festivals/no-such/entry-rules"}), 404, "")

	body := strings.Replace(w.entries(w.makerFilm, "", 0), `"waiverCode"`, `"acceptRules":true,"waiverCode"`, 1)
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: body, header: ja})
	if r.status != 400 || field(r, "message") != "この作品は映画祭の応募条件を満たしていません" ||
		field(r, "fields", "eligibility.0.runtime") != "Kyoto Shortsは上映時間の入力を求めています。先に作品に上映時間を追加してください" ||
		field(r, "fields", "eligibility.0.completion") != "Kyoto Shortsは2025-01-01以降に完成した作品のみ受け付けます" ||
		field(r, "fields", "eligibility.0.premiere") != "Kyoto Shortsは開催国で未上映の作品(ナショナルプレミア)のみ受け付けます" {
		t.Fatalf("not eligible: %d %s", r.status, r.raw)
	}
	if field(r, "fields", "eligibility.0.country") != nil {
		t.Fatalf("a JP film refused by country: %s", r.raw)
	}
	if _, err := w.raw.Exec(`UPDATE films SET runtime_minutes = 12, specs = '{"completionDate":"2025-05-01","premiere":"world"}' WHERE id = ?`, w.makerFilm); err != nil {
		t.Fatal(err)
	}
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0)})
	if r.status != 400 || field(r, "fields", "acceptRules") != "Accept the festival's rules and terms to submit" {
		t.Fatalf("rules not accepted: %d %s", r.status, r.raw)
	}
	r = w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: body})
	if r.status != 201 || field(r, "balance") != 15.0 || field(r, "submissions").([]any)[0].(map[string]any)["rulesAcceptedAt"] == nil {
		t.Fatalf("submit: %d %s", r.status, r.raw)
	}
	// The organiser sees the film's specs on the entry.
	id := int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))
	r = w.do(call{method: "GET", path: w.manage(fmt.Sprintf("/submissions/%d", id)), token: w.org})
	if r.status != 200 || field(r, "film", "specs", "premiere") != "world" || field(r, "submission", "rulesAcceptedAt") == nil {
		t.Fatalf("detail: %d %s", r.status, r.raw)
	}
}

// TestSavedFestivalsOverHTTP: save, list with the next deadline, unsave;
// each account its own list.
func TestSavedFestivalsOverHTTP(t *testing.T) {
	w := newSubWorld(t)
	path := "/api/v1/saved-festivals/" + w.fest.Slug
	expect(t, w.do(call{method: "PUT", path: path}), 401, "")
	if r := w.do(call{method: "PUT", path: path, token: w.maker}); r.status != http.StatusNoContent {
		t.Fatalf("save: %d %s", r.status, r.raw)
	}
	expect(t, w.do(call{method: "PUT", path: "/api/v1/saved-festivals/no-such", token: w.maker}), 404, "")
	r := w.do(call{method: "GET", path: "/api/v1/saved-festivals", token: w.maker})
	items, _ := field(r, "items").([]any)
	if r.status != 200 || len(items) != 1 || items[0].(map[string]any)["nextDeadline"] != "2026-03-01" || items[0].(map[string]any)["tier"] != "early" {
		t.Fatalf("list: %d %s", r.status, r.raw)
	}
	r = w.do(call{method: "GET", path: "/api/v1/saved-festivals", token: w.other})
	if items, _ := field(r, "items").([]any); r.status != 200 || len(items) != 0 {
		t.Fatalf("second account's list: %d %s", r.status, r.raw)
	}
	if r := w.do(call{method: "DELETE", path: path, token: w.maker}); r.status != http.StatusNoContent {
		t.Fatalf("unsave: %d", r.status)
	}
	r = w.do(call{method: "GET", path: "/api/v1/saved-festivals", token: w.maker})
	if items, _ := field(r, "items").([]any); len(items) != 0 {
		t.Fatalf("after unsave: %s", r.raw)
	}
}

// TestLaurelOverHTTP: the film's owner downloads the laurel of a selected
// entry as an SVG attachment; the organiser and another filmmaker get 404.
func TestLaurelOverHTTP(t *testing.T) {
	w := newSubWorld(t)
	r := w.do(call{method: "POST", path: "/api/v1/submissions", token: w.maker, body: w.entries(w.makerFilm, "", 0)})
	if r.status != 201 {
		t.Fatalf("submit: %d %s", r.status, r.raw)
	}
	id := int64(field(r, "submissions").([]any)[0].(map[string]any)["id"].(float64))
	laurel := fmt.Sprintf("/api/v1/submissions/%d/laurel/svg", id)
	expect(t, w.do(call{method: "GET", path: laurel, token: w.maker}), 400, "Only a selected or awarded film has a laurel")
	r = w.do(call{method: "POST", path: w.manage("/submissions/decision"), token: w.org, body: fmt.Sprintf(`{"ids":[%d],"status":"selected"}`, id)})
	if r.status != 200 {
		t.Fatalf("decide: %d %s", r.status, r.raw)
	}
	for _, tok := range []string{w.org, w.other, w.rival} {
		expect(t, w.do(call{method: "GET", path: laurel, token: tok}), 404, "")
	}
	expect(t, w.do(call{method: "GET", path: laurel}), 401, "")
	expect(t, w.do(call{method: "GET", path: fmt.Sprintf("/api/v1/submissions/%d/laurel/gif", id), token: w.maker}), 404, "")
	r = w.do(call{method: "GET", path: laurel, token: w.maker})
	if r.status != 200 || r.header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(r.header.Get("Content-Disposition"), `filename="kyoto-shorts-2026-laurel.svg"`) ||
		!strings.Contains(string(r.raw), "OFFICIAL SELECTION") || !strings.Contains(r.header.Get("Content-Security-Policy"), "default-src 'none'") {
		t.Fatalf("laurel: %d %v %s", r.status, r.header, r.raw)
	}
}
