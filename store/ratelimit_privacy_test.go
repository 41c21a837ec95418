package store_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/payment"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// The data export limit (marquee.LimitDataExport) is counted from the
// user's exports in a sliding hour, with the allowance the setting gives
// (store.PrivacyOptions.ExportsPerHour): two here, then the policy's
// refusal, and a new request once the first is an hour old.
func TestDataExportLimitSetting(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		clock := newTestClock(privacyNow)
		svc, err := store.NewServices(db.DB, store.Options{Clock: clock.Now, Password: storetest.FastPasswords,
			Payments: store.PaymentOptions{Provider: payment.NewTestMode(clock.Now, store.NewTestPayments(db.DB))}, Privacy: store.PrivacyOptions{ExportsPerHour: 2}})
		if err != nil {
			t.Fatal(err)
		}
		u := userWithPassword(t, db, "exports@example.com", "Exports", "password 123")
		for range 2 {
			if err := svc.Privacy.RequestExport(as(u), "en"); err != nil {
				t.Fatal(err)
			}
			clock.Add(10 * time.Minute)
		}
		err = svc.Privacy.RequestExport(as(u), "en")
		if marquee.ErrorCode(err) != marquee.ERateLimited || marquee.ErrorMessage(err) != marquee.RateLimitPolicyFor(marquee.LimitDataExport).Message {
			t.Fatalf("third within the hour: %v", err)
		}
		clock.Set(privacyNow.Add(time.Hour + time.Second)) // the first is over an hour old
		if err := svc.Privacy.RequestExport(as(u), "en"); err != nil {
			t.Fatalf("an hour after the first: %v", err)
		}
	})
}

// An account's deletion removes the counters its address names (failed
// logins from any client, reset requests), found by the hash of the
// address, and no other's.
func TestAccountDeletionForgetsItsCounters(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		db.Clock.Set(privacyNow)
		u := userWithPassword(t, db, "leaving@example.com", "Leaving", "password 123")
		account := marquee.RateLimitAccount(" Leaving@Example.com")
		other := marquee.RateLimitAccount("staying@example.com")
		for _, k := range []marquee.RateLimitKey{
			{Policy: marquee.LimitLoginFailures, Subject: []string{"198.51.100.1", account}},
			{Policy: marquee.LimitLoginAccount, Subject: []string{"198.51.100.2", account}},
			{Policy: marquee.LimitLoginAccount, Subject: []string{account}},
			{Policy: marquee.LimitResetAddress, Subject: []string{account}},
			{Policy: marquee.LimitLoginAccount, Subject: []string{other}},
			{Policy: marquee.LimitLogin, Subject: []string{"198.51.100.1"}},
		} {
			if _, _, err := db.RateLimits.Hit(ctx, k, 15*time.Minute); err != nil {
				t.Fatal(err)
			}
		}
		before, err := db.RateLimits.StoredKeys(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.DeleteAccount(as(u), marquee.AccountDeletion{Password: "password 123"}); err != nil {
			t.Fatal(err)
		}
		after, err := db.RateLimits.StoredKeys(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(before) != 6 || len(after) != 2 {
			t.Fatalf("keys before %q, after %q; want 6 then 2", before, after)
		}
		for _, k := range after {
			if !slices.Contains(before, k) {
				t.Fatalf("key %q appeared", k)
			}
		}
	})
}
