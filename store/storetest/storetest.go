// Package storetest opens fresh, migrated databases for tests: always a
// SQLite file in a temporary folder, and PostgreSQL too when
// MARQUEE_TEST_POSTGRES_URL is set (each test gets a schema of its own
// there, emptied and reused by the next test: pgpool.go).
// A SQLite database is a copy of a template migrated once (template.go).
package storetest

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/assistant"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/password"
	"github.com/marquee-festival/marquee/payment"
	"github.com/marquee-festival/marquee/poster"
	"github.com/marquee-festival/marquee/store"
)

// PostgresEnv names the variable holding the PostgreSQL test server's URL.
const PostgresEnv = "MARQUEE_TEST_POSTGRES_URL"

// FastPasswords keeps argon2id cheap in tests.
var FastPasswords = password.Params{MemoryKiB: 1024, Time: 1, Threads: 1}

// Clock is a settable clock, safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Set makes the clock read t.
func (c *Clock) Set(t time.Time) { c.mu.Lock(); c.now = t; c.mu.Unlock() }

// DB is a test database with the store's services over it, sharing a
// settable clock (the current time until a test sets it).
type DB struct {
	*store.DB
	*store.Services
	Clock *Clock
	// Posters is the services' poster encoder (see Wrap).
	Posters *poster.Encoder
}

// Wrap returns the services over db with a settable clock and cheap passwords.
func Wrap(t testing.TB, db *store.DB) *DB {
	t.Helper()
	return WrapProvider(t, db, nil)
}

// WrapProvider is Wrap with the payment provider (the test mode) handed to
// wrap, whose answer takes the payments (nil: the test mode as it is).
func WrapProvider(t testing.TB, db *store.DB, wrap func(marquee.PaymentProvider) marquee.PaymentProvider) *DB {
	t.Helper()
	c := &Clock{now: time.Now()}
	// One poster decode at a time, refused after a short wait: a test's
	// uploads follow one another, and a test of the bound holds the one
	// slot (see poster.Encoder).
	posters := poster.New(poster.Config{Slots: 1, MaxWait: 200 * time.Millisecond})
	// Payments as `marquee serve` takes them without Stripe: the test mode,
	// keeping its payments in db, with receipts kept in the outbox.
	var provider marquee.PaymentProvider = payment.NewTestMode(c.Now, store.NewTestPayments(db))
	if wrap != nil {
		provider = wrap(provider)
	}
	svc, err := store.NewServices(db, store.Options{Clock: c.Now, Password: FastPasswords, Files: diskFiles(t), Posters: posters, Payments: store.PaymentOptions{
		Provider:       provider,
		ComposeReceipt: mail.Composer{PublicURL: "https://marquee.example"}.Receipt,
	}, Users: store.UserOptions{ComposeVerification: mail.Composer{PublicURL: "https://marquee.example"}.Verification},
		// The festival assistant as `marquee serve` runs it without an AI service.
		Inquiry: store.InquiryOptions{Writer: assistant.Default{}},
		// Payouts as `marquee serve` makes them without Stripe: the test
		// mode, keeping its accounts and transfers in db.
		Payouts: store.PayoutOptions{Provider: payment.NewTestPayouts(c.Now, store.NewTestPayouts(db)), PublicURL: "https://marquee.example"},
		Privacy: store.PrivacyOptions{ComposePasswordReset: mail.Composer{PublicURL: "https://marquee.example"}.PasswordReset},
		// Ticket e-mails as `marquee serve` writes them, kept in the outbox.
		Tickets: store.TicketOptions{
			ComposeConfirmation:  mail.Composer{PublicURL: "https://marquee.example"}.TicketConfirmation,
			ComposeCancellation:  mail.Composer{PublicURL: "https://marquee.example"}.TicketCancellation,
			ComposeWaitlistOffer: mail.Composer{PublicURL: "https://marquee.example"}.WaitlistOffer,
			ComposeGuestWaitlist: mail.Composer{PublicURL: "https://marquee.example"}.GuestWaitlist,
			ComposeSelfCancel:    mail.Composer{PublicURL: "https://marquee.example"}.TicketSelfCancellation,
		}})
	if err != nil {
		t.Fatal(err)
	}
	return &DB{DB: db, Services: svc, Clock: c, Posters: posters}
}

// AsUser returns ctx signed in as u, as the HTTP layer would.
func AsUser(ctx context.Context, u *marquee.User) context.Context {
	return marquee.NewContextWithUser(ctx, u)
}

// ForEach runs fn as a subtest on every test database: "sqlite", and
// "postgres" when MARQUEE_TEST_POSTGRES_URL is set.
func ForEach(t *testing.T, fn func(t *testing.T, db *DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, Wrap(t, OpenSQLite(t))) })
	if os.Getenv(PostgresEnv) != "" {
		t.Run("postgres", func(t *testing.T) { fn(t, Wrap(t, OpenPostgres(t))) })
	}
}

// OpenSQLite returns a migrated database in a new SQLite file, closed when the test ends.
func OpenSQLite(t testing.TB) *store.DB {
	t.Helper()
	return open(t, "sqlite:"+sqliteCopy(t))
}

// OpenPostgres returns a migrated database in a fresh schema of the
// PostgreSQL test server; the schema is dropped when the test ends.
func OpenPostgres(t testing.TB) *store.DB {
	t.Helper()
	return open(t, newPostgresSchema(t))
}

func open(t testing.TB, rawURL string) *store.DB {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, rawURL)
	if err != nil {
		t.Fatalf("open %s: %v", rawURL, err)
	}
	// Close after the schema cleanup registered by the caller? Cleanups run
	// last-in first-out, so this runs before the schema is dropped.
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return db
}
