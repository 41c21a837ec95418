package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"
	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/password"
)

const userColumns = `id, email, name, role, credits, terms_accepted_at, created_at, password_hash, email_verified_at, disabled_at`

// scanUser reads userColumns, then any extra columns into extra.
func scanUser(row interface{ Scan(...any) error }, extra ...any) (*marquee.User, error) {
	var u marquee.User
	var terms, verified, disabled sql.NullTime
	var role string
	dest := append([]any{&u.ID, &u.Email, &u.Name, &role, &u.Credits, &terms, &u.CreatedAt, &u.PasswordHash, &verified, &disabled}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	u.Role = marquee.Role(role)
	u.EmailVerified = verified.Valid
	u.CreatedAt = u.CreatedAt.UTC()
	if terms.Valid {
		t := terms.Time.UTC()
		u.TermsAcceptedAt = &t
	}
	if disabled.Valid {
		t := disabled.Time.UTC()
		u.DisabledAt = &t
	}
	return &u, nil
}

// UserRecord is an account as stored: its password already hashed.
type UserRecord struct {
	Email        string
	Name         string
	PasswordHash string
	Role         marquee.Role
	// Unverified leaves the address to be confirmed (sign-ups); accounts
	// made otherwise (admins, seeds, tests) are taken as confirmed.
	Unverified bool
}

// UserService implements marquee.UserService.
type UserService struct {
	service
	// hasher hashes and checks the requests' passwords, bounded
	// (user_password.go).
	hasher    *password.Hasher
	dummyHash string

	composeVerification marquee.ComposeVerification
	mailStatus          marquee.MailStatus
	// broad remembers the searches that matched past the count's cap
	// (user_search_broad.go).
	broad broadSearches
}

var _ marquee.UserService = (*UserService)(nil)

// Register creates a filmmaker account from a sign-up, its address not
// confirmed yet, and puts the confirmation e-mail (in nu.Language) in the
// outbox, in one transaction.
func (db *UserService) Register(ctx context.Context, nu marquee.NewUser) (*marquee.User, error) {
	if err := nu.Validate(); err != nil {
		return nil, err
	}
	hash, err := db.hashPassword(ctx, nu.Password)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("store: register: %w", err)
	}
	var u *marquee.User
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		var err error
		u, err = db.createUser(ctx, c, now, UserRecord{Email: nu.Email, Name: nu.Name, PasswordHash: hash, Role: marquee.RoleFilmmaker, Unverified: true})
		if err != nil {
			return err
		}
		return db.sendVerification(ctx, c, u, nu.Language, now)
	})
	if err != nil {
		return nil, err
	}
	return u, nil
}

// Authenticate returns the user with these credentials, or ErrBadLogin;
// an unknown e-mail costs a password check too, so that the two cannot be
// told apart by time.
func (db *UserService) Authenticate(ctx context.Context, c marquee.Credentials) (*marquee.User, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	u, err := db.FindUserByEmail(ctx, c.Email)
	if marquee.ErrorCode(err) == marquee.ENotFound {
		if _, err := db.verifyPassword(ctx, c.Password, db.dummyHash); marquee.ErrorCode(err) == marquee.ERateLimited {
			return nil, err
		}
		return nil, marquee.ErrBadLogin()
	} else if err != nil {
		return nil, err
	}
	ok, err := db.verifyPassword(ctx, c.Password, u.PasswordHash)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return nil, err
	} else if err != nil {
		return nil, fmt.Errorf("store: authenticate user %d: %w", u.ID, err)
	}
	if !ok {
		return nil, marquee.ErrBadLogin()
	}
	if u.Disabled() {
		// Told only to whoever knows the password.
		return nil, marquee.ErrAccountDisabled()
	}
	return u, nil
}

// ChangePassword checks the signed-in user's current password and stores
// the new one, ending every other session (all but keepToken's) in the
// same transaction.
func (db *UserService) ChangePassword(ctx context.Context, pc marquee.PasswordChange, keepToken string) error {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return err
	}
	matches := false
	if pc.CurrentPassword != "" {
		if matches, err = db.verifyPassword(ctx, pc.CurrentPassword, u.PasswordHash); marquee.ErrorCode(err) == marquee.ERateLimited {
			return err
		} else if err != nil {
			return fmt.Errorf("store: change password of user %d: %w", u.ID, err)
		}
	}
	if err := pc.Validate(matches); err != nil {
		return err
	}
	hash, err := db.hashPassword(ctx, pc.NewPassword)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return err
	} else if err != nil {
		return fmt.Errorf("store: change password of user %d: %w", u.ID, err)
	}
	return db.inTx(ctx, func(c conn) error {
		if err := updateUser(ctx, c, db.now(), u.ID, `password_hash = ?`, hash); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, u.ID, hashToken(keepToken)); err != nil {
			return fmt.Errorf("store: end other sessions of user %d: %w", u.ID, err)
		}
		return nil
	})
}

// CreateUser inserts a user. The email is stored normalised (lower case); a
// second account with the same address fails with EEmailTaken.
func (db *UserService) CreateUser(ctx context.Context, nu UserRecord) (*marquee.User, error) {
	if nu.Role == "" {
		nu.Role = marquee.RoleFilmmaker
	}
	var u *marquee.User
	err := db.inTx(ctx, func(c conn) error {
		var err error
		u, err = db.createUser(ctx, c, db.now(), nu)
		return err
	})
	return u, err
}

// createUser inserts a user on c (see CreateUser).
func (db *UserService) createUser(ctx context.Context, c conn, now time.Time, nu UserRecord) (*marquee.User, error) {
	if nu.Role == "" {
		nu.Role = marquee.RoleFilmmaker
	}
	if !nu.Role.Valid() {
		return nil, marquee.Errorf(marquee.EInvalid, "Unknown role %q", nu.Role)
	}
	var verified *time.Time
	if !nu.Unverified {
		verified = &now
	}
	email := marquee.NormalizeEmail(nu.Email)
	row := c.queryRow(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at, email_verified_at)
		VALUES (?, ?, ?, ?, 0, ?, ?, ?) RETURNING `+userColumns,
		email, strings.TrimSpace(nu.Name), nu.PasswordHash, string(nu.Role), now, now, verified)
	u, err := scanUser(row)
	if isUniqueViolation(err) {
		return nil, &marquee.Error{Code: marquee.EEmailTaken, Message: "Email already exists", Fields: map[string]string{"email": "Email already exists"}}
	} else if err != nil {
		return nil, fmt.Errorf("store: create user %s: %w", email, err)
	}
	if err := addDashboardDay(ctx, c, dayKey(now), dayDelta{Signups: 1}); err != nil {
		return nil, err
	}
	return u, nil
}

// FindUser returns the user with the given id, or ENotFound.
func (db *UserService) FindUser(ctx context.Context, id int64) (*marquee.User, error) {
	u, err := scanUser(db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find user %d: %w", id, err)
	}
	return u, nil
}

// FindUserByEmail returns the user with the given address (any case), or ENotFound.
func (db *UserService) FindUserByEmail(ctx context.Context, email string) (*marquee.User, error) {
	email = marquee.NormalizeEmail(email)
	u, err := scanUser(db.reader().queryRow(ctx, `SELECT `+userColumns+` FROM users WHERE email = ?`, email))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.Errorf(marquee.ENotFound, "User not found")
	} else if err != nil {
		return nil, fmt.Errorf("store: find user by email: %w", err)
	}
	return u, nil
}

// SetRole changes a user's role.
func (db *UserService) SetRole(ctx context.Context, userID int64, role marquee.Role) error {
	if !role.Valid() {
		return marquee.Errorf(marquee.EInvalid, "Unknown role %q", role)
	}
	return updateUser(ctx, db.writer(), db.now(), userID, `role = ?`, string(role))
}

// AcceptTerms records that the signed-in user accepted the terms of
// service now.
func (db *UserService) AcceptTerms(ctx context.Context) (*marquee.User, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	now := db.now()
	if err := updateUser(ctx, db.writer(), now, u.ID, `terms_accepted_at = ?`, now); err != nil {
		return nil, err
	}
	return db.FindUser(ctx, u.ID)
}

// updateUser applies set (one assignment taking arg) to user userID.
func updateUser(ctx context.Context, c conn, now time.Time, userID int64, set string, arg any) error {
	res, err := c.exec(ctx, `UPDATE users SET `+set+`, updated_at = ? WHERE id = ?`, arg, now, userID)
	if err != nil {
		return fmt.Errorf("store: update user %d: %w", userID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return marquee.Errorf(marquee.ENotFound, "User not found")
	}
	return nil
}

// UpsertAdmin makes the account with the given email an admin with the
// given password, creating it (named name) when there is none. It
// reports whether it created the account; both steps are one transaction.
func (db *UserService) UpsertAdmin(ctx context.Context, email, name, pw string) (created bool, err error) {
	email = marquee.NormalizeEmail(email)
	if !marquee.ValidEmail(email) {
		return false, marquee.FieldError("email", "Enter a valid email address")
	}
	if msg := marquee.CheckPassword(pw); msg != "" {
		return false, marquee.FieldError("password", msg)
	}
	hash, err := db.hashPassword(ctx, pw)
	if marquee.ErrorCode(err) == marquee.ERateLimited {
		return false, err
	} else if err != nil {
		return false, fmt.Errorf("store: upsert admin: %w", err)
	}
	err = db.inTx(ctx, func(c conn) error {
		now := db.now()
		// The operator names the address: it is taken as confirmed.
		res, err := c.exec(ctx, `UPDATE users SET role = ?, password_hash = ?, updated_at = ?, email_verified_at = COALESCE(email_verified_at, ?)
			WHERE email = ?`, string(marquee.RoleAdmin), hash, now, now, email)
		if err != nil {
			return fmt.Errorf("store: promote %s: %w", email, err)
		}
		if n, _ := res.RowsAffected(); n > 0 {
			return nil
		}
		created = true
		_, err = c.exec(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at, email_verified_at) VALUES (?, ?, ?, ?, 0, ?, ?, ?)`,
			email, strings.TrimSpace(name), hash, string(marquee.RoleAdmin), now, now, now)
		if err != nil {
			return fmt.Errorf("store: create admin %s: %w", email, err)
		}
		return addDashboardDay(ctx, c, dayKey(now), dayDelta{Signups: 1})
	})
	return created, err
}

// ListUsers returns a page of users, newest first, with the number
// matching the filter (admin only). A search counts its matches up to
// marquee.CountCap (TotalCapped beyond); the whole list's total is exact.
func (db *UserService) ListUsers(ctx context.Context, f marquee.UserFilter) (*marquee.Page[*marquee.User], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	if f.PerPage <= 0 {
		f.PerPage = marquee.AdminUsersPerPage
	}
	q := strings.TrimSpace(f.Query)
	if f.Role != "" && !f.Role.Valid() {
		return nil, marquee.FieldError("role", "Choose a role: filmmaker, organiser or admin")
	}
	if q == "" && f.Role == "" {
		users, total, err := db.listAllUsers(ctx, f.PerPage, f.Offset())
		if err != nil {
			return nil, err
		}
		return marquee.NewPage(users, total, max(f.Page, 1), f.PerPage), nil
	}
	if q == "" {
		users, counted, err := db.listUsersByRole(ctx, f.Role, f.PerPage, f.Offset())
		if err != nil {
			return nil, err
		}
		return marquee.NewCappedPage(users, counted, max(f.Page, 1), f.PerPage), nil
	}
	users, counted, err := db.searchUsers(ctx, q, f.Role, f.PerPage, f.Offset())
	if err != nil {
		return nil, err
	}
	return marquee.NewCappedPage(users, counted, max(f.Page, 1), f.PerPage), nil
}

// listAllUsers returns limit users after offset, newest first, and the
// number of users (the rollup's sign-ups: every account is one).
func (db *UserService) listAllUsers(ctx context.Context, limit, offset int) ([]*marquee.User, int64, error) {
	var total int64
	if err := db.reader().queryRow(ctx, `SELECT CAST(COALESCE(SUM(signups), 0) AS BIGINT) FROM dashboard_days`).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("store: count users: %w", err)
	}
	users, _, err := db.listUsers(ctx, `SELECT `+userColumns+`, 0 FROM users ORDER BY created_at DESC, id DESC`+limitOffset(limit), max(offset, 0))
	return users, total, err
}

// listUsersByRole returns limit users of role after offset, newest
// first (users_role on SQLite, users_role_id on PostgreSQL), and their
// number counted up to marquee.CountCap+1.
func (db *UserService) listUsersByRole(ctx context.Context, role marquee.Role, limit, offset int) ([]*marquee.User, int64, error) {
	counted, err := countCapped(ctx, db.reader(), "users of role "+string(role), `FROM users WHERE role = ?`, string(role))
	if err != nil {
		return nil, 0, err
	}
	users, _, err := db.listUsers(ctx, `SELECT `+userColumns+`, 0 FROM users WHERE role = ? ORDER BY id DESC`+limitOffset(limit), string(role), max(offset, 0))
	return users, counted, err
}

// searchUsers returns limit users after offset, newest account first,
// whose e-mail or name contains query (ignoring case), of role when it is
// not "", and their number counted up to marquee.CountCap+1.
//
// Three characters or more go through the text indexes: on SQLite the
// FTS5 trigram table users_search (walked in rowid order, so a page of a
// broad query stops early), on PostgreSQL pg_trgm GIN indexes. Shorter
// queries match the start of the e-mail or of the name through btree
// indexes: a trigram index cannot look up fewer than three characters.
func (db *UserService) searchUsers(ctx context.Context, query string, role marquee.Role, limit, offset int) ([]*marquee.User, int64, error) {
	offset = max(offset, 0)
	var countFrom, list string
	var args []any
	if db.dialect == SQLite && utf8.RuneCountInString(query) >= 3 {
		users, counted, narrow, err := db.searchUsersByRareTrigrams(ctx, query, role, limit, offset)
		if err != nil || narrow {
			return users, counted, err
		}
	}
	if db.dialect == SQLite && utf8.RuneCountInString(query) >= 3 && role != "" {
		// Every trigram is common and a role narrows: the role's accounts
		// walked newest first (users_role), each checked for the query
		// (e-mails are stored in lower case).
		lower := strings.ToLower(query)
		args = []any{string(role), lower, lower}
		countFrom = `FROM users WHERE role = ? AND (instr(email, ?) > 0 OR instr(lower(name), ?) > 0)`
		list = `SELECT ` + userColumns + `, 0 ` + countFrom + ` ORDER BY id DESC` + limitOffset(limit)
	} else if db.dialect == SQLite && utf8.RuneCountInString(query) >= 3 {
		// Every trigram of the query is common: the whole phrase, its
		// matches walked newest first until the page (and the count's cap)
		// is reached.
		args = []any{fts5Phrase(query)}
		countFrom = `FROM users_search WHERE users_search MATCH ?`
		list = `SELECT ` + prefixColumns("u.", userColumns) + `, 0 FROM users_search s JOIN users u ON u.id = s.rowid
			WHERE users_search MATCH ? ORDER BY s.rowid DESC` + limitOffset(limit)
	} else {
		var where string
		where, args = db.userSearchWhere(query)
		if role != "" {
			where, args = `role = ? AND `+where, append([]any{string(role)}, args...)
		}
		countFrom = `FROM users WHERE ` + where
		list = `SELECT ` + userColumns + `, 0 FROM users WHERE ` + where + ` ORDER BY id DESC` + limitOffset(limit)
	}
	counted := int64(marquee.CountCap + 1)
	broadKey := string(role) + "\x00" + query
	if now := db.now(); !db.broad.known(broadKey, now) {
		var err error
		if counted, err = countCapped(ctx, db.reader(), fmt.Sprintf("users matching %q", query), countFrom, db.customPlan(args)...); err != nil {
			return nil, 0, err
		}
		if counted > marquee.CountCap {
			db.broad.remember(broadKey, now)
		}
	}
	if db.dialect == SQLite && counted > marquee.CountCap && utf8.RuneCountInString(query) < 3 {
		// A broad prefix ('s'): newest first straight from the table's own
		// order, not thousands of index entries sorted.
		list = strings.Replace(list, `FROM users WHERE`, `FROM users NOT INDEXED WHERE`, 1)
	}
	users, _, err := db.listUsers(ctx, list, db.customPlan(append(slices.Clip(args), offset))...)
	return users, counted, err
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

// rareTrigram is how many accounts a trigram may be in and still be used
// to find candidates: counting a common one stops there (about 0.1 ms).
const rareTrigram = 2500

// searchUsersByRareTrigrams is SQLite's search when some of the query's
// trigrams are rare. FTS5 reads the whole document list of every token of
// a phrase, so a phrase with a common trigram ('exa' of example.com, in
// every address) costs 20 ms at 500,000 users whatever it matches.
// Instead: count each trigram's accounts up to rareTrigram (the likeliest
// rare first, see probeOrder; stopping at two rare ones), take the
// accounts that hold the rare ones (at most rareTrigram), and keep those
// whose e-mail or name contains the query, folded like the index folds
// case. narrow is false when every trigram is common: the caller runs the
// phrase instead.
func (db *UserService) searchUsersByRareTrigrams(ctx context.Context, query string, role marquee.Role, limit, offset int) (users []*marquee.User, counted int64, narrow bool, err error) {
	var rare []string
	first := -10 // where in the query the first rare trigram starts
	grams := trigrams(query)
	for _, g := range probeOrder(grams) {
		at := slices.Index(grams, g)
		if len(rare) == 1 && at-first < 2 && first-at < 2 {
			// Overlapping the first by two characters, it would hardly
			// narrow the candidates further.
			continue
		}
		var n int
		if err := db.reader().queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM users_search WHERE users_search MATCH ? LIMIT `+strconv.Itoa(rareTrigram)+`) m`,
			fts5Phrase(g)).Scan(&n); err != nil {
			return nil, 0, false, fmt.Errorf("store: search users: count trigram: %w", err)
		}
		if n == 0 {
			return []*marquee.User{}, 0, true, nil // no account holds it: none matches
		}
		if n < rareTrigram {
			if rare = append(rare, fts5Phrase(g)); len(rare) == 2 {
				break
			}
			first = at
		}
	}
	if len(rare) == 0 {
		return nil, 0, false, nil
	}
	candidates, _, err := db.listUsers(ctx, `SELECT `+prefixColumns("u.", userColumns)+`, 0 FROM users_search s JOIN users u ON u.id = s.rowid
		WHERE users_search MATCH ? ORDER BY s.rowid DESC`, strings.Join(rare, " AND "))
	if err != nil {
		return nil, 0, false, err
	}
	folded := strings.ToLower(query)
	matches := candidates[:0]
	for _, u := range candidates {
		if role != "" && u.Role != role {
			continue
		}
		if strings.Contains(strings.ToLower(u.Email), folded) || strings.Contains(strings.ToLower(u.Name), folded) {
			matches = append(matches, u)
		}
	}
	page := matches[min(offset, len(matches)):min(offset+limit, len(matches))]
	return slices.Clone(page), int64(len(matches)), true, nil
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
		// U+10FFFF sorts after every character that can follow the prefix.
		end := lower + "\U0010FFFF"
		return `((email >= ? AND email < ?) OR (lower(name) >= ? AND lower(name) < ?))`, []any{lower, end, lower, end}
	}
	// pg_trgm's GIN index reads the whole posting list of every trigram
	// of a pattern, and one common to most accounts ('exa' of
	// example.com) costs 15–40 ms at 500,000 users. So the indexed
	// condition names only the two trigrams likely rarest (probeOrder),
	// and strpos, which no index serves, checks the whole query on the
	// few rows they find. PostgreSQL's default LIKE escape is the
	// backslash escapeLike uses.
	grams := probeOrder(trigrams(query))[:min(2, len(trigrams(query)))]
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

// listUsers runs a query selecting userColumns plus one count column.
func (db *UserService) listUsers(ctx context.Context, query string, args ...any) ([]*marquee.User, int64, error) {
	rows, err := db.reader().query(ctx, query, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("store: list users: %w", err)
	}
	defer rows.Close()
	users := []*marquee.User{}
	var total int64
	for rows.Next() {
		u, err := scanUser(rows, &total)
		if err != nil {
			return nil, 0, fmt.Errorf("store: scan user: %w", err)
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("store: list users: %w", err)
	}
	return users, total, nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// monthStart returns the first instant of t's month in UTC.
func monthStart(t time.Time) time.Time {
	t = t.UTC()
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}
