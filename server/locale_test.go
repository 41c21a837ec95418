package server_test

import (
	"testing"
)

// TestErrorsSpeakTheRequestLanguage checks that error messages and field
// messages come back in the language the client asks for, and in English
// otherwise.
func TestErrorsSpeakTheRequestLanguage(t *testing.T) {
	s := newTestServer(t, sqliteDB(t))
	body := `{"name":"","email":"nope","subject":"Hi","message":"Hello there, Marquee!"}`
	cases := []struct {
		header map[string]string
		path   string
		name   string
		email  string
	}{
		{nil, "/api/v1/contact", "Name is required", "Enter a valid email address"},
		{map[string]string{"Accept-Language": "ja"}, "/api/v1/contact", "お名前を入力してください", "有効なメールアドレスを入力してください"},
		{map[string]string{"Accept-Language": "zh-CN,zh;q=0.9"}, "/api/v1/contact", "请填写姓名", "请输入有效的邮箱地址"},
		{map[string]string{"Accept-Language": "fr-FR, ja;q=0.5"}, "/api/v1/contact", "お名前を入力してください", "有効なメールアドレスを入力してください"},
		{map[string]string{"Accept-Language": "ja"}, "/api/v1/contact?lang=en", "Name is required", "Enter a valid email address"},
	}
	for _, c := range cases {
		r := s.do(call{method: "POST", path: c.path, body: body, header: c.header})
		expect(t, r, 400, c.name)
		if got := field(r, "fields", "name"); got != c.name {
			t.Errorf("%v: name field %q, want %q", c.header, got, c.name)
		}
		if got := field(r, "fields", "email"); got != c.email {
			t.Errorf("%v: email field %q, want %q", c.header, got, c.email)
		}
	}
}
