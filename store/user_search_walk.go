package store

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/marquee-festival/marquee"
)

// walkRows is how many of the newest accounts (by id) a walk reads at
// most, 3 times marquee.CountCap: a query held by a third of the recent
// accounts or more is counted to its cap within it.
const walkRows = 3 * marquee.CountCap

func (b searchBounds) walkBound() int64 {
	if b.walk > 0 {
		return int64(b.walk)
	}
	return walkRows
}

// walkSearch answers a search of three characters or more that matches a
// good part of the accounts (every trigram common, or found before to
// match past the count's cap) by reading the accounts newest first, as
// the page lists them, and keeping those whose e-mail or name contains
// the query, instead of the trigram index, which reads every common
// trigram's whole list of accounts however few are shown (an FTS5 phrase
// or pg_trgm condition of `example.test`: every account's entry, several
// times over). It stops as soon as it has the page and, when count, has
// counted past marquee.CountCap; so a search matching everyone reads
// about 10,000 accounts to count and then 50 a page.
//
// It reads the walkRows newest accounts at most; ok is false when it
// stopped there without an answer (the page not filled, or the count not
// past the cap, with older accounts left unread): the caller then asks
// the index. Reading the whole table (a small site), the count is exact.
func (db *UserService) walkSearch(ctx context.Context, query string, role marquee.Role, limit, offset int, count bool) (users []*marquee.User, counted int64, ok bool, err error) {
	r := db.reader()
	var top int64
	if err := r.queryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM users`).Scan(&top); err != nil {
		return nil, 0, false, fmt.Errorf("store: search users: newest account: %w", err)
	}
	low := top - db.bounds.walkBound() + 1
	whole := low <= 1 // ids start at 1: the walk reads every account
	folded := strings.ToLower(query)
	// SQLite's filter lets through a few rows besides the matches
	// (candidateFilter), which Go sorts out; PostgreSQL's is exact, as in
	// userSearchWhere.
	cond, args := candidateFilter, []any{low, folded, folded}
	if db.dialect == Postgres {
		cond = `(strpos(u.email, ?) > 0 OR strpos(lower(u.name), ?) > 0)`
	}
	if role != "" {
		cond, args = cond+` AND u.role = ?`, append(args, string(role))
	}
	q := `SELECT u.id, u.email, u.name FROM users u WHERE u.id >= ? AND ` + cond + ` ORDER BY u.id DESC`
	if db.dialect == Postgres {
		// PostgreSQL's filter is exact, so the walk needs no more rows than
		// it keeps; without a LIMIT the planner reads and sorts the whole
		// range (30,000 accounts, some 10 ms a page), with one it walks
		// the primary key backwards and stops.
		need := offset + limit
		if count {
			need = max(need, marquee.CountCap+1)
		}
		q += ` LIMIT ` + strconv.Itoa(need)
	}
	rows, err := r.query(ctx, q, args...)
	if err != nil {
		return nil, 0, false, fmt.Errorf("store: search users: walk: %w", err)
	}
	defer rows.Close()
	var page []string
	done := false
	for rows.Next() {
		var id int64
		var email, name string
		if err := rows.Scan(&id, &email, &name); err != nil {
			return nil, 0, false, fmt.Errorf("store: search users: walk: %w", err)
		}
		if !strings.Contains(strings.ToLower(email), folded) && !strings.Contains(strings.ToLower(name), folded) {
			continue
		}
		if counted >= int64(offset) && len(page) < limit {
			page = append(page, strconv.FormatInt(id, 10))
		}
		counted++
		if len(page) == limit && (!count || counted > marquee.CountCap) {
			done = true
			break
		}
	}
	if err := rows.Err(); err != nil {
		return nil, 0, false, fmt.Errorf("store: search users: walk: %w", err)
	}
	rows.Close()
	if !done && !whole {
		return nil, 0, false, nil
	}
	if done && !count {
		counted = marquee.CountCap + 1 // the caller knew the search broad
	}
	if len(page) == 0 {
		return []*marquee.User{}, counted, true, nil
	}
	users, err = db.usersByID(ctx, page)
	return users, counted, true, err
}

// usersByID reads the accounts ids (decimal), newest first.
func (db *UserService) usersByID(ctx context.Context, ids []string) ([]*marquee.User, error) {
	q := `SELECT ` + userColumns + `, 0 FROM users WHERE id IN (` + strings.Join(ids, ",") + `) ORDER BY id DESC`
	users, _, err := db.listUsers(ctx, q)
	return users, err
}
