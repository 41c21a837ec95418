package store_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/store/storetest"
)

// auditEntries returns the audit log's entries filtered by f (newest first).
func auditEntries(t testing.TB, db *storetest.DB, f marquee.AuditFilter) []*marquee.AuditEntry {
	t.Helper()
	p, err := db.Audit.List(adminCtx(t, db), f)
	if err != nil {
		t.Fatal(err)
	}
	return p.Items
}

// newAdmin creates another admin account.
func newAdmin(t testing.TB, db *storetest.DB, email string) *marquee.User {
	t.Helper()
	u, err := db.Users.CreateUser(context.Background(), store.UserRecord{Email: email, Name: "Admin", PasswordHash: "h", Role: marquee.RoleAdmin})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

func TestAdminChangeRole(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		admin := adminCtx(t, db)
		me := marquee.UserFromContext(admin)
		u := newOrganiser(t, db, "film@example.com")
		ctx := marquee.NewContextWithClientIP(admin, "203.0.113.5")

		if _, err := db.Users.ChangeRole(as(u), u.ID, marquee.RoleChange{Role: marquee.RoleAdmin}); marquee.ErrorCode(err) != marquee.EForbidden {
			t.Fatalf("a filmmaker changed a role: %v", err)
		}
		if _, err := db.Users.ChangeRole(ctx, u.ID, marquee.RoleChange{Role: "root"}); marquee.ErrorFields(err)["role"] == "" {
			t.Fatalf("unknown role: %v", err)
		}
		if _, err := db.Users.ChangeRole(ctx, 9999, marquee.RoleChange{Role: marquee.RoleAdmin}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing user: %v", err)
		}
		got, err := db.Users.ChangeRole(ctx, u.ID, marquee.RoleChange{Role: marquee.RoleOrganiser})
		if err != nil || got.Role != marquee.RoleOrganiser {
			t.Fatalf("to organiser: %+v %v", got, err)
		}
		if found, _ := db.Users.FindUser(ctx, u.ID); found.Role != marquee.RoleOrganiser {
			t.Fatalf("stored role %s", found.Role)
		}
		es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserRoleChange})
		if len(es) != 1 || es[0].TargetID != auditID(u.ID) || es[0].IP != "203.0.113.5" || *es[0].ActorID != me.ID ||
			!jsonHas(es[0].Before, "role", "filmmaker") || !jsonHas(es[0].After, "role", "organiser") {
			t.Fatalf("audit %+v", es)
		}
		// The same role again changes nothing and writes nothing.
		if _, err := db.Users.ChangeRole(ctx, u.ID, marquee.RoleChange{Role: marquee.RoleOrganiser}); err != nil {
			t.Fatal(err)
		}
		if n := len(auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserRoleChange})); n != 1 {
			t.Fatalf("%d entries after a no-op", n)
		}

		// The only admin cannot demote themselves (nor would the last admin go).
		_, err = db.Users.ChangeRole(ctx, me.ID, marquee.RoleChange{Role: marquee.RoleFilmmaker})
		if marquee.ErrorMessage(err) != "You cannot remove your own admin role" {
			t.Fatalf("self demotion: %v", err)
		}
		// A second admin may be demoted while another remains.
		other := newAdmin(t, db, "second@example.com")
		if _, err := db.Users.ChangeRole(ctx, other.ID, marquee.RoleChange{Role: marquee.RoleOrganiser}); err != nil {
			t.Fatal(err)
		}
		// The last enabled admin cannot be demoted by anyone: a disabled
		// admin does not count.
		third := newAdmin(t, db, "third@example.com")
		if _, err := db.Users.SetDisabled(ctx, third.ID, true); err != nil {
			t.Fatal(err)
		}
		_, err = db.Users.ChangeRole(as(third), me.ID, marquee.RoleChange{Role: marquee.RoleFilmmaker})
		if marquee.ErrorMessage(err) != "The last admin cannot be demoted" {
			t.Fatalf("last admin demoted: %v", err)
		}
		if found, _ := db.Users.FindUser(ctx, me.ID); found.Role != marquee.RoleAdmin {
			t.Fatal("the last admin lost the role")
		}
	})
}

// Two admins demoting each other at once leave one admin: the rule is
// checked with the admins' rows locked.
func TestAdminDemoteEachOtherConcurrently(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		a := newAdmin(t, db, "a-admin@example.com")
		b := newAdmin(t, db, "b-admin@example.com")
		for round := range 5 {
			var wg sync.WaitGroup
			errs := make([]error, 2)
			for i, pair := range [][2]*marquee.User{{a, b}, {b, a}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, errs[i] = db.Users.ChangeRole(as(pair[0]), pair[1].ID, marquee.RoleChange{Role: marquee.RoleOrganiser})
				}()
			}
			wg.Wait()
			admins := count(t, db.DB, `SELECT COUNT(*) FROM users WHERE role = 'admin'`)
			if admins != 1 || (errs[0] == nil) == (errs[1] == nil) {
				t.Fatalf("round %d: %d admins left; errors %v", round, admins, errs)
			}
			for _, err := range errs {
				if err != nil && marquee.ErrorMessage(err) != "The last admin cannot be demoted" {
					t.Fatalf("round %d: %v", round, err)
				}
			}
			// Both admins again for the next round.
			if err := db.ExecForTest(context.Background(), `UPDATE users SET role = 'admin' WHERE id IN (?, ?)`, a.ID, b.ID); err != nil {
				t.Fatal(err)
			}
			a.Role, b.Role = marquee.RoleAdmin, marquee.RoleAdmin
		}
	})
}

func TestAdminAdjustCredits(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		admin := adminCtx(t, db)
		u := newOrganiser(t, db, "film@example.com")
		got, err := db.Users.AdjustCredits(admin, u.ID, marquee.CreditAdjustment{Delta: 10, Reason: "  Festival prize "})
		if err != nil || got.Credits != 10 {
			t.Fatalf("give 10: %+v %v", got, err)
		}
		if _, err := db.Users.AdjustCredits(admin, u.ID, marquee.CreditAdjustment{Delta: 5}); marquee.ErrorFields(err)["reason"] != "A reason is required" {
			t.Fatalf("no reason: %v", err)
		}
		// Below zero: refused with the balance named, and nothing written
		// (no ledger row, no audit entry).
		_, err = db.Users.AdjustCredits(admin, u.ID, marquee.CreditAdjustment{Delta: -11, Reason: "Too much"})
		if marquee.ErrorMessage(err) != "This would take the balance below 0: the user has 10 credits" || marquee.ErrorFields(err)["delta"] == "" {
			t.Fatalf("below zero: %v", err)
		}
		if _, err := db.Users.AdjustCredits(admin, 9999, marquee.CreditAdjustment{Delta: 1, Reason: "x"}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing user: %v", err)
		}
		got, err = db.Users.AdjustCredits(admin, u.ID, marquee.CreditAdjustment{Delta: -10, Reason: "Correction"})
		if err != nil || got.Credits != 0 {
			t.Fatalf("take 10: %+v %v", got, err)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM credit_ledger WHERE user_id = ?`, u.ID); n != 2 {
			t.Fatalf("%d ledger rows", n)
		}
		es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserCreditAdjust, TargetType: "user", TargetID: auditID(u.ID)})
		if len(es) != 2 || !jsonHas(es[1].After, "reason", "Festival prize") || !jsonHas(es[1].After, "credits", float64(10)) ||
			!jsonHas(es[1].Before, "credits", float64(0)) || !jsonHas(es[0].After, "delta", float64(-10)) {
			t.Fatalf("audit %+v", es)
		}
		d, err := db.Users.UserDetail(admin, u.ID)
		if err != nil || len(d.Ledger) != 2 || d.Ledger[1].Note != "Festival prize" || d.Ledger[1].Reason != marquee.LedgerAdjustment || d.Ledger[0].Delta != -10 {
			t.Fatalf("detail ledger %+v %v", d, err)
		}
		// The audit entry names the ledger row that keeps the reason (and
		// shows it from there): the log itself never stores it.
		if !jsonHas(es[1].After, "ledgerReference", d.Ledger[1].Reference) {
			t.Fatalf("audit %s, ledger %+v", es[1].After, d.Ledger[1])
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE after_json LIKE '%Festival prize%'`); n != 0 {
			t.Fatalf("the reason is stored in %d audit rows", n)
		}
		assertLedgerBalanced(t, db.DB)
	})
}

func TestAdminDisableUser(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		admin := adminCtx(t, db)
		me := marquee.UserFromContext(admin)
		hash := hashPassword(t, "film-password-1")
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "film@example.com", PasswordHash: hash})
		if err != nil {
			t.Fatal(err)
		}
		tok1, _ := db.Sessions.Start(ctx, u.ID, "Firefox", "198.51.100.7")
		tok2, _ := db.Sessions.Start(ctx, u.ID, "Curl", "198.51.100.8")
		d, err := db.Users.UserDetail(admin, u.ID)
		if err != nil || len(d.Sessions) != 2 || d.Sessions[0].UserAgent != "Curl" || d.Sessions[1].IP != "198.51.100.7" {
			t.Fatalf("sessions %+v %v", d, err)
		}

		got, err := db.Users.SetDisabled(admin, u.ID, true)
		if err != nil || got.DisabledAt == nil {
			t.Fatalf("disable: %+v %v", got, err)
		}
		for _, tok := range []string{tok1, tok2} {
			if _, err := db.Sessions.User(ctx, tok); marquee.ErrorCode(err) != marquee.EUnauthorized {
				t.Fatalf("a disabled account's token still works: %v", err)
			}
		}
		if _, err := db.Users.Authenticate(ctx, marquee.Credentials{Email: "film@example.com", Password: "film-password-1"}); marquee.ErrorMessage(err) != "This account has been disabled. Contact support." {
			t.Fatalf("login of a disabled account: %v", err)
		}
		// A wrong password is still the one answer to a wrong password.
		if _, err := db.Users.Authenticate(ctx, marquee.Credentials{Email: "film@example.com", Password: "wrong-password-1"}); marquee.ErrorCode(err) != marquee.EBadLogin {
			t.Fatalf("wrong password: %v", err)
		}
		// A session started in a race (after the check) is refused too.
		tok3, _ := db.Sessions.Start(ctx, u.ID, "Race", "198.51.100.9")
		if _, err := db.Sessions.User(ctx, tok3); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("race session: %v", err)
		}
		es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserDisable})
		if len(es) != 1 || !jsonHas(es[0].After, "sessionsEnded", float64(2)) {
			t.Fatalf("audit %+v", es)
		}
		// Disabling again changes nothing; enabling lets the user in.
		if _, err := db.Users.SetDisabled(admin, u.ID, true); err != nil {
			t.Fatal(err)
		}
		if got, err := db.Users.SetDisabled(admin, u.ID, false); err != nil || got.DisabledAt != nil {
			t.Fatalf("enable: %+v %v", got, err)
		}
		if _, err := db.Users.Authenticate(ctx, marquee.Credentials{Email: "film@example.com", Password: "film-password-1"}); err != nil {
			t.Fatalf("login after enabling: %v", err)
		}
		if n := len(auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserDisable})); n != 1 {
			t.Fatalf("%d disable entries", n)
		}
		if n := len(auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserEnable})); n != 1 {
			t.Fatalf("%d enable entries", n)
		}

		// Oneself and the last admin: refused, nothing written.
		if _, err := db.Users.SetDisabled(admin, me.ID, true); marquee.ErrorMessage(err) != "You cannot disable your own account" {
			t.Fatalf("self: %v", err)
		}
		other := newAdmin(t, db, "other-admin@example.com")
		if _, err := db.Users.SetDisabled(as(other), me.ID, true); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.ChangeRole(admin, other.ID, marquee.RoleChange{Role: marquee.RoleAdmin}); err != nil {
			t.Fatal(err) // me is disabled, but the context still names me
		}
		third := newAdmin(t, db, "third-admin@example.com")
		if _, err := db.Users.ChangeRole(as(other), third.ID, marquee.RoleChange{Role: marquee.RoleFilmmaker}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Users.SetDisabled(as(third), other.ID, true); marquee.ErrorMessage(err) != "The last admin cannot be disabled" {
			t.Fatalf("last admin: %v", err)
		}

		// Ending sessions: every one goes (the race's too), with an entry.
		tok4, _ := db.Sessions.Start(ctx, u.ID, "Again", "198.51.100.10")
		n, err := db.Users.EndSessions(admin, u.ID)
		if err != nil || n != 2 {
			t.Fatalf("end sessions: %d %v", n, err)
		}
		if _, err := db.Sessions.User(ctx, tok4); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("ended session: %v", err)
		}
		if es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditUserSessionsEnd}); len(es) != 1 || !jsonHas(es[0].Before, "sessions", float64(2)) {
			t.Fatalf("sessions audit %+v", es)
		}
		if _, err := db.Users.EndSessions(as(u), u.ID); marquee.ErrorCode(err) != marquee.EForbidden {
			t.Fatalf("a filmmaker ended sessions: %v", err)
		}
	})
}

func TestAdminUserDetail(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		setNow(db, festivalNow)
		admin := adminCtx(t, db)
		u := newOrganiser(t, db, "org@example.com")
		f := mustCreate(t, db, u, festivalDetails("Cardiff Animation"))
		d, err := db.Users.UserDetail(admin, u.ID)
		if err != nil || d.User.Email != "org@example.com" || len(d.Festivals) != 1 || d.Festivals[0].ID != f.ID ||
			d.Festivals[0].Status != marquee.FestivalPending || len(d.Purchases) != 0 || d.Sessions == nil {
			t.Fatalf("detail %+v %v", d, err)
		}
		if _, err := db.Users.UserDetail(as(u), u.ID); marquee.ErrorCode(err) != marquee.EForbidden {
			t.Fatalf("a user read the detail: %v", err)
		}
		if _, err := db.Users.UserDetail(admin, 9999); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("missing: %v", err)
		}
	})
}

func TestAdminListUsersByRole(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		admin := adminCtx(t, db)
		for _, e := range []string{"anna@example.com", "ben@example.com", "annette@example.org"} {
			newOrganiser(t, db, e)
		}
		org, _ := db.Users.FindUserByEmail(context.Background(), "annette@example.org")
		if _, err := db.Users.ChangeRole(admin, org.ID, marquee.RoleChange{Role: marquee.RoleOrganiser}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			q    string
			role marquee.Role
			want []string
		}{
			{"", marquee.RoleOrganiser, []string{"annette@example.org"}},
			{"", marquee.RoleAdmin, []string{adminEmail}},
			{"ann", marquee.RoleFilmmaker, []string{"anna@example.com"}},
			{"an", marquee.RoleOrganiser, []string{"annette@example.org"}},
			{"example", marquee.RoleFilmmaker, []string{"ben@example.com", "anna@example.com"}},
			{"example.org", marquee.RoleFilmmaker, nil},
			{"ann", "", []string{"annette@example.org", "anna@example.com"}},
		} {
			p, err := db.Users.ListUsers(admin, marquee.UserFilter{Query: tc.q, Role: tc.role})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, u := range p.Items {
				got = append(got, u.Email)
			}
			if len(got) != len(tc.want) || int(p.Total) != len(tc.want) {
				t.Fatalf("%q %q: %v (total %d), want %v", tc.q, tc.role, got, p.Total, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("%q %q: %v, want %v", tc.q, tc.role, got, tc.want)
				}
			}
		}
		if _, err := db.Users.ListUsers(admin, marquee.UserFilter{Role: "root"}); marquee.ErrorFields(err)["role"] == "" {
			t.Fatalf("unknown role: %v", err)
		}
	})
}

func TestLoginLockedAudited(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		db.Clock.Set(time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC))
		ctx := marquee.NewContextWithClientIP(context.Background(), "198.51.100.4")
		if err := db.Users.LoginLocked(ctx, "victim@example.com", "198.51.100.4"); err != nil {
			t.Fatal(err)
		}
		es := auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditLoginRateLimited})
		if len(es) != 1 || es[0].ActorID != nil || es[0].TargetType != "account" || es[0].TargetID != "victim@example.com" || es[0].IP != "198.51.100.4" {
			t.Fatalf("entries %+v", es)
		}
		// An account that exists is named by its id, not its address.
		u, err := db.Users.CreateUser(ctx, store.UserRecord{Email: "owner@example.com", Name: "Owner", PasswordHash: "h", Role: marquee.RoleFilmmaker})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.Users.LoginLocked(ctx, " Owner@Example.com", "198.51.100.4"); err != nil {
			t.Fatal(err)
		}
		es = auditEntries(t, db, marquee.AuditFilter{Action: marquee.AuditLoginRateLimited})
		if len(es) != 2 || es[0].TargetType != "user" || es[0].TargetID != auditID(u.ID) || strings.Contains(string(es[0].After), "owner@") {
			t.Fatalf("entries %+v", es)
		}
	})
}

// auditID is a numeric target id as the audit log keeps it.
func auditID(id int64) string { return jsonNumber(id) }

func jsonNumber(id int64) string { b, _ := json.Marshal(id); return string(b) }

// jsonHas reports whether the JSON object raw has key with value want.
func jsonHas(raw json.RawMessage, key string, want any) bool {
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return false
	}
	return m[key] == want
}
