package mail

import (
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

func TestFormatDate(t *testing.T) {
	for _, tc := range []struct{ lang, want string }{
		{"en", "Saturday, 14 November 2026"},
		{"ja", "2026年11月14日（土）"},
		{"zh", "2026年11月14日（星期六）"},
		{"fr", "Saturday, 14 November 2026"},
	} {
		if got := FormatDate("2026-11-14", tc.lang); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.lang, got, tc.want)
		}
	}
	if got := FormatDate("soon", "ja"); got != "soon" {
		t.Errorf("unparsable date: %q", got)
	}
}

func TestComposeReminder(t *testing.T) {
	c := Composer{PublicURL: "https://marquee.example/"}
	r := &marquee.Reminder{FestivalName: "Tokyo International\nFilm Festival", FestivalSlug: "東京-2026", Date: "2026-10-27",
		Preference: marquee.RemindOneWeekBefore, Language: "en"}
	m := c.Reminder(r, "ann@example.com")
	if m.Kind != KindReminder || m.To != "ann@example.com" || m.Language != "en" || m.Subject != "In one week: Tokyo International Film Festival" {
		t.Fatalf("mail %+v", m)
	}
	for _, want := range []string{
		"Tokyo International Film Festival takes place in one week, on Tuesday, 27 October 2026.",
		"Festival page: https://marquee.example/festival/%E6%9D%B1%E4%BA%AC-2026",
		"https://marquee.example/manage",
	} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, m.Body)
		}
	}
	// Without a festival page there is no link; languages follow the reminder.
	r = &marquee.Reminder{FestivalName: "上海国际电影节", Date: "2026-06-12", Preference: marquee.RemindOneDayBefore, Language: "zh"}
	m = Composer{}.Reminder(r, "li@example.cn")
	if m.Subject != "明天举行：上海国际电影节" || strings.Contains(m.Body, "/festival/") || !strings.Contains(m.Body, "2026年6月12日（星期五）") ||
		!strings.Contains(m.Body, DefaultPublicURL+"/manage") || m.Language != "zh" {
		t.Fatalf("zh mail %+v", m)
	}
	r.Language = "ko"
	if m = (Composer{}).Reminder(r, "x@example.com"); m.Language != "en" || m.Subject != "Tomorrow: 上海国际电影节" {
		t.Fatalf("unknown language: %+v", m)
	}
}
