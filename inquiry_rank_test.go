package marquee

import (
	"reflect"
	"testing"
)

// fitOf makes a fit from levels by part ('e' exact, 'r' relaxed, '-'
// none, in the order of the parts), a relevance and an order.
func fitOf(levels string, relevance int32, order uint32) InquiryFit {
	f := InquiryFit{Relevance: relevance, Order: order}
	for i, c := range levels {
		switch c {
		case 'e':
			f.Levels[i] = FitExact
		case 'r':
			f.Levels[i] = FitRelaxed
		}
	}
	return f
}

func askedOf(parts ...InquiryPart) [InquiryParts]bool {
	var a [InquiryParts]bool
	for _, p := range parts {
		a[p] = true
	}
	return a
}

func TestRankInquiry(t *testing.T) {
	//                 place country category dates deadline open fee keywords
	placeCat := askedOf(PartPlace, PartCategory)
	tests := []struct {
		name    string
		asked   [InquiryParts]bool
		fits    []InquiryFit
		limit   int
		want    []int
		relaxed []InquiryRelaxation
	}{
		{"strict first, the others left out", placeCat, []InquiryFit{
			fitOf("r-e-----", 0, 0), fitOf("e-e-----", 0, 5), fitOf("e-r-----", 0, 1), fitOf("e-e-----", 0, 2)},
			10, []int{3, 1}, nil},
		{"more relevant text first, then the order", placeCat, []InquiryFit{
			fitOf("e-e-----", 1, 9), fitOf("e-e-----", 5, 9), fitOf("e-e-----", 1, 3)},
			10, []int{1, 2, 0}, nil},
		{"the category in names and descriptions before the city's country", placeCat, []InquiryFit{
			fitOf("r-e-----", 0, 0), fitOf("e-r-----", 0, 1)},
			10, []int{1}, []InquiryRelaxation{RelaxCategoryText}},
		{"then the city's country, both relaxations said when used", placeCat, []InquiryFit{
			fitOf("r-e-----", 0, 0), fitOf("r-r-----", 0, 1), fitOf("--e-----", 0, 2)},
			10, []int{0, 1}, []InquiryRelaxation{RelaxCategoryText, RelaxCityToCountry}},
		{"neighbouring months, meeting more parts exactly first", askedOf(PartCountry, PartDeadline), []InquiryFit{
			fitOf("-e--r---", 0, 0), fitOf("-r--e---", 0, 1), fitOf("-e--e---", 0, 2)},
			10, []int{2}, nil},
		{"keywords left out before the city is widened", askedOf(PartPlace, PartKeywords), []InquiryFit{
			fitOf("r------e", 0, 0), fitOf("e-------", 0, 1)},
			10, []int{1}, []InquiryRelaxation{RelaxKeywords}},
		{"neighbouring months said", askedOf(PartCountry, PartDeadline), []InquiryFit{
			fitOf("-e--r---", 0, 0), fitOf("----e---", 0, 1)},
			10, []int{0}, []InquiryRelaxation{RelaxNearMonths}},
		{"keywords left out after the category", askedOf(PartCategory, PartKeywords), []InquiryFit{
			fitOf("--e-----", 0, 1), fitOf("-------e", 0, 0), fitOf("--r-----", 0, 0)},
			10, []int{0, 2}, []InquiryRelaxation{RelaxCategoryText, RelaxKeywords}},
		{"keywords alone are never left out", askedOf(PartKeywords), []InquiryFit{fitOf("--------", 0, 0)}, 10, nil, nil},
		{"none meets all: the most parts met", askedOf(PartCountry, PartCategory, PartFee), []InquiryFit{
			fitOf("-e------", 0, 0), fitOf("-er-----", 0, 3), fitOf("--e---e-", 0, 1), fitOf("--------", 0, 0)},
			10, []int{2, 1, 0}, []InquiryRelaxation{RelaxCategoryText, RelaxPartial}},
		{"one part met by none: nothing", askedOf(PartCountry), []InquiryFit{fitOf("--e-----", 0, 0)}, 10, nil, nil},
		{"at most limit", askedOf(PartOpen), []InquiryFit{
			fitOf("-----e--", 0, 3), fitOf("-----e--", 0, 2), fitOf("-----e--", 0, 1)},
			2, []int{2, 1}, nil},
		{"nothing asked", [InquiryParts]bool{}, []InquiryFit{fitOf("eeeeeeee", 0, 0)}, 10, nil, nil},
	}
	for _, tt := range tests {
		got, relaxed := RankInquiry(tt.asked, tt.fits, tt.limit)
		if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(relaxed, tt.relaxed) {
			t.Errorf("%s: got %v %v, want %v %v", tt.name, got, relaxed, tt.want, tt.relaxed)
		}
	}
}

func TestInquiryAsked(t *testing.T) {
	q := ParseInquiry("free documentary festivals in Kyoto, Korea, in March with deadlines next month named aurora", "2026-11-23")
	want := askedOf(PartPlace, PartCountry, PartCategory, PartDates, PartDeadline, PartFee, PartKeywords)
	if got := q.Asked(); got != want {
		t.Errorf("Asked() = %v, want %v (query %+v)", got, want, q)
	}
	if got := ParseInquiry("festivals open now", "2026-11-23").Asked(); got != askedOf(PartOpen) {
		t.Errorf("open alone: %v", got)
	}
}

func TestNeighbourMonths(t *testing.T) {
	for _, tt := range []struct{ from, to, wantFrom, wantTo string }{
		{"2026-12-01", "2026-12-31", "2026-11-01", "2027-01-31"},
		{"2027-01-01", "2027-02-28", "2026-12-01", "2027-03-31"},
		{"bad", "2027-01-31", "bad", "2027-01-31"},
	} {
		if f, to := NeighbourMonths(tt.from, tt.to); f != tt.wantFrom || to != tt.wantTo {
			t.Errorf("NeighbourMonths(%s, %s) = %s, %s", tt.from, tt.to, f, to)
		}
	}
}

func TestInquiryPlaceName(t *testing.T) {
	for _, tt := range []struct{ en, lang, want string }{
		{"Tokyo", "ja", "東京"}, {"Tokyo", "zh", "东京"}, {"Tokyo", "en", "Tokyo"},
		{"Lisbon", "ja", "リスボン"}, {"Lisbon", "zh", "里斯本"}, {"Beijing", "ja", "北京"}, {"Beijing", "zh", "北京"},
		{"Osaka", "zh", "大阪"}, {"Guangzhou", "zh", "广州"},
	} {
		if got := placeNamed(tt.en).Name(tt.lang); got != tt.want {
			t.Errorf("%s in %s: %q, want %q", tt.en, tt.lang, got, tt.want)
		}
	}
	if InquiryCountryName("JP", "ja") != "日本" || InquiryCountryName("JP", "zh") != "日本" || InquiryCountryName("JP", "en") != "Japan" ||
		InquiryCountryName("DE", "zh") != "德国" || InquiryCountryName("XX", "zh") != "XX" {
		t.Error("country names")
	}
}
