package mail

import (
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
)

// TestComposeWaitlistOffer: the offer names the screening, its start and
// the deadline in the festival's zone, and the link, in the entry's
// language.
func TestComposeWaitlistOffer(t *testing.T) {
	start := time.Date(2026, 11, 14, 10, 30, 0, 0, time.UTC)
	o := &marquee.WaitlistOfferMail{To: "hanako@example.jp", Language: "ja", Quantity: 2, Token: "tok_en",
		ExpiresAt: time.Date(2026, 11, 10, 3, 0, 0, 0, time.UTC),
		Screening: &marquee.Screening{FestivalName: "東京国際映画祭", Title: "夜の川", Venue: "新宿", StartsAt: start, TimeZone: "Asia/Tokyo"}}
	m := Composer{PublicURL: "https://marquee.example"}.WaitlistOffer(o)
	if m.Kind != KindWaitlistOffer || m.To != o.To || m.Language != "ja" || m.Subject != "空席のご案内：夜の川" {
		t.Fatalf("mail: %+v", m)
	}
	for _, want := range []string{"https://marquee.example/waitlist/offers/tok_en", "19:30", "12:00", "東京国際映画祭", "2"} {
		if !strings.Contains(m.Body, want) {
			t.Errorf("body lacks %q:\n%s", want, m.Body)
		}
	}
}
