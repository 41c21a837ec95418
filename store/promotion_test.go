package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

func TestPromotionPaidOnceRefundedAndExpired(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		t0 := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
		db.Clock.Set(t0)
		org := newOrganiser(t, db, "org@example.com")
		plain := approve(t, db, mustCreate(t, db, org, festivalDetails("Aarhus Films")).ID)
		fest := approve(t, db, mustCreate(t, db, org, festivalDetails("Zagreb Shorts")).ID)
		pending := mustCreate(t, db, org, festivalDetails("Pending Fest"))
		grant(t, db.DB, org.ID, 120)
		db.Clock.Set(t0)

		// Before: the default order puts Aarhus (lower id) first.
		page, err := db.Festivals.Search(ctx, marquee.FestivalQuery{})
		if err != nil || len(page.Items) != 2 || page.Items[0].ID != plain.ID {
			t.Fatalf("search before: %+v %v", page, err)
		}

		// A double click: two requests with one key pay once.
		var wg sync.WaitGroup
		got := make([]*marquee.Promotion, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i], errs[i] = db.Promotions.Start(as(org), fest.Slug, marquee.NewPromotion{Days: 7, Key: "order-1"})
			}()
		}
		wg.Wait()
		for i := range 2 {
			if errs[i] != nil || got[i].ID != got[0].ID {
				t.Fatalf("start %d: %+v %v", i, got[i], errs[i])
			}
		}
		p := got[0]
		if p.Credits != 50 || p.Days != 7 || p.Status != marquee.PromotionActive || !p.EndsAt.Equal(t0.Add(7*24*time.Hour)) {
			t.Fatalf("campaign %+v", p)
		}
		if c := credits(t, db.DB, org.ID); c != 70 {
			t.Fatalf("balance %d, want 70", c)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE reason = 'promotion'`); n != 1 {
			t.Fatalf("%d promotion ledger rows", n)
		}
		assertLedgerBalanced(t, db.DB)
		// A retry answers the same campaign; a new order while it runs is refused.
		again, err := db.Promotions.Start(as(org), fest.Slug, marquee.NewPromotion{Days: 7, Key: "order-1"})
		if err != nil || again.ID != p.ID || credits(t, db.DB, org.ID) != 70 {
			t.Fatalf("retry: %+v %v", again, err)
		}
		_, err = db.Promotions.Start(as(org), fest.Slug, marquee.NewPromotion{Days: 14, Key: "order-2"})
		wantCode(t, err, marquee.EConflict)
		_, err = db.Promotions.Start(as(org), pending.Slug, marquee.NewPromotion{Days: 7, Key: "order-3"})
		wantCode(t, err, marquee.EInvalid)
		_, err = db.Promotions.Start(as(newOrganiser(t, db, "x@example.com")), fest.Slug, marquee.NewPromotion{Days: 7, Key: "order-4"})
		wantCode(t, err, marquee.ENotFound)
		_, err = db.Promotions.Start(as(org), plain.Slug, marquee.NewPromotion{Days: 30, Key: "order-5"})
		wantCode(t, err, marquee.EInsufficientCredits)
		_, err = db.Promotions.Start(as(org), plain.Slug, marquee.NewPromotion{Days: 10, Key: "order-6"})
		wantCode(t, err, marquee.EInvalid)

		// Featured: first in the search and in the strip.
		page, err = db.Festivals.Search(ctx, marquee.FestivalQuery{})
		if err != nil || page.Items[0].ID != fest.ID || !page.Items[0].Featured || page.Items[1].Featured {
			t.Fatalf("search after: %+v %v", page.Items, err)
		}
		featured, err := db.Promotions.Featured(ctx)
		if err != nil || len(featured) != 1 || featured[0].Slug != fest.Slug || featured[0].CampaignID != p.ID {
			t.Fatalf("featured %+v %v", featured, err)
		}
		// Campaign impressions and clicks, counted privacy-first.
		ev := func(kind marquee.CampaignEventKind, ip, ua string) {
			t.Helper()
			if err := db.Analytics.RecordCampaignEvents(ctx, marquee.CampaignEvents{IDs: []int64{p.ID}, Kind: kind, IP: ip, UserAgent: ua}); err != nil {
				t.Fatal(err)
			}
		}
		ev(marquee.CampaignView, "10.0.0.1", chrome)
		ev(marquee.CampaignView, "10.0.0.1", chrome)
		ev(marquee.CampaignView, "10.0.0.9", "bingbot/2.0")
		ev(marquee.CampaignClick, "10.0.0.1", chrome)
		a, err := db.Analytics.FestivalAnalytics(as(org), fest.Slug, marquee.Range7d)
		if err != nil || len(a.Campaigns) != 1 || a.Campaigns[0].Views != 2 || a.Campaigns[0].Visitors != 1 || a.Campaigns[0].Clicks != 1 {
			t.Fatalf("campaign stats %+v %v", a.Campaigns, err)
		}

		// An admin ends it after 2.5 days: 4 whole days of 7 left, 50*4/7 = 28 back.
		db.Clock.Set(t0.Add(60 * time.Hour))
		_, err = db.Promotions.End(as(org), p.ID)
		wantCode(t, err, marquee.EForbidden)
		ended, err := db.Promotions.End(adminCtx(t, db), p.ID)
		if err != nil || ended.Status != marquee.PromotionEnded || ended.RefundedCredits != 28 || ended.EndReason != "admin" {
			t.Fatalf("end: %+v %v", ended, err)
		}
		if c := credits(t, db.DB, org.ID); c != 98 {
			t.Fatalf("balance after refund %d, want 98", c)
		}
		assertLedgerBalanced(t, db.DB)
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = 'promotion.end' AND target_id = ?`, fmt.Sprint(p.ID)); n != 1 {
			t.Fatalf("%d audit rows", n)
		}
		_, err = db.Promotions.End(adminCtx(t, db), p.ID)
		wantCode(t, err, marquee.EConflict)
		page, _ = db.Festivals.Search(ctx, marquee.FestivalQuery{})
		if page.Items[0].ID != plain.ID {
			t.Fatal("still featured after the end")
		}

		// Expiry through the worker's call, on time.
		q, err := db.Promotions.Start(as(org), plain.Slug, marquee.NewPromotion{Days: 7, Key: "order-7"})
		if err != nil {
			t.Fatal(err)
		}
		db.Clock.Set(q.EndsAt.Add(-time.Second))
		if n, err := db.Promotions.Expire(ctx); err != nil || n != 0 {
			t.Fatalf("expire early: %d %v", n, err)
		}
		db.Clock.Set(q.EndsAt)
		if n, err := db.Promotions.Expire(ctx); err != nil || n != 1 {
			t.Fatalf("expire: %d %v", n, err)
		}
		if featured, _ := db.Promotions.Featured(ctx); len(featured) != 0 {
			t.Fatalf("featured after expiry %+v", featured)
		}
		page, _ = db.Festivals.Search(ctx, marquee.FestivalQuery{})
		if page.Items[0].Featured || page.Items[1].Featured {
			t.Fatal("featured in the search after expiry")
		}
		list, err := db.Promotions.List(adminCtx(t, db), marquee.PageRequest{Page: 1})
		if err != nil || list.Total != 2 || list.Items[0].ID != q.ID || list.Items[0].EndReason != "expired" || list.Items[0].OrganiserEmail != org.Email {
			t.Fatalf("list %+v %v", list, err)
		}
	})
}

func TestPromotionPrices(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		prices, err := db.Promotions.Prices(ctx)
		if err != nil || len(prices) != 3 || prices[0].Days != 7 || prices[0].Credits != 50 {
			t.Fatalf("prices %+v %v", prices, err)
		}
		org := newOrganiser(t, db, "org@example.com")
		_, err = db.Promotions.UpdatePrice(as(org), 7, 60)
		wantCode(t, err, marquee.EForbidden)
		_, err = db.Promotions.UpdatePrice(adminCtx(t, db), 7, 0)
		wantCode(t, err, marquee.EInvalid)
		_, err = db.Promotions.UpdatePrice(adminCtx(t, db), 8, 60)
		wantCode(t, err, marquee.EInvalid)
		if _, err := db.Promotions.UpdatePrice(adminCtx(t, db), 7, 60); err != nil {
			t.Fatal(err)
		}
		prices, _ = db.Promotions.Prices(ctx)
		if prices[0].Credits != 60 {
			t.Fatalf("price %d", prices[0].Credits)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE action = 'promotion_price.update' AND target_id = '7' AND before_json LIKE '%50%'`); n != 1 {
			t.Fatalf("%d audit rows", n)
		}
	})
}
