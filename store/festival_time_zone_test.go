package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// A festival that has not chosen a time zone keeps the one of its place
// (marquee.DefaultTimeZone): a festival in Kyoto schedules in Tokyo time,
// not UTC, until its organiser picks another zone, UTC included.
func TestFestivalTimeZoneDefaultsFromPlace(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, ticketNow)
		org := newOrganiser(t, db, "org@example.com")
		d := festivalDetails("Kyoto Nights")
		d.Country, d.City = "JP", "Kyoto"
		f := approve(t, db, mustCreate(t, db, org, d).ID)

		l, err := db.Tickets.ManagedScreenings(as(org), f.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if l.TimeZone != "Asia/Tokyo" || l.TimeZoneChosen {
			t.Fatalf("a new festival in Kyoto: zone %q, chosen %v", l.TimeZone, l.TimeZoneChosen)
		}
		sc, err := db.Tickets.CreateScreening(as(org), f.Slug, marquee.ScreeningInput{Title: "Opening", Venue: "Hall",
			StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00", Capacity: 10, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00"})
		if err != nil {
			t.Fatal(err)
		}
		if want := time.Date(2026, 3, 15, 10, 0, 0, 0, time.UTC); !sc.StartsAt.Equal(want) || sc.TimeZone != "Asia/Tokyo" {
			t.Errorf("19:00 in Kyoto starts at %v (%s), want %v", sc.StartsAt, sc.TimeZone, want)
		}
		pub, err := db.Tickets.FestivalScreenings(context.Background(), f.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if pub.TimeZone != "Asia/Tokyo" || len(pub.Items) != 1 || pub.Items[0].TimeZone != "Asia/Tokyo" {
			t.Errorf("public list: %q, %d screenings", pub.TimeZone, len(pub.Items))
		}

		// UTC chosen stays UTC, and the audit names the zone it replaced.
		if _, err := db.Tickets.SetTimeZone(as(org), f.Slug, "UTC"); err != nil {
			t.Fatal(err)
		}
		if l, err = db.Tickets.ManagedScreenings(as(org), f.Slug); err != nil {
			t.Fatal(err)
		}
		if l.TimeZone != "UTC" || !l.TimeZoneChosen || l.Items[0].TimeZone != "UTC" {
			t.Errorf("after choosing UTC: zone %q, chosen %v, screening in %q", l.TimeZone, l.TimeZoneChosen, l.Items[0].TimeZone)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = 'festival.time_zone'
			AND before_json LIKE '%Asia/Tokyo%' AND after_json LIKE '%UTC%'`); n != 1 {
			t.Errorf("%d time zone entries from Asia/Tokyo to UTC, want 1", n)
		}
	})
}

// The migration that makes "" mean "not chosen" clears the UTC every
// festival was given, except where the organiser saved a zone.
func TestFestivalTimeZoneMigration(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, ticketNow)
		org := newOrganiser(t, db, "org@example.com")
		d := festivalDetails("Osaka Nights")
		d.Country, d.City = "JP", "Osaka"
		never := mustCreate(t, db, org, d)
		d.Name = "Osaka Online"
		chose := mustCreate(t, db, org, d)
		if _, err := db.Tickets.SetTimeZone(as(org), chose.Slug, "UTC"); err != nil {
			t.Fatal(err)
		}
		// Back to the schema before it (version 24), where both read UTC.
		if err := db.MigrateDownToForTest(ctx, 24); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM festivals WHERE time_zone = 'UTC'`); n != 2 {
			t.Fatalf("%d festivals in UTC before the migration, want 2", n)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			slug, want string
			chosen     bool
		}{{never.Slug, "Asia/Tokyo", false}, {chose.Slug, "UTC", true}} {
			l, err := db.Tickets.ManagedScreenings(as(org), c.slug)
			if err != nil {
				t.Fatal(err)
			}
			if l.TimeZone != c.want || l.TimeZoneChosen != c.chosen {
				t.Errorf("%s: zone %q chosen %v, want %q %v", c.slug, l.TimeZone, l.TimeZoneChosen, c.want, c.chosen)
			}
		}
	})
}
