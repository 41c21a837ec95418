package assistant

import (
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/locale"
)

// RelaxedNotes are the sentences, in facts.Lang, saying how the question
// was widened to find facts.Festivals (facts.Relaxed), one per
// relaxation, in the order they were tried; none when the festivals meet
// the question as asked.
func RelaxedNotes(facts marquee.InquiryFacts) []string {
	lang, q := facts.Lang, facts.Query
	var out []string
	for _, r := range facts.Relaxed {
		switch r {
		case marquee.RelaxCategoryText:
			out = append(out, locale.Format(lang, "No festival has a {category} category that fits, so I also looked for festivals whose name or description mentions it.",
				locale.Vars{"category": categoryName(lang, q.Category)}))
		case marquee.RelaxCityToCountry:
			out = append(out, locale.Format(lang, "No festival in {city} fits, so I looked elsewhere in {country} too.",
				locale.Vars{"city": placeNames(lang, q.Places), "country": placeCountries(lang, q.Places)}))
		case marquee.RelaxNearMonths:
			out = append(out, locale.Text(lang, "No festival fits the month you named, so I also looked at the months just before and after it."))
		case marquee.RelaxKeywords:
			out = append(out, locale.Format(lang, "I left out words no matching festival has: {words}.",
				locale.Vars{"words": strings.Join(q.Keywords, ", ")}))
		case marquee.RelaxPartial:
			out = append(out, locale.Text(lang, "No festival on Marquee fits everything you asked; these fit the most of it."))
		}
	}
	return out
}

// categoryName names an assistant category (marquee.InquiryDocumentary,
// ...) in lang.
func categoryName(lang, category string) string {
	switch category {
	case marquee.InquiryDocumentary:
		return locale.Text(lang, "documentary")
	case marquee.InquiryShort:
		return locale.Text(lang, "short film")
	case marquee.InquiryAnimation:
		return locale.Text(lang, "animation")
	}
	return category
}

// placeNames names the places asked in lang, joined.
func placeNames(lang string, places []marquee.InquiryPlace) string {
	names := make([]string, len(places))
	for i, p := range places {
		names[i] = p.Name(lang)
	}
	return strings.Join(names, listSeparator(lang))
}

// placeCountries names the countries of the places asked in lang, each once.
func placeCountries(lang string, places []marquee.InquiryPlace) string {
	var names []string
	seen := map[string]bool{}
	for _, p := range places {
		if !seen[p.Country] {
			seen[p.Country] = true
			names = append(names, marquee.InquiryCountryName(p.Country, lang))
		}
	}
	return strings.Join(names, listSeparator(lang))
}

func listSeparator(lang string) string {
	if lang == "ja" || lang == "zh" {
		return "、"
	}
	return ", "
}
