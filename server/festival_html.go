package server

import (
	"encoding/json"
	"errors"
	"html"
	"net/http"
	"net/url"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// ogImagePath is the picture link previews show (1200 × 630, PNG: the
// services that read Open Graph tags do not take SVG); festivals have no
// picture of their own.
const ogImagePath = "/images/og/marquee.png"

// ogLocales are Open Graph's names of Marquee's languages.
var ogLocales = map[string]string{"en": "en_US", "ja": "ja_JP", "zh": "zh_CN"}

// handleFestivalHTML serves the app's index.html for /festival/{slug} with
// the festival's own title, description, canonical link, Open Graph and
// Twitter card tags written into its head, so that shared links preview
// and search engines index the page without running the app. The tags
// come from the festival's public page as the store keeps it
// (Festivals.PublicPage: no query beyond its cheap currency check), and
// the rendered document is kept per page version, language and site
// address (pageHeads). An unknown or unapproved festival is 404 with the
// generic tags (the app says it was not found); a store that fails
// answers the generic page as the static files would.
func (s *Server) handleFestivalHTML(w http.ResponseWriter, r *http.Request) {
	index, ok := s.static.load("index.html")
	if !ok {
		s.static.ServeHTTP(w, r)
		return
	}
	page, err := s.svc.Festivals.PublicPage(r.Context(), r.PathValue("slug"))
	if err != nil {
		status := http.StatusNotFound
		if marquee.ErrorCode(err) != marquee.ENotFound {
			status = http.StatusOK
			requestLogger(r, s.log).Error("festival page tags", "err", err)
		}
		s.static.writeStatus(w, r, index, "no-cache", status)
		return
	}
	base, _ := s.publicAddress(r)
	lang := requestLanguage(r)
	f, err := s.pageHeads.festival(index, page, lang, base)
	if err != nil {
		requestLogger(r, s.log).Error("festival page tags", "err", err)
		s.static.write(w, r, index, "no-cache")
		return
	}
	w.Header().Add("Vary", "Accept-Language")
	s.static.write(w, r, f, "no-cache")
}

// publicFestivalHead is what the head tags read of a public page's JSON.
type publicFestivalHead struct {
	Festival struct {
		Slug        string `json:"slug"`
		Name        string `json:"name"`
		Description string `json:"description"`
		City        string `json:"city"`
		Location    string `json:"location"`
	} `json:"festival"`
}

// festivalHeadTags writes the head tags of the festival page p (its JSON,
// marquee.EncodePublicFestivalPage) for a reader of lang on the site at
// base, every value escaped.
func festivalHeadTags(p *marquee.PublicFestivalPage, lang, base string) (string, error) {
	var doc publicFestivalHead
	if err := json.Unmarshal(p.JSON, &doc); err != nil {
		return "", err
	}
	f := doc.Festival
	if f.Slug == "" || f.Name == "" {
		return "", errors.New("server: festival page without a slug or name")
	}
	desc := metaSummary(f.Description)
	if desc == "" {
		desc = locale.Format(lang, "{festival}: dates, place, categories and submission deadlines on Marquee.",
			locale.Vars{"festival": f.Name})
	}
	title := f.Name + " | Marquee"
	canonical := base + "/festival/" + url.PathEscape(f.Slug)
	image := base + ogImagePath
	e := html.EscapeString
	var b strings.Builder
	meta := func(attr, key, value string) {
		b.WriteString(`<meta ` + attr + `="` + key + `" content="` + e(value) + `" />` + "\n    ")
	}
	b.WriteString(`<title>` + e(title) + `</title>` + "\n    ")
	meta("name", "description", desc)
	b.WriteString(`<link rel="canonical" href="` + e(canonical) + `" />` + "\n    ")
	meta("property", "og:type", "website")
	meta("property", "og:site_name", "Marquee")
	meta("property", "og:title", f.Name)
	meta("property", "og:description", desc)
	meta("property", "og:url", canonical)
	meta("property", "og:image", image)
	meta("property", "og:image:width", "1200")
	meta("property", "og:image:height", "630")
	meta("property", "og:image:alt", locale.Text(lang, "Marquee, the film festival platform"))
	meta("property", "og:locale", ogLocales[ogLanguage(lang)])
	for _, l := range marquee.Languages {
		if l != ogLanguage(lang) {
			meta("property", "og:locale:alternate", ogLocales[l])
		}
	}
	meta("name", "twitter:card", "summary_large_image")
	meta("name", "twitter:title", f.Name)
	meta("name", "twitter:description", desc)
	meta("name", "twitter:image", image)
	return strings.TrimRight(b.String(), " \n"), nil
}

// ogLanguage is lang when Marquee speaks it, else English.
func ogLanguage(lang string) string {
	if _, ok := ogLocales[lang]; ok {
		return lang
	}
	return "en"
}

// metaSummary is a description as a meta tag holds it: one line, at most
// 160 characters (157 and an ellipsis), as the app's usePageMeta does.
func metaSummary(s string) string {
	flat := strings.Join(strings.Fields(s), " ")
	r := []rune(flat)
	if len(r) > 160 {
		return string(r[:157]) + "…"
	}
	return flat
}
