package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"testing"
)

// TestNoteErrorClassifiesBusyErrors: the errors each engine answers when
// busy are counted by kind; others are not.
func TestNoteErrorClassifiesBusyErrors(t *testing.T) {
	db := &DB{}
	for _, err := range []error{
		errors.New("database is locked (5) (SQLITE_BUSY)"),
		fmt.Errorf("store: begin: %w", errors.New("database is locked")),
		errors.New("ERROR: could not serialize access due to concurrent update (SQLSTATE 40001)"),
		errors.New("ERROR: deadlock detected (SQLSTATE 40P01)"),
		errors.New("ERROR: canceling statement due to lock timeout (SQLSTATE 55P03)"),
		errors.New("UNIQUE constraint failed: users.email"),
		sql.ErrNoRows,
		context.Canceled,
		nil,
	} {
		db.noteError(err)
	}
	got := db.Observed()
	if got.Busy != 2 || got.Serialization != 1 || got.Deadlock != 1 || got.LockTimeout != 1 {
		t.Errorf("busy %d, serialization %d, deadlock %d, lock timeout %d; want 2 1 1 1", got.Busy, got.Serialization, got.Deadlock, got.LockTimeout)
	}
}

func TestSQLOperation(t *testing.T) {
	for q, want := range map[string]string{
		"SELECT 1":                             "SELECT",
		"\n\t\tupdate users SET x = ?":         "UPDATE",
		"(SELECT 1) UNION (SELECT 2)":          "SELECT",
		"WITH t AS (SELECT 1) SELECT * FROM t": "WITH",
		"insert into t values (?)":             "INSERT",
		"EXPLAIN SELECT 1":                     "SQL",
		"":                                     "SQL",
	} {
		if got := sqlOperation(q); got != want {
			t.Errorf("sqlOperation(%q) = %q, want %q", q, got, want)
		}
	}
}
