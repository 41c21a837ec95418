// Package seed makes realistic, deterministic demo and benchmark data:
// film festivals in English, Japanese and Chinese in cities around the
// world, with categories, fee tiers, deadlines and judging criteria.
// `marquee seed --festivals N --seed S` stores what it makes.
package seed

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// Date window of the generated festivals, relative to today.
const (
	pastDays   = 61  // the earliest start is about two months ago
	futureDays = 425 // the latest about fourteen months ahead
)

// Festivals returns n festivals made from seed: the same (n, seed, today)
// always gives the same festivals, and the first n of a larger call are
// the same festivals. Half are in English, a quarter each in Japanese and
// Chinese; about 85% are approved, 10% pending and 5% rejected with a
// reason. Their start dates run from two months before today's date (UTC)
// to fourteen months after it, so that some are open for submissions and
// some closed. IDs, slugs and versions are left for the store to set.
func Festivals(n int, seed uint64, today time.Time) []*marquee.Festival {
	if n <= 0 {
		return []*marquee.Festival{}
	}
	t := today.UTC()
	g := &generator{
		r:     rand.New(rand.NewPCG(seed, 0x6d61727175656521)),
		today: time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC),
		used:  make(map[string]bool, n),
	}
	for _, l := range languages {
		g.cities = append(g.cities, l.cityIndexes())
	}
	out := make([]*marquee.Festival, 0, n)
	// Languages go in shuffled blocks of four (English twice, Japanese and
	// Chinese once each), so that even a small set has the intended mix.
	block := []int{0, 0, 1, 2}
	for i := range n {
		if i%len(block) == 0 {
			g.r.Shuffle(len(block), func(a, b int) { block[a], block[b] = block[b], block[a] })
		}
		out = append(out, g.festival(block[i%len(block)]))
	}
	return out
}

type generator struct {
	r      *rand.Rand
	today  time.Time
	used   map[string]bool // names given so far
	cities [][]int         // per language, the indexes of its cities
}

func (g *generator) pick(list []string) string { return list[g.r.IntN(len(list))] }

// pickWithout picks a sentence holding none of the placeholders in avoid,
// or any sentence when all of them hold one.
func (g *generator) pickWithout(list []string, avoid ...string) string {
	var ok []string
	for _, s := range list {
		clean := true
		for _, a := range avoid {
			if strings.Contains(s, a) {
				clean = false
				break
			}
		}
		if clean {
			ok = append(ok, s)
		}
	}
	if len(ok) == 0 {
		return g.pick(list)
	}
	return g.pick(ok)
}

func (g *generator) days(n int) time.Time { return g.today.AddDate(0, 0, n) }

func (g *generator) festival(li int) *marquee.Festival {
	l := languages[li]
	f := &marquee.Festival{}

	// Review state first: pending festivals are recent and still to come.
	switch p := g.r.IntN(100); {
	case p < 85:
		f.Status = marquee.FestivalApproved
	case p < 95:
		f.Status = marquee.FestivalPending
	default:
		f.Status = marquee.FestivalRejected
		f.RejectionReason = g.pick(l.Rejections)
	}

	c := cities[g.cities[li][g.r.IntN(len(g.cities[li]))]]
	cityName := l.cityName(c)
	country := l.countryName(c.Country)
	th, pat, name := g.name(l, cityName)
	f.Name = name
	f.City = cityName
	f.Country = c.Country
	f.Location = l.location(cityName, country)
	site := websiteHost(l, c, th, pat, name)
	f.Website = "https://" + site
	f.ContactEmail = "programme@" + site

	offset := g.r.IntN(pastDays+futureDays+1) - pastDays
	if f.Status == marquee.FestivalPending {
		offset = 30 + g.r.IntN(futureDays-29)
	}
	length := 2 + g.r.IntN(9)
	start := g.days(offset)
	f.StartDate = start.Format(marquee.DateLayout)
	f.EndDate = start.AddDate(0, 0, length-1).Format(marquee.DateLayout)

	f.Description = g.description(l, descriptionFacts{
		name: name, city: cityName, country: country, focus: th.Focus,
		start: start, days: length,
	})
	f.Categories = g.categories(l, th, cityName, start)
	f.Criteria = g.criteria(l)

	if f.Status == marquee.FestivalPending {
		f.CreatedAt = g.days(-1 - g.r.IntN(14))
	} else {
		f.CreatedAt = g.days(-15 - g.r.IntN(400))
	}
	f.CreatedAt = f.CreatedAt.Add(time.Duration(g.r.IntN(86400)) * time.Second)
	f.UpdatedAt = f.CreatedAt
	if f.Status != marquee.FestivalPending {
		wait := g.r.Int64N(int64(g.today.Sub(f.CreatedAt) / time.Second))
		at := f.CreatedAt.Add(time.Duration(wait) * time.Second)
		f.ReviewedAt = &at
		f.UpdatedAt = at
	}
	return f
}

// name picks a theme and a name pattern and returns the festival's name,
// trying a few times for one not given yet.
func (g *generator) name(l *language, cityName string) (theme, pattern, string) {
	var th theme
	var pat pattern
	var name string
	for range 12 {
		th = l.Themes[g.r.IntN(len(l.Themes))]
		pat = g.pattern(l, th.Name != "")
		name = strings.NewReplacer("{city}", cityName, "{theme}", th.Name).Replace(pat.Format)
		name = strings.Join(strings.Fields(name), " ")
		if !g.used[name] {
			break
		}
	}
	g.used[name] = true
	return th, pat, name
}

// pattern picks a name pattern by weight.
func (g *generator) pattern(l *language, hasTheme bool) pattern {
	total := 0
	for _, p := range l.Patterns {
		if hasTheme || !p.NeedsTheme {
			total += p.Weight
		}
	}
	k := g.r.IntN(total)
	for _, p := range l.Patterns {
		if !hasTheme && p.NeedsTheme {
			continue
		}
		if k < p.Weight {
			return p
		}
		k -= p.Weight
	}
	panic("seed: pattern weights out of step")
}

// websiteHost makes a host name under .example: the English name itself
// when short enough ("lisbon-documentary-film-festival.example"), else city,
// theme and pattern keys ("sapporo-shorts-ff.example").
func websiteHost(l *language, c city, th theme, pat pattern, name string) string {
	if l == english {
		if s := asciiKey(name); len(s) <= 40 {
			return s + ".example"
		}
	}
	key := c.Key
	if key == "" {
		key = asciiKey(c.En)
	}
	parts := []string{key}
	if th.Name != "" {
		parts = append(parts, th.Key)
	}
	parts = append(parts, pat.Key)
	return strings.Join(parts, "-") + ".example"
}

// asciiKey lower-cases s, folds Latin accents and joins the remaining
// letters and digits with hyphens: "São Paulo's" -> "sao-paulos".
func asciiKey(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if f, ok := latinFold[r]; ok {
			r = f
		}
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case r == '\'' || r == '’':
		default:
			dash = true
		}
	}
	return b.String()
}

var latinFold = map[rune]rune{
	'á': 'a', 'à': 'a', 'â': 'a', 'ã': 'a', 'ä': 'a', 'å': 'a', 'ç': 'c',
	'é': 'e', 'è': 'e', 'ê': 'e', 'ë': 'e', 'í': 'i', 'î': 'i', 'ï': 'i',
	'ñ': 'n', 'ń': 'n', 'ó': 'o', 'ô': 'o', 'õ': 'o', 'ö': 'o', 'ø': 'o',
	'ú': 'u', 'û': 'u', 'ü': 'u', 'ś': 's', 'ł': 'l', 'ź': 'z', 'ż': 'z',
}

// descriptionFacts are the festival facts its description tells.
type descriptionFacts struct {
	name, city, country, focus string
	start                      time.Time
	days                       int
}

// description writes two paragraphs of sentences picked from the
// language's pools.
func (g *generator) description(l *language, d descriptionFacts) string {
	founded := d.start.Year() - 3 - g.r.IntN(35)
	opening := g.pick(l.Opening)
	first := []string{opening}
	if !strings.Contains(opening, "{focus}") {
		first = append(first, g.pick(l.Focus))
	}
	var avoid []string
	if strings.Contains(opening, "{venues}") {
		avoid = append(avoid, "{venues}")
	}
	second := []string{g.pickWithout(l.Programme, avoid...)}
	perm := g.r.Perm(len(l.Community))
	for _, i := range perm[:1+g.r.IntN(2)] {
		second = append(second, l.Community[i])
	}
	second = append(second, g.pick(l.Submissions))
	if g.r.IntN(2) == 0 {
		second = append(second, g.pick(l.Closing))
	}
	films := 5 * d.days * (2 + g.r.IntN(5))
	text := strings.Join(first, l.SentenceSep) + "\n\n" + strings.Join(second, l.SentenceSep)
	return strings.NewReplacer(
		"{name}", d.name,
		"{city}", d.city,
		"{country}", d.country,
		"{focus}", d.focus,
		"{year}", strconv.Itoa(founded),
		"{edition}", l.edition(d.start.Year()-founded+1),
		"{films}", l.number(films),
		"{days}", strconv.Itoa(d.days),
		"{month}", l.Months[d.start.Month()-1],
		"{venues}", g.pick(l.Venues),
		"{audience}", l.number(100*films*(1+g.r.IntN(4))),
	).Replace(text)
}

// categories makes 1 to 5 categories; a themed festival has its theme's
// category first. Deadlines follow one schedule per festival (early,
// regular, late, all before the start), sometimes a few days earlier for a
// category; each category uses one to three of its tiers, with fees rising
// by tier, or one free tier.
func (g *generator) categories(l *language, th theme, cityName string, start time.Time) []marquee.Category {
	late := start.AddDate(0, 0, -10-g.r.IntN(36))
	regular := late.AddDate(0, 0, -14-g.r.IntN(31))
	early := regular.AddDate(0, 0, -14-g.r.IntN(46))
	schedule := map[marquee.DeadlineTier]time.Time{
		marquee.TierEarly: early, marquee.TierRegular: regular, marquee.TierLate: late,
	}

	var picked []int
	if th.Category != "" {
		for i, c := range l.Categories {
			if c.Name == th.Category {
				picked = append(picked, i)
			}
		}
	}
	want := 1 + g.r.IntN(5)
	for _, i := range g.r.Perm(len(l.Categories)) {
		if len(picked) >= want {
			break
		}
		if len(picked) > 0 && picked[0] == i {
			continue
		}
		picked = append(picked, i)
	}

	minutes := []int{10, 15, 20, 25, 30, 40}
	cats := make([]marquee.Category, 0, len(picked))
	for _, i := range picked {
		def := l.Categories[i]
		cat := marquee.Category{
			Name: def.Name,
			Description: strings.NewReplacer(
				"{min}", strconv.Itoa(minutes[g.r.IntN(len(minutes))]),
				"{city}", cityName,
			).Replace(def.Description),
		}
		shift := 0
		if g.r.IntN(5) == 0 {
			shift = 1 + g.r.IntN(7)
		}
		var tiers []marquee.DeadlineTier
		free := g.r.IntN(100) < 12
		switch n := 1 + g.r.IntN(3); {
		case free || n == 1:
			tiers = []marquee.DeadlineTier{marquee.TierRegular}
		case n == 2 && g.r.IntN(2) == 0:
			tiers = []marquee.DeadlineTier{marquee.TierEarly, marquee.TierRegular}
		case n == 2:
			tiers = []marquee.DeadlineTier{marquee.TierRegular, marquee.TierLate}
		default:
			tiers = marquee.Tiers
		}
		fee := int64(5 * (1 + g.r.IntN(12)))
		if free {
			fee = 0
		}
		for k, tier := range tiers {
			if k > 0 {
				fee += int64(5 * (1 + g.r.IntN(6)))
			}
			cat.Deadlines = append(cat.Deadlines, marquee.Deadline{
				Tier: tier,
				Date: schedule[tier].AddDate(0, 0, -shift).Format(marquee.DateLayout),
				Fee:  fee,
			})
		}
		cats = append(cats, cat)
	}
	return cats
}

// criteria makes 2 to 5 judging criteria whose weights (multiples of 5)
// add up to 100, all scored out of the same maximum.
func (g *generator) criteria(l *language) []marquee.Criterion {
	n := 2 + g.r.IntN(4)
	units := make([]int, n)
	for i := range units {
		units[i] = 1
	}
	for range 20 - n {
		units[g.r.IntN(n)]++
	}
	maxScores := []int{5, 5, 5, 10, 10, 10, 10, 10, 100, 100}
	maxScore := maxScores[g.r.IntN(len(maxScores))]
	out := make([]marquee.Criterion, n)
	for k, i := range g.r.Perm(len(l.Criteria))[:n] {
		out[k] = marquee.Criterion{Name: l.Criteria[i], Weight: 5 * units[k], MaxScore: maxScore}
	}
	return out
}
