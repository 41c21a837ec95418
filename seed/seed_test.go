package seed

import (
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/marquee-festival/marquee"
)

var testToday = time.Date(2026, 5, 10, 15, 30, 0, 0, time.UTC)

func TestFestivalsAreDeterministic(t *testing.T) {
	a := Festivals(300, 42, testToday)
	b := Festivals(300, 42, testToday)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same (n, seed, today) gave different festivals")
	}
	// Only the calendar date of today matters.
	sameDay := Festivals(300, 42, time.Date(2026, 5, 10, 0, 0, 1, 0, time.UTC))
	if !reflect.DeepEqual(a, sameDay) {
		t.Fatal("another time of the same day gave different festivals")
	}
	// A smaller set is the start of a larger one.
	if prefix := Festivals(100, 42, testToday); !reflect.DeepEqual(prefix, a[:100]) {
		t.Fatal("Festivals(100) is not the start of Festivals(300)")
	}
	other := Festivals(300, 43, testToday)
	same := 0
	for i := range a {
		if a[i].Name == other[i].Name && a[i].StartDate == other[i].StartDate {
			same++
		}
	}
	if same > 10 {
		t.Fatalf("seeds 42 and 43 share %d of 300 festivals", same)
	}
	if got := Festivals(0, 1, testToday); len(got) != 0 {
		t.Fatalf("Festivals(0) = %d festivals", len(got))
	}
	if got := Festivals(-5, 1, testToday); len(got) != 0 {
		t.Fatalf("Festivals(-5) = %d festivals", len(got))
	}
}

// languageOf tells a festival's language from its city's name.
func languageOf(t *testing.T, f *marquee.Festival) *language {
	t.Helper()
	for _, c := range cities {
		switch f.City {
		case c.Ja:
			return japanese
		case c.Zh:
			return chinese
		case c.En:
			return english
		}
	}
	t.Fatalf("%s: unknown city %q", f.Name, f.City)
	return nil
}

func hasScript(s string, tables ...*unicode.RangeTable) bool {
	for _, r := range s {
		if unicode.IsOneOf(tables, r) {
			return true
		}
	}
	return false
}

func TestFestivalsAreRealistic(t *testing.T) {
	const n = 2000
	fs := Festivals(n, 1, testToday)
	if len(fs) != n {
		t.Fatalf("%d festivals, want %d", len(fs), n)
	}
	today := marquee.Today(testToday)
	first := testToday.AddDate(0, 0, -pastDays).Format(marquee.DateLayout)
	last := testToday.AddDate(0, 0, futureDays).Format(marquee.DateLayout)
	perLang := map[string]int{}
	perStatus := map[marquee.FestivalStatus]int{}
	names := map[string]bool{}
	citiesUsed := map[string]bool{}
	open, closed, free := 0, 0, 0
	for i, f := range fs {
		l := languageOf(t, f)
		perLang[l.Code]++
		perStatus[f.Status]++
		names[f.Name] = true
		citiesUsed[f.City] = true

		d := f.FestivalDetails
		if err := d.Validate(); err != nil {
			t.Fatalf("festival %d %q: %v (%v)", i, f.Name, err, marquee.ErrorFields(err))
		}
		if d != f.FestivalDetails {
			t.Errorf("festival %d is not normalised: %+v", i, f.FestivalDetails)
		}
		cats := cloneCategories(f.Categories)
		if err := marquee.ValidateCategories(cats, f.StartDate); err != nil {
			t.Fatalf("festival %d %q: categories: %v (%v)", i, f.Name, err, marquee.ErrorFields(err))
		}
		if !reflect.DeepEqual(cats, f.Categories) {
			t.Errorf("festival %d: categories are not normalised: %+v", i, f.Categories)
		}
		crit := append([]marquee.Criterion(nil), f.Criteria...)
		if err := marquee.ValidateCriteria(crit); err != nil {
			t.Fatalf("festival %d %q: criteria: %v (%v)", i, f.Name, err, marquee.ErrorFields(err))
		}
		if f.Country == "" || f.City == "" || f.Website == "" {
			t.Errorf("festival %d lacks country, city or website: %+v", i, f.FestivalDetails)
		}
		if f.StartDate < first || f.StartDate > last {
			t.Errorf("festival %d starts %s, outside %s..%s", i, f.StartDate, first, last)
		}
		host := strings.TrimPrefix(f.Website, "https://")
		if !strings.HasSuffix(host, ".example") || f.ContactEmail != "programme@"+host {
			t.Errorf("festival %d: website %q, e-mail %q", i, f.Website, f.ContactEmail)
		}
		for _, label := range strings.Split(host, ".") {
			if len(label) == 0 || len(label) > 63 {
				t.Errorf("festival %d: bad host name %q", i, host)
			}
		}
		if f.ID != 0 || f.Slug != "" || f.Version != 0 {
			t.Errorf("festival %d sets what the store sets: id %d slug %q version %d", i, f.ID, f.Slug, f.Version)
		}

		checkLanguage(t, i, f, l)
		checkReview(t, i, f)
		start, _ := marquee.ParseDate(f.StartDate)
		isOpen, isFree := checkCategories(t, i, f, start, today)
		if isOpen {
			open++
		} else {
			closed++
		}
		if isFree {
			free++
		}
		checkCriteria(t, i, f)
	}
	if perLang["en"] != n/2 || perLang["ja"] != n/4 || perLang["zh"] != n/4 {
		t.Errorf("language mix %v, want half English, a quarter each Japanese and Chinese", perLang)
	}
	if a, p, r := perStatus[marquee.FestivalApproved], perStatus[marquee.FestivalPending], perStatus[marquee.FestivalRejected]; a < n*80/100 || a > n*90/100 ||
		p < n*7/100 || p > n*13/100 || r < n*3/100 || r > n*7/100 || a+p+r != n {
		t.Errorf("statuses %v, want about 85%% approved, 10%% pending, 5%% rejected", perStatus)
	}
	if len(names) < n*97/100 {
		t.Errorf("only %d distinct names among %d festivals", len(names), n)
	}
	if len(citiesUsed) < 180 {
		t.Errorf("only %d cities used", len(citiesUsed))
	}
	if open < n/5 || closed < n/10 {
		t.Errorf("%d festivals open for submissions and %d closed: the 'open' filter would mean little", open, closed)
	}
	if free == 0 {
		t.Error("no festival has a free category")
	}
}

// checkLanguage checks that name, description, location and categories
// are written in the festival's language.
func checkLanguage(t *testing.T, i int, f *marquee.Festival, l *language) {
	t.Helper()
	kana := []*unicode.RangeTable{unicode.Hiragana, unicode.Katakana}
	desc := f.Description
	if strings.Contains(desc, "{") || strings.Contains(desc, "}") {
		t.Errorf("festival %d: placeholder left in %q", i, desc)
	}
	if !strings.Contains(desc, f.Name) && !strings.Contains(desc, f.City) {
		t.Errorf("festival %d: description names neither the festival nor the city: %q", i, desc)
	}
	paragraphs := strings.Split(desc, "\n\n")
	if len(paragraphs) != 2 {
		t.Errorf("festival %d: %d paragraphs", i, len(paragraphs))
	}
	switch l {
	case english:
		if !strings.Contains(f.Name, "Film") || strings.Count(desc, ".") < 4 || hasScript(desc, unicode.Han) && !hasScript(f.City, unicode.Han) {
			t.Errorf("festival %d is not plainly English: %q %q", i, f.Name, desc)
		}
		if f.Location != f.City && f.Location != f.City+", "+countryNames[f.Country] {
			t.Errorf("festival %d: location %q", i, f.Location)
		}
	case japanese:
		if f.Country != "JP" || !(strings.Contains(f.Name, "映画") || strings.Contains(f.Name, "フィルムフェスティバル")) ||
			strings.Count(desc, "。") < 4 || !hasScript(desc, kana...) {
			t.Errorf("festival %d is not plainly Japanese: %s %q %q", i, f.Country, f.Name, desc)
		}
		if f.Location != f.City+"、日本" {
			t.Errorf("festival %d: location %q", i, f.Location)
		}
	case chinese:
		if !(strings.Contains(f.Name, "电影") || strings.Contains(f.Name, "影展")) || strings.Count(desc, "。") < 4 ||
			hasScript(desc+f.Name, kana...) || !hasScript(desc, unicode.Han) {
			t.Errorf("festival %d is not plainly Chinese: %q %q", i, f.Name, desc)
		}
		if f.Location != f.City && f.Location != f.City+"，"+zhCountryNames[f.Country] {
			t.Errorf("festival %d: location %q", i, f.Location)
		}
	}
	for _, c := range f.Categories {
		if !containsCategory(l, c.Name) {
			t.Errorf("festival %d (%s): category %q is not one of the language's", i, l.Code, c.Name)
		}
	}
	for _, c := range f.Criteria {
		if !contains(l.Criteria, c.Name) {
			t.Errorf("festival %d (%s): criterion %q is not one of the language's", i, l.Code, c.Name)
		}
	}
	if f.RejectionReason != "" && !contains(l.Rejections, f.RejectionReason) {
		t.Errorf("festival %d (%s): rejection reason in another language: %q", i, l.Code, f.RejectionReason)
	}
}

func checkReview(t *testing.T, i int, f *marquee.Festival) {
	t.Helper()
	if (f.Status == marquee.FestivalRejected) != (f.RejectionReason != "") {
		t.Errorf("festival %d: status %s with reason %q", i, f.Status, f.RejectionReason)
	}
	if (f.Status == marquee.FestivalPending) != (f.ReviewedAt == nil) {
		t.Errorf("festival %d: status %s, reviewed at %v", i, f.Status, f.ReviewedAt)
	}
	if !f.CreatedAt.Before(testToday) || f.UpdatedAt.Before(f.CreatedAt) || f.UpdatedAt.After(testToday) {
		t.Errorf("festival %d: created %v, updated %v", i, f.CreatedAt, f.UpdatedAt)
	}
	if f.ReviewedAt != nil && (f.ReviewedAt.Before(f.CreatedAt) || !f.ReviewedAt.Equal(f.UpdatedAt)) {
		t.Errorf("festival %d: created %v, reviewed %v", i, f.CreatedAt, f.ReviewedAt)
	}
}

// checkCategories checks categories, tiers, dates and fees; it reports
// whether the festival is open for submissions today and whether it has a
// free category.
func checkCategories(t *testing.T, i int, f *marquee.Festival, start time.Time, today string) (open, free bool) {
	t.Helper()
	if n := len(f.Categories); n < 1 || n > 5 {
		t.Errorf("festival %d: %d categories", i, n)
	}
	seen := map[string]bool{}
	for _, c := range f.Categories {
		if seen[c.Name] {
			t.Errorf("festival %d: category %q twice", i, c.Name)
		}
		seen[c.Name] = true
		if c.Description == "" || marquee.Length(c.Name) > marquee.CategoryNameMax || marquee.Length(c.Description) > marquee.CategoryDescriptionMax {
			t.Errorf("festival %d: category %+v", i, c)
		}
		if n := len(c.Deadlines); n < 1 || n > 3 {
			t.Errorf("festival %d %q: %d deadlines", i, c.Name, n)
			continue
		}
		tierAt := -1
		for k, d := range c.Deadlines {
			at := indexTier(d.Tier)
			date, ok := marquee.ParseDate(d.Date)
			switch {
			case at <= tierAt:
				t.Errorf("festival %d %q: tiers out of order: %+v", i, c.Name, c.Deadlines)
			case !ok || !date.Before(start):
				t.Errorf("festival %d %q: deadline %s not before the start %s", i, c.Name, d.Date, f.StartDate)
			case d.Fee < 0 || d.Fee > 120:
				t.Errorf("festival %d %q: fee %d", i, c.Name, d.Fee)
			case k > 0 && (d.Date <= c.Deadlines[k-1].Date || d.Fee <= c.Deadlines[k-1].Fee):
				t.Errorf("festival %d %q: dates and fees must rise by tier: %+v", i, c.Name, c.Deadlines)
			}
			tierAt = at
			if d.Date >= today {
				open = true
			}
			if d.Fee == 0 {
				free = true
			}
		}
	}
	return open, free
}

func checkCriteria(t *testing.T, i int, f *marquee.Festival) {
	t.Helper()
	if n := len(f.Criteria); n < 2 || n > 5 {
		t.Errorf("festival %d: %d criteria", i, n)
	}
	seen := map[string]bool{}
	sum := 0
	for _, c := range f.Criteria {
		if seen[c.Name] || c.Weight < 1 || c.Weight > 100 || (c.MaxScore != 5 && c.MaxScore != 10 && c.MaxScore != 100) {
			t.Errorf("festival %d: criterion %+v", i, c)
		}
		seen[c.Name] = true
		sum += c.Weight
	}
	if sum != 100 {
		t.Errorf("festival %d: weights add up to %d", i, sum)
	}
}

func cloneCategories(cats []marquee.Category) []marquee.Category {
	out := make([]marquee.Category, len(cats))
	for i, c := range cats {
		out[i] = c
		out[i].Deadlines = append([]marquee.Deadline(nil), c.Deadlines...)
	}
	return out
}

func indexTier(tier marquee.DeadlineTier) int {
	for i, t := range marquee.Tiers {
		if t == tier {
			return i
		}
	}
	return -1
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func containsCategory(l *language, name string) bool {
	for _, c := range l.Categories {
		if c.Name == name {
			return true
		}
	}
	return false
}

// TestTables checks the data the generator draws from.
func TestTables(t *testing.T) {
	if len(cities) < 200 {
		t.Errorf("%d cities, want about 200 or more", len(cities))
	}
	hosts := map[string]string{}
	for _, c := range cities {
		if !marquee.ValidCountry(c.Country) || countryNames[c.Country] == "" {
			t.Errorf("%s: country %q unknown or unnamed", c.En, c.Country)
		}
		if c.Ja != "" && jaCountryNames[c.Country] == "" {
			t.Errorf("%s: no Japanese name for %s", c.En, c.Country)
		}
		if c.Zh != "" && zhCountryNames[c.Country] == "" {
			t.Errorf("%s: no Chinese name for %s", c.En, c.Country)
		}
		key := c.Key
		if key == "" {
			key = asciiKey(c.En)
		}
		if key == "" || strings.Trim(key, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			t.Errorf("%s: web key %q", c.En, key)
		}
		if other, dup := hosts[key]; dup {
			t.Errorf("%s and %s share the web key %q", c.En, other, key)
		}
		hosts[key] = c.En
	}
	for _, l := range languages {
		if got := len(l.cityIndexes()); got < 40 {
			t.Errorf("%s: only %d cities", l.Code, got)
		}
		for _, th := range l.Themes {
			if th.Category != "" && !containsCategory(l, th.Category) {
				t.Errorf("%s: theme %q names unknown category %q", l.Code, th.Name, th.Category)
			}
			if th.Key == "" || asciiKey(th.Key) != th.Key {
				t.Errorf("%s: theme %q has web key %q", l.Code, th.Name, th.Key)
			}
		}
		if len(l.Categories) < 5 || len(l.Criteria) < 5 {
			t.Errorf("%s: %d categories and %d criteria; festivals take up to 5 of each", l.Code, len(l.Categories), len(l.Criteria))
		}
	}
}

func TestHelpers(t *testing.T) {
	for in, want := range map[string]string{
		"São Paulo": "sao-paulo", "Xi'an": "xian", "Women's  Film": "womens-film",
		"Kraków": "krakow", "Clermont-Ferrand": "clermont-ferrand", "東京": "",
	} {
		if got := asciiKey(in); got != want {
			t.Errorf("asciiKey(%q) = %q, want %q", in, got, want)
		}
	}
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 102: "102nd", 111: "111th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{7: "7", 999: "999", 1000: "1,000", 59900: "59,900", 1234567: "1,234,567"} {
		if got := groupThousands(n); got != want {
			t.Errorf("groupThousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// BenchmarkFestivals measures making the 10,000 festivals of the benchmark set.
func BenchmarkFestivals(b *testing.B) {
	for b.Loop() {
		if fs := Festivals(10_000, 1, testToday); len(fs) != 10_000 {
			b.Fatal(len(fs))
		}
	}
}
