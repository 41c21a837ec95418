package storetest

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/marquee-festival/marquee/store"
)

// Every test gets a database of its own, migrated to the latest version.
// On SQLite each test binary migrates one template file, once, and a
// test's database is a copy of it (a file copy instead of some fifty
// statements). Main, called from each package's TestMain, removes the
// template when the tests end.
//
// PostgreSQL gives each test a migrated schema of its own, reused from
// test to test: emptied back to what the migrations leave when a test
// ends (pgpool.go). A database copied from a template (CREATE DATABASE
// ... TEMPLATE) was measured slower on a busy two-core machine, its
// copies' WAL and DROP DATABASE's checkpoints costing more than the
// migrations they save.

var templates struct {
	mu         sync.Mutex
	mainCalled bool
	dir        string // temporary folder of the SQLite template
	sqlite     string // path of the migrated SQLite template
}

// Main runs the package's tests (m.Run) and then removes the template they
// copied. Every package whose tests open a test database calls it:
//
//	func TestMain(m *testing.M) { storetest.Main(m) }
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main without the exit: it runs m and removes the template,
// returning the exit code, for a TestMain with more to clean up.
func Run(m *testing.M) int {
	templates.mu.Lock()
	templates.mainCalled = true
	templates.mu.Unlock()
	code := m.Run()
	dropPostgresSchemas()
	templates.mu.Lock()
	if templates.dir != "" {
		os.RemoveAll(templates.dir)
	}
	templates.mu.Unlock()
	return code
}

// sqliteCopy returns the path of a new SQLite file holding the migrated
// template, in the test's temporary folder.
func sqliteCopy(t testing.TB) string {
	t.Helper()
	templates.mu.Lock()
	defer templates.mu.Unlock()
	if !templates.mainCalled {
		t.Fatal("storetest: the package's tests open a test database, so its TestMain must run them through storetest: add func TestMain(m *testing.M) { storetest.Main(m) }")
	}
	if templates.sqlite == "" {
		dir, err := os.MkdirTemp("", "marquee-storetest-")
		if err != nil {
			t.Fatalf("storetest: template folder: %v", err)
		}
		path := filepath.Join(dir, "template.db")
		if err := migrateAndClose("sqlite:" + path); err != nil {
			os.RemoveAll(dir)
			t.Fatalf("storetest: sqlite template: %v", err)
		}
		templates.dir, templates.sqlite = dir, path
	}
	path := filepath.Join(t.TempDir(), "marquee.db")
	if err := copyFile(templates.sqlite, path); err != nil {
		t.Fatalf("storetest: copy sqlite template: %v", err)
	}
	return path
}

// migrateAndClose migrates the database at rawURL and closes it: SQLite
// folds its write-ahead log into the file at the last close, so the file
// alone is the migrated database.
func migrateAndClose(rawURL string) error {
	ctx := context.Background()
	db, err := store.Open(ctx, rawURL)
	if err != nil {
		return err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return fmt.Errorf("migrate: %w", err)
	}
	return db.Close()
}

func copyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}
