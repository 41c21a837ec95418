package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// AuditService reads the audit log (admins), and a festival's entries
// (FestivalActivity: its organiser and admins). Entries are written by
// recordAudit, inside the transaction of each change.
type AuditService struct{ service }

// auditJSON encodes a target's state for an audit entry; nil stays nil
// (SQL NULL, JSON null).
func auditJSON(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		// Only values the callers build are audited; a value that cannot
		// be encoded is a programming error, recorded rather than lost.
		b, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	return b
}

// auditChanges returns the facts of before and after that differ, each
// side as JSON, and whether any does: a change that changes nothing
// writes no entry. Values are compared as JSON.
func auditChanges(before, after map[string]any) (json.RawMessage, json.RawMessage, bool) {
	b, a := map[string]any{}, map[string]any{}
	for k, v := range before {
		if string(auditJSON(v)) != string(auditJSON(after[k])) {
			b[k] = v
		}
	}
	for k, v := range after {
		if _, seen := before[k]; !seen || string(auditJSON(v)) != string(auditJSON(before[k])) {
			a[k] = v
		}
	}
	if len(a) == 0 && len(b) == 0 {
		return nil, nil, false
	}
	return auditJSON(b), auditJSON(a), true
}

// festivalAudit is an audit entry of festival festivalID.
func festivalAudit(festivalID int64, action marquee.AuditAction, targetType, targetID string) marquee.AuditEntry {
	return marquee.AuditEntry{FestivalID: &festivalID, Action: action, TargetType: targetType, TargetID: targetID}
}

// recordAudit appends e to the audit log through c, which must be the
// transaction of the change e records: when the change rolls back, so
// does its entry. The actor is the signed-in user of ctx unless e names
// one; the address is the caller's (marquee.ClientIPFromContext); the
// time is now.
func recordAudit(ctx context.Context, c conn, now time.Time, e marquee.AuditEntry) error {
	if e.ActorID == nil {
		if u := marquee.UserFromContext(ctx); u != nil {
			e.ActorEmail = u.Email
			// A signed-in user that is no account (ID 0 or less: the
			// operator's commands, tests) is recorded without an id.
			if u.ID > 0 {
				id := u.ID
				e.ActorID = &id
			}
		}
	}
	if e.IP == "" {
		e.IP = marquee.ClientIPFromContext(ctx)
	}
	var actor sql.NullInt64
	if e.ActorID != nil {
		actor = sql.NullInt64{Int64: *e.ActorID, Valid: true}
	}
	var festival sql.NullInt64
	if e.FestivalID != nil {
		festival = sql.NullInt64{Int64: *e.FestivalID, Valid: true}
	}
	var before, after sql.NullString
	if e.Before != nil {
		before = sql.NullString{String: string(e.Before), Valid: true}
	}
	if e.After != nil {
		after = sql.NullString{String: string(e.After), Valid: true}
	}
	_, err := c.exec(ctx, `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, festival_id, before_json, after_json, ip, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		actor, e.ActorEmail, string(e.Action), e.TargetType, e.TargetID, festival, before, after, e.IP, now)
	if err != nil {
		return fmt.Errorf("store: record audit %s %s:%s: %w", e.Action, e.TargetType, e.TargetID, err)
	}
	return nil
}

// List returns a page of the audit log, newest first, filtered by f.
// The total is counted up to marquee.CountCap.
func (s *AuditService) List(ctx context.Context, f marquee.AuditFilter) (*marquee.Page[*marquee.AuditEntry], error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	f.Normalize()
	if f.PerPage <= 0 {
		f.PerPage = marquee.AuditPerPage
	}
	var where []string
	var args []any
	if f.ActorID != 0 {
		where, args = append(where, "a.actor_id = ?"), append(args, f.ActorID)
	}
	if f.Actor != "" {
		where, args = append(where, "lower(a.actor_email) LIKE ? ESCAPE '\\'"), append(args, "%"+escapeLike(strings.ToLower(f.Actor))+"%")
	}
	if f.Action != "" {
		where, args = append(where, "a.action = ?"), append(args, string(f.Action))
	}
	if f.TargetType != "" {
		where, args = append(where, "a.target_type = ?"), append(args, f.TargetType)
	}
	if f.TargetID != "" {
		where, args = append(where, "a.target_id = ?"), append(args, f.TargetID)
	}
	if f.Festival != "" {
		where, args = append(where, "a.festival_id = (SELECT id FROM festivals WHERE slug = ?)"), append(args, f.Festival)
	}
	from := " FROM audit_log a"
	if len(where) > 0 {
		from += " WHERE " + strings.Join(where, " AND ")
	}
	total, err := countCapped(ctx, s.reader(), "audit log", from, args...)
	if err != nil {
		return nil, err
	}
	items, err := s.entries(ctx, from, f.PerPage, append(args, f.Offset())...)
	if err != nil {
		return nil, err
	}
	if err := s.addAdjustmentReasons(ctx, items); err != nil {
		return nil, err
	}
	return marquee.NewCappedPage(items, total, max(f.Page, 1), f.PerPage), nil
}

// entries reads a page of perPage entries of audit_log a, newest first:
// from is the query's FROM and WHERE, args its arguments and the offset.
func (s *AuditService) entries(ctx context.Context, from string, perPage int, args ...any) ([]*marquee.AuditEntry, error) {
	rows, err := s.reader().query(ctx, `SELECT a.id, a.actor_id, a.actor_email, a.action, a.target_type, a.target_id,
		a.festival_id, COALESCE((SELECT fe.slug FROM festivals fe WHERE fe.id = a.festival_id), ''),
		a.before_json, a.after_json, a.ip, a.created_at`+from+` ORDER BY a.id DESC`+limitOffset(perPage), args...)
	if err != nil {
		return nil, fmt.Errorf("store: list audit log: %w", err)
	}
	defer rows.Close()
	items := []*marquee.AuditEntry{}
	for rows.Next() {
		var (
			e               marquee.AuditEntry
			actor, festival sql.NullInt64
			before, after   sql.NullString
		)
		if err := rows.Scan(&e.ID, &actor, &e.ActorEmail, &e.Action, &e.TargetType, &e.TargetID, &festival, &e.FestivalSlug,
			&before, &after, &e.IP, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: scan audit entry: %w", err)
		}
		if actor.Valid {
			id := actor.Int64
			e.ActorID = &id
		}
		if festival.Valid {
			id := festival.Int64
			e.FestivalID = &id
		}
		if before.Valid {
			e.Before = json.RawMessage(before.String)
		}
		if after.Valid {
			e.After = json.RawMessage(after.String)
		}
		e.CreatedAt = e.CreatedAt.UTC()
		items = append(items, &e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: list audit log: %w", err)
	}
	return items, nil
}

// FestivalActivity returns a page of the entries of the festival with
// slug, newest first, as its organiser reads them
// (marquee.NewFestivalActivity): to its organiser and admins; to anyone
// else the festival does not exist. The total is counted up to
// marquee.CountCap.
func (s *AuditService) FestivalActivity(ctx context.Context, slug string, p marquee.PageRequest) (*marquee.Page[*marquee.FestivalActivity], error) {
	f, err := managedFestival(ctx, s.reader(), strings.TrimSpace(slug))
	if err != nil {
		return nil, err
	}
	if p.PerPage <= 0 {
		p.PerPage = marquee.FestivalActivityPerPage
	}
	from := " FROM audit_log a WHERE a.festival_id = ?"
	total, err := countCapped(ctx, s.reader(), "festival activity", from, f.ID)
	if err != nil {
		return nil, err
	}
	entries, err := s.entries(ctx, from, p.PerPage, f.ID, p.Offset())
	if err != nil {
		return nil, err
	}
	items := make([]*marquee.FestivalActivity, len(entries))
	for i, e := range entries {
		items[i] = marquee.NewFestivalActivity(e, f.OrganiserID)
	}
	return marquee.NewCappedPage(items, total, max(p.Page, 1), p.PerPage), nil
}

// auditTargetID formats a numeric target id.
func auditTargetID(id int64) string { return strconv.FormatInt(id, 10) }

// addAdjustmentReasons shows each credit adjustment's reason in its
// entry's after, read from the ledger row the entry names
// (ledgerReference): the reason is kept once, as the row's note, so that
// an account's deletion, which clears the notes, leaves none of that
// free text in the append-only log.
func (s *AuditService) addAdjustmentReasons(ctx context.Context, items []*marquee.AuditEntry) error {
	type adjusted struct {
		entry *marquee.AuditEntry
		after map[string]any
	}
	byRef := map[string][]adjusted{}
	var refs []any
	for _, e := range items {
		if e.Action != marquee.AuditUserCreditAdjust || e.After == nil {
			continue
		}
		var after map[string]any
		if json.Unmarshal(e.After, &after) != nil {
			continue
		}
		ref, _ := after["ledgerReference"].(string)
		if ref == "" {
			continue
		}
		if _, seen := byRef[ref]; !seen {
			refs = append(refs, ref)
		}
		byRef[ref] = append(byRef[ref], adjusted{e, after})
	}
	if len(refs) == 0 {
		return nil
	}
	rows, err := s.reader().query(ctx, `SELECT reference, note FROM credit_ledger WHERE reason = 'adjustment' AND reference IN (?`+
		strings.Repeat(", ?", len(refs)-1)+`)`, refs...)
	if err != nil {
		return fmt.Errorf("store: audit log: adjustment reasons: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ref, note string
		if err := rows.Scan(&ref, &note); err != nil {
			return fmt.Errorf("store: audit log: scan adjustment reason: %w", err)
		}
		if note == "" {
			continue
		}
		for _, a := range byRef[ref] {
			a.after["reason"] = note
			a.entry.After = auditJSON(a.after)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: audit log: adjustment reasons: %w", err)
	}
	return nil
}
