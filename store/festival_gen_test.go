package store_test

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// genCity is a city of the generated festivals, with its names in
// Japanese and Chinese script where it has them.
type genCity struct{ en, ja, zh, country string }

var genCities = []genCity{
	{"Tokyo", "東京", "东京", "JP"}, {"Osaka", "大阪", "大阪", "JP"}, {"Kyoto", "京都", "京都", "JP"},
	{"Beijing", "北京", "北京", "CN"}, {"Shanghai", "上海", "上海", "CN"}, {"Taipei", "台北", "台北", "TW"},
	{"Paris", "パリ", "巴黎", "FR"}, {"Lyon", "リヨン", "里昂", "FR"}, {"Berlin", "ベルリン", "柏林", "DE"},
	{"London", "ロンドン", "伦敦", "GB"}, {"New York", "ニューヨーク", "纽约", "US"}, {"Toronto", "トロント", "多伦多", "CA"},
	{"Seoul", "ソウル", "首尔", "KR"}, {"São Paulo", "サンパウロ", "圣保罗", "BR"}, {"Mumbai", "ムンバイ", "孟买", "IN"},
	{"Sydney", "シドニー", "悉尼", "AU"}, {"Kraków", "クラクフ", "克拉科夫", "PL"},
}

// genThemes are festival themes in English, Japanese and Chinese.
var genThemes = [][3]string{
	{"Independent", "インディペンデント", "独立"}, {"Documentary", "ドキュメンタリー", "纪录片"},
	{"Animation", "アニメーション", "动画"}, {"Short", "短編", "短片"}, {"Horror", "ホラー", "恐怖"},
	{"Student", "学生", "学生"}, {"Women's", "女性", "女性"}, {"Experimental", "実験", "实验"},
	{"Mountain", "山岳", "山地"}, {"Ocean", "海洋", "海洋"}, {"Children's", "こども", "儿童"},
	{"Queer", "クィア", "酷儿"}, {"Music", "音楽", "音乐"},
}

var genKinds = [][3]string{
	{"Film Festival", "映画祭", "电影节"}, {"Film Week", "映画週間", "电影周"}, {"Cinema Days", "シネマデイズ", "影展"},
	{"Screen Awards", "映像アワード", "影像奖"},
}

var genCategories = []string{"Short Film", "Feature Film", "Documentary", "Animation", "Student Film", "Music Video",
	"短編部門", "長編部門", "纪录片单元", "动画单元", "Compétition officielle"}

// genFestivals returns n festivals with deterministic, varied data in the
// three languages, their dates spread over two years from 2026-03-01 and
// their deadlines before, some already past.
func genFestivals(n int) []*marquee.Festival {
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	out := make([]*marquee.Festival, 0, n)
	for i := range n {
		city := genCities[(i*7)%len(genCities)]
		theme := genThemes[(i*5+i/len(genCities))%len(genThemes)]
		kind := genKinds[(i/3)%len(genKinds)]
		lang := i % 3
		start := base.AddDate(0, 0, (i*37)%700-30)
		end := start.AddDate(0, 0, 2+i%9)
		var name, desc string
		switch lang {
		case 0:
			name = fmt.Sprintf("%s %s %s", city.en, theme[0], kind[0])
			desc = fmt.Sprintf("A festival of %s cinema in %s, with screenings, workshops and awards. Edition %d.", theme[0], city.en, 1+i%40)
		case 1:
			name = city.ja + theme[1] + kind[1]
			desc = fmt.Sprintf("%sで開かれる%s映画の祭典。上映、ワークショップ、授賞式。第%d回。", city.ja, theme[1], 1+i%40)
		default:
			name = city.zh + theme[2] + kind[2]
			desc = fmt.Sprintf("在%s举办的%s电影盛会，包括放映、工作坊和颁奖。第%d届。", city.zh, theme[2], 1+i%40)
		}
		f := &marquee.Festival{FestivalDetails: marquee.FestivalDetails{
			Name: name, Description: desc, Location: city.en + " Arts Centre", Country: city.country, City: city.en,
			Website: "https://festival.example.org", StartDate: start.Format(marquee.DateLayout), EndDate: end.Format(marquee.DateLayout),
			ContactEmail: "team@festival.example.org",
		}, Status: marquee.FestivalApproved}
		switch i % 10 {
		case 0:
			f.Status = marquee.FestivalPending
		case 1:
			f.Status, f.RejectionReason = marquee.FestivalRejected, "Incomplete details"
		}
		for k := range i % 4 {
			late := start.AddDate(0, 0, -10-k*3-i%20)
			regular := late.AddDate(0, 0, -30)
			early := regular.AddDate(0, 0, -30)
			feeBase := int64((i*13+k*7)%20) * 5
			f.Categories = append(f.Categories, marquee.Category{
				Name: genCategories[(i+k*3)%len(genCategories)],
				Deadlines: []marquee.Deadline{
					{Tier: marquee.TierEarly, Date: early.Format(marquee.DateLayout), Fee: feeBase},
					{Tier: marquee.TierRegular, Date: regular.Format(marquee.DateLayout), Fee: feeBase + 15},
					{Tier: marquee.TierLate, Date: late.Format(marquee.DateLayout), Fee: feeBase + 30},
				},
			})
		}
		if i%2 == 0 {
			f.Criteria = []marquee.Criterion{{Name: "Story", Weight: 3, MaxScore: 10}, {Name: "Craft", Weight: 2, MaxScore: 10}}
		}
		out = append(out, f)
	}
	return out
}

// refHit is a festival the reference search matched, with what the
// listing shows of its deadlines on the query's day.
type refHit struct {
	ID           int64
	NextDeadline string
	MinFee       *int64
}

// refSearch is a plain Go evaluation of the search rules, written from
// their description (marquee.FestivalQuery and SearchFestivals) without
// any of the index's machinery, to check the engine against: q must be
// normalised (Sort, Page, PerPage and Today set, Country in upper case).
// It returns the page and the total.
func refSearch(fs []*marquee.Festival, q marquee.FestivalQuery) ([]refHit, int) {
	parsed := search.ParseQuery(q.Text)
	type hit struct {
		f     *marquee.Festival
		score int
		next  string
		fee   *int64
		typo  bool
	}
	var hits []hit
	for _, f := range fs {
		if f.Status != marquee.FestivalApproved || q.Country != "" && f.Country != q.Country ||
			q.From != "" && f.EndDate < q.From || q.To != "" && f.StartDate > q.To {
			continue
		}
		next, minFee := "", (*int64)(nil)
		inCategory := false
		for i := range f.Categories {
			if cur := f.Categories[i].CurrentDeadline(q.Today); cur != nil {
				if next == "" || cur.Date < next {
					next = cur.Date
				}
				if minFee == nil || cur.Fee < *minFee {
					v := cur.Fee
					minFee = &v
				}
			}
			if q.Category != "" && strings.Contains(search.Fold(f.Categories[i].Name), search.Fold(q.Category)) {
				inCategory = true
			}
		}
		if q.Open && next == "" || q.MaxFee != nil && (minFee == nil || *minFee > *q.MaxFee) || q.Category != "" && !inCategory {
			continue
		}
		weights := map[string]int{}
		add := func(s string, w int) {
			for _, term := range search.Terms(s) {
				weights[term] = max(weights[term], w)
			}
		}
		add(f.Name, 3)
		add(f.Location, 2)
		add(f.City, 2)
		add(f.Description, 1)
		for _, c := range f.Categories {
			add(c.Name, 1)
		}
		// A part matches its terms exactly (each exact part scores 1024
		// above any weights), else, for a word of five letters or more,
		// a word of four letters or more one edit away.
		score, all, typo := 0, true, false
		for _, p := range parsed.Parts {
			best := 0
			for term, w := range weights {
				if p.Prefix && strings.HasPrefix(term, p.Term) || !p.Prefix && term == p.Term {
					best = max(best, w)
				}
			}
			if best > 0 {
				score += 1024 + best
				continue
			}
			if p.Typo {
				for term, w := range weights {
					if refTypoWord(term, 4) && osaDistance(p.Term, term) == 1 {
						best = max(best, w)
					}
				}
			}
			all = all && best > 0
			score += best
			typo = true
		}
		if all {
			hits = append(hits, hit{f, score, next, minFee, typo})
		}
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.typo != b.typo && q.Sort != marquee.FestivalSortRelevance { // those needing a typo last
			if a.typo {
				return 1
			}
			return -1
		}
		if q.Sort == marquee.FestivalSortStart {
			return cmp.Or(cmp.Compare(a.f.StartDate, b.f.StartDate), cmp.Compare(a.f.ID, b.f.ID))
		}
		if q.Sort == marquee.FestivalSortRelevance && !parsed.Empty() {
			if c := cmp.Compare(b.score, a.score); c != 0 {
				return c
			}
		}
		if (a.next == "") != (b.next == "") { // closed festivals last
			if a.next == "" {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.next, b.next), cmp.Compare(a.f.StartDate, b.f.StartDate), cmp.Compare(a.f.ID, b.f.ID))
	})
	out := []refHit{}
	for i := (q.Page - 1) * q.PerPage; i < len(hits) && i < q.Page*q.PerPage; i++ {
		out = append(out, refHit{hits[i].f.ID, hits[i].next, hits[i].fee})
	}
	return out, len(hits)
}

// refTypoWord reports whether w has at least n runes, all letters of a
// spaced script (no digits, no CJK).
func refTypoWord(w string, n int) bool {
	count := 0
	for _, r := range w {
		if !(unicode.IsLetter(r) || unicode.IsMark(r)) || search.IsCJK(r) {
			return false
		}
		count++
	}
	return count >= n
}

// osaDistance is the optimal string alignment distance of a and b
// (Damerau-Levenshtein with adjacent swaps), by the textbook table.
func osaDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
