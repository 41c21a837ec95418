package worker_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
	"github.com/marquee-festival/marquee/worker"
)

// A campaign ends on time through the worker's tick: its festival leaves
// the featured strip and the search's first places.
func TestTickExpiresPromotions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
		db.Clock.Set(t0)
		org, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "org@example.com", Name: "Org", PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		admin, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "admin@example.com", Name: "Admin", PasswordHash: "h", Role: marquee.RoleAdmin})
		if err != nil {
			t.Fatal(err)
		}
		f, err := db.Festivals.Create(storetest.AsUser(ctx, org), marquee.FestivalDetails{Name: "Harbour Films", Description: "Films.",
			Location: "Hall", Country: "GB", StartDate: "2026-09-01", EndDate: "2026-09-03", ContactEmail: "team@example.org"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Festivals.Approve(storetest.AsUser(ctx, admin), f.ID); err != nil {
			t.Fatal(err)
		}
		// 50 credits through the test-mode checkout: a 7-day campaign's price.
		if _, err := db.Payments.Checkout(storetest.AsUser(ctx, org), marquee.CheckoutRequest{PackageID: "basic", Country: "US", PaymentMethod: "pm_card_visa"}); err != nil {
			t.Fatal(err)
		}
		p, err := db.Promotions.Start(storetest.AsUser(ctx, org), f.Slug, marquee.NewPromotion{Days: 7, Key: "k"})
		if err != nil {
			t.Fatal(err)
		}
		var logs bytes.Buffer
		w := &worker.Worker{Reminders: db.Reminders, Mail: db.Mail, Festivals: db.Festivals, Promotions: db.Promotions, Analytics: db.Analytics,
			Clock: db.Clock.Now, Logger: quietLogger(&logs)}
		db.Clock.Set(p.EndsAt.Add(-time.Minute))
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if featured, _ := db.Promotions.Featured(ctx); len(featured) != 1 {
			t.Fatalf("ended early: %+v", featured)
		}
		db.Clock.Set(p.EndsAt.Add(time.Second))
		if err := w.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if featured, _ := db.Promotions.Featured(ctx); len(featured) != 0 {
			t.Fatalf("still featured: %+v", featured)
		}
		page, err := db.Festivals.Search(ctx, marquee.FestivalQuery{})
		if err != nil || len(page.Items) != 1 || page.Items[0].Featured {
			t.Fatalf("search: %+v %v", page, err)
		}
	})
}
