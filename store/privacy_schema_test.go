package store_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// schemaPairs runs an introspection query selecting "table column" (or
// "table referenced-table") and returns the pairs.
func schemaPairs(t testing.TB, db *store.DB, q string) [][2]string {
	t.Helper()
	rows, err := db.StringsForTest(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	var out [][2]string
	for _, r := range rows {
		a, b, _ := strings.Cut(r, " ")
		if a == "goose_db_version" {
			continue
		}
		out = append(out, [2]string{a, b})
	}
	return out
}

// schemaColumns returns every table's columns; text, only the columns
// holding text.
func schemaColumns(t testing.TB, db *store.DB, text bool) [][2]string {
	if db.Dialect() == store.Postgres {
		q := `SELECT table_name || ' ' || column_name FROM information_schema.columns WHERE table_schema = current_schema()`
		if text {
			q += ` AND data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')`
		}
		return schemaPairs(t, db, q)
	}
	q := `SELECT m.name || ' ' || p.name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`
	if !text {
		// A virtual table (the users' search index) is derived from its
		// content table, which is the one listed.
		q += ` AND m.sql NOT LIKE 'CREATE VIRTUAL TABLE%'`
	}
	if text {
		q += ` AND (upper(p.type) LIKE '%TEXT%' OR upper(p.type) LIKE '%CHAR%' OR upper(p.type) LIKE '%CLOB%' OR p.type = '')`
	}
	return schemaPairs(t, db, q)
}

// schemaForeignKeys returns (table, referenced table) for every foreign key.
func schemaForeignKeys(t testing.TB, db *store.DB) [][2]string {
	if db.Dialect() == store.Postgres {
		return schemaPairs(t, db, `SELECT tc.table_name || ' ' || ccu.table_name FROM information_schema.table_constraints tc
			JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.constraint_schema = tc.constraint_schema
			WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = current_schema()`)
	}
	return schemaPairs(t, db, `SELECT m.name || ' ' || f."table" FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table'`)
}

// userColumn reports whether a column's name says it names a person: an
// id of users or judges, or an e-mail address.
func userColumn(name string) bool {
	switch name {
	case "user_id", "organiser_id", "owner_id", "filmmaker_id", "judge_id", "actor_id", "buyer_id", "holder_id", "staff_id", "handled_by", "to_addr":
		return true
	}
	return strings.HasSuffix(name, "_user_id") || strings.HasSuffix(name, "_by") || strings.HasSuffix(name, "email")
}

// TestPrivacyCoversEveryUserTable lists, from the schema itself, every
// table with a user column (named so, or a foreign key to users or judges)
// and fails when one is not in the data export (or in the list of tables
// that hold no personal data, with a reason), or not handled by the
// account deletion (or kept on purpose, with a reason).
func TestPrivacyCoversEveryUserTable(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		exported, notPersonal, deleted := store.PrivacyTablesForTest()
		kept := store.KeptOnDeletionForTest()
		tables := map[string]bool{}
		userTables := map[string]string{}
		for _, c := range schemaColumns(t, db.DB, false) {
			tables[c[0]] = true
			if userColumn(c[1]) {
				userTables[c[0]] = "column " + c[1]
			}
		}
		for _, fk := range schemaForeignKeys(t, db.DB) {
			if fk[1] == "users" || fk[1] == "judges" {
				userTables[fk[0]] = "a foreign key to " + fk[1]
			}
		}
		if len(userTables) < 15 {
			t.Fatalf("only %d user tables found: the introspection is broken: %v", len(userTables), userTables)
		}
		for _, want := range []string{"users", "sessions", "reminders", "purchases", "credit_ledger", "films", "submissions", "judge_scores", "contact_messages", "mail_outbox", "audit_log", "password_resets", "data_exports"} {
			if userTables[want] == "" {
				t.Errorf("%s not found as a user table", want)
			}
		}
		var names []string
		for name := range userTables {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if !exported[name] && notPersonal[name] == "" {
				t.Errorf("table %s holds user data (%s) but is not in the data export: add an exportEntry in store/privacy_tables.go (or a reason in notPersonalData)", name, userTables[name])
			}
			if !deleted[name] && kept[name] == "" && notPersonal[name] == "" {
				t.Errorf("table %s holds user data (%s) but account deletion ignores it: add a deletionStep in store/privacy_tables.go (or a reason in keptOnDeletion)", name, userTables[name])
			}
		}
		for _, list := range []map[string]bool{exported, deleted} {
			for name := range list {
				if !tables[name] {
					t.Errorf("privacy lists table %s, which does not exist", name)
				}
			}
		}
		for _, list := range []map[string]string{notPersonal, kept} {
			for name := range list {
				if !tables[name] {
					t.Errorf("privacy lists table %s, which does not exist", name)
				}
			}
		}
	})
}

// TestAccountDeletionLeavesNoAddress fills every table it can with a
// user's data, deletes the account, and then greps every text column of
// every table (from the schema) for the address and the name.
func TestAccountDeletionLeavesNoAddress(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		f := newJudgingFixture(t, db)
		const email, name, pw = "quinta.vexley@example.com", "Quinta Vexley", "quinta password 1"

		// Sign-up: the confirmation row and mail; confirmed.
		victim, err := db.Users.Register(ctx, marquee.NewUser{Email: email, Password: pw, Name: name, Language: "en"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.VerifyEmail(ctx, linkToken(t, lastMail(t, db, email, marquee.MailKindVerification), "/verify-email?token=")); err != nil {
			t.Fatal(err)
		}
		victim, _ = db.Users.FindUser(ctx, victim.ID)
		if _, err := db.Sessions.Start(ctx, victim.ID, "Firefox", "10.1.2.3"); err != nil {
			t.Fatal(err)
		}
		// A film in no submission, and a submitted film directed by them.
		now := db.Clock.Now()
		if err := db.ExecForTest(ctx, `INSERT INTO films (owner_id, title, director, credits, created_at, updated_at) VALUES (?, 'Private Draft', ?, '[]', ?, ?)`, victim.ID, name, now, now); err != nil {
			t.Fatal(err)
		}
		film, err := db.Int64ForTest(ctx, `INSERT INTO films (owner_id, title, director, credits, created_at, updated_at)
			VALUES (?, 'Submitted Work', ?, '[{"name":"Aiko","role":"Editor"},{"name":"Quinta Vexley","role":"Writer"},{"name":" QUINTA  VEXLEY ","role":"Producer"},{"name":"Aiko and Quinta Vexley","role":"Sound"}]', ?, ?) RETURNING id`, victim.ID, name, now, now)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := db.Int64ForTest(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, tier, fee_credits, paid_credits, created_at, updated_at)
			VALUES (?, ?, ?, ?, 'early', 0, 0, ?, ?) RETURNING id`, film, victim.ID, f.fest.ID, f.catA, now, now)
		if err != nil {
			t.Fatal(err)
		}
		// They judge the festival: invitation, assignment, a score of
		// another filmmaker's entry; and a judge scores their entry.
		maker := f.user("maker@example.com", "Maker")
		other := f.submission(maker, "Other Film", f.catA)
		jv := f.judge(victim)
		judge := f.user("judge@example.com", "Judge")
		jo := f.judge(judge)
		f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{jv}, SubmissionIDs: []int64{other}})
		f.assign(marquee.AssignmentRequest{Mode: "specific", JudgeIDs: []int64{jo}, SubmissionIDs: []int64{sub}})
		f.mustScore(victim, other, 7)
		f.mustScore(judge, sub, 8)
		// An invitation to their address from another festival, not accepted.
		second := mustCreate(t, db, f.org, festivalDetails("Second Festival"))
		if err := db.ExecForTest(ctx, `INSERT INTO judges (festival_id, email, token_hash, invited_at) VALUES (?, ?, 'pending-invite', ?)`, second.ID, email, now); err != nil {
			t.Fatal(err)
		}
		// Reminders, a contact message, a purchase (receipt, ledger), a
		// reset link, an export (audit entry with their address), a login
		// failure counter.
		if _, err := db.Reminders.Create(as(victim), marquee.NewReminder{FestivalName: "Judged Shorts", Date: "2026-09-01", Preference: marquee.RemindDayOf}, "en"); err != nil {
			t.Fatal(err)
		}
		if err := db.Contact.Send(ctx, marquee.NewContactMessage{Name: name, Email: email, Subject: "About my data", Message: "Please tell me what you keep about me."}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Payments.Checkout(as(victim), marquee.CheckoutRequest{PackageID: "basic", Country: "JP", PaymentMethod: "pm_card_visa", Language: "ja"}); err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.RequestPasswordReset(ctx, marquee.PasswordResetRequest{Email: email}); err != nil {
			t.Fatal(err)
		}
		if err := db.Privacy.RequestExport(as(victim), "en"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Privacy.BuildExports(ctx, 10, composeTestExport, marquee.MailKept); err != nil {
			t.Fatal(err)
		}
		if _, _, err := db.RateLimits.Hit(ctx, marquee.RateLimitKey{Policy: marquee.LimitLoginAccount, Subject: []string{marquee.RateLimitAccount(email)}}, timeMinutes(15)); err != nil {
			t.Fatal(err)
		}
		// What admins did to the account is audited by id, never address:
		// a role change, an adjustment whose reason names them (the ledger
		// note), disabling and enabling, a lock-out of the address.
		admin := adminCtx(t, db)
		if _, err := db.Users.ChangeRole(admin, victim.ID, marquee.RoleChange{Role: marquee.RoleOrganiser}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.AdjustCredits(admin, victim.ID, marquee.CreditAdjustment{Delta: 5, Reason: "Goodwill for " + name + " <" + email + ">"}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.SetDisabled(admin, victim.ID, true); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.SetDisabled(admin, victim.ID, false); err != nil {
			t.Fatal(err)
		}
		if err := db.Users.LoginLocked(ctx, email, "10.1.2.3"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Sessions.Start(ctx, victim.ID, "Firefox", "10.1.2.3"); err != nil {
			t.Fatal(err)
		}
		// A festival they organise: open, it blocks the deletion.
		own := mustCreate(t, db, victim, marquee.FestivalDetails{Name: "Quinta's Nights", Description: "Films at night.", Location: "Roof", Country: "JP", City: "Osaka",
			StartDate: "2026-10-01", EndDate: "2026-10-02", ContactEmail: email})
		submissions := count(t, db.DB, `SELECT COUNT(*) FROM submissions`)
		scores := count(t, db.DB, `SELECT COUNT(*) FROM judge_scores`)

		if err := db.Privacy.DeleteAccount(ctx, marquee.AccountDeletion{Password: pw}); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("visitor: %v", err)
		}
		if err := db.Privacy.DeleteAccount(as(victim), marquee.AccountDeletion{Password: "wrong password"}); marquee.ErrorFields(err)["password"] == "" {
			t.Fatalf("wrong password: %v", err)
		}
		err = db.Privacy.DeleteAccount(as(victim), marquee.AccountDeletion{Password: pw})
		if marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("organiser of an open festival: %v", err)
		}
		if msg, args := marquee.ErrorTemplate(err); !strings.Contains(args["festivals"], "Quinta's Nights") || !strings.Contains(msg, "{festivals}") {
			t.Fatalf("message %q %v", msg, args)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM sessions WHERE user_id = ?`, victim.ID); n != 1 {
			t.Fatal("a refused deletion changed something")
		}
		reject(t, db, own.ID, "Not a film festival")

		if err := db.Privacy.DeleteAccount(as(victim), marquee.AccountDeletion{Password: pw}); err != nil {
			t.Fatalf("delete: %v", err)
		}

		// No text anywhere holds the address or the name.
		needles := []string{strings.ToLower(email), strings.ToLower(name)}
		for _, col := range schemaColumns(t, db.DB, true) {
			q := `SELECT CAST("` + col[1] + `" AS TEXT) FROM "` + col[0] + `" WHERE lower(CAST("` + col[1] + `" AS TEXT)) LIKE ? OR lower(CAST("` + col[1] + `" AS TEXT)) LIKE ?`
			found, err := db.StringsForTest(ctx, q, "%"+needles[0]+"%", "%"+needles[1]+"%")
			if err != nil {
				t.Fatalf("%s.%s: %v", col[0], col[1], err)
			}
			for _, v := range found {
				t.Errorf("%s.%s still holds %q", col[0], col[1], v)
			}
		}

		// Nor do the database's files: freed pages and cells (SQLite's
		// secure_delete) and the write-ahead log (checkpointed and
		// truncated). PostgreSQL keeps dead tuples until VACUUM, which no
		// test can read (ARCHITECTURE.md).
		if path := db.FileForTest(); path != "" {
			for _, file := range []string{path, path + "-wal"} {
				assertNoRawText(t, file, email, name)
			}
			// The admin user search's index (FTS5, trigram) keeps no
			// trigram of the name or the address that no other account
			// has (FTS5's secure-delete: no delete markers beside them).
			for _, tri := range []string{"vex", "exl", "xle"} {
				if n := count(t, db.DB, `SELECT COUNT(*) FROM users_search_data WHERE instr(block, ?) > 0`, []byte(tri)); n != 0 {
					t.Errorf("users_search_data: %d blocks hold the trigram %q of %q", n, tri, name)
				}
			}
		}

		// The submitted film's credits name the anonymised account where
		// they named the person; the others stay.
		credits, err := db.StringsForTest(ctx, `SELECT credits FROM films WHERE id = ?`, film)
		if err != nil || len(credits) != 1 {
			t.Fatalf("credits: %v %v", credits, err)
		}
		var kept []marquee.FilmCredit
		if err := json.Unmarshal([]byte(credits[0]), &kept); err != nil {
			t.Fatal(err)
		}
		wantCredits := []marquee.FilmCredit{{Name: "Aiko", Role: "Editor"}, {Name: marquee.DeletedUserName, Role: "Writer"},
			{Name: marquee.DeletedUserName, Role: "Producer"}, {Name: "Aiko and " + marquee.DeletedUserName, Role: "Sound"}}
		if !slices.Equal(kept, wantCredits) {
			t.Errorf("credits after deletion %+v, want %+v", kept, wantCredits)
		}
		if director, err := db.StringsForTest(ctx, `SELECT director FROM films WHERE id = ?`, film); err != nil || !slices.Equal(director, []string{marquee.DeletedUserName}) {
			t.Errorf("director after deletion %q %v", director, err)
		}

		// The account is anonymous and cannot sign in; what others keep stays.
		u, err := db.Users.FindUser(ctx, victim.ID)
		if err != nil || u.Name != marquee.DeletedUserName || strings.Contains(u.Email, "@") {
			t.Fatalf("anonymised user: %+v %v", u, err)
		}
		if _, err := db.Users.Authenticate(ctx, marquee.Credentials{Email: email, Password: pw}); marquee.ErrorCode(err) != marquee.EBadLogin {
			t.Fatalf("login after deletion: %v", err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM submissions`); n != submissions {
			t.Fatalf("submissions %d, want %d", n, submissions)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM judge_scores`); n != scores {
			t.Fatalf("scores %d, want %d", n, scores)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM purchases WHERE user_id = ?`, victim.ID); n != 1 {
			t.Fatalf("purchases kept: %d", n)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM films WHERE owner_id = ?`, victim.ID); n != 1 {
			t.Fatalf("films left: %d (want the submitted one)", n)
		}
		for _, q := range []string{`SELECT COUNT(*) FROM sessions WHERE user_id = ?`, `SELECT COUNT(*) FROM reminders WHERE user_id = ?`,
			`SELECT COUNT(*) FROM festivals WHERE organiser_id = ?`, `SELECT COUNT(*) FROM data_exports WHERE user_id = ?`} {
			if n := count(t, db.DB, q, victim.ID); n != 0 {
				t.Errorf("%s: %d", q, n)
			}
		}
		assertLedgerBalanced(t, db.DB)
		entries, err := db.Audit.List(adminCtx(t, db), marquee.AuditFilter{Action: marquee.AuditUserDelete})
		if err != nil || entries.Total != 1 || entries.Items[0].TargetID != auditID(victim.ID) || entries.Items[0].ActorEmail != "" {
			t.Fatalf("audit: %+v %v", entries, err)
		}
	})
}

// composeTestExport writes a data export e-mail that names its address.
func composeTestExport(to, token, lang string, _ time.Time) marquee.Mail {
	return marquee.Mail{Kind: marquee.MailKindDataExport, To: to, Subject: "Your data", Body: "For " + to + ": /account/privacy?export=" + token + "\n", Language: lang}
}

// assertNoRawText fails when file (a database file or its write-ahead log;
// a missing or empty one holds nothing) holds any of needles in its raw
// bytes, in any case: what `strings` on the file would show.
func assertNoRawText(t testing.TB, file string, needles ...string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	// ASCII case only, so that offsets in lower are offsets in raw (the
	// needles are ASCII).
	lower := make([]byte, len(raw))
	for i, b := range raw {
		if 'A' <= b && b <= 'Z' {
			b += 'a' - 'A'
		}
		lower[i] = b
	}
	for _, n := range needles {
		needle := []byte(strings.ToLower(n))
		hits := 0
		for off := 0; ; {
			i := bytes.Index(lower[off:], needle)
			if i < 0 {
				break
			}
			at := off + i
			off = at + len(needle)
			if hits++; hits > 5 {
				continue
			}
			from, to := max(0, at-40), min(len(raw), at+len(needle)+40)
			context := strings.Map(func(r rune) rune {
				if r < 0x20 || r == 0x7f || r == 0xfffd {
					return '.'
				}
				return r
			}, string(raw[from:to]))
			what := ""
			if strings.Contains(context, "login-fail") {
				what = " (a rate-limit key: login failures)"
			}
			t.Errorf("%s holds %q at byte %d%s: %q", file, n, at, what, context)
		}
		if hits > 5 {
			t.Errorf("%s holds %q %d times in all", file, n, hits)
		}
	}
}
