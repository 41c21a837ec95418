package mail

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name byte for byte (-update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs from the golden file at line %d:\n got %q\nwant %q", file, i+1, g, w)
			}
		}
	}
}

// TestReminderMailsGolden pins every reminder e-mail, byte for byte, in
// each language Marquee writes (and an unknown one, which falls back to
// English), for every preference (and an unknown one, which reads as
// day-of), with and without a festival page. The festival's name holds
// placeholders, which must come out as they are.
func TestReminderMailsGolden(t *testing.T) {
	var out strings.Builder
	for _, lang := range []string{"en", "ja", "zh", "ko", ""} {
		for _, pref := range []marquee.ReminderPreference{marquee.RemindDayOf, marquee.RemindOneDayBefore, marquee.RemindOneWeekBefore, "fortnight"} {
			for _, slug := range []string{"tiff-2026", ""} {
				r := &marquee.Reminder{FestivalName: "Tokyo {date}\nFilm\tFestival {festival}", FestivalSlug: slug,
					Date: "2026-10-27", Preference: pref, Language: lang}
				m := Composer{PublicURL: "https://marquee.example/"}.Reminder(r, "ann@example.com")
				fmt.Fprintf(&out, "=== lang=%q preference=%s slug=%q\nKind: %s\nTo: %s\nLanguage: %s\nSubject: %s\n\n%s",
					lang, pref, slug, m.Kind, m.To, m.Language, m.Subject, m.Body)
			}
		}
	}
	golden(t, "reminder_mails.txt", out.String())
}

// TestFormatDateGolden pins the date in each language for every weekday
// and every month.
func TestFormatDateGolden(t *testing.T) {
	var out strings.Builder
	dates := []string{"2026-01-04", "2026-02-02", "2026-03-03", "2026-04-08", "2026-05-07", "2026-06-05", "2026-07-04",
		"2026-08-01", "2026-09-30", "2026-10-27", "2026-11-14", "2026-12-31", "2027-02-28", "soon", ""}
	for _, lang := range []string{"en", "ja", "zh", "fr", ""} {
		for _, d := range dates {
			fmt.Fprintf(&out, "%s %q: %s\n", lang, d, FormatDate(d, lang))
		}
	}
	golden(t, "dates.txt", out.String())
}
