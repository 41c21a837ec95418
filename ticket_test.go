package marquee

import (
	"strings"
	"testing"
	"time"
)

func TestScreeningInputValidate(t *testing.T) {
	lisbon, err := LoadTimeZone("Europe/Lisbon")
	if err != nil {
		t.Fatal(err)
	}
	tokyo, _ := LoadTimeZone("Asia/Tokyo")
	valid := ScreeningInput{Title: "Opening", Venue: "Hall", StartsAt: "2026-07-01T19:00", EndsAt: "2026-07-01T21:00",
		Capacity: 100, PriceCents: 1200, SalesStartAt: "2026-06-01T09:00", SalesEndAt: "2026-07-01T18:00"}
	sub := int64(3)
	for _, tc := range []struct {
		name   string
		edit   func(*ScreeningInput)
		fields []string
	}{
		{"valid", func(*ScreeningInput) {}, nil},
		{"film instead of title", func(in *ScreeningInput) { in.Title, in.SubmissionID = "", &sub }, nil},
		{"free", func(in *ScreeningInput) { in.PriceCents = 0 }, nil},
		{"no title", func(in *ScreeningInput) { in.Title = "" }, []string{"title"}},
		{"title with a line break", func(in *ScreeningInput) { in.Title = "a\nb" }, []string{"title"}},
		{"long venue", func(in *ScreeningInput) { in.Venue = strings.Repeat("v", 201) }, []string{"venue"}},
		{"bad time", func(in *ScreeningInput) { in.StartsAt = "2026-07-01 19:00" }, []string{"startsAt"}},
		{"ends before it starts", func(in *ScreeningInput) { in.EndsAt = "2026-07-01T19:00" }, []string{"endsAt"}},
		{"sales end before they start", func(in *ScreeningInput) { in.SalesEndAt = "2026-05-01T09:00" }, []string{"salesEndAt"}},
		{"sales after the screening", func(in *ScreeningInput) { in.SalesEndAt = "2026-07-01T22:00" }, []string{"salesEndAt"}},
		{"no seats", func(in *ScreeningInput) { in.Capacity = 0 }, []string{"capacity"}},
		{"too many seats", func(in *ScreeningInput) { in.Capacity = 100001 }, []string{"capacity"}},
		{"negative price", func(in *ScreeningInput) { in.PriceCents = -1 }, []string{"priceCents"}},
		{"below the card minimum", func(in *ScreeningInput) { in.PriceCents = 49 }, []string{"priceCents"}},
		{"everything", func(in *ScreeningInput) { *in = ScreeningInput{} }, []string{"title", "venue", "startsAt", "endsAt", "salesStartAt", "salesEndAt", "capacity"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := valid
			tc.edit(&in)
			in.Normalize()
			_, err := in.Validate(lisbon)
			got := ErrorFields(err)
			if len(got) != len(tc.fields) {
				t.Fatalf("fields %v, want %v", got, tc.fields)
			}
			for _, f := range tc.fields {
				if got[f] == "" {
					t.Fatalf("no error on %s: %v", f, got)
				}
			}
		})
	}
	// Local times are read in the festival's zone: 19:00 in Lisbon in July
	// (WEST, UTC+1) is 18:00 UTC; in Tokyo it is 10:00 UTC.
	in := valid
	times, err := in.Validate(lisbon)
	if err != nil || !times.StartsAt.Equal(time.Date(2026, 7, 1, 18, 0, 0, 0, time.UTC)) {
		t.Fatalf("Lisbon: %v %v", times.StartsAt, err)
	}
	times, _ = in.Validate(tokyo)
	if !times.StartsAt.Equal(time.Date(2026, 7, 1, 10, 0, 0, 0, time.UTC)) {
		t.Fatalf("Tokyo: %v", times.StartsAt)
	}
	m := ManagedScreening{Screening: Screening{StartsAt: times.StartsAt, EndsAt: times.EndsAt, SalesStartAt: times.SalesStartAt, SalesEndAt: times.SalesEndAt}}
	m.SetLocal(tokyo)
	if m.StartsLocal != "2026-07-01T19:00" || m.SalesEndLocal != "2026-07-01T18:00" {
		t.Fatalf("local: %+v", m)
	}
}

func TestLoadTimeZone(t *testing.T) {
	for name, ok := range map[string]bool{"UTC": true, "Europe/Paris": true, "America/Argentina/Buenos_Aires": true,
		"": false, "Local": false, "Mars/Olympus": false, "../etc/passwd": false} {
		if _, err := LoadTimeZone(name); (err == nil) != ok {
			t.Errorf("%q: %v", name, err)
		}
	}
}

func TestScreeningFigures(t *testing.T) {
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	s := Screening{Capacity: 10, Status: ScreeningScheduled, SalesStartAt: now.Add(-time.Hour), SalesEndAt: now.Add(time.Hour), EndsAt: now.Add(2 * time.Hour)}
	s.SetFigures(6, 3, now)
	if s.Remaining != 1 || s.SoldOut || !s.OnSale {
		t.Fatalf("%+v", s)
	}
	s.SetFigures(7, 3, now)
	if s.Remaining != 0 || !s.SoldOut {
		t.Fatalf("%+v", s)
	}
	for _, at := range []time.Time{now.Add(-2 * time.Hour), now.Add(time.Hour)} {
		if s.SalesOpen(at) {
			t.Errorf("on sale at %v", at)
		}
	}
	s.Status = ScreeningCancelled
	if s.SalesOpen(now) {
		t.Error("cancelled screening on sale")
	}
	if err := CheckCapacity(5, 6); ErrorFields(err)["capacity"] == "" {
		t.Errorf("capacity below sold and held: %v", err)
	}
	if err := CheckCapacity(6, 6); err != nil {
		t.Error(err)
	}
}

func TestOrderRequestValidate(t *testing.T) {
	for q, ok := range map[int]bool{0: false, 1: true, 10: true, 11: false, -1: false} {
		err := OrderRequest{ScreeningID: 1, Quantity: q}.Validate()
		if (err == nil) != ok || !ok && ErrorFields(err)["quantity"] == "" {
			t.Errorf("quantity %d: %v", q, err)
		}
	}
	for remaining, msg := range map[int]string{0: "Sold out", 1: "Only 1 ticket left", 4: "Only {remaining} tickets left"} {
		var e *Error
		err := ErrSeatsLeft(remaining)
		if !asError(err, &e) || e.Code != EConflict || e.Message != msg {
			t.Errorf("%d left: %v", remaining, err)
		}
	}
}

func asError(err error, e **Error) bool {
	x, ok := err.(*Error)
	*e = x
	return ok
}

func TestTicketCodes(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		c := NewTicketCode()
		if !ValidTicketCode(c) || seen[c] {
			t.Fatalf("code %q", c)
		}
		seen[c] = true
	}
	c := NewTicketCode()
	typed := strings.ToLower(c[:4]) + " " + c[4:13] + "-" + c[13:]
	if NormalizeTicketCode(typed) != c {
		t.Fatalf("normalised %q, want %q", NormalizeTicketCode(typed), c)
	}
	for _, bad := range []string{"", "ABC", strings.Repeat("A", 25), strings.Repeat("A", 27), strings.Repeat("A", 25) + "1", strings.Repeat("A", 25) + "a"} {
		if ValidTicketCode(bad) {
			t.Errorf("%q valid", bad)
		}
	}
}

func TestClassifyCheckIn(t *testing.T) {
	const fest, screening = 7, 3
	for _, tc := range []struct {
		name      string
		found     bool
		festival  int64
		screening int64
		status    TicketStatus
		checkedIn bool
		want      CheckInOutcome
	}{
		{"valid", true, fest, screening, TicketValid, false, CheckInValid},
		{"no ticket", false, 0, 0, "", false, CheckInUnknown},
		{"another festival's", true, 8, screening, TicketValid, false, CheckInUnknown},
		{"another screening's", true, fest, 4, TicketValid, false, CheckInWrongScreening},
		{"cancelled", true, fest, screening, TicketCancelled, false, CheckInCancelled},
		{"refunded", true, fest, screening, TicketRefunded, true, CheckInCancelled},
		{"used", true, fest, screening, TicketUsed, true, CheckInUsed},
	} {
		if got := ClassifyCheckIn(tc.found, tc.festival, fest, tc.screening, screening, tc.status, tc.checkedIn); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
}

func TestCanCheckIn(t *testing.T) {
	f := &Festival{ID: 1, OrganiserID: 10}
	org, admin, staff, other := &User{ID: 10}, &User{ID: 11, Role: RoleAdmin}, &User{ID: 12}, &User{ID: 13}
	if !CanCheckIn(org, f, false) || !CanCheckIn(admin, f, false) || !CanCheckIn(staff, f, true) || CanCheckIn(other, f, false) || CanCheckIn(nil, f, true) {
		t.Fatal("check-in permissions")
	}
	if CanManageFestival(staff, f) {
		t.Fatal("door staff manage")
	}
}

// A stored zone name becomes its location, the same one each time; an
// empty or unknown name is UTC (names are checked when saved).
func TestZoneLocation(t *testing.T) {
	tokyo := ZoneLocation("Asia/Tokyo")
	if tokyo.String() != "Asia/Tokyo" || ZoneLocation("Asia/Tokyo") != tokyo {
		t.Fatalf("tokyo: %v", tokyo)
	}
	for _, name := range []string{"", "UTC", "Nowhere/Atlantis"} {
		if got := ZoneLocation(name); got != time.UTC {
			t.Errorf("%q: %v", name, got)
		}
	}
}
