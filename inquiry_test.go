package marquee

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func fee(n int64) *int64 { return &n }

var (
	tokyo    = inquiryPlaces[0]
	lisbon   = placeNamed("Lisbon")
	shanghai = placeNamed("Shanghai")
	kyoto    = placeNamed("Kyoto")
	hongKong = placeNamed("Hong Kong")
)

func placeNamed(en string) InquiryPlace {
	for _, p := range inquiryPlaces {
		if p.Names[0] == en {
			return p
		}
	}
	panic("no place " + en)
}

func TestParseInquiry(t *testing.T) {
	const today = "2026-11-23"
	tests := []struct {
		question string
		want     InquiryQuery
	}{
		// The four questions.
		{"documentary festivals in Lisbon", InquiryQuery{Places: []InquiryPlace{lisbon}, Category: InquiryDocumentary}},
		{"東京の映画祭", InquiryQuery{Places: []InquiryPlace{tokyo}}},
		{"上海 电影节 截止", InquiryQuery{Places: []InquiryPlace{shanghai}, Open: true}},
		{"free short film festivals open now", InquiryQuery{Open: true, Category: InquiryShort, MaxFee: fee(0)}},
		// The same city in three scripts, full-width letters too.
		{"Festivals in Tokyo?", InquiryQuery{Places: []InquiryPlace{tokyo}}},
		{"东京有哪些电影节", InquiryQuery{Places: []InquiryPlace{tokyo}}},
		{"ＴＯＫＹＯ film festivals", InquiryQuery{Places: []InquiryPlace{tokyo}}},
		{"リスボンのドキュメンタリー映画祭", InquiryQuery{Places: []InquiryPlace{lisbon}, Category: InquiryDocumentary}},
		// Countries, by their CLDR names and common ones.
		{"Festivals in Japan this spring", InquiryQuery{Country: "JP", From: "2027-03-01", To: "2027-05-31"}},
		{"日本の映画祭", InquiryQuery{Country: "JP"}},
		{"美国的动画电影节", InquiryQuery{Country: "US", Category: InquiryAnimation}},
		{"short film festivals in the USA", InquiryQuery{Country: "US", Category: InquiryShort}},
		{"イギリスの短編映画祭", InquiryQuery{Country: "GB", Category: InquiryShort}},
		// A city's own country adds nothing; another country stays.
		{"Kyoto, Japan", InquiryQuery{Places: []InquiryPlace{kyoto}}},
		{"Hong Kong festivals in May 2027", InquiryQuery{Places: []InquiryPlace{hongKong}, From: "2027-05-01", To: "2027-05-31"}},
		// Months and seasons: the next to come, or the year named.
		{"animation festivals in March under $30", InquiryQuery{From: "2027-03-01", To: "2027-03-31", Category: InquiryAnimation, MaxFee: fee(30)}},
		{"3月の映画祭", InquiryQuery{From: "2027-03-01", To: "2027-03-31"}},
		{"三月的电影节", InquiryQuery{From: "2027-03-01", To: "2027-03-31"}},
		{"十二月的电影节", InquiryQuery{From: "2026-12-01", To: "2026-12-31"}},
		{"festivals in November", InquiryQuery{From: "2026-11-01", To: "2026-11-30"}},
		{"2027年3月の京都のアニメ映画祭", InquiryQuery{Places: []InquiryPlace{kyoto}, From: "2027-03-01", To: "2027-03-31", Category: InquiryAnimation}},
		{"festivals this winter", InquiryQuery{From: "2026-12-01", To: "2027-02-28"}},
		{"夏の映画祭", InquiryQuery{From: "2027-06-01", To: "2027-08-31"}},
		{"festivals next month", InquiryQuery{From: "2026-12-01", To: "2026-12-31"}},
		// A month beside a deadline word is the deadline's month.
		{"来月締切の映画祭", InquiryQuery{DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31", Open: true}},
		{"Which documentary festivals in Japan have deadlines next month?", InquiryQuery{Country: "JP", Category: InquiryDocumentary,
			Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"festivals with a deadline in December", InquiryQuery{Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"deadlines in December", InquiryQuery{Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"next month's deadlines", InquiryQuery{Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"12月締切", InquiryQuery{Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"韓国で12月に締め切りがある映画祭は？", InquiryQuery{Country: "KR", Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"締切が1月のドキュメンタリー映画祭", InquiryQuery{Category: InquiryDocumentary, Open: true, DeadlineFrom: "2027-01-01", DeadlineTo: "2027-01-31"}},
		{"下个月截止", InquiryQuery{Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"12月截止的电影节", InquiryQuery{Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"截止日期在一月的纪录片", InquiryQuery{Category: InquiryDocumentary, Open: true, DeadlineFrom: "2027-01-01", DeadlineTo: "2027-01-31"}},
		{"deadlines in November or December", InquiryQuery{Open: true, DeadlineFrom: "2026-11-01", DeadlineTo: "2026-12-31"}},
		// Otherwise the festival's dates, deadlines or not.
		{"12月に東京で開催される映画祭", InquiryQuery{Places: []InquiryPlace{tokyo}, From: "2026-12-01", To: "2026-12-31"}},
		{"festivals in December with open submissions", InquiryQuery{From: "2026-12-01", To: "2026-12-31", Open: true}},
		{"Tokyo festivals in March, deadline in December", InquiryQuery{Places: []InquiryPlace{tokyo}, From: "2027-03-01", To: "2027-03-31",
			Open: true, DeadlineFrom: "2026-12-01", DeadlineTo: "2026-12-31"}},
		{"I'm looking for festivals in Toronto in spring", InquiryQuery{Places: []InquiryPlace{placeNamed("Toronto")}, From: "2027-03-01", To: "2027-05-31"}},
		{"March or April festivals", InquiryQuery{From: "2027-03-01", To: "2027-04-30"}},
		// Deadlines and submissions.
		{"Which festivals have a deadline soon?", InquiryQuery{Open: true}},
		{"応募受付中の映画祭", InquiryQuery{Open: true}},
		{"即将截止的电影节", InquiryQuery{Open: true}},
		{"締切が近い映画祭", InquiryQuery{Open: true, Keywords: []string{"近い"}}},
		// Fees.
		{"無料の映画祭", InquiryQuery{MaxFee: fee(0)}},
		{"免费的短片电影节", InquiryQuery{MaxFee: fee(0), Category: InquiryShort}},
		{"festivals with fees $20 or less", InquiryQuery{MaxFee: fee(20)}},
		{"30ドル以下のアニメ映画祭", InquiryQuery{MaxFee: fee(30), Category: InquiryAnimation}},
		{"低于50美元的纪录片电影节", InquiryQuery{MaxFee: fee(50), Category: InquiryDocumentary}},
		{"free festivals under 10 credits", InquiryQuery{MaxFee: fee(0)}},
		// Other words are keywords: festival names, towns not listed.
		{"When is Sundance?", InquiryQuery{Keywords: []string{"sundance"}}},
		{"What is the weather on Mars?", InquiryQuery{Keywords: []string{"weather", "mars"}}},
		{"Documentary festivals in Trondheim", InquiryQuery{Category: InquiryDocumentary, Keywords: []string{"trondheim"}}},
		{"山形国際ドキュメンタリー映画祭はいつ？", InquiryQuery{Places: []InquiryPlace{placeNamed("Yamagata")}, Category: InquiryDocumentary}},
		{"今年夏天在东京有哪些免费的纪录片电影节？", InquiryQuery{Places: []InquiryPlace{tokyo}, From: "2027-06-01", To: "2027-08-31", Category: InquiryDocumentary, MaxFee: fee(0)}},
		// Words inside other words are not terms.
		{"shortlist festivals", InquiryQuery{Keywords: []string{"shortlist"}}},
		{"秋田の映画祭", InquiryQuery{Keywords: []string{"秋田"}}},
		// Festival towns that hold a season's or a month's name.
		{"Palm Springs shorts", InquiryQuery{Places: []InquiryPlace{placeNamed("Palm Springs")}, Category: InquiryShort}},
		{"Mar del Plata festival dates", InquiryQuery{Places: []InquiryPlace{placeNamed("Mar del Plata")}}},
		{"festivals in Winterthur", InquiryQuery{Keywords: []string{"winterthur"}}},
		{"festivals in Sept or Oct", InquiryQuery{From: "2027-09-01", To: "2027-10-31"}},
		// Nothing to search for.
		{"film festivals?", InquiryQuery{}},
		{"映画祭はありますか", InquiryQuery{}},
	}
	for _, tt := range tests {
		got := ParseInquiry(tt.question, today)
		if !reflect.DeepEqual(got, tt.want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(tt.want)
			t.Errorf("ParseInquiry(%q)\n got %s\nwant %s", tt.question, g, w)
		}
	}
}

func TestValidateQuestion(t *testing.T) {
	tests := []struct {
		in, want, field string
	}{
		{"  Festivals in Tokyo?  ", "Festivals in Tokyo?", ""},
		{"line one\r\nline two", "line one\nline two", ""},
		{"", "", "Ask a question about film festivals"},
		{" \n\t ", "", "Ask a question about film festivals"},
		{strings.Repeat("映", 1000), strings.Repeat("映", 1000), ""},
		{strings.Repeat("映", 1001), "", "Question must be at most 1,000 characters"},
		{"bell\a", "", "This field cannot contain control characters"},
	}
	for _, tt := range tests {
		got, err := ValidateQuestion(tt.in)
		msg := ErrorFields(err)["question"]
		if tt.field == "" && (err != nil || got != tt.want) {
			t.Errorf("ValidateQuestion(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		if tt.field != "" && (ErrorCode(err) != EInvalid || !strings.HasPrefix(msg, tt.field)) {
			t.Errorf("ValidateQuestion(%q) error %v (question: %q); want %q", tt.in, err, msg, tt.field)
		}
	}
}

func TestMergeInquiryResults(t *testing.T) {
	f := func(id int64, next, start string) *Festival {
		return &Festival{ID: id, NextDeadline: next, FestivalDetails: FestivalDetails{StartDate: start}}
	}
	ids := func(fs []*Festival) []int64 {
		var out []int64
		for _, f := range fs {
			out = append(out, f.ID)
		}
		return out
	}
	// One search keeps its order.
	if got := ids(MergeInquiryResults([][]*Festival{{f(3, "", "2027-01-01"), f(1, "2026-12-01", "2027-02-01")}})); !reflect.DeepEqual(got, []int64{3, 1}) {
		t.Errorf("one search: %v", got)
	}
	// Several: each festival once, open first by deadline, then start, then id.
	got := ids(MergeInquiryResults([][]*Festival{
		{f(3, "", "2027-01-01"), f(1, "2026-12-05", "2027-02-01")},
		{f(1, "2026-12-05", "2027-02-01"), f(2, "2026-12-01", "2027-03-01"), f(4, "", "2026-12-24"), f(5, "2026-12-05", "2027-01-15")},
	}))
	if want := []int64{2, 5, 1, 4, 3}; !reflect.DeepEqual(got, want) {
		t.Errorf("several searches: %v, want %v", got, want)
	}
	var many []*Festival
	for i := range 25 {
		many = append(many, f(int64(i+1), "", "2027-01-01"))
	}
	if n := len(MergeInquiryResults([][]*Festival{many})); n != InquiryResultsMax {
		t.Errorf("capped at %d, got %d", InquiryResultsMax, n)
	}
}

// Run with: go test . -run '^$' -bench ParseInquiry
func BenchmarkParseInquiry(b *testing.B) {
	for _, q := range []struct{ name, question string }{
		{"short-en", "free short film festivals open now"},
		{"short-ja", "東京の映画祭"},
		{"long-1000", strings.Repeat("documentary festivals in Lisbon 東京の映画祭 ", 25)[:1000]},
	} {
		b.Run(q.name, func(b *testing.B) {
			for b.Loop() {
				ParseInquiry(q.question, "2026-11-23")
			}
		})
	}
}
