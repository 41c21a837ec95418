package marquee

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestActivityActorOf(t *testing.T) {
	id := func(n int64) *int64 { return &n }
	for _, c := range []struct {
		name   string
		actor  *int64
		action AuditAction
		want   ActivityActor
	}{
		{"the organiser", id(7), AuditSubmissionDecide, ActivityOrganiser},
		{"the organiser judging", id(7), AuditJudgeConflict, ActivityOrganiser},
		{"a judge", id(9), AuditJudgeConflict, ActivityJudge},
		{"an admin deciding", id(1), AuditSubmissionDecide, ActivityAdmin},
		{"an admin approving", id(1), AuditFestivalApprove, ActivityAdmin},
		{"a deleted account", nil, AuditWaiverCreate, ActivityNone},
	} {
		if got := ActivityActorOf(c.actor, 7, c.action); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// An organiser's view of an entry never carries the actor's address, IP
// or id.
func TestNewFestivalActivityHidesTheActor(t *testing.T) {
	admin := int64(1)
	e := &AuditEntry{ID: 3, ActorID: &admin, ActorEmail: "root@example.com", Action: AuditFestivalApprove,
		TargetType: "festival", TargetID: "4", After: json.RawMessage(`{"status":"approved"}`), IP: "203.0.113.9",
		CreatedAt: time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)}
	a := NewFestivalActivity(e, 7)
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{"root@example.com", "203.0.113.9", "actorId"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("%s in %s", leak, b)
		}
	}
	if a.Actor != ActivityAdmin || a.TargetID != "4" || string(a.After) != `{"status":"approved"}` || !a.CreatedAt.Equal(e.CreatedAt) {
		t.Errorf("activity %+v", a)
	}
}

// TestFrontEndAuditActions fails when web/src/api/audit.ts's auditActions
// disagree with AuditActions (every constant is listed once there too).
func TestFrontEndAuditActions(t *testing.T) {
	const path = "web/src/api/audit.ts"
	src := readTS(t, path)
	var ts []string
	for _, m := range tsString.FindAllStringSubmatch(tsArray(t, src, path, "auditActions"), -1) {
		ts = append(ts, m[1]+m[2])
	}
	var goList []string
	for _, a := range AuditActions {
		goList = append(goList, string(a))
	}
	if diff := compareLists(path+" auditActions", "marquee.AuditActions", goList, ts); diff != "" {
		t.Error(diff)
	}
}

// TestAuditActionsComplete fails when a constant of type AuditAction in
// audit.go is missing from AuditActions (or listed twice).
func TestAuditActionsComplete(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "audit.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []AuditAction
	ast.Inspect(f, func(n ast.Node) bool {
		v, ok := n.(*ast.ValueSpec)
		if !ok || v.Type == nil || len(v.Values) != 1 {
			return true
		}
		if id, ok := v.Type.(*ast.Ident); ok && id.Name == "AuditAction" {
			if lit, ok := v.Values[0].(*ast.BasicLit); ok {
				s, _ := strconv.Unquote(lit.Value)
				declared = append(declared, AuditAction(s))
			}
		}
		return true
	})
	if len(declared) < 30 {
		t.Fatalf("only %d AuditAction constants found in audit.go", len(declared))
	}
	for _, a := range declared {
		if !slices.Contains(AuditActions, a) {
			t.Errorf("AuditActions lacks %s", a)
		}
	}
	if len(AuditActions) != len(declared) {
		t.Errorf("AuditActions has %d actions, audit.go declares %d", len(AuditActions), len(declared))
	}
}
