package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// EntryRules returns the rules and terms and limits of the approved
// festival slug, for anyone.
func (s *SubmissionService) EntryRules(ctx context.Context, slug string) (*marquee.EntryRules, error) {
	var id int64
	var status string
	err := s.reader().queryRow(ctx, `SELECT id, status FROM festivals WHERE slug = ?`, strings.TrimSpace(slug)).Scan(&id, &status)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && !marquee.CanSeeFestival(nil, &marquee.Festival{Status: marquee.FestivalStatus(status)})) {
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: entry rules of %q: %w", slug, err)
	}
	return loadEntryRules(ctx, s.reader(), id)
}

// ManagedEntryRules returns a managed festival's rules and limits.
func (s *SubmissionService) ManagedEntryRules(ctx context.Context, slug string) (*marquee.EntryRules, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	return loadEntryRules(ctx, s.reader(), f.id)
}

// UpdateEntryRules replaces a managed festival's rules and limits (the
// festival's row, category_id 0, and one row per category with limits),
// audited as a change of its settings when anything changed.
func (s *SubmissionService) UpdateEntryRules(ctx context.Context, slug string, r marquee.EntryRules) (*marquee.EntryRules, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	r.Normalize()
	var out *marquee.EntryRules
	err = s.inTx(ctx, func(c conn) error {
		cats, err := int64s(ctx, c, `SELECT id FROM festival_categories WHERE festival_id = ?`, f.id)
		if err != nil {
			return fmt.Errorf("store: entry rules of festival %d: categories: %w", f.id, err)
		}
		if err := r.Validate(cats); err != nil {
			return err
		}
		prior, err := loadEntryRules(ctx, c, f.id)
		if err != nil {
			return err
		}
		now := s.now()
		if _, err := c.exec(ctx, `DELETE FROM entry_rules WHERE festival_id = ?`, f.id); err != nil {
			return fmt.Errorf("store: entry rules of festival %d: %w", f.id, err)
		}
		rows := append([]marquee.CategoryLimits{{CategoryID: 0, Limits: r.Limits}}, r.Categories...)
		for _, row := range rows {
			countries, err := json.Marshal(row.Limits.Countries)
			if err != nil {
				return fmt.Errorf("store: entry rules of festival %d: %w", f.id, err)
			}
			terms := ""
			if row.CategoryID == 0 {
				terms = r.Terms
			}
			if _, err := c.exec(ctx, `INSERT INTO entry_rules (festival_id, category_id, terms, min_runtime, max_runtime, completed_after,
				countries, premiere, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				f.id, row.CategoryID, terms, row.Limits.MinRuntime, row.Limits.MaxRuntime, row.Limits.CompletedAfter,
				string(countries), string(row.Limits.Premiere), now); err != nil {
				return fmt.Errorf("store: entry rules of festival %d: %w", f.id, err)
			}
		}
		if out, err = loadEntryRules(ctx, c, f.id); err != nil {
			return err
		}
		before, after, changed := auditChanges(entryRulesFacts(prior), entryRulesFacts(out))
		if !changed {
			return nil
		}
		e := festivalAudit(f.id, marquee.AuditFestivalSettings, "festival", auditTargetID(f.id))
		e.Before, e.After = before, after
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// entryRulesFacts are what the audit log keeps of entry rules: the
// limits, and of the terms only a digest (the text is the festival's,
// long, and said nothing the log needs).
func entryRulesFacts(r *marquee.EntryRules) map[string]any {
	sum := sha256.Sum256([]byte(r.Terms))
	limits, _ := json.Marshal(r.Limits)
	cats, _ := json.Marshal(r.Categories)
	return map[string]any{"entryTerms": hex.EncodeToString(sum[:6]), "entryLimits": string(limits), "categoryLimits": string(cats)}
}

// loadEntryRules reads festival id's rules (none: empty rules).
func loadEntryRules(ctx context.Context, c conn, id int64) (*marquee.EntryRules, error) {
	rows, err := c.query(ctx, `SELECT category_id, terms, min_runtime, max_runtime, completed_after, countries, premiere
		FROM entry_rules WHERE festival_id = ? ORDER BY category_id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: entry rules of festival %d: %w", id, err)
	}
	defer rows.Close()
	out := &marquee.EntryRules{Limits: marquee.EntryLimits{Countries: []string{}}, Categories: []marquee.CategoryLimits{}}
	for rows.Next() {
		var cat int64
		var terms, countries, premiere string
		var l marquee.EntryLimits
		if err := rows.Scan(&cat, &terms, &l.MinRuntime, &l.MaxRuntime, &l.CompletedAfter, &countries, &premiere); err != nil {
			return nil, fmt.Errorf("store: entry rules of festival %d: %w", id, err)
		}
		l.Premiere = marquee.PremiereStatus(premiere)
		if err := json.Unmarshal([]byte(countries), &l.Countries); err != nil {
			return nil, fmt.Errorf("store: entry rules of festival %d: countries: %w", id, err)
		}
		if l.Countries == nil {
			l.Countries = []string{}
		}
		if cat == 0 {
			out.Terms, out.Limits = terms, l
		} else {
			out.Categories = append(out.Categories, marquee.CategoryLimits{CategoryID: cat, Limits: l})
		}
	}
	return out, rows.Err()
}
