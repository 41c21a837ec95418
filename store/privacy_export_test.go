package store

import (
	"context"
	"fmt"
	"maps"
)

// Internals of the privacy service for the external tests
// (privacy_*_test.go in store_test); compiled into the tests only.

// PrivacyTablesForTest returns the tables the data export covers, the
// tables left out with their reasons, and the tables the deletion touches.
func PrivacyTablesForTest() (exported map[string]bool, notPersonal map[string]string, deleted map[string]bool) {
	exported, deleted = map[string]bool{}, map[string]bool{}
	for _, e := range exportEntries {
		for _, t := range e.Tables {
			exported[t] = true
		}
	}
	for _, s := range deletionSteps {
		deleted[s.Table] = true
	}
	return exported, maps.Clone(notPersonalData), deleted
}

// KeptOnDeletionForTest returns the tables a deletion leaves, with reasons.
func KeptOnDeletionForTest() map[string]string { return maps.Clone(keptOnDeletion) }

// ExportFilesForTest returns the names of the export's JSON files.
func ExportFilesForTest() []string {
	var names []string
	for _, e := range exportEntries {
		names = append(names, e.File)
	}
	return names
}

// StringsForTest runs q, which selects one text column, and returns its values.
func (db *DB) StringsForTest(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := db.writer().query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v any
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		switch x := v.(type) {
		case nil:
		case []byte:
			out = append(out, string(x))
		default:
			out = append(out, fmt.Sprint(x))
		}
	}
	return out, rows.Err()
}
