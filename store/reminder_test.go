package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

func newReminder(t *testing.T, db *storetest.DB, u *marquee.User, name, date string, p marquee.ReminderPreference, lang string) *marquee.Reminder {
	t.Helper()
	r, err := db.Reminders.Create(as(u), marquee.NewReminder{FestivalName: name, Date: date, Preference: p}, lang)
	if err != nil {
		t.Fatalf("create reminder %s: %v", name, err)
	}
	return r
}

// composeReminder is a stand-in for the mail package's templates.
func composeReminder(r *marquee.Reminder, to string) marquee.Mail {
	return marquee.Mail{Kind: "reminder", To: to, Subject: "Reminder: " + r.FestivalName, Body: r.FestivalName + " on " + r.Date, Language: r.Language}
}

func TestReminderCreateListDelete(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
		ann, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "ann@example.com", PasswordHash: "h"})
		bob, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "bob@example.com", PasswordHash: "h"})

		late := newReminder(t, db, ann, "東京国際映画祭", "2026-10-27", marquee.RemindOneWeekBefore, "ja")
		early := newReminder(t, db, ann, "Berlinale", "2026-04-10", marquee.RemindDayOf, "en")
		newReminder(t, db, bob, "Cannes", "2026-05-12", marquee.RemindOneDayBefore, "en")

		if want := time.Date(2026, 10, 20, 9, 0, 0, 0, time.UTC); !late.SendAt.Equal(want) || late.Language != "ja" || late.SentAt != nil {
			t.Fatalf("created %+v, want sendAt %v", late, want)
		}
		list, err := db.Reminders.List(as(ann))
		if err != nil || len(list) != 2 || list[0].ID != early.ID || list[1].ID != late.ID {
			t.Fatalf("list = %v %v, want Berlinale then 東京国際映画祭", list, err)
		}
		if list[1].FestivalName != "東京国際映画祭" || list[1].Date != "2026-10-27" || list[1].Preference != marquee.RemindOneWeekBefore {
			t.Fatalf("read back %+v", list[1])
		}
		// Someone else's reminder and an unknown id are not found; nothing is deleted.
		if err := db.Reminders.Delete(as(bob), late.ID); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("delete another's: %v", err)
		}
		if err := db.Reminders.Delete(as(ann), 99999); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("delete unknown: %v", err)
		}
		if err := db.Reminders.Delete(as(ann), late.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ = db.Reminders.List(as(ann)); len(list) != 1 || list[0].ID != early.ID {
			t.Fatalf("after delete: %v", list)
		}
		if list, _ = db.Reminders.List(as(bob)); len(list) != 1 {
			t.Fatalf("bob's reminders touched: %v", list)
		}
		if _, err := db.Reminders.Create(as(&marquee.User{ID: 4242, Role: marquee.RoleFilmmaker}), marquee.NewReminder{FestivalName: "X", Date: "2026-05-01", Preference: marquee.RemindDayOf}, "en"); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("unknown user: %v", err)
		}
	})
}

func TestReminderActiveLimit(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clk := db.Clock
		clk.Set(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
		u, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "many@example.com", PasswordHash: "h"})
		for i := range store.ActiveRemindersMax {
			date := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i).Format(marquee.DateLayout)
			newReminder(t, db, u, fmt.Sprintf("Festival %d", i), date, marquee.RemindDayOf, "en")
		}
		nr := marquee.NewReminder{FestivalName: "One too many", Date: "2027-01-01", Preference: marquee.RemindDayOf}
		if _, err := db.Reminders.Create(as(u), nr, "en"); marquee.ErrorCode(err) != marquee.EInvalid || len(marquee.ErrorFields(err)) != 0 {
			t.Fatalf("201st reminder: %v", err)
		}
		// Once one has been sent, there is room again.
		clk.Set(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
		if n, err := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailKept); err != nil || n != 1 {
			t.Fatalf("send: %d %v", n, err)
		}
		if _, err := db.Reminders.Create(as(u), nr, "en"); err != nil {
			t.Fatalf("after one was sent: %v", err)
		}
	})
}

func TestSendDueReminders(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		clk := db.Clock
		clk.Set(time.Date(2026, 6, 1, 10, 0, 0, 0, time.UTC))
		u, _ := db.Users.CreateUser(ctx, store.UserRecord{Email: "Film@Example.com", PasswordHash: "h"})
		newReminder(t, db, u, "Annecy", "2026-06-14", marquee.RemindDayOf, "en")          // due 06-14 09:00
		newReminder(t, db, u, "釜山国際映画祭", "2026-06-14", marquee.RemindOneWeekBefore, "ja") // due 06-07 09:00
		newReminder(t, db, u, "上海国际电影节", "2026-06-14", marquee.RemindOneDayBefore, "zh")  // due 06-13 09:00

		// Nothing is due yet.
		if n, err := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailKept); err != nil || n != 0 {
			t.Fatalf("early: %d %v", n, err)
		}
		// One second before 09:00 on 06-07 still nothing; at 09:00 the week-before one.
		clk.Set(time.Date(2026, 6, 7, 8, 59, 59, 0, time.UTC))
		if n, _ := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailKept); n != 0 {
			t.Fatalf("before 09:00: %d sent", n)
		}
		clk.Set(time.Date(2026, 6, 7, 9, 0, 0, 0, time.UTC))
		if n, err := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailKept); err != nil || n != 1 {
			t.Fatalf("at 09:00: %d %v", n, err)
		}
		mails := listMail(t, db, "", 0, 0)
		if mails.Total != 1 {
			t.Fatalf("outbox: %+v", mails)
		}
		m := mails.Items[0]
		if m.To != "film@example.com" || m.Subject != "Reminder: 釜山国際映画祭" || m.Language != "ja" || m.Status != marquee.MailKept || m.Kind != "reminder" {
			t.Fatalf("mail %+v", m)
		}
		// Sent once: a second pass at the same time finds nothing.
		if n, _ := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailKept); n != 0 {
			t.Fatalf("sent again: %d", n)
		}
		// Much later both others are due; limit 1 takes the oldest first.
		clk.Set(time.Date(2026, 6, 20, 0, 0, 0, 0, time.UTC))
		if n, _ := db.Reminders.SendDue(ctx, 1, composeReminder, marquee.MailQueued); n != 1 {
			t.Fatalf("limit 1: %d", n)
		}
		if queued := listMail(t, db, marquee.MailQueued, 0, 0).Items; len(queued) != 1 || queued[0].Subject != "Reminder: 上海国际电影节" {
			t.Fatalf("oldest due first: %+v", queued)
		}
		if n, _ := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailQueued); n != 1 {
			t.Fatalf("rest: %d", n)
		}
		list, _ := db.Reminders.List(as(u))
		for _, r := range list {
			if r.SentAt == nil {
				t.Errorf("reminder %d (%s) not marked sent", r.ID, r.FestivalName)
			}
		}
		if total := listMail(t, db, "", 0, 0).Total; total != 3 {
			t.Fatalf("%d mails for 3 reminders", total)
		}
		if _, err := db.Reminders.SendDue(ctx, 10, composeReminder, marquee.MailSent); err == nil {
			t.Fatal("status sent accepted for new mail")
		}
	})
}

// TestTwoWorkersSendEachReminderOnce runs two workers at once over many due
// reminders: every reminder yields exactly one mail.
func TestTwoWorkersSendEachReminderOnce(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		twoWorkers(t, db, db)
	})
	// Two nodes on one SQLite file: two separate DB handles, two writers.
	t.Run("sqlite-two-handles", func(t *testing.T) {
		ctx := context.Background()
		path := "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
		a, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		if err := a.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		b, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		twoWorkers(t, storetest.Wrap(t, a), storetest.Wrap(t, b))
	})
}

func twoWorkers(t *testing.T, a, b *storetest.DB) {
	ctx := context.Background()
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	a.Clock.Set(start)
	b.Clock.Set(start)
	const users, perUser = 6, 25
	for i := range users {
		u, err := a.Users.CreateUser(ctx, store.UserRecord{Email: fmt.Sprintf("w%d@example.com", i), PasswordHash: "h"})
		if err != nil {
			t.Fatal(err)
		}
		for j := range perUser {
			date := start.AddDate(0, 0, 1+j%5).Format(marquee.DateLayout)
			newReminder(t, a, u, fmt.Sprintf("Fest %d-%d", i, j), date, marquee.RemindDayOf, "en")
		}
	}
	later := start.AddDate(0, 1, 0)
	a.Clock.Set(later)
	b.Clock.Set(later)
	var wg sync.WaitGroup
	counts := make([]int, 2)
	errs := make([]error, 2)
	for w, db := range []*storetest.DB{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				n, err := db.Reminders.SendDue(ctx, 7, composeReminder, marquee.MailKept)
				if err != nil {
					errs[w] = err
					return
				}
				if n == 0 {
					return
				}
				counts[w] += n
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if counts[0]+counts[1] != users*perUser {
		t.Fatalf("workers sent %d + %d, want %d in all", counts[0], counts[1], users*perUser)
	}
	mails := listMail(t, a, "", 1, 200)
	if mails.Total != users*perUser {
		t.Fatalf("outbox holds %d mails for %d reminders", mails.Total, users*perUser)
	}
	seen := map[string]bool{}
	for _, m := range mails.Items {
		if seen[m.Subject] {
			t.Fatalf("two mails for %s", m.Subject)
		}
		seen[m.Subject] = true
	}
	t.Logf("worker shares: %d and %d", counts[0], counts[1])
}
