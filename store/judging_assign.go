package store

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// jury is a festival's judges, assignments and submissions, read in the
// assigning transaction.
type jury struct {
	judges     map[int64]*juror
	subs       []juryEntry // not withdrawn, oldest first
	subByID    map[int64]juryEntry
	categories map[int64]bool // the festival's
}

type juror struct {
	userID     int64
	scope      string
	categories map[int64]bool
	assigned   map[int64]bool // specific assignments
	conflicts  map[int64]bool
	scored     map[int64]bool // the submissions they scored
}

type juryEntry struct{ id, categoryID, filmmakerID int64 }

// covers reports whether judge j's scope or a specific assignment gives
// them submission e (whether or not they accepted yet).
func (j *juror) covers(e juryEntry) bool {
	return j.scopeCovers(e) || j.assigned[e.id]
}

// scopeCovers reports whether judge j's scope (all, or their categories)
// gives them submission e.
func (j *juror) scopeCovers(e juryEntry) bool {
	return j.scope == marquee.JudgeScopeAll || (j.scope == marquee.JudgeScopeCategory && j.categories[e.categoryID])
}

// excluded reports whether judge j must never get submission e: their own
// film, or a declared conflict.
func (j *juror) excluded(e juryEntry) bool {
	return marquee.OwnFilm(j.userID, e.filmmakerID) || j.conflicts[e.id]
}

// load counts the submissions judge j has (the spread's balance).
func (jy *jury) load(j *juror) int {
	n := 0
	for _, e := range jy.subs {
		if j.covers(e) && !j.excluded(e) {
			n++
		}
	}
	return n
}

func loadJury(ctx context.Context, c conn, festivalID int64) (*jury, error) {
	jy := &jury{judges: map[int64]*juror{}, subByID: map[int64]juryEntry{}, categories: map[int64]bool{}}
	rows, err := c.query(ctx, `SELECT id, COALESCE(user_id, 0), scope FROM judges WHERE festival_id = ?`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: jury of festival %d: %w", festivalID, err)
	}
	for rows.Next() {
		var id int64
		j := &juror{categories: map[int64]bool{}, assigned: map[int64]bool{}, conflicts: map[int64]bool{}, scored: map[int64]bool{}}
		if err := rows.Scan(&id, &j.userID, &j.scope); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: jury of festival %d: %w", festivalID, err)
		}
		jy.judges[id] = j
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: jury of festival %d: %w", festivalID, err)
	}
	pairs := []struct {
		q   string
		set func(j *juror) map[int64]bool
	}{
		{`SELECT x.judge_id, x.category_id FROM judge_categories x JOIN judges j ON j.id = x.judge_id WHERE j.festival_id = ?`, func(j *juror) map[int64]bool { return j.categories }},
		{`SELECT x.judge_id, x.submission_id FROM judge_assignments x JOIN judges j ON j.id = x.judge_id WHERE j.festival_id = ?`, func(j *juror) map[int64]bool { return j.assigned }},
		{`SELECT x.judge_id, x.submission_id FROM judge_conflicts x JOIN judges j ON j.id = x.judge_id WHERE j.festival_id = ?`, func(j *juror) map[int64]bool { return j.conflicts }},
		{`SELECT x.judge_id, x.submission_id FROM judge_scores x JOIN judges j ON j.id = x.judge_id WHERE j.festival_id = ?`, func(j *juror) map[int64]bool { return j.scored }},
	}
	for _, p := range pairs {
		rows, err := c.query(ctx, p.q, festivalID)
		if err != nil {
			return nil, fmt.Errorf("store: jury of festival %d: %w", festivalID, err)
		}
		for rows.Next() {
			var jid, v int64
			if err := rows.Scan(&jid, &v); err != nil {
				rows.Close()
				return nil, fmt.Errorf("store: jury of festival %d: %w", festivalID, err)
			}
			if j := jy.judges[jid]; j != nil {
				p.set(j)[v] = true
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("store: jury of festival %d: %w", festivalID, err)
		}
	}
	rows, err = c.query(ctx, `SELECT id, category_id, filmmaker_id FROM submissions WHERE festival_id = ? AND status <> 'withdrawn'
		ORDER BY created_at, id`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: submissions of festival %d: %w", festivalID, err)
	}
	for rows.Next() {
		var e juryEntry
		if err := rows.Scan(&e.id, &e.categoryID, &e.filmmakerID); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: submissions of festival %d: %w", festivalID, err)
		}
		jy.subs = append(jy.subs, e)
		jy.subByID[e.id] = e
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: submissions of festival %d: %w", festivalID, err)
	}
	cats, err := int64s(ctx, c, `SELECT id FROM festival_categories WHERE festival_id = ?`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: categories of festival %d: %w", festivalID, err)
	}
	for _, id := range cats {
		jy.categories[id] = true
	}
	return jy, nil
}

// coverage returns, per judge, the submissions they have.
func (jy *jury) coverage(ids []int64) map[int64]map[int64]bool {
	out := map[int64]map[int64]bool{}
	for _, id := range ids {
		j := jy.judges[id]
		set := map[int64]bool{}
		for _, e := range jy.subs {
			if j.covers(e) && !j.excluded(e) {
				set[e.id] = true
			}
		}
		out[id] = set
	}
	return out
}

// Assign assigns judges (invited or active) of a managed festival and
// returns how many (judge, submission) pairs were added. Modes all and
// category set the judges' scope (category replaces their categories);
// specific and spread add specific assignments, never a judge's own film
// nor a submission they declared a conflict on (those pairs are skipped).
// Spread shares the submissions (the festival's undecided and decided
// ones, not withdrawn, when none is named) among the chosen judges:
// each gets PerSubmission of them (one by default), the least loaded
// first, as marquee.SpreadEvenly plans; the plan replaces what the chosen
// judges held of those submissions (assignments beyond it are removed,
// but never a submission the judge scored), and a chosen judge whose
// scope (all, or categories) gave them any of those submissions is given
// the others it gave them as specific assignments instead. Running it
// twice changes nothing.
func (s *JudgingService) Assign(ctx context.Context, slug string, req marquee.AssignmentRequest) (int, error) {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return 0, err
	}
	if err := req.Validate(); err != nil {
		return 0, err
	}
	added := 0
	err = s.inTx(ctx, func(c conn) error {
		jy, err := loadJury(ctx, c, f.ID)
		if err != nil {
			return err
		}
		for _, id := range req.JudgeIDs {
			if jy.judges[id] == nil {
				return errJudgeNotFound()
			}
		}
		before := jy.coverage(req.JudgeIDs)
		var pairs []marquee.JudgePair
		removed := 0    // specific assignments a spread removed
		scoped := false // a judge's scope or categories changed
		switch req.Mode {
		case marquee.AssignAll, marquee.AssignCategory:
			for _, cid := range req.CategoryIDs {
				if req.Mode == marquee.AssignCategory && !jy.categories[cid] {
					return marquee.Errorf(marquee.ENotFound, "Category not found")
				}
			}
			for _, id := range req.JudgeIDs {
				scoped = scoped || jy.judges[id].scopeChanges(req)
			}
			if err := setScope(ctx, c, req); err != nil {
				return err
			}
			for _, id := range req.JudgeIDs {
				j := jy.judges[id]
				j.scope, j.categories = req.Mode, map[int64]bool{}
				if req.Mode == marquee.AssignCategory {
					for _, cid := range req.CategoryIDs {
						j.categories[cid] = true
					}
				}
			}
		case marquee.AssignSpecific:
			for _, sid := range req.SubmissionIDs {
				e, ok := jy.subByID[sid]
				if !ok {
					return errSubmissionNotFound()
				}
				for _, jid := range req.JudgeIDs {
					if j := jy.judges[jid]; !j.excluded(e) && !j.assigned[sid] {
						pairs = append(pairs, marquee.JudgePair{JudgeID: jid, SubmissionID: sid})
					}
				}
			}
		case marquee.AssignSpread:
			entries := jy.subs
			if len(req.SubmissionIDs) > 0 {
				entries = make([]juryEntry, 0, len(req.SubmissionIDs))
				for _, sid := range req.SubmissionIDs {
					e, ok := jy.subByID[sid]
					if !ok {
						return errSubmissionNotFound()
					}
					entries = append(entries, e)
				}
			}
			spread := jy.spread(req, entries)
			if len(spread.unscoped) > 0 {
				scoped = true
				if err := setScope(ctx, c, marquee.AssignmentRequest{Mode: marquee.JudgeScopeSpecific, JudgeIDs: spread.unscoped}); err != nil {
					return err
				}
				for _, id := range spread.unscoped {
					jy.judges[id].scope, jy.judges[id].categories = marquee.JudgeScopeSpecific, map[int64]bool{}
				}
			}
			if err := deleteAssignments(ctx, c, spread.remove); err != nil {
				return err
			}
			for _, p := range spread.remove {
				delete(jy.judges[p.JudgeID].assigned, p.SubmissionID)
			}
			removed = len(spread.remove)
			pairs = spread.add
		}
		if err := insertAssignments(ctx, c, pairs, s.now()); err != nil {
			return err
		}
		for _, p := range pairs {
			jy.judges[p.JudgeID].assigned[p.SubmissionID] = true
		}
		after := jy.coverage(req.JudgeIDs)
		for id, set := range after {
			for sid := range set {
				if !before[id][sid] {
					added++
				}
			}
		}
		if !scoped && len(pairs) == 0 && added == 0 && removed == 0 {
			return nil // nothing changed: no entry
		}
		return recordAudit(ctx, c, s.now(), assignmentAudit(f.ID, req, len(pairs), added, removed))
	})
	return added, err
}

// spreadChange is what a spread writes: the judges whose scope becomes
// specific, the specific assignments to add and those to remove.
type spreadChange struct {
	unscoped    []int64
	add, remove []marquee.JudgePair
}

// spread plans req (mode spread) over entries (see Assign).
func (jy *jury) spread(req marquee.AssignmentRequest, entries []juryEntry) spreadChange {
	var ch spreadChange
	in := make(map[int64]bool, len(entries))
	ids := make([]int64, len(entries))
	for i, e := range entries {
		in[e.id], ids[i] = true, e.id
	}
	loads := map[int64]int{}
	for _, id := range req.JudgeIDs {
		j := jy.judges[id]
		unscope := false
		for _, e := range entries {
			if j.scopeCovers(e) {
				unscope = true
				break
			}
		}
		if unscope {
			ch.unscoped = append(ch.unscoped, id)
		}
		for _, e := range jy.subs {
			if in[e.id] || !j.covers(e) || j.excluded(e) {
				continue
			}
			loads[id]++
			if unscope && !j.assigned[e.id] { // what the scope gave outside the spread stays
				ch.add = append(ch.add, marquee.JudgePair{JudgeID: id, SubmissionID: e.id})
			}
		}
	}
	plan := marquee.SpreadEvenly(ids, req.JudgeIDs, req.PerSubmission, loads, func(jid, sid int64) marquee.SpreadHold {
		j, e := jy.judges[jid], jy.subByID[sid]
		switch {
		case j.excluded(e):
			return marquee.HoldExcluded
		case j.covers(e) && j.scored[sid]:
			return marquee.HoldScored
		case j.covers(e):
			return marquee.HoldAssigned
		}
		return marquee.HoldNone
	})
	planned := make(map[marquee.JudgePair]bool, len(plan))
	for _, p := range plan {
		planned[p] = true
		if !jy.judges[p.JudgeID].assigned[p.SubmissionID] {
			ch.add = append(ch.add, p)
		}
	}
	for _, id := range req.JudgeIDs {
		j := jy.judges[id]
		for _, e := range entries {
			if p := (marquee.JudgePair{JudgeID: id, SubmissionID: e.id}); j.assigned[e.id] && !planned[p] {
				ch.remove = append(ch.remove, p)
			}
		}
	}
	return ch
}

// deleteAssignments removes specific assignments, a judge's at a time.
func deleteAssignments(ctx context.Context, c conn, pairs []marquee.JudgePair) error {
	byJudge := map[int64][]int64{}
	var judges []int64
	for _, p := range pairs {
		if byJudge[p.JudgeID] == nil {
			judges = append(judges, p.JudgeID)
		}
		byJudge[p.JudgeID] = append(byJudge[p.JudgeID], p.SubmissionID)
	}
	for _, jid := range judges {
		subs := byJudge[jid]
		for start := 0; start < len(subs); start += assignmentBatch {
			in, args := placeholders(subs[start:min(start+assignmentBatch, len(subs))])
			if _, err := c.exec(ctx, `DELETE FROM judge_assignments WHERE judge_id = ? AND submission_id IN (`+in+`)`, append([]any{jid}, args...)...); err != nil {
				return fmt.Errorf("store: remove assignments of judge %d: %w", jid, err)
			}
		}
	}
	return nil
}

// scopeChanges reports whether req (mode all or category) changes judge
// j's scope or categories.
func (j *juror) scopeChanges(req marquee.AssignmentRequest) bool {
	if j.scope != req.Mode {
		return true
	}
	if req.Mode != marquee.AssignCategory {
		return false
	}
	want := map[int64]bool{}
	for _, cid := range req.CategoryIDs {
		want[cid] = true
	}
	if len(want) != len(j.categories) {
		return true
	}
	for cid := range want {
		if !j.categories[cid] {
			return true
		}
	}
	return false
}

// assignmentAudit is the entry of an assignment of festival festivalID:
// the request, the specific assignments written, the (judge, submission)
// pairs it added and the specific assignments a spread removed.
func assignmentAudit(festivalID int64, req marquee.AssignmentRequest, written, added, removed int) marquee.AuditEntry {
	after := map[string]any{"mode": req.Mode, "judgeIds": req.JudgeIDs, "added": added}
	switch req.Mode {
	case marquee.AssignCategory:
		after["categoryIds"] = req.CategoryIDs
	case marquee.AssignSpecific, marquee.AssignSpread:
		after["submissionIds"], after["assignments"] = req.SubmissionIDs, written
		if req.Mode == marquee.AssignSpread {
			after["perSubmission"], after["removed"] = req.PerSubmission, removed
		}
	}
	e := festivalAudit(festivalID, marquee.AuditJudgeAssign, "festival", auditTargetID(festivalID))
	e.After = auditJSON(after)
	return e
}

// setScope gives the judges of req the scope of its mode (all, or
// category with its categories).
func setScope(ctx context.Context, c conn, req marquee.AssignmentRequest) error {
	in, args := placeholders(req.JudgeIDs)
	if _, err := c.exec(ctx, `UPDATE judges SET scope = ? WHERE id IN (`+in+`)`, append([]any{req.Mode}, args...)...); err != nil {
		return fmt.Errorf("store: set judges' scope: %w", err)
	}
	if _, err := c.exec(ctx, `DELETE FROM judge_categories WHERE judge_id IN (`+in+`)`, args...); err != nil {
		return fmt.Errorf("store: clear judges' categories: %w", err)
	}
	if req.Mode != marquee.AssignCategory {
		return nil
	}
	for _, jid := range req.JudgeIDs {
		for _, cid := range req.CategoryIDs {
			if _, err := c.exec(ctx, `INSERT INTO judge_categories (judge_id, category_id) VALUES (?, ?)`, jid, cid); err != nil {
				return fmt.Errorf("store: assign category %d to judge %d: %w", cid, jid, err)
			}
		}
	}
	return nil
}

// assignmentBatch is how many pairs one INSERT writes.
const assignmentBatch = 300

// insertAssignments writes specific assignments, skipping those that exist.
func insertAssignments(ctx context.Context, c conn, pairs []marquee.JudgePair, now time.Time) error {
	for start := 0; start < len(pairs); start += assignmentBatch {
		batch := pairs[start:min(start+assignmentBatch, len(pairs))]
		var q strings.Builder
		q.WriteString(`INSERT INTO judge_assignments (judge_id, submission_id, created_at) VALUES `)
		args := make([]any, 0, 3*len(batch))
		for i, p := range batch {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?)")
			args = append(args, p.JudgeID, p.SubmissionID, now)
		}
		q.WriteString(` ON CONFLICT (judge_id, submission_id) DO NOTHING`)
		if _, err := c.exec(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("store: insert assignments: %w", err)
		}
	}
	return nil
}

// placeholders returns "?, ?, ..." for ids and the ids as arguments.
func placeholders(ids []int64) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", "), args
}

// Unassign removes a specific assignment of a managed festival's judge.
// The judge's score of the submission, if any, stays (the organiser may
// still read it; the summaries keep counting it).
func (s *JudgingService) Unassign(ctx context.Context, slug string, judgeID, submissionID int64) error {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		res, err := c.exec(ctx, `DELETE FROM judge_assignments WHERE judge_id = ? AND submission_id = ?
			AND judge_id IN (SELECT id FROM judges WHERE festival_id = ?)`, judgeID, submissionID, f.ID)
		if err != nil {
			return fmt.Errorf("store: unassign judge %d from submission %d: %w", judgeID, submissionID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.Errorf(marquee.ENotFound, "Assignment not found")
		}
		e := festivalAudit(f.ID, marquee.AuditJudgeUnassign, "judge", auditTargetID(judgeID))
		e.Before = auditJSON(map[string]any{"submissionId": submissionID})
		return recordAudit(ctx, c, s.now(), e)
	})
}

// Conflicts lists the conflicts declared in a managed festival, newest first.
func (s *JudgingService) Conflicts(ctx context.Context, slug string) ([]*marquee.Conflict, error) {
	f, err := managedFestival(ctx, s.reader(), slug)
	if err != nil {
		return nil, err
	}
	return loadConflicts(ctx, s.reader(), f.ID, 0, 0)
}

// loadConflicts returns festival festivalID's conflicts (of one judge and
// one submission when those are not 0).
func loadConflicts(ctx context.Context, c conn, festivalID, judgeID, submissionID int64) ([]*marquee.Conflict, error) {
	q, args := `SELECT jc.judge_id, COALESCE(NULLIF(u.name, ''), j.email), jc.submission_id, jc.reason, jc.created_at
		FROM judge_conflicts jc JOIN judges j ON j.id = jc.judge_id LEFT JOIN users u ON u.id = j.user_id
		WHERE j.festival_id = ?`, []any{festivalID}
	if judgeID != 0 {
		q, args = q+` AND jc.judge_id = ? AND jc.submission_id = ?`, append(args, judgeID, submissionID)
	}
	rows, err := c.query(ctx, q+` ORDER BY jc.created_at DESC, jc.judge_id, jc.submission_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("store: conflicts of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := []*marquee.Conflict{}
	for rows.Next() {
		var cf marquee.Conflict
		if err := rows.Scan(&cf.JudgeID, &cf.JudgeName, &cf.SubmissionID, &cf.Reason, &cf.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: conflicts of festival %d: %w", festivalID, err)
		}
		cf.CreatedAt = cf.CreatedAt.UTC()
		out = append(out, &cf)
	}
	return out, rows.Err()
}
