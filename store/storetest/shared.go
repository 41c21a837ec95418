package storetest

import (
	"net/url"
	"os"
	"testing"

	"github.com/marquee-festival/marquee/store"
)

// ForEachShared runs fn as a subtest on every test database, like ForEach,
// with two handles (two pools, as two nodes have) on one and the same
// database.
func ForEachShared(t *testing.T, fn func(t *testing.T, a, b *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { a, b := OpenSQLiteShared(t); fn(t, a, b) })
	if os.Getenv(PostgresEnv) != "" {
		t.Run("postgres", func(t *testing.T) { a, b := OpenPostgresShared(t); fn(t, a, b) })
	}
}

// OpenSQLiteShared returns two handles on one new, migrated SQLite file.
func OpenSQLiteShared(t testing.TB) (a, b *store.DB) {
	t.Helper()
	u := "sqlite:" + sqliteCopy(t)
	return open(t, u), open(t, u)
}

// OpenPostgresShared returns two handles on one fresh, migrated schema of
// the PostgreSQL test server; the schema is dropped when the test ends.
func OpenPostgresShared(t testing.TB) (a, b *store.DB) {
	t.Helper()
	u := newPostgresSchema(t)
	return open(t, u), open(t, u)
}

// getPostgresURL returns MARQUEE_TEST_POSTGRES_URL, failing the test when it is unset.
func getPostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(PostgresEnv)
	if base == "" {
		t.Fatalf("%s is not set", PostgresEnv)
	}
	return base
}

// withSearchPathURL returns rawURL with search_path set to schema ("" when
// rawURL does not parse).
func withSearchPathURL(rawURL, schema string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// withoutDurableCommits returns rawURL with synchronous_commit off for its
// connections: a test's commits (each migration's above all: a fresh schema
// takes some fifty) then return without waiting for the disk, which is what
// made PostgreSQL's tests several times slower than SQLite's. Only the
// durability of the last commits before a server crash is given up, which
// a test database does not need; transactions, locks and constraints behave
// as with durable commits.
func withoutDurableCommits(t testing.TB, rawURL string) string {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatalf("parse %s: %v", PostgresEnv, err)
	}
	q := u.Query()
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	return u.String()
}
