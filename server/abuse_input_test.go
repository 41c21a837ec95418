package server_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

// rawDo sends exactly body and headers (no Content-Type unless given,
// unlike do), as a browser's form post or a hand-made client would.
func (s *testServer) rawDo(method, path string, body []byte, headers map[string]string) reply {
	s.t.Helper()
	req, err := http.NewRequest(method, s.url+path, bytes.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	r := reply{status: res.StatusCode, header: res.Header, raw: raw}
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		_ = json.Unmarshal(raw, &r.json)
	}
	return r
}

// userCount is the number of accounts stored.
func userCount(t *testing.T, db *storetest.DB) int64 {
	t.Helper()
	p, err := db.Users.ListUsers(adminCtx(t), marquee.UserFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return p.Total
}

// TestSignUpRefusesInvalidUTF8 holds that a body whose text is not valid
// UTF-8, or that escapes a lone surrogate, is refused with 400 before it is
// decoded (encoding/json would make it U+FFFD) and that nothing is stored.
func TestSignUpRefusesInvalidUTF8(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newTestServer(t, db)
		for name, body := range map[string]string{
			"invalid byte in the e-mail":    "{\"email\":\"\xff@example.com\",\"password\":\"password-1\"}",
			"invalid byte in the password":  "{\"email\":\"a@example.com\",\"password\":\"password-1\xfe\"}",
			"lone low surrogate escape":     `{"email":"\udc00@example.com","password":"password-1"}`,
			"lone high surrogate escape":    `{"email":"b@example.com","password":"password-\ud800x"}`,
			"high surrogate then not a low": `{"email":"c@example.com","password":"password-\ud800\u0041"}`,
		} {
			r := s.rawDo("POST", "/api/v1/user/register", []byte(body), map[string]string{"Content-Type": "application/json"})
			expect(t, r, http.StatusBadRequest, "The request contains text that is not valid UTF-8")
			if field(r, "code") != marquee.EInvalid {
				t.Errorf("%s: code %v", name, field(r, "code"))
			}
		}
		if n := userCount(t, db); n != 0 {
			t.Fatalf("%d accounts stored from invalid text", n)
		}
		// The U+FFFD the decoder would have made is not an account either.
		r := s.do(call{method: "POST", path: "/api/v1/user/login", body: `{"email":"\ufffd@example.com","password":"password-1"}`})
		expect(t, r, http.StatusUnauthorized, "")
		// A surrogate pair (an emoji) escaped correctly is text, and the
		// message is translated.
		expect(t, s.do(call{method: "POST", path: "/api/v1/user/register",
			body: `{"email":"d@example.com","password":"password-\ud83c\udfac","name":"Dee \ud83c\udfac"}`}), 201, "")
		r = s.rawDo("POST", "/api/v1/user/register", []byte("{\"email\":\"\xff@example.com\"}"),
			map[string]string{"Content-Type": "application/json", "Accept-Language": "ja"})
		expect(t, r, http.StatusBadRequest, "UTF-8 として正しくない")
	})
}

// TestSingleLineFieldsRefuseControlAndBidi holds that a festival name with
// U+202E (right-to-left override), a sign-up name with a line break and a
// contact subject with a control character are refused with the field
// named, and that a description of several lines is accepted.
func TestSingleLineFieldsRefuseControlAndBidi(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("org@example.com", "password-1")

		r := s.do(call{method: "POST", path: "/api/v1/festivals", token: token,
			body: festivalJSON(map[string]any{"name": "Lisbon \u202egnp.exe Days"})})
		expect(t, r, http.StatusBadRequest, "This field cannot contain text direction control characters")
		if field(r, "fields", "name") != "This field cannot contain text direction control characters" {
			t.Fatalf("fields %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/festivals", token: token,
			body: festivalJSON(map[string]any{"website": "https://a.example.org/\u2066x", "city": "Lis\nbon"})})
		expect(t, r, http.StatusBadRequest, "")
		if field(r, "fields", "city") != "This field cannot contain line breaks or control characters" ||
			field(r, "fields", "website") != "This field cannot contain text direction control characters" {
			t.Fatalf("fields %s", r.raw)
		}
		if list := s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: token}); strings.Contains(string(list.raw), "Lisbon") {
			t.Fatalf("refused festival stored: %s", list.raw)
		}

		// Several lines (LF, CR LF, a tab) in the description are kept.
		f := s.createFestival(token, map[string]any{"description": "Three days.\r\n\r\nBy the river:\n\tshorts and talks."})
		got := s.do(call{method: "GET", path: "/api/v1/manage/festivals/" + f.slug, token: token})
		if d := field(got, "festival", "description"); d != "Three days.\n\nBy the river:\n\tshorts and talks." {
			t.Fatalf("description %q", d)
		}

		r = s.do(call{method: "POST", path: "/api/v1/user/register", body: `{"email":"x@example.com","password":"password-1","name":"Eve\r\nAdmin"}`})
		expect(t, r, http.StatusBadRequest, "This field cannot contain line breaks or control characters")
		if field(r, "fields", "name") == nil {
			t.Fatalf("fields %s", r.raw)
		}
		r = s.do(call{method: "POST", path: "/api/v1/contact", body: `{"name":"Eve","email":"eve@example.com","subject":"Hi\u0007","message":"Line one\nline two, long enough."}`})
		expect(t, r, http.StatusBadRequest, "")
		if field(r, "fields", "subject") != "This field cannot contain line breaks or control characters" || field(r, "fields", "message") != nil {
			t.Fatalf("fields %s", r.raw)
		}
	})
}

// TestTitlesRefuseInvisibleCharacters holds that a festival name or a
// film title with a zero-width space, a byte order mark or a noncharacter
// is refused with the field named (in the caller's language), nothing
// stored, while a Persian title joined by ZWNJ and an emoji ZWJ sequence
// are kept as written.
func TestTitlesRefuseInvisibleCharacters(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("org@example.com", "password-1")
		const invisible = "This field cannot contain invisible characters such as zero-width spaces"

		r := s.do(call{method: "POST", path: "/api/v1/festivals", token: token,
			body: festivalJSON(map[string]any{"name": "Lisbon\u200bShort Film Days"})})
		expect(t, r, http.StatusBadRequest, invisible)
		if field(r, "fields", "name") != invisible {
			t.Fatalf("fields %s", r.raw)
		}
		if list := s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: token}); len(field(list, "items").([]any)) != 0 {
			t.Fatalf("refused festival stored: %s", list.raw)
		}

		film := func(title string, lang string) reply {
			b, _ := json.Marshal(map[string]any{"title": title})
			return s.do(call{method: "POST", path: "/api/v1/films", token: token, body: string(b), header: map[string]string{"Accept-Language": lang}})
		}
		for _, tc := range []struct{ title, lang, want string }{
			{"Tide\u200b", "en", invisible},
			{"\ufeffTide", "en", invisible},
			{"Tide\u200b", "ja", "この項目にはゼロ幅スペースなどの見えない文字を含められません"},
			{"Tide\uffff", "en", "This field cannot contain private-use characters or Unicode noncharacters"},
			{"Tide\u200e", "zh", "此字段不能包含文字方向控制字符"},
		} {
			r := film(tc.title, tc.lang)
			expect(t, r, http.StatusBadRequest, "")
			if field(r, "fields", "title") != tc.want {
				t.Errorf("title %+q (%s): fields %s", tc.title, tc.lang, r.raw)
			}
		}
		if list := s.do(call{method: "GET", path: "/api/v1/films", token: token}); strings.Contains(string(list.raw), "Tide") {
			t.Fatalf("refused film stored: %s", list.raw)
		}
		for _, title := range []string{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "Lab \U0001F469\U0001F3FD\u200d\U0001F4BB"} {
			r := film(title, "en")
			expect(t, r, http.StatusCreated, "")
			if field(r, "film", "title") != title {
				t.Errorf("title %+q stored as %s", title, r.raw)
			}
		}
	})
}

// TestTextPlainCookiePostRefused holds that a cookie-authenticated write
// with neither Origin nor Sec-Fetch-Site, sent as a form would send it
// (text/plain, urlencoded, multipart), gets 415 unsupported_media and
// changes nothing: the password stays, no festival is registered.
func TestTextPlainCookiePostRefused(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newFestivalServer(t, db)
		token := s.signUp("victim@example.com", "password-1")
		cookie := server.SessionCookie + "=" + token
		for _, ctype := range []string{"text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""} {
			h := map[string]string{"Cookie": cookie}
			if ctype != "" {
				h["Content-Type"] = ctype
			}
			r := s.rawDo("POST", "/api/v1/me/password", []byte(`{"currentPassword":"password-1","newPassword":"attacker-pw"}`), h)
			expect(t, r, http.StatusUnsupportedMediaType, "Send the request body as JSON")
			if field(r, "code") != marquee.EUnsupportedMedia {
				t.Fatalf("%q: code %v", ctype, field(r, "code"))
			}
			r = s.rawDo("POST", "/api/v1/festivals", []byte(festivalJSON(nil)), h)
			expect(t, r, http.StatusUnsupportedMediaType, "")
		}
		s.logIn("victim@example.com", "password-1")
		if list := s.do(call{method: "GET", path: "/api/v1/manage/festivals", token: token}); strings.Contains(string(list.raw), "Lisbon") {
			t.Fatalf("forged festival stored: %s", list.raw)
		}
		// The same call as JSON, charset allowed, goes through.
		r := s.rawDo("POST", "/api/v1/festivals", []byte(festivalJSON(nil)), map[string]string{"Cookie": cookie, "Content-Type": "application/json; charset=utf-8"})
		expect(t, r, http.StatusCreated, "")
		// The seed client's routes, called as its curl examples do.
		r = s.rawDo("POST", "/api/v1/festival/create", []byte(festivalJSON(map[string]any{"name": "Seed Days"})),
			map[string]string{"Authorization": "Bearer " + token, "Content-Type": "application/json"})
		expect(t, r, http.StatusCreated, "")
		// The message is translated.
		r = s.rawDo("POST", "/api/v1/contact", []byte(`{}`), map[string]string{"Content-Type": "text/plain", "Accept-Language": "zh"})
		expect(t, r, http.StatusUnsupportedMediaType, "application/json 标头")
	})
}

// TestJSONWriteExceptions holds the exceptions to JSON-only writes: a
// write without a body needs no Content-Type (logout, withdraw, accept),
// but an empty text/plain post is refused; the poster upload takes raw
// bytes of any type but a form's; the webhook still requires JSON.
func TestJSONWriteExceptions(t *testing.T) {
	db, _ := filmDB(t)
	s := newTestServer(t, db)
	token := s.signUp("maker@example.com", "password123")
	cookie := map[string]string{"Cookie": server.SessionCookie + "=" + token}
	id := s.createFilm(token, filmJSON)
	path := fmt.Sprintf("/api/v1/films/%d/poster", id)

	for _, ctype := range []string{"multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "text/plain", "text/plain;;"} {
		r := s.rawDo("PUT", path, pngBytes(t), map[string]string{"Cookie": cookie["Cookie"], "Content-Type": ctype})
		expect(t, r, http.StatusUnsupportedMediaType, "not a form")
	}
	if r := s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/films/%d", id), token: token}); field(r, "film", "posterUrl") != nil && field(r, "film", "posterUrl") != "" {
		t.Fatalf("a form post set the poster: %s", r.raw)
	}
	for _, ctype := range []string{"image/png", "application/octet-stream", ""} {
		h := map[string]string{"Cookie": cookie["Cookie"]}
		if ctype != "" {
			h["Content-Type"] = ctype
		}
		expect(t, s.rawDo("PUT", path, pngBytes(t), h), http.StatusOK, "")
	}

	// The webhook: JSON only, like every other write.
	expect(t, s.rawDo("POST", "/api/v1/payments/webhook", []byte(`{}`), map[string]string{"Content-Type": "text/plain"}), http.StatusUnsupportedMediaType, "")

	// No body, no Content-Type: fine. An empty form post: refused.
	expect(t, s.rawDo("POST", "/api/v1/auth/logout", nil, map[string]string{"Cookie": cookie["Cookie"], "Content-Type": "text/plain"}), http.StatusUnsupportedMediaType, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: token}), 200, "")
	expect(t, s.rawDo("DELETE", fmt.Sprintf("/api/v1/films/%d", id), nil, map[string]string{"Cookie": cookie["Cookie"], "Content-Type": "application/x-www-form-urlencoded"}), http.StatusUnsupportedMediaType, "")
	expect(t, s.do(call{method: "GET", path: fmt.Sprintf("/api/v1/films/%d", id), token: token}), 200, "")
	// A body without any Content-Type is not JSON either.
	expect(t, s.rawDo("POST", "/api/v1/reminders", []byte(`{"festivalName":"X"}`), cookie), http.StatusUnsupportedMediaType, "")
	expect(t, s.rawDo("POST", "/api/v1/auth/logout", nil, cookie), http.StatusNoContent, "")
	expect(t, s.do(call{method: "GET", path: "/api/v1/me", token: token}), 401, "")
}
