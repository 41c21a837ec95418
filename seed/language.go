package seed

import (
	"strconv"
	"strings"
)

// theme is what a festival is about: Name goes into the festival's name
// ("" for a general festival), Focus (a plural noun phrase) into its
// description, Key into its web address. Category, when set, names a
// category such a festival always has.
type theme struct {
	Name, Focus, Key, Category string
}

// pattern makes a festival's name from {city} and {theme}. Key goes into
// web addresses; NeedsTheme patterns read badly without a theme.
type pattern struct {
	Format     string
	Key        string
	Weight     int
	NeedsTheme bool
}

// categoryDef is a competition section; Description may hold {min} (a
// running time in minutes) and {city}.
type categoryDef struct {
	Name, Description string
}

// language holds everything needed to write festivals in one language.
type language struct {
	Code       string
	Themes     []theme
	Patterns   []pattern
	Categories []categoryDef
	Criteria   []string
	Rejections []string
	Venues     []string
	Months     [12]string
	// Description sentences by role; each may hold {name}, {city},
	// {country}, {focus}, {year}, {edition}, {films}, {days}, {month},
	// {venues} and {audience}.
	Opening, Focus, Programme, Community, Submissions, Closing []string
	// SentenceSep joins sentences: a space in English, nothing in Japanese
	// and Chinese.
	SentenceSep string
	// cityName, countryName, location, edition and number render places
	// and numbers the way the language writes them.
	cityName    func(c city) string
	countryName func(code string) string
	location    func(city, country string) string
	edition     func(n int) string
	number      func(n int) string
}

// languages are the festival languages, in the order festivals cycle
// through them: English twice as often as Japanese or Chinese.
var languages = []*language{english, japanese, chinese}

// cityIndexes returns the cities that have a name in l.
func (l *language) cityIndexes() []int {
	var out []int
	for i, c := range cities {
		if l.cityName(c) != "" {
			out = append(out, i)
		}
	}
	return out
}

// groupThousands writes n with commas between groups of three digits.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	lead := len(s) % 3
	if lead > 0 {
		b.WriteString(s[:lead])
	}
	for i := lead; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// ordinal writes 1st, 2nd, 3rd, 4th, 11th, 21st...
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}
