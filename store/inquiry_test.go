package store_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// inquiryNow is the "now" of the assistant's tests: 2026-11-23.
var inquiryNow = time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)

// inquiryFixture are festivals in three scripts, some of which each
// question must find and the others it must not.
var inquiryFixture = []fixtureFestival{
	{"Lisbon Documentary Days", "Real stories by the river.", "PT", "Lisbon", "2027-04-10", "2027-04-15", marquee.FestivalApproved, []marquee.Category{
		{Name: "Documentary", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-01-10", Fee: 30}}}}},
	{"Lisbon Comedy Nights", "Laughs in Alfama.", "PT", "Lisbon", "2027-05-01", "2027-05-03", marquee.FestivalApproved, []marquee.Category{
		{Name: "Comedy", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-02-01", Fee: 10}}}}},
	{"Porto Docs", "Documentaries in the north.", "PT", "Porto", "2027-06-01", "2027-06-05", marquee.FestivalApproved, []marquee.Category{
		{Name: "Documentary", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-03-01", Fee: 20}}}}},
	{"Tokyo Short Film Week", "Shorts from everywhere.", "JP", "Tokyo", "2027-03-01", "2027-03-05", marquee.FestivalApproved, []marquee.Category{
		{Name: "Short Film", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-01-31", Fee: 0}}}}},
	{"東京アニメーション映画祭", "手描きから3DCGまで", "JP", "東京", "2027-02-10", "2027-02-14", marquee.FestivalApproved, []marquee.Category{
		{Name: "アニメーション", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-11-01", Fee: 15}}}}},
	{"Tokyo Retro Festival", "Classics, restored.", "JP", "Tokyo", "2026-09-20", "2026-10-01", marquee.FestivalApproved, nil},
	{"上海国际短片节", "华语短片的舞台", "CN", "上海", "2027-04-20", "2027-04-25", marquee.FestivalApproved, []marquee.Category{
		{Name: "短片", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-02-01", Fee: 20}}}}},
	{"Shanghai Classic Screenings", "Restored classics.", "CN", "Shanghai", "2027-06-10", "2027-06-12", marquee.FestivalApproved, nil},
	{"Paris Short Film Festival", "Courts métrages.", "FR", "Paris", "2027-05-20", "2027-05-24", marquee.FestivalApproved, []marquee.Category{
		{Name: "Short Film", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-02-15", Fee: 15}}}}},
	{"Berlin Short Cuts", "Shorts, closed for entries.", "DE", "Berlin", "2027-01-20", "2027-01-24", marquee.FestivalApproved, []marquee.Category{
		{Name: "Short Film", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-10-15", Fee: 0}}}}},
	{"Osaka Free Shorts", "Waiting for review.", "JP", "Osaka", "2027-03-10", "2027-03-12", marquee.FestivalPending, []marquee.Category{
		{Name: "Short Film", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2027-01-15", Fee: 0}}}}},
}

// loadInquiryFixture stores inquiryFixture as it stood on 2026-06-01 and
// moves the clock to inquiryNow.
func loadInquiryFixture(t *testing.T, db *storetest.DB) {
	t.Helper()
	setNow(db, time.Date(2026, 6, 1, 9, 0, 0, 0, time.UTC))
	u := newOrganiser(t, db, "assistant-fixture@example.com")
	for _, ff := range inquiryFixture {
		f := mustCreate(t, db, u, marquee.FestivalDetails{Name: ff.name, Description: ff.description, Location: ff.city + " centre",
			Country: ff.country, City: ff.city, StartDate: ff.start, EndDate: ff.end, ContactEmail: "x@example.org"})
		if ff.categories != nil {
			var err error
			if f, err = db.Festivals.ReplaceCategories(as(u), f.Slug, f.Version, ff.categories); err != nil {
				t.Fatalf("categories of %s: %v", ff.name, err)
			}
		}
		if ff.status == marquee.FestivalApproved {
			approve(t, db, f.ID)
		}
	}
	setNow(db, inquiryNow)
}

func inquiryNames(fs []marquee.InquiryFestival) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func TestInquiryAskFindsTheFestivalsAsked(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		loadInquiryFixture(t, db)
		tests := []struct {
			question, lang string
			want           []string // festival names, in order
			answer         string
		}{
			{"documentary festivals in Lisbon", "en", []string{"Lisbon Documentary Days"}, "One festival on Marquee matches your question:"},
			// 東京 finds the festival written in English (Tokyo) and the one in
			// Japanese; the one that ended does not come; open first.
			{"東京の映画祭", "ja", []string{"Tokyo Short Film Week", "東京アニメーション映画祭"}, "Marquee でご質問に合う映画祭が2件見つかりました："},
			// 截止: open for submissions only.
			{"上海 电影节 截止", "zh", []string{"上海国际短片节"}, "Marquee 上有 1 个电影节符合您的问题："},
			// Free (fee 0 today), short, open: not Paris (15), not Berlin
			// (closed), not Osaka (pending).
			{"free short film festivals open now", "en", []string{"Tokyo Short Film Week"}, "One festival on Marquee matches your question:"},
			{"Shanghai festivals", "en", []string{"上海国际短片节", "Shanghai Classic Screenings"}, "2 festivals on Marquee match your question:"},
			{"Festivals in Portugal in June", "en", []string{"Porto Docs"}, "One festival on Marquee matches your question:"},
			// A festival's name, as keywords.
			{"When is Lisbon Comedy Nights?", "en", []string{"Lisbon Comedy Nights"}, "One festival on Marquee matches your question:"},
			// Words no festival has are dropped when the rest asks
			// something, and the answer says so.
			{"documentary festivals in Lisbon with a river view", "en", []string{"Lisbon Documentary Days"},
				"I left out words no matching festival has: river, view. The closest festival on Marquee:"},
			// A deadline month: the categories' deadlines, not the dates.
			{"festivals with a deadline in January", "en", []string{"Lisbon Documentary Days", "Tokyo Short Film Week"}, "2 festivals on Marquee match your question:"},
			{"2月截止的电影节", "zh", []string{"上海国际短片节", "Lisbon Comedy Nights", "Paris Short Film Festival"}, "Marquee 上有 3 个电影节符合您的问题："},
			// Met by none even widened: those meeting the most, saying so.
			{"documentary festivals in Shanghai", "en", []string{"Lisbon Documentary Days", "上海国际短片节", "Porto Docs", "Shanghai Classic Screenings"},
				"No festival on Marquee fits everything you asked; these fit the most of it. The 4 closest festivals on Marquee:"},
			// A typo of five letters or more.
			{"lisbn festivals", "en", []string{"Lisbon Documentary Days", "Lisbon Comedy Nights"}, "2 festivals on Marquee match your question:"},
			// Nothing known: says so.
			{"What is the weather on Mars?", "en", []string{}, "No festival on Marquee matches your question yet. Try other words or the festival search."},
			{"火星の天気は？", "ja", []string{}, "ご質問に合う映画祭は Marquee にまだありません。別の言葉で質問するか、映画祭検索をお試しください。"},
			{"film festivals?", "en", []string{}, "I could not tell which festivals your question is about. Name a festival, a city or country, a month, a category or a fee, or use the festival search."},
			// None in the city: its country's, saying so; an unknown
			// language answers in English.
			{"festivals in Osaka", "fr", []string{"Tokyo Short Film Week", "東京アニメーション映画祭"},
				"No festival in Osaka fits, so I looked elsewhere in Japan too. The 2 closest festivals on Marquee:"},
			{"大阪の映画祭", "ja", []string{"Tokyo Short Film Week", "東京アニメーション映画祭"},
				"大阪には条件に合う映画祭がないため、日本のほかの地域も探しました。Marquee で最も近い映画祭2件："},
		}
		for _, tt := range tests {
			got, err := db.Inquiries.Ask(t.Context(), tt.question, tt.lang)
			if err != nil {
				t.Fatalf("%q: %v", tt.question, err)
			}
			if names := inquiryNames(got.Festivals); !reflect.DeepEqual(names, tt.want) {
				t.Errorf("%q found %q, want %q", tt.question, names, tt.want)
			}
			if got.Answer != tt.answer || got.Notice != "" {
				t.Errorf("%q answered %q (notice %q), want %q", tt.question, got.Answer, got.Notice, tt.answer)
			}
		}
		// The facts an answer lists are today's.
		got, err := db.Inquiries.Ask(t.Context(), "free short film festivals open now", "en")
		if err != nil {
			t.Fatal(err)
		}
		f := got.Festivals[0]
		if f.Slug != "tokyo-short-film-week" || f.StartDate != "2027-03-01" || f.EndDate != "2027-03-05" || f.Location != "Tokyo centre" ||
			f.City != "Tokyo" || f.Country != "JP" || f.NextDeadline != "2027-01-31" || f.NextFee == nil || *f.NextFee != 0 {
			t.Errorf("facts %+v", f)
		}
	})
}

func TestInquiryAskRefusesBadQuestions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		for _, q := range []string{"", "  \n ", strings.Repeat("a", marquee.InquiryQuestionMax+1)} {
			_, err := db.Inquiries.Ask(t.Context(), q, "en")
			wantCode(t, err, marquee.EInvalid)
		}
		if _, err := db.Inquiries.Ask(t.Context(), strings.Repeat("東", marquee.InquiryQuestionMax), "ja"); err != nil {
			t.Errorf("1,000 characters: %v", err)
		}
	})
}
