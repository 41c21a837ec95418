package assistant_test

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
)

// The answer says, in the asker's language, how the question was
// widened to find its festivals, before how many it found.
func TestSentenceSaysWhatWasRelaxed(t *testing.T) {
	two := []marquee.InquiryFestival{{Slug: "a", Name: "A"}, {Slug: "b", Name: "B"}}
	tests := []struct {
		lang, question string
		relaxed        []marquee.InquiryRelaxation
		festivals      []marquee.InquiryFestival
		want           string
	}{
		{"en", "documentary festivals in Osaka", []marquee.InquiryRelaxation{marquee.RelaxCategoryText, marquee.RelaxCityToCountry}, two,
			"No festival has a documentary category that fits, so I also looked for festivals whose name or description mentions it. " +
				"No festival in Osaka fits, so I looked elsewhere in Japan too. The 2 closest festivals on Marquee:"},
		{"ja", "大阪のドキュメンタリー映画祭", []marquee.InquiryRelaxation{marquee.RelaxCityToCountry}, two[:1],
			"大阪には条件に合う映画祭がないため、日本のほかの地域も探しました。Marquee で最も近い映画祭："},
		{"zh", "东京的短片电影节", []marquee.InquiryRelaxation{marquee.RelaxCategoryText}, two,
			"没有设有符合条件的短片类别的电影节，所以我也查找了名称或介绍中提到它的电影节。Marquee 上最接近的 2 个电影节："},
		{"en", "festivals in March with deadlines in December named aurora", []marquee.InquiryRelaxation{marquee.RelaxNearMonths, marquee.RelaxKeywords}, two,
			"No festival fits the month you named, so I also looked at the months just before and after it. " +
				"I left out words no matching festival has: named, aurora. The 2 closest festivals on Marquee:"},
		{"zh", "日本的免费动画电影节", []marquee.InquiryRelaxation{marquee.RelaxPartial}, two[:1],
			"Marquee 上没有完全符合您所有条件的电影节；以下电影节符合的条件最多。Marquee 上最接近的电影节："},
		{"zh", "大阪的纪录片电影节", []marquee.InquiryRelaxation{marquee.RelaxCityToCountry}, two[:1],
			"大阪没有符合条件的电影节，所以我也查找了日本的其他地方。Marquee 上最接近的电影节："},
		{"ja", "東京の映画祭", nil, two, "Marquee でご質問に合う映画祭が2件見つかりました："},
	}
	for _, tt := range tests {
		facts := marquee.InquiryFacts{Question: tt.question, Lang: tt.lang, Today: "2026-11-23",
			Query: marquee.ParseInquiry(tt.question, "2026-11-23"), Festivals: tt.festivals, Relaxed: tt.relaxed}
		if got := assistant.Sentence(facts); got != tt.want {
			t.Errorf("%s %q:\n got %q\nwant %q", tt.lang, tt.question, got, tt.want)
		}
	}
}

// The prompt tells the model, in the asker's language, how the question
// was widened to find the festivals it lists, and says nothing of it
// when nothing was.
func TestPromptSaysWhatWasRelaxed(t *testing.T) {
	festivals := []marquee.InquiryFestival{{Slug: "kyoto-documentary-days", Name: "Kyoto Documentary Days", Location: "Kyoto", Country: "JP",
		StartDate: "2027-04-01", EndDate: "2027-04-05"}}
	facts := marquee.InquiryFacts{Question: "大阪のドキュメンタリー映画祭", Lang: "ja", Today: "2026-11-23",
		Query: marquee.ParseInquiry("大阪のドキュメンタリー映画祭", "2026-11-23"), Festivals: festivals,
		Relaxed: []marquee.InquiryRelaxation{marquee.RelaxCityToCountry}}
	got := assistant.Prompt(facts)
	want := "To find these, the question was widened:\n- 大阪には条件に合う映画祭がないため、日本のほかの地域も探しました。\n"
	if !strings.Contains(got, want) {
		t.Errorf("prompt lacks the relaxation note %q:\n%s", want, got)
	}
	facts.Relaxed = nil
	if got := assistant.Prompt(facts); strings.Contains(got, "widened") {
		t.Errorf("prompt without relaxations mentions one:\n%s", got)
	}
}
