package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// deadlineFestival registers and approves a festival with two categories,
// Documentary (early 04-01, regular 05-01, late 06-01) and Shorts (regular
// 05-15 only), and returns it as the public reads it.
func deadlineFestival(t *testing.T, db *storetest.DB) *marquee.Festival {
	t.Helper()
	org := newOrganiser(t, db, "docs-organiser@example.com")
	f := mustCreate(t, db, org, festivalDetails("Lisbon Documentary Days"))
	f, err := db.Festivals.ReplaceCategories(as(org), f.Slug, f.Version, []marquee.Category{
		{Name: "Documentary", Deadlines: deadlines("2026-04-01", "2026-05-01", "2026-06-01")},
		{Name: "Shorts", Deadlines: []marquee.Deadline{{Tier: marquee.TierRegular, Date: "2026-05-15", Fee: 15}}},
	})
	if err != nil {
		t.Fatalf("categories: %v", err)
	}
	approve(t, db, f.ID)
	f, err = db.Festivals.Public(context.Background(), f.Slug)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestDeadlineReminders: a reminder of a category's deadline takes the
// festival's name, the category's name and the tier's date from the
// festival, whatever the request said; a category of another festival, a
// tier the category has not got, a deadline passed, a send day passed, an
// unlisted festival and the same reminder twice are refused and store
// nothing. It is listed and sent (once) like any reminder, in its language.
func TestDeadlineReminders(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, time.Date(2026, 4, 10, 12, 0, 0, 0, time.UTC))
		f := deadlineFestival(t, db)
		docs, shorts := f.Categories[0], f.Categories[1]
		other := mustCreate(t, db, newOrganiser(t, db, "other@example.com"), festivalDetails("Other Film Week"))
		ann, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "ann@example.com", PasswordHash: "h"})

		r, err := db.Reminders.Create(as(ann), marquee.NewReminder{FestivalName: "ignored", Date: "2030-01-01", FestivalSlug: f.Slug,
			CategoryID: docs.ID, Tier: marquee.TierRegular, Preference: marquee.RemindOneWeekBefore}, "ja")
		if err != nil {
			t.Fatal(err)
		}
		if r.FestivalName != "Lisbon Documentary Days" || r.FestivalSlug != f.Slug || r.Date != "2026-05-01" || r.CategoryID != docs.ID ||
			r.CategoryName != "Documentary" || r.Tier != marquee.TierRegular || r.Language != "ja" ||
			!r.SendAt.Equal(time.Date(2026, 4, 24, 9, 0, 0, 0, time.UTC)) {
			t.Fatalf("created %+v", r)
		}

		for _, tc := range []struct {
			name  string
			nr    marquee.NewReminder
			field string
			code  string
			msg   string
		}{
			{"another festival's category", marquee.NewReminder{FestivalSlug: other.Slug, CategoryID: docs.ID, Tier: marquee.TierRegular, Preference: marquee.RemindDayOf},
				"festivalSlug", marquee.EInvalid, "This festival is not listed on Marquee"},
			{"category of another festival", marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: docs.ID + 1000, Tier: marquee.TierRegular, Preference: marquee.RemindDayOf},
				"categoryId", marquee.EInvalid, "This category is not part of this festival"},
			{"no category", marquee.NewReminder{FestivalSlug: f.Slug, Tier: marquee.TierRegular, Preference: marquee.RemindDayOf},
				"categoryId", marquee.EInvalid, "Choose a category of this festival"},
			{"no festival", marquee.NewReminder{CategoryID: docs.ID, Tier: marquee.TierRegular, Preference: marquee.RemindDayOf},
				"festivalSlug", marquee.EInvalid, "This festival is not listed on Marquee"},
			{"tier the category has not", marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: shorts.ID, Tier: marquee.TierEarly, Preference: marquee.RemindDayOf},
				"tier", marquee.EInvalid, "This category has no such deadline"},
			{"deadline passed", marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: docs.ID, Tier: marquee.TierEarly, Preference: marquee.RemindDayOf},
				"tier", marquee.EInvalid, "This deadline has already passed"},
			{"bad preference", marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: shorts.ID, Tier: marquee.TierRegular, Preference: "someday"},
				"preference", marquee.EInvalid, "Choose when to be reminded"},
			{"the same again", marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: docs.ID, Tier: marquee.TierRegular, Preference: marquee.RemindOneWeekBefore},
				"", marquee.EConflict, "You already have this reminder for this deadline."},
		} {
			_, err := db.Reminders.Create(as(ann), tc.nr, "en")
			if marquee.ErrorCode(err) != tc.code || marquee.ErrorMessage(err) != tc.msg {
				t.Errorf("%s: %v", tc.name, err)
			}
			if tc.field != "" && marquee.ErrorFields(err)[tc.field] != tc.msg {
				t.Errorf("%s: field %s not named: %v", tc.name, tc.field, marquee.ErrorFields(err))
			}
		}
		// The same deadline with another preference is another reminder.
		if _, err := db.Reminders.Create(as(ann), marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: docs.ID, Tier: marquee.TierRegular,
			Preference: marquee.RemindOneDayBefore}, "en"); err != nil {
			t.Fatal(err)
		}
		// A send day already passed (one week before a deadline in three days).
		setNow(db, time.Date(2026, 4, 28, 12, 0, 0, 0, time.UTC))
		_, err = db.Reminders.Create(as(ann), marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: docs.ID, Tier: marquee.TierRegular,
			Preference: marquee.RemindOneWeekBefore}, "en")
		if marquee.ErrorMessage(err) != "That reminder day has already passed; choose a later option" { // checked before the duplicate
			t.Fatalf("same, its day passed: %v", err)
		}
		_, err = db.Reminders.Create(as(ann), marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: docs.ID, Tier: marquee.TierRegular,
			Preference: marquee.RemindDayOf}, "en")
		if err != nil {
			t.Fatal(err)
		}
		list, err := db.Reminders.List(as(ann))
		if err != nil || len(list) != 3 {
			t.Fatalf("list %v %v", list, err)
		}
		for _, r := range list {
			if r.CategoryName != "Documentary" || r.Tier != marquee.TierRegular || r.Date != "2026-05-01" {
				t.Errorf("listed %+v", r)
			}
		}

		// Sent when due, once, with its category and tier for the e-mail.
		var composed []*marquee.Reminder
		compose := func(r *marquee.Reminder, to string) marquee.Mail {
			composed = append(composed, r)
			return composeReminder(r, to)
		}
		if n, err := db.Reminders.SendDue(ctx, 10, compose, marquee.MailKept); err != nil || n != 1 {
			t.Fatalf("due: %d %v", n, err)
		}
		if len(composed) != 1 || composed[0].CategoryName != "Documentary" || composed[0].Tier != marquee.TierRegular || composed[0].Language != "ja" {
			t.Fatalf("composed %+v", composed)
		}
		if n, _ := db.Reminders.SendDue(ctx, 10, compose, marquee.MailKept); n != 0 {
			t.Fatalf("sent again: %d", n)
		}
	})
}

// TestDeadlineRemindersFollowTheFestival: when the organiser moves a
// deadline, its unsent reminders move with it (date and send time), a
// renamed category renames them, a removed tier or category removes them;
// sent reminders stay as they were.
func TestDeadlineRemindersFollowTheFestival(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, time.Date(2026, 3, 20, 12, 0, 0, 0, time.UTC))
		f := deadlineFestival(t, db)
		docs, shorts := f.Categories[0], f.Categories[1]
		ann, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "ann@example.com", PasswordHash: "h"})
		remind := func(cat marquee.Category, tier marquee.DeadlineTier, p marquee.ReminderPreference) *marquee.Reminder {
			t.Helper()
			r, err := db.Reminders.Create(as(ann), marquee.NewReminder{FestivalSlug: f.Slug, CategoryID: cat.ID, Tier: tier, Preference: p}, "en")
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		early := remind(docs, marquee.TierEarly, marquee.RemindDayOf)             // 04-01, sent below
		regular := remind(docs, marquee.TierRegular, marquee.RemindOneWeekBefore) // 05-01, moves to 05-08
		late := remind(docs, marquee.TierLate, marquee.RemindDayOf)               // 06-01, tier removed
		short := remind(shorts, marquee.TierRegular, marquee.RemindDayOf)         // category removed
		festivalDay, err := db.Reminders.Create(as(ann), marquee.NewReminder{FestivalName: "Lisbon Documentary Days", Date: "2026-09-01",
			Preference: marquee.RemindDayOf, FestivalSlug: f.Slug}, "en")
		if err != nil {
			t.Fatal(err)
		}

		setNow(db, time.Date(2026, 4, 1, 10, 0, 0, 0, time.UTC))
		if n, err := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailKept); err != nil || n != 1 {
			t.Fatalf("early one: %d %v", n, err)
		}

		org, _ := db.Users.FindUserByEmail(ctx, "docs-organiser@example.com")
		cur, err := db.Festivals.Managed(as(org), f.Slug)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Festivals.ReplaceCategories(as(org), f.Slug, cur.Version, []marquee.Category{
			{ID: docs.ID, Name: "Documentaries", Deadlines: []marquee.Deadline{
				{Tier: marquee.TierEarly, Date: "2026-04-03", Fee: 10}, {Tier: marquee.TierRegular, Date: "2026-05-08", Fee: 20}}},
		}); err != nil {
			t.Fatal(err)
		}

		byID := map[int64]*marquee.Reminder{}
		list, _ := db.Reminders.List(as(ann))
		for _, r := range list {
			byID[r.ID] = r
		}
		if r := byID[regular.ID]; r == nil || r.Date != "2026-05-08" || r.CategoryName != "Documentaries" ||
			!r.SendAt.Equal(time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)) {
			t.Fatalf("moved reminder %+v", r)
		}
		if r := byID[early.ID]; r == nil || r.Date != "2026-04-01" || r.CategoryName != "Documentary" || r.SentAt == nil {
			t.Fatalf("sent reminder changed: %+v", r)
		}
		if byID[late.ID] != nil || byID[short.ID] != nil {
			t.Fatalf("reminders of removed deadlines kept: %+v %+v", byID[late.ID], byID[short.ID])
		}
		if r := byID[festivalDay.ID]; r == nil || r.Date != "2026-09-01" || r.Tier != "" || r.CategoryID != 0 {
			t.Fatalf("festival date's reminder touched: %+v", r)
		}
		if len(list) != 3 {
			t.Fatalf("%d reminders", len(list))
		}
	})
}
