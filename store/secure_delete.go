package store

import (
	"context"
	"fmt"
)

// forgetFreedPages makes sure that data a committed transaction deleted
// (an account's) is left in none of the database's files. On SQLite,
// secure_delete (set on every connection, openSQLite) has zeroed the
// deleted rows and freed pages in the pages the transaction wrote, but the
// write-ahead log still holds the older images of those pages (and the
// database file holds them until a checkpoint writes the new ones back): a
// TRUNCATE checkpoint copies the log into the database file and truncates
// the log to nothing. It waits (busy_timeout) for readers of older
// snapshots; when it cannot complete, walDirty makes the next write
// transaction try again, so the deletion itself is not failed for it.
//
// On PostgreSQL a deleted or updated row stays in its table's file as a
// dead tuple until VACUUM reclaims the space (autovacuum does, in time);
// VACUUM cannot run inside the deletion's transaction, and the store does
// not run it (ARCHITECTURE.md, "Each user's own data").
func (db *DB) forgetFreedPages(ctx context.Context) {
	if db.dialect != SQLite {
		return
	}
	if err := db.checkpointTruncate(context.WithoutCancel(ctx)); err != nil {
		db.walDirty.Store(true)
		return
	}
	db.walDirty.Store(false)
}

// checkpointTruncate runs a TRUNCATE checkpoint on the write connection;
// a checkpoint that other connections kept from completing is an error.
func (db *DB) checkpointTruncate(ctx context.Context) error {
	var busy, logFrames, checkpointed int
	if err := db.write.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logFrames, &checkpointed); err != nil {
		return fmt.Errorf("store: checkpoint: %w", err)
	}
	if busy != 0 {
		return fmt.Errorf("store: checkpoint: busy (%d of %d frames copied)", checkpointed, logFrames)
	}
	return nil
}
