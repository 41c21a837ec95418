package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/store/storetest"
)

// auditWatch reads the audit log's new entries since the last look.
type auditWatch struct {
	t     *testing.T
	db    *storetest.DB
	admin context.Context
	last  int64
	seen  map[int64]int64 // entries per festival seen by one
}

// since returns the entries written since the last call, oldest first.
func (w *auditWatch) since() []*marquee.AuditEntry {
	w.t.Helper()
	var out []*marquee.AuditEntry
	for page := 1; ; page++ {
		p, err := w.db.Audit.List(w.admin, marquee.AuditFilter{PageRequest: marquee.PageRequest{Page: page}})
		if err != nil {
			w.t.Fatal(err)
		}
		done := len(p.Items) == 0
		for _, e := range p.Items {
			if e.ID <= w.last {
				done = true
				break
			}
			out = append([]*marquee.AuditEntry{e}, out...)
		}
		if done {
			break
		}
	}
	if len(out) > 0 {
		w.last = out[len(out)-1].ID
	}
	return out
}

// one fails unless exactly one entry was written since the last look,
// with action and festival festivalID, and no address in it; it returns
// the entry.
func (w *auditWatch) one(what string, action marquee.AuditAction, festivalID int64) *marquee.AuditEntry {
	w.t.Helper()
	got := w.since()
	if len(got) != 1 {
		var actions []string
		for _, e := range got {
			actions = append(actions, string(e.Action))
		}
		w.t.Fatalf("%s: %d audit entries %v, want one %s", what, len(got), actions, action)
	}
	e := got[0]
	if e.Action != action || e.FestivalID == nil || *e.FestivalID != festivalID {
		w.t.Fatalf("%s: entry %s of festival %v, want %s of %d", what, e.Action, e.FestivalID, action, festivalID)
	}
	// Accounts are named by id: no address in the target or the facts.
	if strings.Contains(e.TargetID+string(e.Before)+string(e.After), "@") {
		w.t.Fatalf("%s: an address in the entry: %s %s %s", what, e.TargetID, e.Before, e.After)
	}
	w.seen[festivalID]++
	return e
}

// none fails unless nothing was written since the last look.
func (w *auditWatch) none(what string) {
	w.t.Helper()
	if got := w.since(); len(got) != 0 {
		w.t.Fatalf("%s: %d audit entries (first %s), want none", what, len(got), got[0].Action)
	}
}

// Every change to a festival's management writes exactly one audit entry
// with the festival's id, in the change's transaction: a change that
// fails, or that changes nothing, writes none. The organiser and admins
// read the festival's entries; a second organiser and a judge do not.
func TestAuditFestivalActions(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		fx := newJudgingFixture(t, db)
		ctx := context.Background()
		org, slug, fid := as(fx.org), fx.fest.Slug, fx.fest.ID
		filmmaker := fx.user("maker@example.com", "Mara Maker")
		judgeUser := fx.user("judy@example.com", "Judy Judge")
		s1 := fx.submission(filmmaker, "First Light", fx.catA)
		s2 := fx.submission(filmmaker, "Second Wind", fx.catB)
		admin := adminCtx(t, db)
		w := &auditWatch{t: t, db: db, admin: admin, seen: map[int64]int64{}}
		w.since()

		// Settings: refunds and blind review; the same again is no change.
		if _, err := db.Submissions.UpdateSettings(org, slug, marquee.SettingsChange{BlindReview: new(true)}); err != nil {
			t.Fatal(err)
		}
		e := w.one("settings", marquee.AuditFestivalSettings, fid)
		if string(e.Before) != `{"blindReview":false}` || string(e.After) != `{"blindReview":true}` || e.ActorID == nil || *e.ActorID != fx.org.ID {
			t.Fatalf("settings entry %+v", e)
		}
		if _, err := db.Submissions.UpdateSettings(org, slug, marquee.SettingsChange{BlindReview: new(true)}); err != nil {
			t.Fatal(err)
		}
		w.none("the same settings again")

		// Locking and unlocking judging.
		if _, err := fx.svc.Judging.SetLocked(org, slug, true); err != nil {
			t.Fatal(err)
		}
		w.one("lock", marquee.AuditJudgingLock, fid)
		if _, err := fx.svc.Judging.SetLocked(org, slug, true); err != nil {
			t.Fatal(err)
		}
		w.none("locking a locked festival")
		if _, err := fx.svc.Judging.SetLocked(org, slug, false); err != nil {
			t.Fatal(err)
		}
		w.one("unlock", marquee.AuditJudgingUnlock, fid)

		// Decisions and awards: one entry per submission that changed.
		if _, err := db.Submissions.Decide(org, slug, []int64{s1}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		e = w.one("decision", marquee.AuditSubmissionDecide, fid)
		if e.TargetType != "submission" || e.TargetID != auditID(s1) || string(e.After) != `{"status":"selected"}` {
			t.Fatalf("decision entry %+v %s", e, e.After)
		}
		if _, err := db.Submissions.Decide(org, slug, []int64{s1}, marquee.Decision{Status: marquee.SubmissionSelected}); err != nil {
			t.Fatal(err)
		}
		w.none("the same decision again")
		if _, err := db.Submissions.Decide(org, slug, []int64{s1}, marquee.Decision{Status: marquee.SubmissionAwardWinner, AwardName: "Best Short"}); err != nil {
			t.Fatal(err)
		}
		e = w.one("award", marquee.AuditSubmissionDecide, fid)
		if !strings.Contains(string(e.After), `"awardName":"Best Short"`) || !strings.Contains(string(e.After), `"status":"award_winner"`) {
			t.Fatalf("award entry %s", e.After)
		}
		if _, err := db.Submissions.Decide(org, slug, []int64{s1, 999999}, marquee.Decision{Status: marquee.SubmissionFinalist}); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("decide an unknown submission: %v", err)
		}
		w.none("a failed decision")

		// Flags.
		if _, err := db.Submissions.SetFlag(org, slug, s2, marquee.FlagStrongContender); err != nil {
			t.Fatal(err)
		}
		w.one("flag", marquee.AuditSubmissionFlag, fid)
		if _, err := db.Submissions.SetFlag(org, slug, s2, marquee.FlagStrongContender); err != nil {
			t.Fatal(err)
		}
		w.none("the same flag again")

		// Waiver codes: created, refused twice, deleted.
		wv, err := db.Submissions.CreateWaiver(org, slug, marquee.NewWaiver{Code: "PRESS", Percent: 50, UsageLimit: 10, ExpiresOn: "2026-12-31"})
		if err != nil {
			t.Fatal(err)
		}
		w.one("waiver", marquee.AuditWaiverCreate, fid)
		if _, err := db.Submissions.CreateWaiver(org, slug, marquee.NewWaiver{Code: "PRESS", Percent: 20, UsageLimit: 1, ExpiresOn: "2026-12-31"}); marquee.ErrorCode(err) != marquee.EConflict {
			t.Fatalf("a second PRESS: %v", err)
		}
		w.none("a refused waiver")
		if err := db.Submissions.DeleteWaiver(org, slug, wv.ID); err != nil {
			t.Fatal(err)
		}
		w.one("waiver deleted", marquee.AuditWaiverDelete, fid)

		// Judges: invited (named by id, never the address), assigned,
		// unassigned, declaring a conflict, removed.
		jid := fx.judge(judgeUser)
		e = w.one("invitation", marquee.AuditJudgeInvite, fid)
		if e.TargetType != "judge" || e.TargetID != auditID(jid) {
			t.Fatalf("invitation entry %+v", e)
		}
		fx.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpecific, JudgeIDs: []int64{jid}, SubmissionIDs: []int64{s1, s2}})
		w.one("assignment", marquee.AuditJudgeAssign, fid)
		fx.assign(marquee.AssignmentRequest{Mode: marquee.AssignSpecific, JudgeIDs: []int64{jid}, SubmissionIDs: []int64{s1, s2}})
		w.none("the same assignment again")
		if err := fx.svc.Judging.Unassign(org, slug, jid, s2); err != nil {
			t.Fatal(err)
		}
		w.one("unassignment", marquee.AuditJudgeUnassign, fid)
		fx.assign(marquee.AssignmentRequest{Mode: marquee.AssignCategory, JudgeIDs: []int64{jid}, CategoryIDs: []int64{fx.catA}})
		w.one("a judge's scope", marquee.AuditJudgeAssign, fid)
		fx.assign(marquee.AssignmentRequest{Mode: marquee.AssignCategory, JudgeIDs: []int64{jid}, CategoryIDs: []int64{fx.catA}})
		w.none("the same scope again")
		if _, err := fx.svc.Judging.DeclareConflict(as(judgeUser), slug, s1, "I know the director, Mara Maker"); err != nil {
			t.Fatal(err)
		}
		e = w.one("conflict", marquee.AuditJudgeConflict, fid)
		if e.ActorID == nil || *e.ActorID != judgeUser.ID || strings.Contains(string(e.After), "Mara") {
			t.Fatalf("conflict entry %+v %s", e, e.After)
		}
		if _, err := fx.svc.Judging.DeclareConflict(as(judgeUser), slug, s1, "again"); err != nil {
			t.Fatal(err)
		}
		w.none("a conflict declared again")

		// Screenings, the time zone, door staff.
		in := marquee.ScreeningInput{Title: "Shorts I", Venue: "Hall 1", StartsAt: "2026-06-15T19:00", EndsAt: "2026-06-15T21:00",
			Capacity: 80, PriceCents: 900, SalesStartAt: "2026-05-01T09:00", SalesEndAt: "2026-06-15T18:00"}
		sc, err := db.Tickets.CreateScreening(org, slug, in)
		if err != nil {
			t.Fatal(err)
		}
		w.one("screening", marquee.AuditScreeningCreate, fid)
		in.Capacity = 90
		if _, err := db.Tickets.UpdateScreening(org, slug, sc.ID, in); err != nil {
			t.Fatal(err)
		}
		e = w.one("screening edited", marquee.AuditScreeningUpdate, fid)
		if string(e.Before) != `{"capacity":80}` || string(e.After) != `{"capacity":90}` {
			t.Fatalf("screening entry %s → %s", e.Before, e.After)
		}
		if _, err := db.Tickets.UpdateScreening(org, slug, sc.ID, in); err != nil {
			t.Fatal(err)
		}
		w.none("the same screening again")
		if _, err := db.Tickets.CancelScreening(org, slug, sc.ID); err != nil {
			t.Fatal(err)
		}
		w.one("screening cancelled", marquee.AuditScreeningCancel, fid)
		if _, err := db.Tickets.SetTimeZone(org, slug, "Asia/Tokyo"); err != nil {
			t.Fatal(err)
		}
		w.one("time zone", marquee.AuditFestivalTimeZone, fid)
		if _, err := db.Tickets.AddDoorStaff(org, slug, filmmaker.Email); err != nil {
			t.Fatal(err)
		}
		e = w.one("door staff", marquee.AuditDoorStaffAdd, fid)
		if e.TargetType != "user" || e.TargetID != auditID(filmmaker.ID) {
			t.Fatalf("door staff entry %+v", e)
		}
		if _, err := db.Tickets.AddDoorStaff(org, slug, filmmaker.Email); err != nil {
			t.Fatal(err)
		}
		w.none("door staff named again")
		if err := db.Tickets.RemoveDoorStaff(org, slug, filmmaker.ID); err != nil {
			t.Fatal(err)
		}
		w.one("door staff removed", marquee.AuditDoorStaffRemove, fid)

		if err := fx.svc.Judging.RemoveJudge(org, slug, jid); err != nil {
			t.Fatal(err)
		}
		w.one("judge removed", marquee.AuditJudgeRemove, fid)
		if err := fx.svc.Judging.RemoveJudge(org, slug, jid); marquee.ErrorCode(err) != marquee.ENotFound {
			t.Fatalf("remove again: %v", err)
		}
		w.none("a failed removal")

		// The admin's approval, then a promotion: short of credits writes
		// nothing; paid, one entry.
		approve(t, db, fid)
		w.one("approval", marquee.AuditFestivalApprove, fid)
		if _, err := db.Promotions.Start(org, slug, marquee.NewPromotion{Days: 7, Key: "audit-1"}); marquee.ErrorCode(err) != marquee.EInsufficientCredits {
			t.Fatalf("promotion without credits: %v", err)
		}
		w.none("a promotion short of credits")
		grant(t, db.DB, fx.org.ID, 100)
		if _, err := db.Promotions.Start(org, slug, marquee.NewPromotion{Days: 7, Key: "audit-2"}); err != nil {
			t.Fatal(err)
		}
		w.one("promotion", marquee.AuditPromotionStart, fid)

		// Another organiser's festival and its entry.
		other := newOrganiser(t, db, "other-org@example.com")
		otherFest := mustCreate(t, db, other, festivalDetails("Other Days"))
		if _, err := db.Submissions.UpdateSettings(as(other), otherFest.Slug, marquee.SettingsChange{RefundOnWithdraw: new(true)}); err != nil {
			t.Fatal(err)
		}
		w.one("the other festival's settings", marquee.AuditFestivalSettings, otherFest.ID)

		// The organiser's trail: every entry of their festival, newest
		// first, actors by their part only.
		want := w.seen[fid]
		act, err := db.Audit.FestivalActivity(org, slug, marquee.PageRequest{Page: 1})
		if err != nil {
			t.Fatal(err)
		}
		if act.Total != want || int64(len(act.Items)) != want || act.PerPage != marquee.FestivalActivityPerPage {
			t.Fatalf("activity: total %d, %d items", act.Total, len(act.Items))
		}
		if a := act.Items[0]; a.Action != marquee.AuditPromotionStart || a.Actor != marquee.ActivityOrganiser {
			t.Fatalf("newest %+v", a)
		}
		actors := map[marquee.AuditAction]marquee.ActivityActor{}
		for _, a := range act.Items {
			actors[a.Action] = a.Actor
		}
		if actors[marquee.AuditJudgeConflict] != marquee.ActivityJudge || actors[marquee.AuditFestivalApprove] != marquee.ActivityAdmin ||
			actors[marquee.AuditWaiverCreate] != marquee.ActivityOrganiser {
			t.Fatalf("actors %v", actors)
		}
		if p, err := db.Audit.FestivalActivity(admin, slug, marquee.PageRequest{Page: 1}); err != nil || p.Total != want {
			t.Fatalf("an admin reads the trail: %+v %v", p, err)
		}
		// The admins' log filtered by festival: this festival's entries only.
		if p, err := db.Audit.List(admin, marquee.AuditFilter{Festival: slug}); err != nil || p.Total != want || p.Items[0].FestivalSlug != slug {
			t.Fatalf("admin filter: %+v %v", p, err)
		}
		if p, err := db.Audit.List(admin, marquee.AuditFilter{Festival: otherFest.Slug}); err != nil || p.Total != 1 {
			t.Fatalf("admin filter, other festival: %+v %v", p, err)
		}
		if p, err := db.Audit.List(admin, marquee.AuditFilter{Festival: "no-such-festival"}); err != nil || p.Total != 0 {
			t.Fatalf("admin filter, no festival: %+v %v", p, err)
		}
		// Nobody else reads it: as for a festival they may not see.
		for name, c := range map[string]context.Context{"another organiser": as(other), "a judge": as(judgeUser), "a filmmaker": as(filmmaker)} {
			if _, err := db.Audit.FestivalActivity(c, slug, marquee.PageRequest{Page: 1}); marquee.ErrorCode(err) != marquee.ENotFound {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if _, err := db.Audit.FestivalActivity(ctx, slug, marquee.PageRequest{Page: 1}); marquee.ErrorCode(err) != marquee.EUnauthorized {
			t.Fatalf("a visitor: %v", err)
		}
		// The festival id is part of the append-only row.
		if err := db.ExecForTest(admin, `UPDATE audit_log SET festival_id = NULL WHERE festival_id = ?`, fid); err == nil {
			t.Fatal("an entry's festival was changed")
		}
	})
}

// The migration that adds audit_log.festival_id fills it for the entries
// written before it: the admins' reviews, screenings and campaigns.
func TestAuditFestivalBackfill(t *testing.T) {
	storetest.ForEach(t, func(t *testing.T, db *storetest.DB) {
		ctx := context.Background()
		setNow(db, ticketNow)
		org := newOrganiser(t, db, "org@example.com")
		fest := approve(t, db, mustCreate(t, db, org, festivalDetails("Backfilled Days")).ID)
		sc, err := db.Tickets.CreateScreening(as(org), fest.Slug, marquee.ScreeningInput{Title: "Opening", Venue: "Hall",
			StartsAt: "2026-03-15T19:00", EndsAt: "2026-03-15T21:00", Capacity: 10, SalesStartAt: "2026-03-01T09:00", SalesEndAt: "2026-03-15T18:00"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Tickets.CancelScreening(as(org), fest.Slug, sc.ID); err != nil {
			t.Fatal(err)
		}
		grant(t, db.DB, org.ID, 100)
		if _, err := db.Promotions.Start(as(org), fest.Slug, marquee.NewPromotion{Days: 7, Key: "k"}); err != nil {
			t.Fatal(err)
		}
		admin := adminCtx(t, db)
		if _, err := db.Users.EndSessions(admin, org.ID); err != nil {
			t.Fatal(err)
		}
		if err := db.MigrateDownToForTest(ctx, 17); err != nil {
			t.Fatal(err)
		}
		if err := db.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		p, err := db.Audit.List(admin, marquee.AuditFilter{Festival: fest.Slug})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range p.Items {
			got = append(got, string(e.Action))
		}
		if strings.Join(got, " ") != "promotion.start screening.cancel screening.create festival.approve" {
			t.Fatalf("the festival's entries after the migration: %v", got)
		}
		if n := count(t, db.DB, `SELECT COUNT(*) FROM audit_log WHERE festival_id IS NULL`); n != 1 {
			t.Fatalf("%d entries of no festival, want 1 (the sessions ended)", n)
		}
	})
}
