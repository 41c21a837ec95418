package store

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/marquee-festival/marquee"
)

// The admin user search (ListUsers with a query) finds the accounts whose
// e-mail or name contains the query, ignoring case, newest first (by id),
// on both databases. How, and what it costs at 500,000 accounts, is in
// README "Admin pages at 500,000 users"; in short:
//
//   - one or two characters match the start of the e-mail or of the name
//     (btree indexes): a trigram index cannot look up fewer than three;
//   - on SQLite, three or more go through users_search (FTS5, trigram
//     tokenizer, kept in step by triggers). A phrase of several trigrams
//     makes FTS5 read every trigram's whole list of accounts, and one
//     trigram common to most accounts ('exa' of example.com) costs 20 ms
//     and more; so the search first counts a few trigrams' accounts, up to
//     a bound, and takes as candidates the accounts of the rare ones, then
//     keeps those whose e-mail or name contains the whole query;
//   - on PostgreSQL, pg_trgm GIN indexes on e-mail and name, the indexed
//     condition naming only the two trigrams likeliest to be rare.
//
// A search counts its matches up to marquee.CountCap; a search found to
// match more is remembered for a minute per node (broadSearches), and its
// pages are then read without counting or probing again. The trigrams'
// counts are kept for a minute per node too (gramCounts): they only choose
// which accounts are read, and those are read afresh by every search.

// searchBounds are the bounds of SQLite's trigram probes (see
// rareTrigrams); the zero value means the defaults below. Tests lower
// them to take every path of the search with a few accounts.
type searchBounds struct {
	// rare: a trigram in fewer accounts is rare, and its accounts are few
	// enough to be a search's candidates (and a role of fewer accounts is
	// read whole). Counting up to it costs about 0.3 ms.
	rare int
	// walk is how many of the newest accounts walkSearch reads at most
	// (walkRows by default).
	walk int
	// wide is the second bound, for a query none of whose trigrams is
	// rare: the seeded addresses' digits ('234') are each in 2,499
	// accounts of 500,000 (0.5 %), so the first bound alone would send a
	// search for an account number to the phrase (20–100 ms) as soon as
	// the site grows a little.
	wide int
}

// Defaults of searchBounds, and how many trigrams are counted up to each
// bound, the likeliest rare first (about 0.3 and 2.5 ms each when common).
const (
	rareTrigram  = 2_500
	wideTrigram  = 20_000
	narrowProbes = 6
	wideProbes   = 2
)

func (b searchBounds) rareBound() int {
	if b.rare > 0 {
		return b.rare
	}
	return rareTrigram
}

func (b searchBounds) wideBound() int {
	if b.wide > 0 {
		return b.wide
	}
	return wideTrigram
}

// searchUsers returns limit users after offset, newest account first,
// whose e-mail or name contains query (ignoring case), of role when it is
// not "", and their number counted up to marquee.CountCap+1.
func (db *UserService) searchUsers(ctx context.Context, query string, role marquee.Role, limit, offset int) ([]*marquee.User, int64, error) {
	if utf8.RuneCountInString(query) >= 3 && db.dialect == SQLite {
		return db.searchUsersFTS(ctx, query, role, limit, offset)
	}
	where, args := db.userSearchWhere(query)
	if role != "" {
		where, args = `role = ? AND `+where, append([]any{string(role)}, args...)
	}
	countFrom := `FROM users WHERE ` + where
	list := `SELECT ` + userColumns + `, 0 FROM users WHERE ` + where + ` ORDER BY id DESC` + limitOffset(limit)
	if db.dialect == Postgres {
		return db.searchUsersCounting(ctx, query, role, countFrom, list, args, limit, offset)
	}
	counted, err := db.countSearch(ctx, query, role, countFrom, args)
	if err != nil {
		return nil, 0, err
	}
	if db.dialect == SQLite && counted > marquee.CountCap {
		// A broad prefix ('s'): newest first straight from the table's own
		// order, not thousands of index entries sorted.
		list = strings.Replace(list, `FROM users WHERE`, `FROM users NOT INDEXED WHERE`, 1)
	}
	users, _, err := db.listUsers(ctx, list, db.customPlan(append(slices.Clip(args), offset))...)
	return users, counted, err
}

// countSearch counts the rows of `SELECT 1 <countFrom>` up to
// marquee.CountCap+1, or answers CountCap+1 without counting when this
// node found, less than a minute ago, that the same search matched more.
func (db *UserService) countSearch(ctx context.Context, query string, role marquee.Role, countFrom string, args []any) (int64, error) {
	key := broadKey(query, role)
	now := db.now()
	if db.broad.known(key, now) {
		return marquee.CountCap + 1, nil
	}
	counted, err := countCapped(ctx, db.reader(), fmt.Sprintf("users matching %q of role %q", query, role), countFrom, db.customPlan(args)...)
	if err != nil {
		return 0, err
	}
	if counted > marquee.CountCap {
		db.broad.remember(key, now)
	}
	return counted, nil
}

// searchUsersCounting is PostgreSQL's search: list (selecting
// userColumns and a placeholder count) with the capped count of
// `SELECT 1 <countFrom>` as its last column, in one statement, so that a
// page is one round trip and one plan (each search is planned for its
// own pattern, see customPlan); an empty page counts apart.
func (db *UserService) searchUsersCounting(ctx context.Context, query string, role marquee.Role, countFrom, list string, args []any, limit, offset int) ([]*marquee.User, int64, error) {
	if db.broad.known(broadKey(query, role), db.now()) {
		if utf8.RuneCountInString(query) >= 3 { // contains, as the walk reads it
			if users, counted, ok, err := db.walkSearch(ctx, query, role, limit, offset, false); err != nil || ok {
				return users, counted, err
			}
		}
		users, _, err := db.listUsers(ctx, list, db.customPlan(append(slices.Clip(args), offset))...)
		return users, marquee.CountCap + 1, err
	}
	list = strings.Replace(list, `, 0 FROM users`, `, (SELECT COUNT(*) FROM (SELECT 1 `+countFrom+` LIMIT `+strconv.Itoa(marquee.CountCap+1)+`) m) FROM users`, 1)
	users, counted, err := db.listUsers(ctx, list, db.customPlan(append(append(slices.Clip(args), args...), offset))...)
	if err != nil || len(users) > 0 {
		if counted > marquee.CountCap {
			db.broad.remember(broadKey(query, role), db.now())
		}
		return users, counted, err
	}
	counted, err = db.countSearch(ctx, query, role, countFrom, args)
	return users, counted, err
}

// broadKey is a search's key in broadSearches.
func broadKey(query string, role marquee.Role) string { return string(role) + "\x00" + query }

// searchUsersFTS is SQLite's search for three characters or more. Its
// candidates are the accounts of a role of few accounts (organisers,
// admins), or else those holding the query's rare trigrams; when every
// trigram is common, the whole query as an FTS5 phrase, walked newest
// first, so that a page of a broad search stops early.
func (db *UserService) searchUsersFTS(ctx context.Context, query string, role marquee.Role, limit, offset int) ([]*marquee.User, int64, error) {
	if role != "" {
		n, err := db.countRole(ctx, role, db.bounds.rareBound())
		if err != nil {
			return nil, 0, err
		}
		if n < db.bounds.rareBound() {
			return db.pageOfCandidates(ctx, `users u WHERE u.role = ?`, []any{string(role)}, `u.id`, query, "", limit, offset)
		}
	}
	broad := db.broad.known(broadKey(query, role), db.now())
	if !broad {
		rare, none, err := db.rareTrigrams(ctx, query)
		if err != nil {
			return nil, 0, err
		}
		if none {
			return []*marquee.User{}, 0, nil
		}
		if len(rare) > 0 {
			return db.pageOfCandidates(ctx, `users_search s JOIN users u ON u.id = s.rowid WHERE users_search MATCH ?`,
				[]any{strings.Join(rare, " AND ")}, `s.rowid`, query, role, limit, offset)
		}
	}
	// Every trigram common: the newest accounts read in order
	// (walkSearch); the phrase when they do not answer.
	users, counted, ok, err := db.walkSearch(ctx, query, role, limit, offset, !broad)
	if err != nil || ok {
		if counted > marquee.CountCap {
			db.broad.remember(broadKey(query, role), db.now())
		}
		return users, counted, err
	}
	where := `WHERE users_search MATCH ?`
	args := []any{fts5Phrase(query)}
	countFrom := `FROM users_search ` + where
	if role != "" {
		where += ` AND u.role = ?`
		args = append(args, string(role))
		countFrom = `FROM users_search s JOIN users u ON u.id = s.rowid ` + where
	}
	counted, err = db.countSearch(ctx, query, role, countFrom, args)
	if err != nil {
		return nil, 0, err
	}
	users, _, err = db.listUsers(ctx, `SELECT `+prefixColumns("u.", userColumns)+`, 0 FROM users_search s JOIN users u ON u.id = s.rowid `+
		where+` ORDER BY s.rowid DESC`+limitOffset(limit), append(args, offset)...)
	return users, counted, err
}

// rareTrigrams returns, as FTS5 phrases, one or two trigrams of query
// whose accounts are few (none when every trigram probed is common), or
// none=true when a trigram is in no account, so that nothing matches.
//
// The accounts of narrowProbes trigrams are counted up to the rare
// bound, the likeliest rare first (probeOrder), stopping at two rare
// ones; when none is rare, those of the wideProbes likeliest again up to
// the wide bound. Two rare trigrams do not overlap by two characters:
// such a pair would hardly narrow the candidates more than one of them.
func (db *UserService) rareTrigrams(ctx context.Context, query string) (rare []string, none bool, err error) {
	grams := trigrams(query)
	first := -10 // where in the query the first rare trigram starts
	var common []string
	for round, bound := range []int{db.bounds.rareBound(), db.bounds.wideBound()} {
		probes, tries := probeOrder(grams), narrowProbes
		if round == 1 {
			probes, tries = common, wideProbes
		}
		for _, g := range probes {
			at := slices.Index(grams, g)
			if len(rare) == 1 && at-first < 2 && first-at < 2 {
				continue
			}
			if tries == 0 {
				break
			}
			tries--
			n, err := db.countTrigram(ctx, g, bound)
			if err != nil {
				return nil, false, err
			}
			if n == 0 {
				return nil, true, nil // no account holds it: none matches
			}
			if n == bound {
				common = append(common, g)
				continue
			}
			if rare = append(rare, fts5Phrase(g)); len(rare) == 2 {
				return rare, false, nil
			}
			first = at
		}
		if len(rare) > 0 {
			return rare, false, nil
		}
	}
	return nil, false, nil
}

// countTrigram counts the accounts holding trigram g up to bound, or
// answers from the node's counts of the last minute (gramCounts).
func (db *UserService) countTrigram(ctx context.Context, g string, bound int) (int, error) {
	now := db.now()
	if n, ok := db.grams.count(g, bound, now); ok {
		return n, nil
	}
	var n int
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM users_search WHERE users_search MATCH ? LIMIT `+strconv.Itoa(bound)+`) m`,
		fts5Phrase(g)).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: search users: count trigram: %w", err)
	}
	db.grams.remember(g, n, bound, now)
	return n, nil
}

// countRole counts the accounts of role up to bound (users_role), or
// answers from the node's counts of the last minute, which only decide
// whether the role's accounts are read whole.
func (db *UserService) countRole(ctx context.Context, role marquee.Role, bound int) (int, error) {
	key, now := "\x00role "+string(role), db.now()
	if n, ok := db.grams.count(key, bound, now); ok {
		return n, nil
	}
	var n int
	if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM users WHERE role = ? LIMIT `+strconv.Itoa(bound)+`) m`, string(role)).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: search users: count role %s: %w", role, err)
	}
	db.grams.remember(key, n, bound, now)
	return n, nil
}

// candidateFilter is met, on users u, by every account whose e-mail or
// name contains the query (bound twice, in lower case), so that SQLite
// hands back few rows besides the matches: its lower() folds only ASCII,
// so an e-mail or name with any other character passes too, and Go,
// which folds them all as the trigram index does, decides.
const candidateFilter = `(instr(lower(u.email), ?) > 0 OR instr(lower(u.name), ?) > 0
	OR length(u.email) < octet_length(u.email) OR length(u.name) < octet_length(u.name))`

// pageOfCandidates reads the accounts `FROM <from>` (on users u, with
// args), newest first by order, of role when it is not "", whose e-mail
// or name contains query ignoring case, and returns the page after
// offset and the number of matches. Only the page's accounts are read
// whole.
func (db *UserService) pageOfCandidates(ctx context.Context, from string, args []any, order, query string, role marquee.Role, limit, offset int) ([]*marquee.User, int64, error) {
	folded := strings.ToLower(query)
	q := `SELECT u.id, u.email, u.name FROM ` + from + ` AND ` + candidateFilter
	args = append(slices.Clip(args), folded, folded)
	if role != "" {
		q += ` AND u.role = ?`
		args = append(args, string(role))
	}
	rows, err := db.reader().query(ctx, q+` ORDER BY `+order+` DESC`, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: search users: candidates: %w", err)
	}
	defer rows.Close()
	var page []string
	var matched int64
	for rows.Next() {
		var id int64
		var email, name string
		if err := rows.Scan(&id, &email, &name); err != nil {
			return nil, 0, fmt.Errorf("store: search users: scan candidate: %w", err)
		}
		if !strings.Contains(strings.ToLower(email), folded) && !strings.Contains(strings.ToLower(name), folded) {
			continue
		}
		if matched >= int64(offset) && len(page) < limit {
			page = append(page, strconv.FormatInt(id, 10))
		}
		matched++
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: search users: candidates: %w", err)
	}
	rows.Close()
	if len(page) == 0 {
		return []*marquee.User{}, matched, nil
	}
	users, _, err := db.listUsers(ctx, `SELECT `+userColumns+`, 0 FROM users WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id DESC`,
		"["+strings.Join(page, ",")+"]")
	return users, matched, err
}

// customPlan makes PostgreSQL plan a search for its own pattern: pgx
// prepares statements, and after five runs PostgreSQL may switch to one
// generic plan that does not know the pattern (a backward walk of the
// primary key filtering every row: 300–600 ms at 500,000 users instead of
// 15 ms through the trigram indexes). An unnamed statement is planned
// with its values each time.
func (db *UserService) customPlan(args []any) []any {
	if db.dialect != Postgres {
		return args
	}
	return append([]any{pgx.QueryExecModeExec}, args...)
}

// trigrams returns the distinct three-character pieces of s, folded to
// lower case (as the trigram tokenizer folds), in order.
func trigrams(s string) []string {
	r := []rune(strings.ToLower(s))
	var out []string
	seen := map[string]bool{}
	for i := 0; i+3 <= len(r); i++ {
		if g := string(r[i : i+3]); !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	return out
}

// probeOrder sorts the trigrams by how rare they are likely to be, so
// that the search finds its two rare ones after few counts: those with
// more digits first (account numbers, dates), those with punctuation or
// spaces ('@gm', '.co', 'r 2') last; among equals the ones that do not
// overlap (the 1st, 4th, ...) before the others, as two rare ones that do
// not overlap narrow the candidates most.
func probeOrder(grams []string) []string {
	type probe struct {
		g           string
		score, rank int
	}
	ps := make([]probe, len(grams))
	for i, g := range grams {
		score := 0
		for _, r := range g {
			switch {
			case unicode.IsDigit(r):
				score -= 2
			case unicode.IsPunct(r) || unicode.IsSpace(r) || unicode.IsSymbol(r):
				score++
			}
		}
		rank := i
		if i%3 != 0 {
			rank += len(grams)
		}
		ps[i] = probe{g, score, rank}
	}
	slices.SortFunc(ps, func(a, b probe) int {
		if a.score != b.score {
			return a.score - b.score
		}
		return a.rank - b.rank
	})
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.g
	}
	return out
}

// fts5Phrase quotes s as one FTS5 phrase (quotes doubled): its characters
// in order, whatever FTS5 syntax they spell.
func fts5Phrase(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// prefixColumns qualifies each of the comma-separated columns with prefix.
func prefixColumns(prefix, columns string) string {
	cols := strings.Split(columns, ", ")
	for i, c := range cols {
		cols[i] = prefix + c
	}
	return strings.Join(cols, ", ")
}

// userSearchWhere returns the condition on users matching query (not
// empty) and its arguments, for every search but SQLite's trigram one:
// short queries on both engines, PostgreSQL's pg_trgm ones.
func (db *UserService) userSearchWhere(query string) (string, []any) {
	lower := strings.ToLower(query)
	if utf8.RuneCountInString(query) < 3 {
		if db.dialect == Postgres {
			like := escapeLike(lower) + "%"
			return `(email LIKE ? OR lower(name) LIKE ?)`, []any{like, like}
		}
		// Ranges of the indexes on email (stored in lower case) and
		// lower(name); U+10FFFF sorts after every character that can
		// follow the prefix.
		conds, args := []string{`(email >= ? AND email < ?)`}, []any{lower, lower + "\U0010FFFF"}
		for _, v := range sqliteLowerForms(lower) {
			conds = append(conds, `(lower(name) >= ? AND lower(name) < ?)`)
			args = append(args, v, v+"\U0010FFFF")
		}
		return `(` + strings.Join(conds, ` OR `) + `)`, args
	}
	// pg_trgm's GIN index reads the whole posting list of every trigram
	// of a pattern, and one common to most accounts ('exa' of
	// example.com) costs 15–40 ms at 500,000 users. So the indexed
	// condition names only the two trigrams likely rarest (probeOrder),
	// and strpos, which no index serves, checks the whole query on the
	// few rows they find. PostgreSQL's default LIKE escape is the
	// backslash escapeLike uses.
	grams := indexedTrigrams(query)
	var email, name []string
	var args []any
	for _, g := range grams {
		email = append(email, `email LIKE ?`)
		args = append(args, "%"+escapeLike(g)+"%")
	}
	for _, g := range grams {
		name = append(name, `name ILIKE ?`)
		args = append(args, "%"+escapeLike(g)+"%")
	}
	return `((` + strings.Join(email, ` AND `) + `) OR (` + strings.Join(name, ` AND `) + `))
		AND (strpos(email, ?) > 0 OR strpos(lower(name), ?) > 0)`, append(args, lower, lower)
}

// indexedTrigrams returns the two trigrams of query (of three characters
// or more) that PostgreSQL's search looks up in its trigram indexes: the
// likeliest rare (probeOrder), and then the likeliest rare of those that
// do not overlap it by two characters, as SQLite's rareTrigrams pairs
// them. Two overlapping ones ('234' and '345' of '23456') find hardly
// fewer accounts than one ('2345': some 250 of 500,000, each read and
// checked), two apart ('234' and '456') only those holding both (a few
// dozen).
func indexedTrigrams(query string) []string {
	grams := trigrams(query)
	order := probeOrder(grams)
	if len(order) < 2 {
		return order
	}
	first := slices.Index(grams, order[0])
	for _, g := range order[1:] {
		if at := slices.Index(grams, g); at-first >= 2 || first-at >= 2 {
			return []string{order[0], g}
		}
	}
	return order[:2]
}

// sqliteLowerForms returns the forms in which SQLite's lower(), which
// folds only ASCII letters, can hold a name whose Unicode lower case
// starts with lower (a query of one or two characters): 'é' is also
// 'É', as SQLite keeps it; 'k' also the Kelvin sign.
func sqliteLowerForms(lower string) []string {
	forms := []string{""}
	for _, r := range lower {
		variants := []rune{r}
		for c := unicode.SimpleFold(r); c != r; c = unicode.SimpleFold(c) {
			if c >= utf8.RuneSelf && unicode.ToLower(c) == r {
				variants = append(variants, c)
			}
		}
		var next []string
		for _, f := range forms {
			for _, v := range variants {
				next = append(next, f+string(v))
			}
		}
		forms = next
	}
	return forms
}

// escapeLike escapes LIKE's wildcards and its escape character (the
// backslash) in s.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}
