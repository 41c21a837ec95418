package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// moveCredits, the one function that moves credits: each user's balance
// by the sum of their rows, with the rows, all or nothing; never below 0;
// a (reason, reference) once.
func TestMoveCredits(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		a := newOrganiser(t, db, "a@example.com")
		b := newOrganiser(t, db, "b@example.com")
		entry := func(u *marquee.User, delta int64, ref string) marquee.LedgerEntry {
			return marquee.LedgerEntry{UserID: u.ID, Delta: delta, Reason: marquee.LedgerAdjustment, Reference: ref, CreatedAt: payNow}
		}
		rows := func() int64 { return count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger`) }

		// Several users at once; a user whose rows sum to 0 keeps their balance.
		if err := db.MoveCreditsForTest(ctx, entry(a, 30, "t:1"), entry(b, 5, "t:2"), entry(a, 20, "t:3"), entry(b, -5, "t:4")); err != nil {
			t.Fatal(err)
		}
		if credits(t, db.DB, a.ID) != 50 || credits(t, db.DB, b.ID) != 0 || rows() != 4 {
			t.Fatalf("balances %d %d, %d rows", credits(t, db.DB, a.ID), credits(t, db.DB, b.ID), rows())
		}
		// Below 0: nothing moves, for anyone in the call.
		err := db.MoveCreditsForTest(ctx, entry(b, 10, "t:5"), entry(a, -51, "t:6"))
		if err == nil || !strings.Contains(err.Error(), "has 50 credits: the move would take the balance below 0") {
			t.Fatalf("overdraw: %v", err)
		}
		if credits(t, db.DB, a.ID) != 50 || credits(t, db.DB, b.ID) != 0 || rows() != 4 {
			t.Fatal("a refused move moved credits or wrote rows")
		}
		// A (reason, reference) already in the ledger: nothing moves.
		if err := db.MoveCreditsForTest(ctx, entry(a, 1, "t:1")); err == nil {
			t.Fatal("a repeated reference was written")
		}
		if credits(t, db.DB, a.ID) != 50 || rows() != 4 {
			t.Fatal("a repeated reference moved credits")
		}
		// An unknown user, a row of 0 credits: refused.
		err = db.MoveCreditsForTest(ctx, marquee.LedgerEntry{UserID: 99999, Delta: 1, Reason: marquee.LedgerAdjustment, Reference: "t:7", CreatedAt: payNow})
		wantCode(t, err, marquee.ENotFound)
		if err := db.MoveCreditsForTest(ctx, entry(a, 0, "t:8")); err == nil {
			t.Fatal("a row of 0 credits was written")
		}
		// More rows than one INSERT takes.
		var many []marquee.LedgerEntry
		for i := range 1201 {
			many = append(many, entry(b, 1, fmt.Sprintf("many:%d", i)))
		}
		if err := db.MoveCreditsForTest(ctx, many...); err != nil {
			t.Fatal(err)
		}
		if credits(t, db.DB, b.ID) != 1201 || rows() != 4+1201 {
			t.Fatalf("balance %d, %d rows", credits(t, db.DB, b.ID), rows())
		}
		assertLedgerBalanced(t, db.DB)
	})
}
