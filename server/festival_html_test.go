package server_test

import (
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// builtIndex is index.html as Vite writes it: the generic title and
// description, which a festival page's own tags replace.
const builtIndex = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Marquee: discover film festivals, submit films and run your festival." />
    <title>Marquee</title>
    <script type="module" crossorigin src="/assets/index-abc12.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`

func newMetaServer(t *testing.T, db *storetest.DB, publicURL string) *testServer {
	db.Clock.Set(festivalNow)
	return newTestServer(t, db, func(c *server.Config) {
		c.PublicURL = publicURL
		c.Web = fstest.MapFS{"index.html": {Data: []byte(builtIndex)}}
	})
}

// headOf returns the document's head (up to </head>).
func headOf(t *testing.T, r reply) string {
	t.Helper()
	head, _, ok := strings.Cut(string(r.raw), "</head>")
	if !ok {
		t.Fatalf("no head in %s", r.raw)
	}
	return head
}

// TestFestivalPageMetaTags: /festival/{slug} is the app's HTML with the
// festival's title, description, canonical link, Open Graph and Twitter
// tags in its head, every value escaped (a name and description that try
// to close the attribute or the title stay text), each tag once (the
// generic ones replaced), absolute URLs on the configured address, the
// reader's language as og:locale; the document is revalidated by ETag and
// follows an approved change at once. A pending or unknown festival is 404
// with the generic tags and nothing of the festival.
func TestFestivalPageMetaTags(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newMetaServer(t, db, "https://marquee.example/")
		admin := s.admin()
		org := s.signUp("organiser@example.com", "password-1")
		evil := `Kino "Noir" <script>alert(1)</script> & Friends`
		long := strings.Repeat("Films by the river & the sea. ", 10)
		f := s.createFestival(org, map[string]any{"name": evil, "description": "<b>Bold</b> \"quoted\"\n\n" + long})

		// Pending: the generic page, 404, nothing of the festival.
		r := s.do(call{method: "GET", path: "/festival/" + f.slug})
		if r.status != 404 || !strings.Contains(string(r.raw), "<title>Marquee</title>") || strings.Contains(string(r.raw), "Noir") ||
			!strings.Contains(string(r.raw), `<div id="root">`) {
			t.Fatalf("pending festival: %d %s", r.status, r.raw)
		}
		for _, path := range []string{"/festival/no-such-festival", "/festival/%3Cscript%3E"} {
			r = s.do(call{method: "GET", path: path})
			if r.status != 404 || !strings.Contains(string(r.raw), "<title>Marquee</title>") || strings.Contains(string(r.raw), "og:url") {
				t.Fatalf("%s: %d %s", path, r.status, r.raw)
			}
		}

		s.approveFestival(admin, f)
		r = s.do(call{method: "GET", path: "/festival/" + f.slug})
		if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/html") || r.header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("approved festival: %d %v", r.status, r.header)
		}
		head := headOf(t, r)
		escapedName := `Kino &#34;Noir&#34; &lt;script&gt;alert(1)&lt;/script&gt; &amp; Friends`
		wantDesc := `&lt;b&gt;Bold&lt;/b&gt; &#34;quoted&#34; ` + strings.Repeat("Films by the river &amp; the sea. ", 4)
		canonical := "https://marquee.example/festival/" + f.slug
		for _, want := range []string{
			`<title>` + escapedName + ` | Marquee</title>`,
			`<link rel="canonical" href="` + canonical + `" />`,
			`<meta property="og:type" content="website" />`,
			`<meta property="og:title" content="` + escapedName + `" />`,
			`<meta property="og:url" content="` + canonical + `" />`,
			`<meta property="og:image" content="https://marquee.example/images/og/marquee.png" />`,
			`<meta property="og:locale" content="en_US" />`,
			`<meta property="og:locale:alternate" content="ja_JP" />`,
			`<meta property="og:locale:alternate" content="zh_CN" />`,
			`<meta name="twitter:card" content="summary_large_image" />`,
			`<meta name="twitter:title" content="` + escapedName + `" />`,
			`<meta name="twitter:image" content="https://marquee.example/images/og/marquee.png" />`,
			`<meta name="description" content="` + wantDesc,
			`<meta property="og:description" content="` + wantDesc,
			`<meta name="twitter:description" content="` + wantDesc,
			`<meta charset="UTF-8" />`, `<script type="module" crossorigin src="/assets/index-abc12.js"></script>`,
		} {
			if !strings.Contains(head, want) {
				t.Errorf("head lacks %s\n%s", want, head)
			}
		}
		if strings.Contains(string(r.raw), "<script>alert") || strings.Contains(head, "discover film festivals, submit films") {
			t.Fatalf("unescaped value or generic description left:\n%s", head)
		}
		for _, once := range []string{"<title>", `name="description"`, `property="og:title"`, `rel="canonical"`} {
			if n := strings.Count(head, once); n != 1 {
				t.Errorf("%s %d times", once, n)
			}
		}
		// The description is cut to 157 characters and an ellipsis.
		_, rest, _ := strings.Cut(head, `<meta name="description" content="`)
		desc, _, _ := strings.Cut(rest, `"`)
		if n := len([]rune(strings.NewReplacer("&lt;", "<", "&gt;", ">", "&#34;", `"`, "&amp;", "&").Replace(desc))); n != 158 || !strings.HasSuffix(desc, "…") {
			t.Errorf("description of %d characters: %q", n, desc)
		}

		// Revalidated by ETag; the reader's language is og:locale (Vary).
		etag := r.header.Get("ETag")
		if nm := s.do(call{method: "GET", path: "/festival/" + f.slug, header: map[string]string{"If-None-Match": etag}}); nm.status != 304 {
			t.Fatalf("If-None-Match: %d", nm.status)
		}
		ja := s.do(call{method: "GET", path: "/festival/" + f.slug, header: map[string]string{"Accept-Language": "ja-JP,ja;q=0.9"}})
		if !strings.Contains(headOf(t, ja), `<meta property="og:locale" content="ja_JP" />`) || ja.header.Get("ETag") == etag ||
			!strings.Contains(ja.header.Get("Vary"), "Accept-Language") {
			t.Fatalf("ja: %v\n%s", ja.header, headOf(t, ja))
		}

		// Gzipped when asked, the same document.
		req, _ := http.NewRequest("GET", s.url+"/festival/"+f.slug, nil)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		if res.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("not gzipped: %v", res.Header)
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		if body, _ := io.ReadAll(zr); string(body) != string(r.raw) {
			t.Fatal("gzipped document differs")
		}

		// A change the admins approve shows at once.
		r = s.do(call{method: "PUT", path: "/api/v1/manage/festivals/" + f.slug, token: org,
			body: detailsBody(f.version+1, map[string]any{"name": "Lisbon Shorts", "description": ""})})
		expect(t, r, 200, "")
		rev := field(r, "festival", "revision", "id").(float64)
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + f.id + "/revision/approve", token: admin,
			body: fmt.Sprintf(`{"revisionId":%d}`, int64(rev))}), 200, "")
		r = s.do(call{method: "GET", path: "/festival/" + f.slug, header: map[string]string{"Accept-Language": "zh-CN"}})
		head = headOf(t, r)
		if !strings.Contains(head, `<title>Lisbon Shorts | Marquee</title>`) ||
			!strings.Contains(head, `<meta name="description" content="Lisbon Shorts：在 Marquee 查看举办日期、地点、单元和投稿截止日期。" />`) {
			t.Fatalf("after the approved change:\n%s", head)
		}
	})
}

// TestFestivalPageMetaTagsWithoutPublicURL: without MARQUEE_PUBLIC_URL the
// absolute URLs are the request's address; the test build's index.html,
// which has no head element, gets the tags in place of its title.
func TestFestivalPageMetaTagsWithoutPublicURL(t *testing.T) {
	db := sqliteDB(t)
	s := newFestivalServer(t, db)
	admin := s.admin()
	org := s.signUp("organiser@example.com", "password-1")
	f := s.createFestival(org, nil)
	s.approveFestival(admin, f)
	r := s.do(call{method: "GET", path: "/festival/" + f.slug})
	body := string(r.raw)
	base := s.url
	if r.status != 200 || !strings.HasPrefix(body, "<!doctype html><title>Lisbon Short Film Days | Marquee</title>") ||
		!strings.Contains(body, `<meta property="og:url" content="`+base+"/festival/"+f.slug+`" />`) ||
		!strings.Contains(body, `<meta property="og:image" content="`+base+`/images/og/marquee.png" />`) ||
		!strings.HasSuffix(body, "<div id=root></div>") || strings.Count(body, "<title>") != 1 {
		t.Fatalf("%d\n%s", r.status, body)
	}
}
