package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// openSQLiteAt opens and migrates a SQLite database at path, with the
// test's services over it.
func openSQLiteAt(t *testing.T, path string) *storetest.DB {
	t.Helper()
	db, err := store.Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return storetest.Wrap(t, db)
}

// A backup taken while goroutines buy credits, order and pay tickets and
// submit films through the services is one committed state: it passes
// its checks, restores, and the restored database keeps the invariants
// (each user's credits = the sum of their ledger rows; each screening's
// sold seats = its issued tickets), while the live database went on.
func TestBackupUnderWriteLoadRestoresWithInvariants(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openSQLiteAt(t, filepath.Join(dir, "live.db"))
	f := newSubFixture(t, db, 1)
	sc, err := db.Tickets.CreateScreening(as(f.org), f.fest.Slug, marquee.ScreeningInput{
		Title: "Opening night", Venue: "Hall 1", StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00",
		Capacity: 5000, PriceCents: 500, SalesStartAt: "2026-02-20T09:00", SalesEndAt: "2026-03-15T18:00",
	})
	if err != nil {
		t.Fatal(err)
	}
	const writers = 3
	var buyers, makers []*marquee.User
	films := map[int64][]int64{}
	for i := range writers {
		buyers = append(buyers, newOrganiser(t, db, fmt.Sprintf("buyer%d@example.com", i)))
		m := newOrganiser(t, db, fmt.Sprintf("maker%d@example.com", i))
		makers = append(makers, m)
		grant(t, db.DB, m.ID, 100_000)
		for j := range 40 {
			films[m.ID] = append(films[m.ID], f.newFilm(t, m, fmt.Sprintf("Film %d-%d", i, j), "JP"))
		}
	}

	var checkouts, paidOrders, submissions atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	fail := func(what string, err error) {
		t.Errorf("%s: %v", what, err)
	}
	for i := range writers {
		wg.Add(3)
		go func() { // credits
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := db.Payments.Checkout(as(buyers[i]), marquee.CheckoutRequest{AmountCents: 10000, Country: "us", PaymentMethod: "pm_card_visa"}); err != nil {
					fail("checkout", err)
					return
				}
				checkouts.Add(1)
			}
		}()
		go func() { // tickets: an order, paid, or left pending (a held seat)
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				o, err := db.Tickets.CreateOrder(as(buyers[i]), marquee.OrderRequest{ScreeningID: sc.ID, Quantity: 1 + n%3})
				if err != nil {
					fail("order", err)
					return
				}
				if n%4 == 3 {
					continue
				}
				if _, err := db.Tickets.PayOrder(as(buyers[i]), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"}); err != nil {
					fail("pay order", err)
					return
				}
				paidOrders.Add(1)
			}
		}()
		go func() { // submissions, each paying its fee from the balance
			defer wg.Done()
			for _, film := range films[makers[i].ID] {
				select {
				case <-stop:
					return
				default:
				}
				ns := marquee.NewSubmission{FilmID: film, Language: "en", Entries: []marquee.SubmissionEntry{entry(f.fest, 0)}}
				if _, err := f.svc.Submissions.Submit(as(makers[i]), ns); err != nil {
					fail("submit", err)
					return
				}
				submissions.Add(1)
			}
		}()
	}
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(2 * time.Minute); !ok(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) || t.Failed() {
				close(stop)
				wg.Wait()
				t.Fatalf("writers never reached %s", what)
			}
		}
	}
	waitFor("the first writes", func() bool { return checkouts.Load() >= 5 && paidOrders.Load() >= 5 && submissions.Load() >= 3 })

	backup := filepath.Join(dir, "backups", "marquee-backup.db")
	report, err := db.BackupSQLite(ctx, backup)
	if err != nil {
		close(stop)
		wg.Wait()
		t.Fatalf("backup under load: %v", err)
	}
	c0, p0 := checkouts.Load(), paidOrders.Load()
	waitFor("writes after the backup", func() bool { return checkouts.Load() >= c0+5 && paidOrders.Load() >= p0+5 })
	close(stop)
	wg.Wait()

	if !report.OK() || report.Version != store.LatestMigration(store.SQLite) || report.Ledger == 0 || report.Tickets == 0 {
		t.Fatalf("backup report %+v", report)
	}
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		if _, err := os.Stat(backup + side); err == nil {
			t.Fatalf("the backup is not one file: %s%s exists", backup, side)
		}
	}
	if left, _ := filepath.Glob(backup + ".partial-*"); len(left) != 0 {
		t.Fatalf("temporary files left: %v", left)
	}
	// The live database went on past the backup.
	live := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger`)
	if live <= report.Ledger {
		t.Fatalf("live ledger %d rows, backup %d: the backup was not taken under load", live, report.Ledger)
	}
	if _, err := db.BackupSQLite(ctx, backup); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Fatalf("backup over an existing file: %v", err)
	}

	// Restore to a new place, open it as serve would, check it.
	target := filepath.Join(dir, "restored", "marquee.db")
	res, err := store.RestoreSQLite(ctx, backup, target, false, time.Now())
	if err != nil || res.Previous != "" || !res.Report.OK() {
		t.Fatalf("restore: %+v %v", res, err)
	}
	restored := openSQLiteAt(t, target)
	if problems, err := restored.CheckInvariants(ctx); err != nil || len(problems) != 0 {
		t.Fatalf("restored invariants: %v %v", problems, err)
	}
	if n := count(t, restored.DB, `SELECT COUNT(*) FROM credit_ledger`); n != report.Ledger {
		t.Fatalf("restored ledger %d rows, backup reported %d", n, report.Ledger)
	}
	if n := count(t, restored.DB, `SELECT COUNT(*) FROM tickets`); n != report.Tickets {
		t.Fatalf("restored tickets %d, backup reported %d", n, report.Tickets)
	}
	// And the live database keeps them too, after all that load.
	if problems, err := db.CheckInvariants(ctx); err != nil || len(problems) != 0 {
		t.Fatalf("live invariants: %v %v", problems, err)
	}

	// The restored database is open (restored, above): a restore over it
	// is refused, unless forced, which keeps the previous file.
	if _, err := store.RestoreSQLite(ctx, backup, target, false, time.Now()); !errors.Is(err, store.ErrDatabaseInUse) {
		t.Fatalf("restore over a database in use: %v", err)
	}
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	res, err = store.RestoreSQLite(ctx, backup, target, true, now)
	if err != nil || res.Previous != target+".before-restore-20261127T120000Z" {
		t.Fatalf("forced restore: %+v %v", res, err)
	}
	if _, err := os.Stat(res.Previous); err != nil {
		t.Fatalf("previous database not kept: %v", err)
	}
	restored.DB.Close()
	res, err = store.RestoreSQLite(ctx, backup, target, false, now.Add(time.Second))
	if err != nil || res.Previous != target+".before-restore-20261127T120001Z" {
		t.Fatalf("restore once closed: %+v %v", res, err)
	}
}

// A backup whose invariants do not hold, that is no SQLite database, or
// that is a live database's file is refused, and nothing is restored.
func TestRestoreRefusesUnfitBackups(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db := openSQLiteAt(t, filepath.Join(dir, "live.db"))
	fx := newTicketFixture(t, db, 10, 500)
	u := fx.buyer(t, "buyer@example.com")
	o := fx.order(t, u, 2)
	if _, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"}); err != nil {
		t.Fatal(err)
	}
	grant(t, db.DB, u.ID, 30)
	good := filepath.Join(dir, "good.db")
	if _, err := db.BackupSQLite(ctx, good); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "target.db")
	for name, tc := range map[string]struct {
		edit string
		want string
	}{
		"credits": {`UPDATE users SET credits = credits + 7 WHERE id = ` + fmt.Sprint(u.ID), "a user's credits equal the sum of their ledger rows: user " + fmt.Sprint(u.ID) + ": credits 37, ledger 30"},
		"sold":    {`UPDATE screenings SET sold = sold + 1`, "a screening's sold seats equal its issued tickets: screening " + fmt.Sprint(fx.screening.ID) + ": sold 3, tickets 2"},
	} {
		bad := filepath.Join(dir, name+".db")
		data, err := os.ReadFile(good)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(bad, data, 0o600); err != nil {
			t.Fatal(err)
		}
		raw, err := sql.Open("sqlite", "file:"+bad)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := raw.Exec(tc.edit); err != nil {
			t.Fatal(err)
		}
		raw.Close()
		r, err := store.CheckSQLiteFile(ctx, bad)
		if err != nil || r.OK() || !strings.Contains(strings.Join(r.Problems, "\n"), tc.want) {
			t.Fatalf("%s: %+v %v", name, r.Problems, err)
		}
		if _, err := store.RestoreSQLite(ctx, bad, target, false, time.Now()); err == nil || !strings.Contains(err.Error(), "not fit to restore") {
			t.Fatalf("%s restored: %v", name, err)
		}
	}
	notDB := filepath.Join(dir, "notes.txt")
	os.WriteFile(notDB, []byte("not a database at all, just some text"), 0o600)
	if r, err := store.CheckSQLiteFile(ctx, notDB); err != nil || r.OK() || !strings.Contains(r.Problems[0], "is not a SQLite database") {
		t.Fatalf("text file: %+v %v", r, err)
	}
	// The live file itself, with its write-ahead log beside it.
	if r, err := store.CheckSQLiteFile(ctx, filepath.Join(dir, "live.db")); err != nil || r.OK() || !strings.Contains(r.Problems[0], "write-ahead log") {
		t.Fatalf("live file: %+v %v", r, err)
	}
	if _, err := os.Stat(target); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused restore left %s", target)
	}
	if r, err := store.CheckSQLiteFile(ctx, good); err != nil || !r.OK() {
		t.Fatalf("good backup: %+v %v", r, err)
	}
}

// The invariants read the same on both databases: none broken on a
// database the services wrote, and a balance moved outside the ledger or
// a seat sold without a ticket is named.
func TestCheckInvariants(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		fx := newTicketFixture(t, db, 10, 500)
		u := fx.buyer(t, "buyer@example.com")
		o := fx.order(t, u, 2)
		if _, err := db.Tickets.PayOrder(as(u), o.ID, marquee.TicketPayRequest{Country: "PT", PaymentMethod: "pm_card_visa"}); err != nil {
			t.Fatal(err)
		}
		grant(t, db.DB, u.ID, 30)
		if problems, err := db.CheckInvariants(ctx); err != nil || len(problems) != 0 {
			t.Fatalf("written by the services: %v %v", problems, err)
		}
		if _, err := db.Int64ForTest(ctx, `UPDATE users SET credits = credits + 7 WHERE id = ? RETURNING credits`, u.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Int64ForTest(ctx, `UPDATE screenings SET sold = sold + 1 WHERE id = ? RETURNING sold`, fx.screening.ID); err != nil {
			t.Fatal(err)
		}
		problems, err := db.CheckInvariants(ctx)
		want := []string{
			fmt.Sprintf("broken: a user's credits equal the sum of their ledger rows: user %d: credits 37, ledger 30", u.ID),
			fmt.Sprintf("broken: a screening's sold seats equal its issued tickets: screening %d: sold 3, tickets 2", fx.screening.ID),
		}
		if err != nil || fmt.Sprint(problems) != fmt.Sprint(want) {
			t.Fatalf("got %q %v, want %q", problems, err, want)
		}
		if v, err := db.MigrationVersion(ctx); err != nil || v != store.LatestMigration(db.Dialect()) {
			t.Fatalf("migration version %d %v, want %d", v, err, store.LatestMigration(db.Dialect()))
		}
	})
}
