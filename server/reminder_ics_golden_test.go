package server_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store/storetest"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestRemindersICSGolden pins the .ics file byte for byte in each language
// (chosen by ?lang= or Accept-Language; an unknown one gives English).
func TestRemindersICSGolden(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		s := newReminderServer(t, db, func(c *server.Config) { c.PublicURL = "https://marquee.example/" })
		token := s.signUp("golden@example.com", "password-1")
		u, _ := s.db.Users.FindUserByEmail(context.Background(), "golden@example.com")
		listFestival(t, db, "TIFF 2026", "tiff-2026")
		for _, nr := range []marquee.NewReminder{
			{FestivalName: "第39回東京国際映画祭; Competition, Special Screenings \\ Asian Future 2026 {date}", Date: "2026-10-27",
				Preference: marquee.RemindOneWeekBefore, FestivalSlug: "tiff-2026"},
			{FestivalName: "Berlinale", Date: "2026-03-02", Preference: marquee.RemindDayOf},
			{FestivalName: "上海国际电影节", Date: "2026-06-12", Preference: marquee.RemindOneDayBefore},
		} {
			if _, err := s.db.Reminders.Create(storetest.AsUser(context.Background(), u), nr, "en"); err != nil {
				t.Fatal(err)
			}
		}
		var out strings.Builder
		for _, c := range []struct{ query, acceptLanguage string }{
			{"", ""}, {"?lang=en", "ja"}, {"?lang=ja", ""}, {"", "zh-CN,zh;q=0.9"}, {"?lang=zh", ""}, {"?lang=fr", "fr-FR"},
		} {
			r := s.do(call{method: "GET", path: "/api/v1/reminders.ics" + c.query, token: token,
				header: map[string]string{"Accept-Language": c.acceptLanguage}})
			expect(t, r, 200, "")
			fmt.Fprintf(&out, "=== %q Accept-Language %q\n%s", c.query, c.acceptLanguage, r.raw)
		}
		file := filepath.Join("testdata", "reminders_ics.txt")
		if *updateGolden {
			if err := os.WriteFile(file, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := out.String(); got != string(want) {
			gl, wl := strings.SplitAfter(got, "\n"), strings.SplitAfter(string(want), "\n")
			for i := range max(len(gl), len(wl)) {
				var g, w string
				if i < len(gl) {
					g = gl[i]
				}
				if i < len(wl) {
					w = wl[i]
				}
				if g != w {
					t.Fatalf("%s differs at line %d:\n got %q\nwant %q", file, i+1, g, w)
				}
			}
		}
	})
}
