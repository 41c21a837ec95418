package mail

import (
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// TestComposeDeadlineReminder: a category deadline's reminder names the
// category, the tier's deadline and its date, as its preference words it,
// in its language; sent after its day, it gives the date alone.
func TestComposeDeadlineReminder(t *testing.T) {
	c := Composer{PublicURL: "https://marquee.example"}
	r := &marquee.Reminder{FestivalName: "Lisbon Documentary Days", FestivalSlug: "lisbon-docs", Date: "2026-05-01",
		Preference: marquee.RemindOneDayBefore, Language: "en", CategoryID: 7, CategoryName: "Documentary", Tier: marquee.TierRegular,
		SendAt: time.Date(2026, 4, 30, 9, 0, 0, 0, time.UTC)}
	m := c.Reminder(r, "ann@example.com")
	if m.Subject != "Deadline tomorrow: Documentary at Lisbon Documentary Days" ||
		!strings.Contains(m.Body, "This is your reminder: the regular deadline for Documentary at Lisbon Documentary Days is tomorrow, Friday, 1 May 2026.") ||
		!strings.Contains(m.Body, "https://marquee.example/festival/lisbon-docs") {
		t.Fatalf("en: %+v", m)
	}
	r.Language, r.Preference, r.Tier = "ja", marquee.RemindOneWeekBefore, marquee.TierEarly
	m = c.Reminder(r, "ann@example.com")
	if m.Subject != "締切まであと1週間：Lisbon Documentary Days「Documentary」" ||
		!strings.Contains(m.Body, "Lisbon Documentary Daysの「Documentary」部門の早期締切は1週間後の 2026年5月1日（金） です。") {
		t.Fatalf("ja: %+v", m)
	}
	r.Language, r.Preference, r.Tier = "zh", marquee.RemindDayOf, marquee.TierLate
	m = c.Reminder(r, "ann@example.com")
	if m.Subject != "今天截止：Lisbon Documentary Days“Documentary”" || !strings.Contains(m.Body, "延期截止日期就在今天") {
		t.Fatalf("zh: %+v", m)
	}
	// Held until the address was confirmed and sent days later: the date, no "tomorrow".
	sent := time.Date(2026, 5, 3, 9, 0, 0, 0, time.UTC)
	r.Language, r.SentAt = "en", &sent
	m = c.Reminder(r, "ann@example.com")
	if m.Subject != "Deadline reminder: Documentary at Lisbon Documentary Days, Friday, 1 May 2026" ||
		!strings.Contains(m.Body, "the late deadline for Documentary at Lisbon Documentary Days is Friday, 1 May 2026.") {
		t.Fatalf("late: %+v", m)
	}
}
