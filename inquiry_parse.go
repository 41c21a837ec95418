package marquee

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// InquiryQuery is what a question to the festival assistant asks, as
// ParseInquiry understands it; the festival search index ranks festivals
// by it (search.FestivalIndex.Inquire, marquee.RankInquiry).
type InquiryQuery struct {
	// Places are the cities named, each with its names in every script
	// (a festival's text may use any of them).
	Places []InquiryPlace `json:"places,omitempty"`
	// Country is a country named (ISO code), "" for any.
	Country string `json:"country,omitempty"`
	// From and To are the dates of a month or season named (YYYY-MM-DD)
	// away from any deadline word: the festival's dates overlap them.
	// Both "" when none was named.
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// DeadlineFrom and DeadlineTo are the dates of a month or season
	// named beside a deadline word ("deadlines in December", "deadline
	// next month", 12月締切, 下个月截止): one of the festival's
	// categories' deadlines falls within them. Both "" when none was.
	DeadlineFrom string `json:"deadlineFrom,omitempty"`
	DeadlineTo   string `json:"deadlineTo,omitempty"`
	// Open asks for festivals open for submissions (deadlines).
	Open bool `json:"open,omitempty"`
	// Category is "documentary", "short" or "animation", "" for any.
	Category string `json:"category,omitempty"`
	// MaxFee is the highest current fee asked for, in credits: 0 for
	// "free", 30 for "under $30" (fees on Marquee are credits).
	MaxFee *int64 `json:"maxFee,omitempty"`
	// Keywords are the question's other words (a festival's name, a
	// town the place list lacks), matched with the festival search.
	Keywords []string `json:"keywords,omitempty"`
}

// InquiryPlace is a city a question named.
type InquiryPlace struct {
	Names   []string `json:"names"` // English first
	Country string   `json:"country"`
}

// The categories the assistant understands.
const (
	InquiryDocumentary = "documentary"
	InquiryShort       = "short"
	InquiryAnimation   = "animation"
)

// inquiryCategoryKeys are, per category, the words searched for in
// category names (which festivals write in their own language).
var inquiryCategoryKeys = map[string][]string{
	InquiryDocumentary: {"documentary", "ドキュメンタリー", "纪录", "紀錄"},
	InquiryShort:       {"short", "短編", "短片", "短篇"},
	InquiryAnimation:   {"anima", "アニメ", "动画", "動畫"},
}

// HasFacets reports whether the question named anything beyond keywords:
// a place, country, month or season, deadlines, a category or a fee.
func (q InquiryQuery) HasFacets() bool {
	return len(q.Places) > 0 || q.Country != "" || q.From != "" || q.DeadlineFrom != "" || q.Open || q.Category != "" ||
		q.MaxFee != nil
}

// Understood reports whether ParseInquiry found anything to search for.
func (q InquiryQuery) Understood() bool { return q.HasFacets() || len(q.Keywords) > 0 }

// inquiryKind is what a vocabulary term stands for.
type inquiryKind int

const (
	termPlace inquiryKind = iota
	termCountry
	termCategory
	termOpen
	termFree
	termMonth    // value: 1..12
	termSeason   // value: the season's first month
	termRelMonth // value: months from today's
	termStop     // a word that asks nothing (film, festival, の, 的)
)

// termDeadline is the value of the termOpen words that name a deadline
// or submitting (deadline, 締切, 截止, submissions): a month beside one
// is the deadline's, not the festival's.
const termDeadline = "deadline"

// inquiryTerm is one entry of the assistant's vocabulary.
type inquiryTerm struct {
	text  string // folded (foldQuestion)
	b     []byte // text
	kind  inquiryKind
	value string // the place index, country code, category, month number...
	// spaced: a term of a spaced script, which must stand as whole words.
	spaced bool
}

// inquiryPlaces are well-known festival cities with their names in
// English, Japanese and Chinese (Simplified, then Traditional where it
// differs). Towns not listed are still found as keywords in the
// festivals' own text.
var inquiryPlaces = []InquiryPlace{
	{[]string{"Tokyo", "東京", "东京"}, "JP"},
	{[]string{"Osaka", "大阪"}, "JP"},
	{[]string{"Kyoto", "京都"}, "JP"},
	{[]string{"Yokohama", "横浜", "横滨", "橫濱"}, "JP"},
	{[]string{"Sapporo", "札幌"}, "JP"},
	{[]string{"Fukuoka", "福岡", "福冈"}, "JP"},
	{[]string{"Nagoya", "名古屋"}, "JP"},
	{[]string{"Kobe", "神戸", "神户"}, "JP"},
	{[]string{"Hiroshima", "広島", "广岛", "廣島"}, "JP"},
	{[]string{"Yamagata", "山形"}, "JP"},
	{[]string{"Yubari", "夕張", "夕张"}, "JP"},
	{[]string{"Beijing", "北京", "ペキン"}, "CN"},
	{[]string{"Shanghai", "上海", "シャンハイ"}, "CN"},
	{[]string{"Guangzhou", "広州", "广州", "廣州"}, "CN"},
	{[]string{"Shenzhen", "深圳", "深セン"}, "CN"},
	{[]string{"Chengdu", "成都"}, "CN"},
	{[]string{"Hangzhou", "杭州"}, "CN"},
	{[]string{"Xi'an", "Xian", "西安"}, "CN"},
	{[]string{"Pingyao", "平遥", "平遙"}, "CN"},
	{[]string{"Taipei", "台北", "臺北"}, "TW"},
	{[]string{"Kaohsiung", "高雄"}, "TW"},
	{[]string{"Hong Kong", "香港"}, "HK"},
	{[]string{"Macau", "Macao", "マカオ", "澳门", "澳門"}, "MO"},
	{[]string{"Singapore", "シンガポール", "新加坡"}, "SG"},
	{[]string{"Seoul", "ソウル", "首尔", "首爾"}, "KR"},
	{[]string{"Busan", "Pusan", "釜山"}, "KR"},
	{[]string{"Bangkok", "バンコク", "曼谷"}, "TH"},
	{[]string{"Mumbai", "ムンバイ", "孟买", "孟買"}, "IN"},
	{[]string{"Lisbon", "Lisboa", "リスボン", "里斯本"}, "PT"},
	{[]string{"Porto", "ポルト", "波尔图", "波爾圖"}, "PT"},
	{[]string{"Paris", "パリ", "巴黎"}, "FR"},
	{[]string{"Cannes", "カンヌ", "戛纳", "坎城"}, "FR"},
	{[]string{"Annecy", "アヌシー", "安纳西", "安錫"}, "FR"},
	{[]string{"Clermont-Ferrand", "クレルモン＝フェラン", "克莱蒙费朗"}, "FR"},
	{[]string{"Berlin", "ベルリン", "柏林"}, "DE"},
	{[]string{"Munich", "München", "ミュンヘン", "慕尼黑"}, "DE"},
	{[]string{"Oberhausen", "オーバーハウゼン", "奥伯豪森"}, "DE"},
	{[]string{"Leipzig", "ライプツィヒ", "莱比锡"}, "DE"},
	{[]string{"Venice", "Venezia", "ヴェネツィア", "ベネチア", "威尼斯"}, "IT"},
	{[]string{"Rome", "Roma", "ローマ", "罗马", "羅馬"}, "IT"},
	{[]string{"Locarno", "ロカルノ", "洛迦诺", "洛迦諾"}, "CH"},
	{[]string{"Nyon", "ニヨン", "尼翁"}, "CH"},
	{[]string{"Amsterdam", "アムステルダム", "阿姆斯特丹"}, "NL"},
	{[]string{"Rotterdam", "ロッテルダム", "鹿特丹"}, "NL"},
	{[]string{"San Sebastian", "San Sebastián", "Donostia", "サン・セバスティアン", "圣塞巴斯蒂安"}, "ES"},
	{[]string{"Madrid", "マドリード", "马德里", "馬德里"}, "ES"},
	{[]string{"Barcelona", "バルセロナ", "巴塞罗那", "巴塞隆納"}, "ES"},
	{[]string{"London", "ロンドン", "伦敦", "倫敦"}, "GB"},
	{[]string{"Edinburgh", "エディンバラ", "爱丁堡", "愛丁堡"}, "GB"},
	{[]string{"Sheffield", "シェフィールド", "谢菲尔德"}, "GB"},
	{[]string{"Dublin", "ダブリン", "都柏林"}, "IE"},
	{[]string{"Copenhagen", "コペンハーゲン", "哥本哈根"}, "DK"},
	{[]string{"Stockholm", "ストックホルム", "斯德哥尔摩"}, "SE"},
	{[]string{"Karlovy Vary", "カルロヴィ・ヴァリ", "卡罗维发利"}, "CZ"},
	{[]string{"Krakow", "Kraków", "クラクフ", "克拉科夫"}, "PL"},
	{[]string{"Sarajevo", "サラエボ", "萨拉热窝"}, "BA"},
	{[]string{"Thessaloniki", "テッサロニキ", "塞萨洛尼基"}, "GR"},
	{[]string{"Istanbul", "イスタンブール", "伊斯坦布尔"}, "TR"},
	{[]string{"Cairo", "カイロ", "开罗", "開羅"}, "EG"},
	{[]string{"Marrakech", "マラケシュ", "马拉喀什"}, "MA"},
	{[]string{"Durban", "ダーバン", "德班"}, "ZA"},
	{[]string{"New York", "ニューヨーク", "纽约", "紐約"}, "US"},
	{[]string{"Los Angeles", "ロサンゼルス", "洛杉矶", "洛杉磯"}, "US"},
	{[]string{"Park City", "パークシティ", "帕克城"}, "US"},
	{[]string{"Palm Springs", "パームスプリングス", "棕榈泉"}, "US"},
	{[]string{"Austin", "オースティン", "奥斯汀"}, "US"},
	{[]string{"Chicago", "シカゴ", "芝加哥"}, "US"},
	{[]string{"San Francisco", "サンフランシスコ", "旧金山", "舊金山"}, "US"},
	{[]string{"Seattle", "シアトル", "西雅图", "西雅圖"}, "US"},
	{[]string{"Toronto", "トロント", "多伦多", "多倫多"}, "CA"},
	{[]string{"Montreal", "Montréal", "モントリオール", "蒙特利尔"}, "CA"},
	{[]string{"Vancouver", "バンクーバー", "温哥华", "溫哥華"}, "CA"},
	{[]string{"Mexico City", "メキシコシティ", "墨西哥城"}, "MX"},
	{[]string{"Guadalajara", "グアダラハラ", "瓜达拉哈拉"}, "MX"},
	{[]string{"Havana", "ハバナ", "哈瓦那"}, "CU"},
	{[]string{"Buenos Aires", "ブエノスアイレス", "布宜诺斯艾利斯"}, "AR"},
	{[]string{"Mar del Plata", "マル・デル・プラタ", "马德普拉塔"}, "AR"},
	{[]string{"Sao Paulo", "São Paulo", "サンパウロ", "圣保罗", "聖保羅"}, "BR"},
	{[]string{"Rio de Janeiro", "リオデジャネイロ", "里约热内卢"}, "BR"},
	{[]string{"Sydney", "シドニー", "悉尼", "雪梨"}, "AU"},
	{[]string{"Melbourne", "メルボルン", "墨尔本", "墨爾本"}, "AU"},
	{[]string{"Auckland", "オークランド", "奥克兰", "奧克蘭"}, "NZ"},
}

// countryAliases are the common names of countries the CLDR names
// (countryNames) leave out, and the adjectives of festival countries
// ("Japanese documentary festivals").
var countryAliases = map[string][]string{
	"US": {"USA", "U.S.", "U.S.A.", "America", "the States", "American", "アメリカ", "米国"},
	"GB": {"UK", "U.K.", "Britain", "Great Britain", "England", "Scotland", "Wales", "British", "English", "Scottish", "英國"},
	"KR": {"Korea", "Korean", "韓国", "韩国", "韓國"},
	"JP": {"Japanese"},
	"TW": {"台灣", "Taiwanese"},
	"FR": {"French"},
	"DE": {"German"},
	"PT": {"Portuguese"},
	"ES": {"Spanish"},
	"IT": {"Italian"},
	"CA": {"Canadian"},
	"AU": {"Australian"},
	"MX": {"Mexican"},
	"BR": {"Brazilian"},
	"AR": {"Argentine", "Argentinian"},
	"IN": {"Indian"},
	"HK": {"Hong Kong", "香港"},
	"MO": {"Macau", "Macao", "澳门", "澳門"},
	"CZ": {"Czech Republic"},
	"NL": {"Holland", "The Netherlands"},
	"CN": {"Mainland China", "中国大陆", "Chinese"},
}

// inquiryWords are the other words the assistant understands, by kind,
// in English, Japanese and Chinese.
var inquiryWords = []struct {
	kind  inquiryKind
	value string
	words []string
}{
	{termCategory, InquiryDocumentary, []string{"documentary", "documentaries", "docs", "doc", "non-fiction", "nonfiction",
		"ドキュメンタリー", "記録映画", "纪录片", "紀錄片", "纪录", "紀錄"}},
	{termCategory, InquiryShort, []string{"short film", "short films", "short", "shorts", "短編映画", "短編", "ショートフィルム", "短片", "短篇"}},
	{termCategory, InquiryAnimation, []string{"animation", "animations", "animated", "anime", "cartoon", "cartoons",
		"アニメーション", "アニメ", "动画片", "动画", "動畫", "卡通"}},
	{termOpen, "", []string{"open for submissions", "open for submission", "open for entries", "accepting submissions",
		"accepting entries", "taking submissions", "still open", "open now", "currently open", "open", "deadline soon",
		"deadlines soon", "closing soon", "due soon", "accepting", "accepts", "taking entries", "entries open",
		"call for entries", "call for submissions", "calls for entries", "calls for submissions", "募集中", "応募受付中", "受付中", "応募できる", "締切間近", "締め切り間近",
		"即将截止", "即將截止"}},
	{termOpen, termDeadline, []string{"deadline", "deadlines", "due", "close", "closes", "closing", "submit", "submission", "submissions",
		"entry deadline", "entry deadlines", "submission deadline", "submission deadlines",
		"作品募集", "応募締切", "応募締め切り", "応募", "締切日", "締切", "締め切り", "〆切り", "〆切", "しめきり", "締め切られる",
		"截止日期", "截止時間", "截止时间", "截止", "截稿", "征片", "徵片", "征集", "徵集", "报名", "報名", "投稿"}},
	{termFree, "", []string{"free of charge", "no entry fee", "no entry fees", "no submission fee", "no fee", "no fees",
		"without fee", "without a fee", "fee-free", "free", "参加費無料", "応募無料", "無料", "免费", "免費", "不收费", "不收費", "零费用"}},
	{termRelMonth, "0", []string{"this month", "今月", "这个月", "這個月", "本月"}},
	{termRelMonth, "1", []string{"next month", "来月", "下个月", "下個月", "下月"}},
	{termSeason, "3", []string{"spring", "springtime", "春季", "春天", "春の", "春に"}},
	{termSeason, "6", []string{"summer", "summertime", "夏季", "夏天", "夏の", "夏に"}},
	{termSeason, "9", []string{"autumn", "in fall", "in the fall", "this fall", "next fall", "秋季", "秋天", "秋の", "秋に"}},
	{termSeason, "12", []string{"winter", "wintertime", "冬季", "冬天", "冬の", "冬に"}},
	{termStop, "", []string{
		// English: what every question about festivals says.
		"film festivals", "film festival", "film fest", "film fests", "festivals", "festival", "fests", "fest", "films", "film",
		"movies", "movie", "cinema", "international", "which", "what", "when", "where", "who", "how", "why", "are", "is",
		"was", "were", "be", "there", "any", "some", "the", "a", "an", "in", "on", "at", "for", "of", "to", "with", "and",
		"or", "near", "around", "from", "about", "me", "my", "i", "we", "you", "it", "its", "their", "can", "could",
		"do", "does", "did", "please", "show", "find", "list", "tell", "give", "know", "want", "looking", "look",
		"search", "recommend", "suggest", "upcoming", "coming", "up", "good", "best", "great", "top", "now", "soon",
		"currently", "still", "happening", "held", "take", "takes", "place", "places", "events", "event", "have",
		"has", "that", "this", "these", "those", "year", "next", "this year", "next year", "fee", "fees", "entry",
		"cost", "costs", "price", "cheap", "low", "all", "only", "also", "other", "like", "kinds", "kind", "type",
		"types", "category", "categories", "country", "city", "month", "months", "time", "date", "dates",
		"i'm", "i'd", "i'll", "what's", "where's", "when's", "which's", "there's", "it's", "let's", "don't", "can't",
		"hello", "hi", "thanks", "thank", "would", "should", "will", "need", "needs", "help", "happen", "happens",
		"close to", "closer to", "closest to",
		// Japanese.
		"国際映画祭", "映画祭", "フェスティバル", "映画", "国際", "イベント", "教えて", "ください", "下さい", "ありますか",
		"どこ", "いつ", "どんな", "どの", "おすすめ", "開催", "参加", "出品", "作品", "今年", "来年", "費用", "料金", "応募料",
		"開催される", "開催中", "開かれる", "開かれ", "行われる", "探しています", "探している", "探して", "知りたい", "何月",
		"いつ頃", "どれ", "何", "一覧", "情報",
		// Chinese.
		"国际电影节", "國際電影節", "电影节", "電影節", "影展", "电影", "電影", "国际", "國際", "活动", "活動", "请问", "請問",
		"什么", "什麼", "哪些", "哪个", "哪個", "哪里", "哪裡", "推荐", "推薦", "举办", "舉辦", "参加", "參加", "作品",
		"今年", "明年", "费用", "費用", "有没有", "有沒有", "有吗", "可以", "一下", "告诉我", "告訴我",
		"什么时候", "什麼時候", "时候", "時候", "我想找", "我想知道", "想知道", "帮我找", "幫我找", "我想", "哪一个", "哪一個",
		"信息", "資訊", "列表", "几月", "幾月",
	}},
}

// vocabulary is the assistant's vocabulary, longest terms first (so
// that "short film" wins over "short", 東京国際映画祭 over 東京).
var vocabulary = sync.OnceValue(func() []inquiryTerm {
	var terms []inquiryTerm
	add := func(text string, kind inquiryKind, value string) {
		t := foldQuestion(text)
		terms = append(terms, inquiryTerm{text: t, b: []byte(t), kind: kind, value: value, spaced: !hasCJK(t)})
	}
	for i, p := range inquiryPlaces {
		for _, n := range p.Names {
			add(n, termPlace, strconv.Itoa(i))
		}
	}
	for code, names := range countryNames {
		for _, n := range names {
			add(n, termCountry, code)
		}
	}
	for code, names := range countryAliases {
		for _, n := range names {
			add(n, termCountry, code)
		}
	}
	for _, w := range inquiryWords {
		for _, t := range w.words {
			add(t, w.kind, w.value)
		}
	}
	months := []string{"january", "february", "march", "april", "in may", "june", "july", "august", "september", "october", "november", "december"}
	zhMonths := []string{"一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"}
	for i := range months {
		v := strconv.Itoa(i + 1)
		add(months[i], termMonth, v)
		// Short forms, but not "may" (a verb as often as a month) nor
		// "mar" (Mar del Plata, a festival town).
		if i != 2 && i != 4 {
			add(months[i][:3], termMonth, v)
		}
		add(zhMonths[i], termMonth, v)
	}
	add("during may", termMonth, "5")
	add("sept", termMonth, "9")
	slices.SortStableFunc(terms, func(a, b inquiryTerm) int { return len(b.text) - len(a.text) })
	return terms
})

var (
	// feeUnder reads "under $30", "less than 30 credits", "低于30美元".
	feeUnder = regexp.MustCompile(`(?:under|below|less than|cheaper than|up to|at most|no more than|max(?:imum)?|<=?|低于|低於|少于|少於|不超过|不超過|不到|不高于|不高於)\s*(?:us\$|\$|usd|€|£)?\s*(\d{1,6})(?:\s*(?:dollars?|usd|credits?|ドル|美元|元|块))?`)
	// feeOrLess reads "$30 or less", "30ドル以下", "30美元以内".
	feeOrLess = regexp.MustCompile(`(?:us\$|\$|usd)?\s*(\d{1,6})\s*(?:dollars?|usd|credits?|ドル|クレジット|美元|元|块)?\s*(?:or less|or under|or cheaper|max|以下|以内|未満|まで)`)
	// numericMonth reads "3月" and "2027年3月".
	numericMonth = regexp.MustCompile(`(?:(20\d\d)\s*年\s*)?(\d{1,2})\s*月`)
	// yearWord reads a year such as 2027 standing alone.
	yearWord = regexp.MustCompile(`(?:^|[^\d])(20\d\d)(?:[^\d]|$)`)
)

// ParseInquiry reads what question asks about festivals, in English,
// Japanese or Chinese, on day today (YYYY-MM-DD): the cities and
// countries it names (in any of the three scripts), a month or season
// (the next one to come, or that of a year named) as the festival's
// dates or, beside a deadline word, as its deadline's month (see
// besideDeadline), whether it asks about submissions or deadlines, a
// category (documentary, short, animation),
// a fee (free, under an amount), and its remaining words as keywords
// (without the words every such question says: film, festival, 映画祭,
// 电影节...). Each part of the text counts once, the longest term first.
func ParseInquiry(question, today string) InquiryQuery {
	var q InquiryQuery
	s := []byte(foldQuestion(question))
	blank := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s[i] = ' '
		}
	}
	// Fees first: their digits are no month or keyword.
	for _, re := range []*regexp.Regexp{feeUnder, feeOrLess} {
		for _, m := range re.FindAllSubmatchIndex(s, -1) {
			if n, err := strconv.ParseInt(string(s[m[2]:m[3]]), 10, 64); err == nil && (q.MaxFee == nil || n < *q.MaxFee) {
				q.MaxFee = &n
			}
			blank(m[0], m[1])
		}
	}
	// Months, seasons and relative months named, and deadline words,
	// with where they stand: a month beside a deadline word is the
	// deadline's.
	var times []timeSpan
	var deadlines [][2]int
	folded := slices.Clone(s) // as asked, for the words between them
	year := 0
	for _, m := range numericMonth.FindAllSubmatchIndex(s, -1) {
		if n, _ := strconv.Atoi(string(s[m[4]:m[5]])); n >= 1 && n <= 12 {
			times = append(times, timeSpan{lo: m[0], hi: m[1], month: n, rel: -1})
			if m[2] >= 0 {
				year, _ = strconv.Atoi(string(s[m[2]:m[3]]))
			}
			blank(m[0], m[1])
		}
	}
	for _, t := range vocabulary() {
		for {
			i := findTerm(s, t)
			if i < 0 {
				break
			}
			blank(i, i+len(t.text))
			switch t.kind {
			case termPlace:
				p := inquiryPlaces[mustAtoi(t.value)]
				if !slices.ContainsFunc(q.Places, func(x InquiryPlace) bool { return x.Names[0] == p.Names[0] }) {
					q.Places = append(q.Places, p)
				}
			case termCountry:
				if q.Country == "" {
					q.Country = t.value
				}
			case termCategory:
				if q.Category == "" {
					q.Category = t.value
				}
			case termOpen:
				q.Open = true
				if t.value == termDeadline {
					deadlines = append(deadlines, [2]int{i, i + len(t.text)})
				}
			case termFree:
				zero := int64(0)
				q.MaxFee = &zero
			case termMonth:
				times = append(times, timeSpan{lo: i, hi: i + len(t.text), month: mustAtoi(t.value), rel: -1})
			case termSeason:
				times = append(times, timeSpan{lo: i, hi: i + len(t.text), season: mustAtoi(t.value), rel: -1})
			case termRelMonth:
				times = append(times, timeSpan{lo: i, hi: i + len(t.text), rel: mustAtoi(t.value)})
			}
		}
	}
	if m := yearWord.FindSubmatchIndex(s); m != nil {
		year, _ = strconv.Atoi(string(s[m[2]:m[3]]))
		blank(m[2], m[3])
	}
	// A country whose only named place is its city adds nothing: the
	// city's festivals are in it (and a name like "Hong Kong" is both).
	if q.Country != "" && len(q.Places) > 0 {
		for _, p := range q.Places {
			if p.Country == q.Country {
				q.Country = ""
				break
			}
		}
	}
	dates, due := timeWords{rel: -1}, timeWords{rel: -1}
	for i, isDue := range deadlineTimes(folded, times, deadlines) {
		if isDue {
			due.add(times[i])
		} else {
			dates.add(times[i])
		}
	}
	q.From, q.To = inquiryDates(today, dates.months, dates.season, dates.rel, year)
	q.DeadlineFrom, q.DeadlineTo = inquiryDates(today, due.months, due.season, due.rel, year)
	q.Keywords = inquiryKeywords(string(s))
	return q
}

// timeSpan is a month (1..12), a season (its first month) or a month
// relative to today's (rel >= 0) named in a question, and where.
type timeSpan struct {
	lo, hi             int
	month, season, rel int
}

// timeWords are the months, season and relative month of one reading
// (the festival's dates or its deadlines).
type timeWords struct {
	months      []int
	season, rel int
}

func (w *timeWords) add(t timeSpan) {
	switch {
	case t.month != 0:
		w.months = append(w.months, t.month)
	case t.season != 0:
		w.season = t.season
	default:
		w.rel = t.rel
	}
}

// deadlineFiller are the words and particles that may stand between a
// month and a deadline word that it belongs to ("deadline is in
// December", "next month's deadline", 12月に締切, 截止日期是12月). Others
// ("festivals in December with open submissions") keep them apart.
var deadlineFiller = []string{
	"'s", "s", "in", "of", "on", "at", "is", "are", "be", "will", "for", "the", "a", "an", "it", "its", "date", "dates", "by", "due", "falls", "fall", "falling", "closes", "close", "closing", "ends", "end", "ending", "before",
	"until", "till", "within", "during", "early", "late", "mid", "sometime", "around", "about",
	"までに", "まで", "迄", "には", "に", "が", "は", "の", "で", "も", "頃", "ごろ", "中", "上旬", "中旬", "下旬", "末",
	"日期", "时间", "時間", "在", "是", "为", "為", "于", "於", "的", "份", "底", "前", "内", "內",
}

// timeJoiners are the words that join two months or seasons named for
// one thing ("November or December", 11月と12月, 十一月或十二月).
var timeJoiners = []string{"and", "or", "to", "through", "-", "~", "〜", "、", ",", "と", "や", "から", "か", "和", "或", "及", "至", "到"}

// besideDeadline reports whether the time words t stand beside the
// deadline word d in s (the folded question): only spaces and
// deadlineFiller between them, no punctuation.
func besideDeadline(s []byte, t timeSpan, d [2]int) bool {
	return joined(s, [2]int{t.lo, t.hi}, d, deadlineFiller)
}

// joined reports whether the spans a and b of s have nothing but spaces
// and words of fillers between them (a CJK filler may run into the next).
func joined(s []byte, a, b [2]int, fillers []string) bool {
	var between []byte
	switch {
	case a[1] <= b[0]:
		between = s[a[1]:b[0]]
	case b[1] <= a[0]:
		between = s[b[1]:a[0]]
	default:
		return false
	}
	for _, f := range strings.Fields(string(between)) {
		for f != "" {
			i := slices.IndexFunc(fillers, func(w string) bool { return strings.HasPrefix(f, w) && (hasCJK(w) || f == w) })
			if i < 0 {
				return false
			}
			f = f[len(fillers[i]):]
		}
	}
	return true
}

// deadlineTimes reports, for each of times, whether it names a deadline's
// month: beside a deadline word, or joined to one that is ("deadlines
// in November or December").
func deadlineTimes(s []byte, times []timeSpan, deadlines [][2]int) []bool {
	due := make([]bool, len(times))
	for i, t := range times {
		due[i] = slices.ContainsFunc(deadlines, func(d [2]int) bool { return besideDeadline(s, t, d) })
	}
	for changed := true; changed; {
		changed = false
		for i, t := range times {
			if due[i] {
				continue
			}
			for j, o := range times {
				if due[j] && joined(s, [2]int{t.lo, t.hi}, [2]int{o.lo, o.hi}, timeJoiners) {
					due[i], changed = true, true
					break
				}
			}
		}
	}
	return due
}

// inquiryDates returns the dates a question's months, season (its first
// month, 0 for none) or month relative to today's (-1 for none) cover:
// the next such months to come (including the current one), or those of
// year when it is not 0. "" and "" when none was named.
func inquiryDates(today string, months []int, season, rel, year int) (from, to string) {
	t, ok := ParseDate(today)
	if !ok {
		return "", ""
	}
	first := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	span := func(start time.Time, n int) (time.Time, time.Time) {
		return start, start.AddDate(0, n, -1)
	}
	// next returns the first n-month period starting in month m that has
	// not ended before today (in year, when given).
	next := func(m, n int) (time.Time, time.Time) {
		if year != 0 {
			return span(time.Date(year, time.Month(m), 1, 0, 0, 0, 0, time.UTC), n)
		}
		for y := t.Year() - 1; ; y++ {
			a, b := span(time.Date(y, time.Month(m), 1, 0, 0, 0, 0, time.UTC), n)
			if !b.Before(t) {
				return a, b
			}
		}
	}
	var lo, hi time.Time
	widen := func(a, b time.Time) {
		if lo.IsZero() || a.Before(lo) {
			lo = a
		}
		if hi.IsZero() || b.After(hi) {
			hi = b
		}
	}
	for _, m := range months {
		widen(next(m, 1))
	}
	if season != 0 {
		widen(next(season, 3))
	}
	if rel >= 0 && len(months) == 0 {
		widen(span(first.AddDate(0, rel, 0), 1))
	}
	if lo.IsZero() {
		return "", ""
	}
	return lo.Format(DateLayout), hi.Format(DateLayout)
}

// inquiryKeywords returns the words left in a folded question once its
// terms are blanked: words of spaced scripts of two letters or more
// that are no number, and runs of CJK text that are not all hiragana
// (particles and verb endings: の, ありますか).
func inquiryKeywords(rest string) []string {
	var out []string
	add := func(w string) {
		if w != "" && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	fields := strings.FieldsFunc(rest, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '\'' || r == 'ー')
	})
	for _, f := range fields {
		// A field may mix scripts ("tiff東京"): split it at script changes.
		var run []rune
		cjk := false
		flush := func() {
			w := strings.Trim(string(run), "'")
			run = run[:0]
			if w == "" {
				return
			}
			switch {
			case cjk && allHiragana(w):
			case cjk:
				// Particles at its ends go (京都で, 在东京); a single
				// character left is a particle or too vague to search.
				if w = strings.Trim(w, "のはにでをがとやもへかね在有的吗呢了和与是"); utf8.RuneCountInString(w) >= 2 {
					add(w)
				}
			case utf8.RuneCountInString(w) >= 2 && !allDigits(w):
				add(w)
			}
		}
		for _, r := range f {
			c := isCJKRune(r)
			if len(run) > 0 && c != cjk {
				flush()
			}
			cjk = c
			run = append(run, r)
		}
		flush()
	}
	if len(out) > 8 {
		out = out[:8] // a long question's first words; the search needs every word to match
	}
	return out
}

// findTerm returns where t first stands in s as a term (a spaced term
// as whole words), or -1.
func findTerm(s []byte, t inquiryTerm) int {
	from := 0
	for {
		i := bytes.Index(s[from:], t.b)
		if i < 0 {
			return -1
		}
		i += from
		if !t.spaced || (wordBoundary(s, i-1, true) && wordBoundary(s, i+len(t.text), false)) {
			return i
		}
		from = i + 1
	}
}

// wordBoundary reports whether the rune ending at i (before) or starting
// at i (after) is no letter or digit of a spaced script.
func wordBoundary(s []byte, i int, before bool) bool {
	if i < 0 || i >= len(s) {
		return true
	}
	var r rune
	if before {
		r, _ = utf8.DecodeLastRune(s[:i+1])
	} else {
		r, _ = utf8.DecodeRune(s[i:])
	}
	return isCJKRune(r) || !(unicode.IsLetter(r) || unicode.IsDigit(r))
}

// foldQuestion lower-cases s and turns full-width ASCII (ＴＯＫＹＯ, ３月)
// and the ideographic space into their plain forms.
func foldQuestion(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
		case r == 0x3000:
			r = ' '
		case r == '’':
			r = '\''
		}
		return unicode.ToLower(r)
	}, s)
}

// isCJKRune reports whether r is written without spaces between words.
func isCJKRune(r rune) bool {
	return r >= 0x1100 && (unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == 'ー' || r == '々' || r == '〆')
}

func hasCJK(s string) bool { return strings.IndexFunc(s, isCJKRune) >= 0 }

func allHiragana(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Hiragana, r) && r != 'ー' {
			return false
		}
	}
	return true
}

func mustAtoi(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		panic("marquee: bad vocabulary value " + s)
	}
	return n
}
