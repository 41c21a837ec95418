package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// Audit entries are written in the change's transaction (a failed change
// leaves none), carry the actor and address from the context, read back
// newest first through the filters, and cannot be edited.
func TestAuditLog(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		admin := adminCtx(t, db)
		actor := marquee.UserFromContext(admin)
		ctx := marquee.NewContextWithClientIP(admin, "203.0.113.9")
		now := time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)
		entry := func(action marquee.AuditAction, target string) marquee.AuditEntry {
			return marquee.AuditEntry{Action: action, TargetType: "user", TargetID: target,
				Before: json.RawMessage(`{"role":"filmmaker"}`), After: json.RawMessage(`{"role":"organiser"}`)}
		}
		if err := db.AuditInTxForTest(ctx, now, entry(marquee.AuditUserRoleChange, "7"), `SELECT 1`); err != nil {
			t.Fatal(err)
		}
		if err := db.AuditInTxForTest(ctx, now, entry(marquee.AuditUserDisable, "8"), `UPDATE no_such_table SET x = 1`); err == nil {
			t.Fatal("a failing change succeeded")
		}
		visitor := marquee.NewContextWithClientIP(context.Background(), "198.51.100.1")
		if err := db.AuditInTxForTest(visitor, now.Add(time.Minute), marquee.AuditEntry{Action: marquee.AuditLoginRateLimited, TargetType: "user", TargetID: "7"}, `SELECT 1`); err != nil {
			t.Fatal(err)
		}

		all, err := db.Audit.List(admin, marquee.AuditFilter{})
		if err != nil || all.Total != 2 || len(all.Items) != 2 || all.PerPage != marquee.AuditPerPage {
			t.Fatalf("list: %+v %v", all, err)
		}
		newest, first := all.Items[0], all.Items[1]
		if newest.Action != marquee.AuditLoginRateLimited || newest.ActorID != nil || newest.IP != "198.51.100.1" || newest.Before != nil {
			t.Fatalf("newest: %+v", newest)
		}
		if first.ActorID == nil || *first.ActorID != actor.ID || first.ActorEmail != actor.Email || first.IP != "203.0.113.9" ||
			string(first.After) != `{"role":"organiser"}` || !first.CreatedAt.Equal(now) {
			t.Fatalf("first: %+v", first)
		}
		for name, f := range map[string]marquee.AuditFilter{
			"actor id":    {ActorID: actor.ID},
			"actor email": {Actor: actor.Email[:4]},
			"action":      {Action: marquee.AuditUserRoleChange},
			"target":      {TargetType: "user", TargetID: "7", Action: marquee.AuditUserRoleChange},
		} {
			p, err := db.Audit.List(admin, f)
			if err != nil || p.Total != 1 || p.Items[0].ID != first.ID {
				t.Fatalf("%s: %+v %v", name, p, err)
			}
		}
		if p, _ := db.Audit.List(admin, marquee.AuditFilter{Action: marquee.AuditUserDisable}); p.Total != 0 {
			t.Fatalf("the rolled-back entry was kept: %+v", p.Items)
		}
		if err := db.ExecForTest(admin, `UPDATE audit_log SET action = 'x'`); err == nil {
			t.Fatal("an audit entry was edited")
		}
		if _, err := db.Audit.List(context.Background(), marquee.AuditFilter{}); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("visitor: %v", err)
		}
	})
}
