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

// AuditService reads the audit log (admins only). Entries are written by
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
	var before, after sql.NullString
	if e.Before != nil {
		before = sql.NullString{String: string(e.Before), Valid: true}
	}
	if e.After != nil {
		after = sql.NullString{String: string(e.After), Valid: true}
	}
	_, err := c.exec(ctx, `INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id, before_json, after_json, ip, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		actor, e.ActorEmail, string(e.Action), e.TargetType, e.TargetID, before, after, e.IP, now)
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
		where, args = append(where, "actor_id = ?"), append(args, f.ActorID)
	}
	if f.Actor != "" {
		where, args = append(where, "lower(actor_email) LIKE ? ESCAPE '\\'"), append(args, "%"+escapeLike(strings.ToLower(f.Actor))+"%")
	}
	if f.Action != "" {
		where, args = append(where, "action = ?"), append(args, string(f.Action))
	}
	if f.TargetType != "" {
		where, args = append(where, "target_type = ?"), append(args, f.TargetType)
	}
	if f.TargetID != "" {
		where, args = append(where, "target_id = ?"), append(args, f.TargetID)
	}
	from := " FROM audit_log"
	if len(where) > 0 {
		from += " WHERE " + strings.Join(where, " AND ")
	}
	total, err := countCapped(ctx, s.reader(), "audit log", from, args...)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT id, actor_id, actor_email, action, target_type, target_id, before_json, after_json, ip, created_at`+
		from+` ORDER BY id DESC`+limitOffset(f.PerPage), append(args, f.Offset())...)
	if err != nil {
		return nil, fmt.Errorf("store: list audit log: %w", err)
	}
	defer rows.Close()
	var items []*marquee.AuditEntry
	for rows.Next() {
		var (
			e             marquee.AuditEntry
			actor         sql.NullInt64
			before, after sql.NullString
		)
		if err := rows.Scan(&e.ID, &actor, &e.ActorEmail, &e.Action, &e.TargetType, &e.TargetID, &before, &after, &e.IP, &e.CreatedAt); err != nil {
			return nil, fmt.Errorf("store: scan audit entry: %w", err)
		}
		if actor.Valid {
			id := actor.Int64
			e.ActorID = &id
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
	if err := s.addAdjustmentReasons(ctx, items); err != nil {
		return nil, err
	}
	return marquee.NewCappedPage(items, total, max(f.Page, 1), f.PerPage), nil
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
