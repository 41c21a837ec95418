package marquee

import (
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// FuzzParseInquiry: whatever a question says, ParseInquiry answers the
// same twice and only things the search knows: a known country, places of
// its list, once each, a category of the three, a fee of 0 or more, dates
// that are a span of whole months or none, at most 8 distinct keywords
// each taken from the (folded) question; and every search it leads to on
// a real day passes the festival search's own checks.
func FuzzParseInquiry(f *testing.F) {
	for _, q := range []string{
		"Documentary festivals in Tokyo next month under $30",
		"東京の短編映画祭は？", "上海有哪些动画电影节，截止日期快到了？", "free short film festivals in spring 2027",
		"festivals in Japan or China", "ＴＯＫＹＯ　３月", "2027年3月 京都", "Hong Kong in may", "Lisbon $30 or less",
		"less than 999999 credits in november 2099", "Clermont-Ferrand animation, deadline soon",
		"tiff東京 xyz''' 'a' ー ’s", "\xff\xfe festival", "a b c d e f g h i j k l", "30ドル以下 12月",
		"deadlines in December", "来月締切", "12月に締め切り", "下个月截止", "festivals in March, deadline next month's",
	} {
		f.Add(q, "2026-05-14")
	}
	f.Add("summer festivals", "2026-12-31")
	f.Add("festivals next month", "not a date")
	f.Fuzz(func(t *testing.T, question, today string) {
		q := ParseInquiry(question, today)
		if again := ParseInquiry(question, today); !reflect.DeepEqual(q, again) {
			t.Fatalf("ParseInquiry(%q) = %+v, then %+v", question, q, again)
		}
		if q.Country != "" && !ValidCountry(q.Country) {
			t.Fatalf("ParseInquiry(%q): country %q", question, q.Country)
		}
		for i, p := range q.Places {
			if !slices.ContainsFunc(inquiryPlaces, func(x InquiryPlace) bool { return reflect.DeepEqual(x, p) }) {
				t.Fatalf("ParseInquiry(%q): place %+v not in the list", question, p)
			}
			for _, o := range q.Places[:i] {
				if o.Names[0] == p.Names[0] {
					t.Fatalf("ParseInquiry(%q): place %s twice", question, p.Names[0])
				}
			}
		}
		switch q.Category {
		case "", InquiryDocumentary, InquiryShort, InquiryAnimation:
		default:
			t.Fatalf("ParseInquiry(%q): category %q", question, q.Category)
		}
		if q.MaxFee != nil && *q.MaxFee < 0 {
			t.Fatalf("ParseInquiry(%q): fee %d", question, *q.MaxFee)
		}
		for _, d := range [][2]string{{q.From, q.To}, {q.DeadlineFrom, q.DeadlineTo}} {
			if (d[0] == "") != (d[1] == "") {
				t.Fatalf("ParseInquiry(%q): dates %q to %q", question, d[0], d[1])
			}
			if d[0] == "" {
				continue
			}
			from, ok1 := ParseDate(d[0])
			to, ok2 := ParseDate(d[1])
			if !ok1 || !ok2 || to.Before(from) || from.Day() != 1 || to.AddDate(0, 0, 1).Day() != 1 {
				t.Fatalf("ParseInquiry(%q): dates %q to %q are not whole months", question, d[0], d[1])
			}
		}
		if q.DeadlineFrom != "" && !q.Open {
			t.Fatalf("ParseInquiry(%q): a deadline month without a deadline word", question)
		}
		folded := foldQuestion(question)
		if len(q.Keywords) > 8 {
			t.Fatalf("ParseInquiry(%q): %d keywords", question, len(q.Keywords))
		}
		for i, k := range q.Keywords {
			if k == "" || strings.IndexFunc(k, unicode.IsSpace) >= 0 || !strings.Contains(folded, k) || slices.Contains(q.Keywords[:i], k) {
				t.Fatalf("ParseInquiry(%q): keyword %q of %q", question, k, q.Keywords)
			}
		}
		if q.Understood() != (q.HasFacets() || len(q.Keywords) > 0) {
			t.Fatalf("ParseInquiry(%q): understood %v", question, q.Understood())
		}
	})
}
