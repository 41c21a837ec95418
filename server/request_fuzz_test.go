package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// jsonTextSeeds are bodies with and without lone surrogates.
var jsonTextSeeds = []string{
	`{"a":"plain"}`, `{"a":"東京 🎬"}`, `{"a":"\ud83c\udfac"}`, `{"a":"\\udc00"}`, `{"a":"\\\ud83c\udfac"}`, `{"a":"\"\\"}`,
	`{"a":"\ufffd \u0041 \n"}`, `{"\udc00":1}`, `{"a":"\ud800"}`, `{"a":"\ud800\u0041"}`, `{"a":"\ud800\ud800"}`,
	`{"a":"\\\udc00"}`, "{\"a\":\"\xff\"}", "{\"a\":1}\xc3", `{"a":"\ud800\ufffd"}`, `["\ud800"]`, `{"a":1} {"b":"\ud800"}`,
	`{"title":"x","capacity":3,"priceCents":-1,"submissionId":null}`, `{"capacity":"3"}`, `{"a":1}]`, ``, `   `,
}

// FuzzValidJSONText: the check before decoding refuses exactly the
// bodies that are not UTF-8 and those whose decoding would make up a
// U+FFFD (a lone surrogate escape): a body it passes decodes with no
// U+FFFD but those written in it, as text or as \ufffd.
func FuzzValidJSONText(f *testing.F) {
	for _, s := range jsonTextSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ok := validJSONText(body)
		if !utf8.Valid(body) {
			if ok {
				t.Fatalf("validJSONText(%q) passed text that is not UTF-8", body)
			}
			return
		}
		decoded, err := replacementsDecoded(body)
		if err != nil {
			return // the decoder refuses the body anyway
		}
		if made := decoded > replacementsWritten(body); ok == made {
			t.Fatalf("validJSONText(%q) = %v; decoding makes up a U+FFFD: %v", body, ok, made)
		}
	})
}

// replacementsDecoded counts the U+FFFD in the strings and keys of every
// JSON value of body, as encoding/json decodes them.
func replacementsDecoded(body []byte) (int, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	n := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return n, nil
		} else if err != nil {
			return 0, err
		}
		if s, ok := tok.(string); ok {
			n += strings.Count(s, "\ufffd")
		}
	}
}

// replacementsWritten counts the U+FFFD written in body's strings, as
// the character itself or as the escape \ufffd.
func replacementsWritten(body []byte) int {
	n, in := 0, false
	for i := 0; i < len(body); i++ {
		switch {
		case !in:
			in = body[i] == '"'
		case body[i] == '"':
			in = false
		case body[i] == '\\' && i+1 < len(body):
			if i+5 < len(body) && body[i+1] == 'u' && strings.EqualFold(string(body[i+2:i+6]), "fffd") {
				n++
			}
			i++
		case bytes.HasPrefix(body[i:], []byte("\ufffd")):
			n++
		}
	}
	return n
}

// FuzzDecodeJSON: a request body is decoded into its input only when it
// is one JSON value of valid text within the size limit, and then to what
// encoding/json reads; any other body is one of the three request errors
// (too large for a body over the limit).
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range jsonTextSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"title":"` + strings.Repeat("x", 300) + `"}`))
	const limit = 256
	s := &Server{cfg: Config{MaxBodyBytes: limit}}
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/api/v1/x", bytes.NewReader(body))
		var in marquee.ScreeningInput
		err := s.decodeJSON(httptest.NewRecorder(), r, &in)
		if err != nil {
			switch code := marquee.ErrorCode(err); {
			case len(body) > limit && code != marquee.ETooLarge:
				t.Fatalf("a body of %d bytes: %v", len(body), err)
			case code != marquee.EInvalid && code != marquee.EInvalidJSON && code != marquee.ETooLarge:
				t.Fatalf("decodeJSON(%q): %v", body, err)
			}
			return
		}
		var want marquee.ScreeningInput
		switch {
		case len(body) > limit:
			t.Fatalf("decoded a body of %d bytes", len(body))
		case !utf8.Valid(body) || !validJSONText(body) || !json.Valid(body):
			t.Fatalf("decoded %q", body)
		case json.Unmarshal(body, &want) != nil || !reflect.DeepEqual(in, want):
			t.Fatalf("decoded %q as %+v, encoding/json reads %+v", body, in, want)
		}
	})
}

// FuzzRateLimitClient: a rate limit counts an IPv4 client by its address,
// whatever way it is written (IPv4-mapped, with a zone), and an IPv6
// client by its /64: any two addresses of one /64 share their key, which
// is that network; what is not an address is kept as it is.
func FuzzRateLimitClient(f *testing.F) {
	for _, s := range []string{"203.0.113.7", "::ffff:203.0.113.7", "::ffff:cb00:7107", "2001:db8:1:2::1", "fe80::1%eth0",
		"::1", "not-an-address", "", "2001:db8::/64", "1.2.3.4:80", "[::1]", "::ffff:1.2.3.4%zone"} {
		f.Add(s, uint64(0xdeadbeef))
	}
	f.Fuzz(func(t *testing.T, addr string, low uint64) {
		key := rateLimitClient(addr)
		ip, err := netip.ParseAddr(addr)
		if err != nil {
			if key != addr {
				t.Fatalf("rateLimitClient(%q) = %q, want it kept", addr, key)
			}
			return
		}
		plain := ip.WithZone("").Unmap()
		if plain.Is4() {
			if key != plain.String() {
				t.Fatalf("rateLimitClient(%q) = %q, want %s", addr, key, plain)
			}
			return
		}
		p, err := netip.ParsePrefix(key)
		if err != nil || p.Bits() != 64 || !p.Contains(plain) || p.Masked() != p {
			t.Fatalf("rateLimitClient(%q) = %q, not its /64", addr, key)
		}
		b := plain.As16()
		for i := 0; i < 8; i++ {
			b[8+i] = byte(low >> (8 * i))
		}
		if neighbour := netip.AddrFrom16(b); rateLimitClient(neighbour.String()) != key && !neighbour.Is4In6() {
			t.Fatalf("%s and %s of one /64 have keys %q and %q", addr, neighbour, key, rateLimitClient(neighbour.String()))
		}
	})
}

// FuzzClientIP: without a trusted proxy, X-Forwarded-For never changes
// the client's address; behind one, the address is the header's first
// entry when that is an address, else the connection's.
func FuzzClientIP(f *testing.F) {
	for _, s := range [][2]string{{"203.0.113.7:4242", ""}, {"[2001:db8::1]:443", "198.51.100.1, 10.0.0.1"}, {"192.0.2.1:1", " ::ffff:1.2.3.4 ,x"},
		{"garbage", "not-an-ip"}, {"192.0.2.1:1", "1.2.3.4%eth0"}, {"", "2001:db8::1"}} {
		f.Add(s[0], s[1])
	}
	direct := &Server{cfg: Config{}}
	proxied := &Server{cfg: Config{TrustProxy: true}}
	f.Fuzz(func(t *testing.T, remote, xff string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = remote
		peer := direct.clientIP(r)
		r.Header.Set("X-Forwarded-For", xff)
		if got := direct.clientIP(r); got != peer {
			t.Fatalf("X-Forwarded-For %q changed the address from %q to %q", xff, peer, got)
		}
		got := proxied.clientIP(r)
		first, _, _ := strings.Cut(xff, ",")
		if ip, err := netip.ParseAddr(strings.TrimSpace(first)); err == nil && ip.Zone() == "" {
			if want, _ := netip.ParseAddr(got); want.Unmap() != ip.Unmap() {
				t.Fatalf("behind a proxy, X-Forwarded-For %q gives %q", xff, got)
			}
		} else if got != peer {
			if _, err := netip.ParseAddr(got); err != nil || xff == "" {
				t.Fatalf("behind a proxy, X-Forwarded-For %q gives %q, not the peer %q", xff, got, peer)
			}
		}
	})
}

// FuzzParseFestivalQuery: a discovery search read from any query string is
// either refused naming, first, the first bad parameter in the page's
// order, or a query the search accepts as it is, whose defaults are
// within bounds.
func FuzzParseFestivalQuery(f *testing.F) {
	for _, s := range []string{"", "q=tokyo&country=jp&from=2027-01-01&to=2027-12-31&open=true&category=short&maxFee=30&sort=deadline&page=2&perPage=50",
		"q=" + strings.Repeat("映", 201), "from=2027-02-30", "from=2027-03-01&to=2027-02-01", "open=maybe", "maxFee=-1", "perPage=51",
		"page=0&perPage=0", "sort=name&country=zz", "maxFee=99999999999999999999", "%zz&q=a", "open=+TRUE+"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, _ := url.ParseQuery(raw)
		q, err := parseFestivalQuery(v)
		if err != nil {
			fields := marquee.ErrorFields(err)
			if marquee.ErrorCode(err) != marquee.EInvalid || len(fields) == 0 {
				t.Fatalf("parseFestivalQuery(%q): %v", raw, err)
			}
			first := slices.IndexFunc(searchFieldOrder, func(k string) bool { _, ok := fields[k]; return ok })
			if first < 0 || marquee.ErrorMessage(err) != fields[searchFieldOrder[first]] {
				t.Fatalf("parseFestivalQuery(%q): message %q for fields %v", raw, marquee.ErrorMessage(err), fields)
			}
			return
		}
		again := q
		if err := again.Validate(); err != nil || !reflect.DeepEqual(again, q) {
			t.Fatalf("parseFestivalQuery(%q) = %+v, which Validate makes %+v, %v", raw, q, again, err)
		}
		if q.MaxFee != nil && *q.MaxFee < 0 || q.PerPage < 0 || q.PerPage > marquee.FestivalSearchPerPageMax || q.Page < 1 || q.Page > marquee.PageMax {
			t.Fatalf("parseFestivalQuery(%q) = %+v", raw, q)
		}
		q.Normalize("2026-05-14", true)
		if q.Page < 1 || q.PerPage < 1 || q.PerPage > marquee.FestivalSearchPerPageMax || q.Sort == "" || q.Today != "2026-05-14" && q.Today == "" {
			t.Fatalf("parseFestivalQuery(%q) normalised to %+v", raw, q)
		}
	})
}

// FuzzRequestLanguage: the language of an answer is always one Marquee
// speaks, whatever ?lang= and Accept-Language say.
func FuzzRequestLanguage(f *testing.F) {
	for _, s := range [][2]string{{"", ""}, {"ja", ""}, {"", "zh-Hant-TW;q=0.9, en;q=0.8"}, {"xx", "JA_jp"}, {"en-", ",,;"}, {"%", "zh;q=0"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, lang, accept string) {
		r := httptest.NewRequest("GET", "/?lang="+url.QueryEscape(lang), nil)
		r.Header.Set("Accept-Language", accept)
		if got := requestLanguage(r); !slices.Contains(marquee.Languages, got) {
			t.Fatalf("requestLanguage(?lang=%q, Accept-Language %q) = %q", lang, accept, got)
		}
	})
}
