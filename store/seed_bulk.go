package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// bulkCacheKiB is the SQLite page cache of a bulk load's connection
// (64 MiB; the usual is 2 MB). With 500-row transactions into indexes
// whose keys came in random order, the old seed spent a third of its CPU
// reading pages back through pread; those indexes are now built after the
// rows (deferIndexes), and a larger cache gained nothing measurable on the
// default seed (1 GiB: the same CPU time, 2.4 GB of RSS instead of 0.6).
// It goes back to the connection's usual size when the load ends.
const bulkCacheKiB = 64 << 10

// bulkLoad is one write transaction of a seed's bulk load, on a connection
// of its own: rows go in by COPY on PostgreSQL and by prepared multi-row
// INSERTs on SQLite (insert), and the secondary indexes of the tables
// being filled can be dropped first and built again once the rows are in
// (deferIndexes), inside the same transaction, so that a load that fails
// leaves the schema as it was.
type bulkLoad struct {
	db *DB
	sc *sql.Conn
	tx *sql.Tx
	// stmts are the prepared INSERTs of this transaction by text (SQLite).
	stmts map[string]*sql.Stmt
	// deferred are the dropped indexes' definitions, to run again.
	deferred []deferredIndex
}

// deferredIndex is a secondary index or a foreign key dropped for a bulk
// load: drop is the statement that dropped it, sql the one that makes it
// again.
type deferredIndex struct{ table, name, drop, sql string }

// bulkLoadTx runs fn in one write transaction made for bulk loading, and
// commits when fn returns nil after building the deferred indexes again.
func (db *DB) bulkLoadTx(ctx context.Context, fn func(b *bulkLoad) error) error {
	sc, err := db.write.Conn(ctx)
	if err != nil {
		return fmt.Errorf("store: bulk load: connection: %w", err)
	}
	defer sc.Close()
	if db.dialect == SQLite {
		// A large page cache; temporary files (the sorts that build
		// indexes) in memory; and no foreign key checks: a seed takes every
		// id it writes from the rows it read or wrote before (its tests
		// run PRAGMA foreign_key_check after it), and the checks, a
		// lookup in each parent per row, were a fifth of the load's time.
		// Without them, and with INSERT OR FAIL (insert), a multi-row
		// INSERT also needs no statement journal to undo itself alone;
		// any failure rolls the whole load back.
		for _, p := range []struct{ name, value string }{
			{"cache_size", "-" + strconv.Itoa(bulkCacheKiB)}, {"temp_store", "2"}, {"foreign_keys", "0"},
		} {
			var old string
			if err := sc.QueryRowContext(ctx, `PRAGMA `+p.name).Scan(&old); err != nil {
				return fmt.Errorf("store: bulk load: %s: %w", p.name, err)
			}
			if _, err := sc.ExecContext(ctx, `PRAGMA `+p.name+` = `+p.value); err != nil {
				return fmt.Errorf("store: bulk load: %s: %w", p.name, err)
			}
			defer func() {
				// The connection's usual settings again (a smaller cache frees its pages).
				_, _ = sc.ExecContext(context.WithoutCancel(ctx), `PRAGMA `+p.name+` = `+old)
			}()
		}
	}
	tx, err := sc.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: bulk load: begin: %w", err)
	}
	b := &bulkLoad{db: db, sc: sc, tx: tx, stmts: map[string]*sql.Stmt{}}
	err = fn(b)
	if err == nil {
		err = b.restoreIndexes(ctx)
	}
	for _, st := range b.stmts {
		st.Close()
	}
	if err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: bulk load: commit: %w", err)
	}
	return nil
}

// conn is the load's transaction, for the store's ordinary helpers.
func (b *bulkLoad) conn() conn { return conn{b.tx, b.db} }

// insert adds rows to table: args holds len(cols) values per row, in the
// order of cols.
func (b *bulkLoad) insert(ctx context.Context, table string, cols []string, args []any) error {
	nc := len(cols)
	if nc == 0 || len(args)%nc != 0 {
		return fmt.Errorf("store: bulk insert into %s: %d values for %d columns", table, len(args), nc)
	}
	if len(args) == 0 {
		return nil
	}
	if b.db.dialect == Postgres {
		return b.copyRows(ctx, table, cols, args)
	}
	// Statements of a power of two rows, the largest under maxParams
	// parameters, then the rest by its binary digits: a load prepares at
	// most a dozen texts per table, each once.
	rowsPer := 1
	for rowsPer*2*nc <= maxParams {
		rowsPer *= 2
	}
	for start := 0; start < len(args); {
		n := min(rowsPer, (len(args)-start)/nc)
		for n&(n-1) != 0 {
			n &= n - 1 // the highest power of two in n
		}
		st, err := b.prepareInsert(ctx, table, cols, n)
		if err != nil {
			return err
		}
		if _, err := st.ExecContext(ctx, args[start:start+n*nc]...); err != nil {
			return fmt.Errorf("store: bulk insert into %s: %w", table, err)
		}
		start += n * nc
	}
	return nil
}

// prepareInsert returns the transaction's statement inserting n rows into
// table's cols, preparing it on first use.
func (b *bulkLoad) prepareInsert(ctx context.Context, table string, cols []string, n int) (*sql.Stmt, error) {
	key := table + "\x00" + strings.Join(cols, ",") + "\x00" + strconv.Itoa(n)
	if st := b.stmts[key]; st != nil {
		return st, nil
	}
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	var sb strings.Builder
	sb.WriteString("INSERT OR FAIL INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES ")
	for i := range n {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(tuple)
	}
	st, err := b.tx.PrepareContext(ctx, sb.String())
	if err != nil {
		return nil, fmt.Errorf("store: bulk insert into %s: %w", table, err)
	}
	b.stmts[key] = st
	return st, nil
}

// copyRows sends the rows by PostgreSQL's COPY, on the transaction's
// connection (so inside the transaction).
func (b *bulkLoad) copyRows(ctx context.Context, table string, cols []string, args []any) error {
	nc := len(cols)
	rows := make([][]any, 0, len(args)/nc)
	for i := 0; i < len(args); i += nc {
		rows = append(rows, args[i:i+nc])
	}
	err := b.sc.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return errors.New("not a pgx connection")
		}
		_, err := c.Conn().CopyFrom(ctx, pgx.Identifier{table}, cols, pgx.CopyFromRows(rows))
		return err
	})
	if err != nil {
		return fmt.Errorf("store: copy into %s: %w", table, err)
	}
	return nil
}

// deferIndexes drops the secondary indexes of tables (not those behind a
// primary key or a UNIQUE constraint), and on PostgreSQL their foreign
// keys, until the load ends: building an index once over the rows costs
// far less than inserting a million rows one by one into indexes whose
// keys arrive in random order, and PostgreSQL checks a foreign key of
// many rows with one join instead of a locking lookup per row (which made
// COPY into submission_rollups run at 30,000 rows a second). On SQLite
// the load's connection does not check foreign keys (bulkLoadTx).
func (b *bulkLoad) deferIndexes(ctx context.Context, tables ...string) error {
	for _, table := range tables {
		var found []deferredIndex
		add := func(q, drop string) error {
			rows, err := b.conn().query(ctx, q, table)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				d := deferredIndex{table: table}
				if err := rows.Scan(&d.name, &d.sql); err != nil {
					return err
				}
				d.drop = drop + quoteIdent(d.name)
				if drop == "" {
					d.drop = `DROP INDEX ` + quoteIdent(d.name)
				}
				found = append(found, d)
			}
			return rows.Err()
		}
		var err error
		if b.db.dialect == Postgres {
			err = add(`SELECT c.relname, pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
				WHERE i.indrelid = CAST(? AS regclass) AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
				ORDER BY c.relname`, "")
			if err == nil {
				err = add(`SELECT conname, 'ALTER TABLE '||CAST(conrelid AS regclass)||' ADD CONSTRAINT '||quote_ident(conname)||' '||pg_get_constraintdef(oid)
					FROM pg_constraint WHERE conrelid = CAST(? AS regclass) AND contype = 'f' ORDER BY conname`,
					`ALTER TABLE `+quoteIdent(table)+` DROP CONSTRAINT `)
			}
		} else {
			err = add(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`, "")
		}
		if err != nil {
			return fmt.Errorf("store: bulk load: indexes of %s: %w", table, err)
		}
		for _, d := range found {
			if _, err := b.tx.ExecContext(ctx, d.drop); err != nil {
				return fmt.Errorf("store: bulk load: %s: %w", d.drop, err)
			}
			b.deferred = append(b.deferred, d)
		}
	}
	return nil
}

// restoreIndexes builds the deferred indexes and adds the deferred foreign
// keys again (PostgreSQL checks each over the whole table), in the order
// they were dropped.
func (b *bulkLoad) restoreIndexes(ctx context.Context) error {
	for len(b.deferred) > 0 {
		d := b.deferred[0]
		if _, err := b.tx.ExecContext(ctx, d.sql); err != nil {
			return fmt.Errorf("store: bulk load: build %s of %s again: %w", d.name, d.table, err)
		}
		b.deferred = b.deferred[1:]
	}
	return nil
}

// quoteIdent quotes an SQL identifier (both engines accept double quotes).
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
