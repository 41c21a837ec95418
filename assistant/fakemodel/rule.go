package fakemodel

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/marquee-festival/marquee"
)

// The stand-in model's rule (Args): word lists in English, Japanese and
// Chinese (simplified and traditional), matched case-insensitively, an
// English word as a whole word or, six letters or longer, with one
// letter wrong, left out or added (as a model reads a typo):
//
//   - country: Countries' names and adjectives → the ISO code;
//   - city: Cities' names → the name as the question writes it (in
//     English: as the list capitalises it), and the
//     city's country (as a model knows it);
//   - category: Categories' words → documentary, short or animation;
//   - month: an English month name (with a year after it, that year's),
//     "N月" or 一月…十二月 → the first such month on or after today's;
//     NextMonth words → the month after today's; a season (Seasons) →
//     from and to over its next months;
//   - DeadlineWords make the month a deadline's (date_field deadline),
//     or, without a month, ask for festivals open for submissions
//     (OpenWords do too);
//   - FreeWords → max_fee 0; "under $N" or "N元以下"/"N円以下" → max_fee N.
var (
	// Countries are the countries' names and adjectives by ISO code.
	Countries = map[string][]string{
		"JP": {"japan", "japanese", "日本"},
		"CN": {"china", "chinese", "中国", "中國"},
		"TW": {"taiwan", "taiwanese", "台湾", "台灣", "臺灣"},
		"HK": {"香港特别行政区"},
		"KR": {"korea", "korean", "韓国", "韩国", "韓國"},
		"FR": {"france", "french", "フランス", "法国", "法國"},
		"DE": {"germany", "german", "ドイツ", "德国", "德國"},
		"PT": {"portugal", "portuguese", "ポルトガル", "葡萄牙"},
		"ES": {"spain", "spanish", "スペイン", "西班牙"},
		"IT": {"italy", "italian", "イタリア", "意大利", "義大利"},
		"GB": {"united kingdom", "britain", "british", "uk", "イギリス", "英国", "英國"},
		"US": {"united states", "usa", "america", "american", "アメリカ", "美国", "美國"},
		"CA": {"canada", "canadian", "カナダ", "加拿大"},
		"AR": {"argentina", "アルゼンチン", "阿根廷"},
	}
	// Cities are the cities' countries (ISO code, first) and names, by
	// their English name.
	Cities = map[string][]string{
		"Tokyo": {"JP", "tokyo", "東京", "东京"}, "Osaka": {"JP", "osaka", "大阪"}, "Kyoto": {"JP", "kyoto", "京都"},
		"Sapporo": {"JP", "sapporo", "札幌"}, "Hiroshima": {"JP", "hiroshima", "広島", "广岛", "廣島"}, "Fukuoka": {"JP", "fukuoka", "福岡", "福冈"},
		"Yamagata": {"JP", "yamagata", "山形"}, "Shanghai": {"CN", "shanghai", "上海"}, "Beijing": {"CN", "beijing", "北京"},
		"Chengdu": {"CN", "chengdu", "成都"}, "Pingyao": {"CN", "pingyao", "平遥", "平遙"}, "Taipei": {"TW", "taipei", "台北", "臺北"},
		"Hong Kong": {"HK", "hong kong", "香港"}, "Busan": {"KR", "busan", "釜山"}, "Seoul": {"KR", "seoul", "ソウル", "首尔", "首爾"},
		"Lisbon": {"PT", "lisbon", "リスボン", "里斯本"}, "Porto": {"PT", "porto", "ポルト", "波尔图", "波爾圖"},
		"Paris": {"FR", "paris", "パリ", "巴黎"}, "Lyon": {"FR", "lyon", "リヨン", "里昂"}, "Berlin": {"DE", "berlin", "ベルリン", "柏林"},
		"Munich": {"DE", "munich", "ミュンヘン", "慕尼黑"}, "London": {"GB", "london", "ロンドン", "伦敦", "倫敦"},
		"Edinburgh": {"GB", "edinburgh", "エディンバラ", "爱丁堡", "愛丁堡"}, "Sheffield": {"GB", "sheffield", "シェフィールド", "谢菲尔德"},
		"Venice": {"IT", "venice", "ヴェネツィア", "威尼斯"}, "Barcelona": {"ES", "barcelona", "バルセロナ", "巴塞罗那", "巴塞隆納"},
		"New York": {"US", "new york", "ニューヨーク", "纽约", "紐約"}, "Austin": {"US", "austin", "オースティン", "奥斯汀"},
		"Toronto": {"CA", "toronto", "トロント", "多伦多", "多倫多"}, "Vancouver": {"CA", "vancouver", "バンクーバー", "温哥华", "溫哥華"},
		"Buenos Aires": {"AR", "buenos aires", "ブエノスアイレス", "布宜诺斯艾利斯"},
	}
	// Categories are the category words by search_festivals category.
	Categories = map[string][]string{
		marquee.InquiryDocumentary: {"documentary", "documentaries", "docs", "ドキュメンタリー", "纪录片", "紀錄片", "記録映画"},
		marquee.InquiryShort:       {"short", "shorts", "短編", "短片"},
		marquee.InquiryAnimation:   {"animation", "animated", "アニメ", "动画", "動畫"},
	}
	// NextMonth words name the month after today's.
	NextMonth = []string{"next month", "来月", "下个月", "下個月"}
	// Seasons are the seasons' words and first months (three months each).
	Seasons = map[time.Month][]string{
		time.March: {"spring", "春"}, time.June: {"summer", "夏"},
		time.September: {"autumn", "fall", "秋"}, time.December: {"winter", "冬"},
	}
	// DeadlineWords ask about submission deadlines.
	DeadlineWords = []string{"deadline", "deadlines", "submissions", "締切", "締め切り", "〆切", "截止"}
	// OpenWords ask for festivals open for submissions.
	OpenWords = []string{"submit", "entries", "応募", "投稿", "报名", "報名", "征片", "徵片"}
	// FreeWords ask for free entry.
	FreeWords = []string{"free", "no entry fee", "無料", "免费", "免費"}
	// FestivalWords name festivals (OffTopic).
	FestivalWords = []string{"festival", "festivals", "fest", "映画祭", "フェスティバル", "电影节", "電影節", "影展", "电影展", "電影展", "动画节", "動畫節"}

	monthN    = regexp.MustCompile(`(\d{1,2})\s*月`)
	monthHan  = regexp.MustCompile(`(十[一二]|[一二三四五六七八九十])月`)
	feeLimit  = regexp.MustCompile(`(?:under|below|less than)\s*\$?\s*(\d+)|(\d+)\s*(?:元|円|credits)?\s*以下`)
	wordRe    = regexp.MustCompile(`[a-z]+`)
	hanDigits = map[string]int{"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "十一": 11, "十二": 12}
)

// OffTopic reports whether the stand-in model answers question without
// the tool: Args finds nothing in it and it names no festival.
func OffTopic(question string, today time.Time) bool {
	return Args(question, today) == (marquee.FestivalSearchArgs{}) && !has(strings.ToLower(question), FestivalWords)
}

// Args are the search_festivals arguments the stand-in model reads from
// question on today (see the rule above).
func Args(question string, today time.Time) marquee.FestivalSearchArgs {
	q := strings.ToLower(question)
	var args marquee.FestivalSearchArgs
	for _, code := range slices.Sorted(maps.Keys(Countries)) {
		if has(q, Countries[code]) {
			args.Country = code
		}
	}
	for _, city := range slices.Sorted(maps.Keys(Cities)) {
		for _, name := range Cities[city][1:] {
			if containsWord(q, name) {
				args.City = city
				if r, _ := utf8.DecodeRuneInString(name); r >= utf8.RuneSelf {
					args.City = name
				}
				args.Country = Cities[city][0]
			}
		}
	}
	for _, cat := range slices.Sorted(maps.Keys(Categories)) {
		if has(q, Categories[cat]) {
			args.Category = cat
		}
	}
	first := time.Date(today.Year(), today.Month(), 1, 0, 0, 0, 0, time.UTC)
	var from time.Time
	months := 1
	month, year := 0, 0
	for i := 1; i <= 12; i++ {
		name := strings.ToLower(time.Month(i).String())
		if containsWord(q, name) {
			month = i
			if m := regexp.MustCompile(name + `\s+(\d{4})`).FindStringSubmatch(q); m != nil {
				year, _ = strconv.Atoi(m[1])
			}
		}
	}
	if m := monthN.FindStringSubmatch(q); m != nil {
		if n, _ := strconv.Atoi(m[1]); n >= 1 && n <= 12 {
			month = n
		}
	} else if m := monthHan.FindStringSubmatch(q); m != nil {
		month = hanDigits[m[1]]
	}
	switch {
	case has(q, NextMonth):
		from = first.AddDate(0, 1, 0)
	case month > 0 && year > 0:
		from = time.Date(year, time.Month(month), 1, 0, 0, 0, 0, time.UTC)
	case month > 0:
		from = time.Date(today.Year(), time.Month(month), 1, 0, 0, 0, 0, time.UTC)
		if from.Before(first) {
			from = from.AddDate(1, 0, 0)
		}
	default:
		for _, m := range slices.Sorted(maps.Keys(Seasons)) {
			if has(q, Seasons[m]) {
				from = time.Date(today.Year(), m, 1, 0, 0, 0, 0, time.UTC)
				if from.AddDate(0, 3, 0).Before(first) || from.AddDate(0, 3, 0).Equal(first) {
					from = from.AddDate(1, 0, 0)
				}
				months = 3
			}
		}
	}
	deadline := has(q, DeadlineWords)
	switch {
	case !from.IsZero() && months == 1:
		args.Month = from.Format("2006-01")
	case !from.IsZero():
		args.From = from.Format(time.DateOnly)
		args.To = from.AddDate(0, months, -1).Format(time.DateOnly)
	case deadline || has(q, OpenWords):
		args.OpenForSubmissions = true
	}
	if !from.IsZero() && deadline {
		args.DateField = marquee.ToolDatesDeadline
	}
	if has(q, FreeWords) {
		args.MaxFee = new(int64)
	} else if m := feeLimit.FindStringSubmatch(q); m != nil {
		n, _ := strconv.ParseInt(m[1]+m[2], 10, 64)
		args.MaxFee = &n
	}
	return args
}

// has reports whether q holds one of words (containsWord).
func has(q string, words []string) bool {
	for _, w := range words {
		if containsWord(q, w) {
			return true
		}
	}
	return false
}

// containsWord reports whether q holds w: as a whole word (or words)
// when w is ASCII, a single word of six letters or more also with one
// letter wrong, left out or added; anywhere otherwise.
func containsWord(q, w string) bool {
	if w == "" {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(w); r >= utf8.RuneSelf {
		return strings.Contains(q, w)
	}
	if regexp.MustCompile(`\b` + regexp.QuoteMeta(w) + `\b`).MatchString(q) {
		return true
	}
	if len(w) < 6 || strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0 {
		return false
	}
	for _, word := range wordRe.FindAllString(q, -1) {
		if len(word) >= 5 && oneEdit(word, w) {
			return true
		}
	}
	return false
}

// oneEdit reports whether a and b differ by one letter changed, left out or added.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 || a == b {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}
