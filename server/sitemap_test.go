package server_test

import (
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

type sitemapURLSet struct {
	XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
	URLs    []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"url"`
}

type sitemapIndex struct {
	XMLName  xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 sitemapindex"`
	Sitemaps []struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod"`
	} `xml:"sitemap"`
}

func decodeXML(t *testing.T, r reply, v any) {
	t.Helper()
	if r.status != 200 || r.header.Get("Content-Type") != "application/xml; charset=utf-8" || !strings.HasPrefix(string(r.raw), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Fatalf("%d %v %s", r.status, r.header, r.raw)
	}
	if err := xml.Unmarshal(r.raw, v); err != nil {
		t.Fatalf("invalid XML: %v\n%s", err, r.raw)
	}
}

// TestSitemap: /sitemap.xml is valid sitemap XML listing the approved
// festivals' pages only (absolute, on the configured address, escaped) with
// their update times; robots.txt names it. A node keeps it a few minutes:
// a festival approved since shows once they have passed.
func TestSitemap(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(festivalNow)
		s := newTestServer(t, db, func(c *server.Config) { c.PublicURL = "https://marquee.example" })
		admin := s.admin()
		org := s.signUp("organiser@example.com", "password-1")
		a := s.createFestival(org, map[string]any{"name": "Lisbon Short Film Days"})
		b := s.createFestival(org, map[string]any{"name": "Kino & Friends"})
		pending := s.createFestival(org, map[string]any{"name": "Pending Film Week"})
		rejected := s.createFestival(org, map[string]any{"name": "Rejected Film Week"})
		s.approveFestival(admin, a)
		s.approveFestival(admin, b)
		expect(t, s.do(call{method: "POST", path: "/api/v1/admin/festivals/" + rejected.id + "/reject", token: admin,
			body: `{"reason":"Not a film festival"}`}), 200, "")

		r := s.do(call{method: "GET", path: "/robots.txt"})
		if r.status != 200 || !strings.Contains(string(r.raw), "\nSitemap: https://marquee.example/sitemap.xml\n") ||
			!strings.Contains(string(r.raw), "User-agent: *\n") || !strings.Contains(string(r.raw), "Disallow: /api/\n") ||
			strings.Contains(string(r.raw), "Disallow: /festival") {
			t.Fatalf("robots.txt: %d %s", r.status, r.raw)
		}

		var set sitemapURLSet
		decodeXML(t, s.do(call{method: "GET", path: "/sitemap.xml"}), &set)
		want := []string{"https://marquee.example/festival/" + a.slug, "https://marquee.example/festival/" + b.slug}
		if len(set.URLs) != 2 || set.URLs[0].Loc != want[0] || set.URLs[1].Loc != want[1] {
			t.Fatalf("urls %+v, want %v", set.URLs, want)
		}
		for _, u := range set.URLs {
			if _, err := time.Parse(time.RFC3339, u.LastMod); err != nil || !strings.HasPrefix(u.LastMod, "2026-03-10T12:00:00") {
				t.Errorf("lastmod %q (%v)", u.LastMod, err)
			}
		}
		if strings.Contains(string(s.do(call{method: "GET", path: "/sitemap.xml"}).raw), pending.slug) {
			t.Fatal("a pending festival is listed")
		}

		// Kept per node for a few minutes, then made again.
		s.approveFestival(admin, pending)
		set = sitemapURLSet{}
		decodeXML(t, s.do(call{method: "GET", path: "/sitemap.xml"}), &set)
		if len(set.URLs) != 2 {
			t.Fatalf("made again within minutes: %d", len(set.URLs))
		}
		db.Clock.Set(festivalNow.Add(6 * time.Minute))
		set = sitemapURLSet{}
		decodeXML(t, s.do(call{method: "GET", path: "/sitemap.xml"}), &set)
		if len(set.URLs) != 3 || set.URLs[2].Loc != "https://marquee.example/festival/"+pending.slug {
			t.Fatalf("after the cache: %+v", set.URLs)
		}
		if r := s.do(call{method: "GET", path: "/sitemaps/1.xml"}); r.status != 404 {
			t.Fatalf("a single sitemap has no parts: %d", r.status)
		}
	})
}

// TestSitemapIndex: past the addresses one file may hold (lowered here
// from 50,000), /sitemap.xml is an index of /sitemaps/{n}.xml files that
// together list every approved festival once.
func TestSitemapIndex(t *testing.T) {
	db := sqliteDB(t)
	db.Clock.Set(festivalNow)
	s := newTestServer(t, db, func(c *server.Config) { c.SitemapURLsPerFile = 2 })
	admin := s.admin()
	org := s.signUp("organiser@example.com", "password-1")
	var slugs []string
	for _, name := range []string{"Alpha Film Days", "Beta Film Days", "Gamma Film Days", "Delta Film Days", "Epsilon Film Days"} {
		f := s.createFestival(org, map[string]any{"name": name})
		s.approveFestival(admin, f)
		slugs = append(slugs, f.slug)
	}
	var index sitemapIndex
	decodeXML(t, s.do(call{method: "GET", path: "/sitemap.xml"}), &index)
	if len(index.Sitemaps) != 3 {
		t.Fatalf("index %+v", index)
	}
	var listed []string
	for i, part := range index.Sitemaps {
		if want := s.url + "/sitemaps/" + string(rune('1'+i)) + ".xml"; part.Loc != want {
			t.Fatalf("part %d at %s, want %s", i, part.Loc, want)
		}
		if _, err := time.Parse(time.RFC3339, part.LastMod); err != nil {
			t.Errorf("part lastmod %q", part.LastMod)
		}
		var set sitemapURLSet
		decodeXML(t, s.do(call{method: "GET", path: strings.TrimPrefix(part.Loc, s.url)}), &set)
		for _, u := range set.URLs {
			listed = append(listed, strings.TrimPrefix(u.Loc, s.url+"/festival/"))
		}
	}
	if strings.Join(listed, " ") != strings.Join(slugs, " ") {
		t.Fatalf("listed %v, want %v", listed, slugs)
	}
	if r := s.do(call{method: "GET", path: "/sitemaps/4.xml"}); r.status != 404 {
		t.Fatalf("a part past the last: %d", r.status)
	}
}
