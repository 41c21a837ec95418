package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// PostgreSQL test schemas are reused. Migrating a fresh schema (some
// fifty migrations, a hundred tables and indexes made) and dropping it
// afterwards took 0.6–0.7 s of a test's time on an idle machine, most of
// the PostgreSQL half of the store tests; emptying a schema the previous
// test used takes a few milliseconds. So a test's schema, when the test
// ends, is emptied back to what the migrations leave (their rows put
// back, their sequences where they stood) and handed to the next test of
// the binary; Run drops every schema at the end. Measured on an idle
// two-core machine: the store package's PostgreSQL subtests 144 → 49 s,
// the server package's 91 → 20 s (go test -json, summed Elapsed).
//
// A schema is reused only when it still has the migrated shape (the same
// tables, indexes and sequences, the latest migration applied): a test
// that migrated down and stayed there, or that made objects of its own,
// gets its schema dropped, as before. Emptying runs with
// session_replication_role=replica (no triggers, no foreign-key checks:
// every table is emptied), which needs a superuser, as the test server's
// trust login is; when it fails, the schema is dropped.

// pgSchemas is the pool of one test binary's PostgreSQL schemas.
var pgSchemas struct {
	mu    sync.Mutex
	admin *sql.DB  // a connection to the test server, without search_path
	base  string   // the URL of admin (MARQUEE_TEST_POSTGRES_URL, commits not waited for)
	free  []string // migrated schemas, emptied, ready for a test
	made  []string // every schema made, dropped by Run
	// shape is the migrated schema's objects (name and kind, in order),
	// compared before a schema is reused.
	shape string
	// reset is the emptying, with %[1]s for the schema's name (the seed
	// schema it copies the migrations' rows from is named in it).
	reset string
	// broken is set when emptying failed once: schemas are then dropped.
	broken bool
}

// newPostgresSchema returns a URL whose connections use a schema of the
// PostgreSQL test server: a reused one, emptied (see above), or a new
// one, which open then migrates. The schema is given back, or dropped,
// when the test ends.
func newPostgresSchema(t testing.TB) string {
	t.Helper()
	admin, base := pgAdmin(t)
	pgSchemas.mu.Lock()
	pooled := templates.mainCalled
	var schema string
	if n := len(pgSchemas.free); n > 0 && pooled {
		schema, pgSchemas.free = pgSchemas.free[n-1], pgSchemas.free[:n-1]
	}
	pgSchemas.mu.Unlock()
	if schema == "" {
		schema = schemaName("test_")
		if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
			t.Fatalf("create schema: %v", err)
		}
		if pooled {
			pgSchemas.mu.Lock()
			pgSchemas.made = append(pgSchemas.made, schema)
			pgSchemas.mu.Unlock()
		}
	}
	t.Cleanup(func() {
		if pooled && giveBack(admin, schema) {
			return
		}
		if _, err := admin.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return withSearchPath(t, base, schema)
}

// schemaName returns a new schema name: prefix and 12 random hex digits.
func schemaName(prefix string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return prefix + hex.EncodeToString(b)
}

// pgAdmin returns the binary's connection to the test server, opened at
// the first call, and its URL.
func pgAdmin(t testing.TB) (*sql.DB, string) {
	t.Helper()
	pgSchemas.mu.Lock()
	defer pgSchemas.mu.Unlock()
	if pgSchemas.admin == nil {
		raw := getPostgresURL(t)
		base := withoutDurableCommits(t, raw)
		admin, err := sql.Open("pgx", base)
		if err != nil {
			t.Fatalf("open postgres: %v", err)
		}
		pgSchemas.admin, pgSchemas.base = admin, base
	}
	return pgSchemas.admin, pgSchemas.base
}

// giveBack empties schema and puts it in the pool, reporting false when
// the schema is not reusable (or emptying it failed): the caller drops it.
func giveBack(admin *sql.DB, schema string) bool {
	ctx := context.Background()
	shape, err := schemaShape(ctx, admin, schema)
	if err != nil || shape == "" {
		return false
	}
	pgSchemas.mu.Lock()
	defer pgSchemas.mu.Unlock()
	if pgSchemas.broken {
		return false
	}
	if pgSchemas.shape == "" {
		// The first schema given back defines the migrated shape, and its
		// migrations' rows and sequences are what every reset restores:
		// read them now, before it is emptied (its test's rows are among
		// them, so take the rows from a freshly migrated schema instead).
		if err := learnMigratedState(ctx, admin, shape); err != nil {
			pgSchemas.broken = true
			return false
		}
	}
	if shape != pgSchemas.shape {
		return false
	}
	if _, err := admin.ExecContext(ctx, fmt.Sprintf(pgSchemas.reset, schema)); err != nil {
		pgSchemas.broken = true
		return false
	}
	pgSchemas.free = append(pgSchemas.free, schema)
	return true
}

// schemaShape lists schema's tables, indexes, sequences and views, and
// the latest migration applied, as one string ("" when the schema was
// never migrated).
func schemaShape(ctx context.Context, db *sql.DB, schema string) (string, error) {
	var objects sql.NullString
	if err := db.QueryRowContext(ctx, `SELECT string_agg(relname::text || ':' || relkind::text, ',' ORDER BY relname)
		FROM pg_class WHERE relnamespace = $1::regnamespace`, schema).Scan(&objects); err != nil {
		return "", err
	}
	if !strings.Contains(objects.String, "goose_db_version:r") {
		return "", nil
	}
	var version int64
	if err := db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version_id), 0) FROM `+schema+`.goose_db_version WHERE is_applied`).Scan(&version); err != nil {
		return "", err
	}
	return strconv.FormatInt(version, 10) + "|" + objects.String, nil
}

// learnMigratedState migrates a new schema (with the store's own
// migrations, as a test's database is), keeps it as the seed schema with
// the rows its migrations wrote, and writes the reset statement. Called
// with pgSchemas.mu held.
func learnMigratedState(ctx context.Context, admin *sql.DB, wantShape string) error {
	seed := schemaName("test_seed_")
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+seed); err != nil {
		return err
	}
	pgSchemas.made = append(pgSchemas.made, seed)
	if err := migrateAndClose(withSearchPathURL(pgSchemas.base, seed)); err != nil {
		return err
	}
	shape, err := schemaShape(ctx, admin, seed)
	if err != nil {
		return err
	}
	if shape != wantShape {
		return fmt.Errorf("storetest: a migrated schema differs from the test's")
	}
	tables, err := relationNames(ctx, admin, seed, "r")
	if err != nil {
		return err
	}
	var reset strings.Builder
	reset.WriteString("BEGIN; SET LOCAL session_replication_role = replica; SET LOCAL lock_timeout = '10s';\n")
	for _, table := range tables {
		fmt.Fprintf(&reset, "DELETE FROM %%[1]s.%s;\n", table)
	}
	for _, table := range tables {
		var n int64
		if err := admin.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+seed+`.`+table).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			fmt.Fprintf(&reset, "INSERT INTO %%[1]s.%s SELECT * FROM %s.%s;\n", table, seed, table)
		}
	}
	sequences, err := relationNames(ctx, admin, seed, "S")
	if err != nil {
		return err
	}
	for _, s := range sequences {
		var last int64
		var called bool
		if err := admin.QueryRowContext(ctx, `SELECT last_value, is_called FROM `+seed+`.`+s).Scan(&last, &called); err != nil {
			return err
		}
		fmt.Fprintf(&reset, "SELECT setval('%%[1]s.%s', %d, %t);\n", s, last, called)
	}
	reset.WriteString("COMMIT;")
	// The seed schema's tables keep the migrations' rows; nothing else
	// writes to it (no test has its URL).
	pgSchemas.shape, pgSchemas.reset = wantShape, reset.String()
	return nil
}

// relationNames lists the names of schema's relations of kind (pg_class
// relkind: "r" tables, "S" sequences), in order.
func relationNames(ctx context.Context, db *sql.DB, schema, kind string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT relname FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind = $2 ORDER BY relname`, schema, kind)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		names = append(names, name)
	}
	return names, rows.Err()
}

// dropPostgresSchemas drops every schema the pool made (Run calls it when
// the tests end).
func dropPostgresSchemas() {
	pgSchemas.mu.Lock()
	defer pgSchemas.mu.Unlock()
	if pgSchemas.admin == nil {
		return
	}
	for _, s := range pgSchemas.made {
		_, _ = pgSchemas.admin.Exec("DROP SCHEMA IF EXISTS " + s + " CASCADE")
	}
	pgSchemas.admin.Close()
	pgSchemas.admin, pgSchemas.made, pgSchemas.free = nil, nil, nil
}

// withSearchPath returns base with search_path set to schema.
func withSearchPath(t testing.TB, base, schema string) string {
	t.Helper()
	u := withSearchPathURL(base, schema)
	if u == "" {
		t.Fatalf("parse %s", PostgresEnv)
	}
	return u
}
