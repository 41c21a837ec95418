package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// The read pool's prepared statements must answer like unprepared
// queries: they see rows written after they were prepared, follow a
// schema change, report a bad query's error, and a full cache still
// answers (unprepared).
func TestStmtCacheReads(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if db.readStmts == nil {
		t.Fatal("a SQLite database has no statement cache on its read pool")
	}
	if _, err := db.writer().exec(ctx, `CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	count := func() int {
		t.Helper()
		var n int
		if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM t WHERE v <> ?`, "").Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := count(); n != 0 {
		t.Fatalf("count = %d, want 0", n)
	}
	for i := 1; i <= 3; i++ {
		if _, err := db.writer().exec(ctx, `INSERT INTO t (v) VALUES (?)`, fmt.Sprint("row ", i)); err != nil {
			t.Fatal(err)
		}
		if n := count(); n != i {
			t.Fatalf("after insert %d the prepared count says %d", i, n)
		}
	}
	if got := len(db.readStmts.byQ); got != 1 {
		t.Fatalf("cache holds %d statements, want 1", got)
	}

	// A page read through the cache, then the schema changes under it.
	page := func(offset int) []string {
		t.Helper()
		rows, err := db.reader().query(ctx, `SELECT v FROM t ORDER BY id`+limitOffset(2), offset)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := fmt.Sprint(page(0), page(2)); got != "[row 1 row 2] [row 3]" {
		t.Fatalf("pages = %s", got)
	}
	if _, err := db.writer().exec(ctx, `ALTER TABLE t ADD COLUMN w TEXT NOT NULL DEFAULT 'x'`); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(page(1)); got != "[row 2 row 3]" {
		t.Fatalf("page after a schema change = %s", got)
	}

	// A query that does not prepare gives its error, and is not cached.
	before := len(db.readStmts.byQ)
	if _, err := db.reader().query(ctx, `SELECT nothing FROM nowhere`); err == nil {
		t.Fatal("a bad query gave no error")
	}
	if len(db.readStmts.byQ) != before {
		t.Fatal("a bad query was cached")
	}

	// A full cache runs further texts unprepared, with the same answers.
	for i := len(db.readStmts.byQ); i < stmtCacheLimit; i++ {
		var n int
		if err := db.reader().queryRow(ctx, fmt.Sprintf(`SELECT %d`, i)).Scan(&n); err != nil || n != i {
			t.Fatalf("SELECT %d = %d, %v", i, n, err)
		}
	}
	var n int
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM t WHERE id > ?`, 1).Scan(&n); err != nil || n != 2 {
		t.Fatalf("uncached count = %d, %v", n, err)
	}
	if len(db.readStmts.byQ) != stmtCacheLimit {
		t.Fatalf("cache grew past its limit: %d", len(db.readStmts.byQ))
	}
}
