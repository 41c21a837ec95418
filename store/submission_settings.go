package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// Settings returns a managed festival's settings (all off without a row).
func (s *SubmissionService) Settings(ctx context.Context, slug string) (*marquee.FestivalSettings, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	return submissionSettings(ctx, s.reader(), f.id)
}

// submissionSettings reads festival id's settings.
func submissionSettings(ctx context.Context, c conn, id int64) (*marquee.FestivalSettings, error) {
	return settingsOf(ctx, c, id)
}

// UpdateSettings applies change to a managed festival's settings
// (marquee.SettingsChange.Apply: what it leaves out keeps its value, and
// JudgingLocked belongs to the judging service's SetLocked, so a stale
// settings form cannot unlock judging) and returns them. The festival's
// row is locked while the change is applied, so two changes at once of
// different settings both hold; a change that changes nothing writes
// nothing.
func (s *SubmissionService) UpdateSettings(ctx context.Context, slug string, change marquee.SettingsChange) (*marquee.FestivalSettings, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := change.Validate(); err != nil {
		return nil, err
	}
	var out marquee.FestivalSettings
	err = s.inTx(ctx, func(c conn) error {
		now := s.now()
		if _, err := c.exec(ctx, `INSERT INTO festival_settings (festival_id, updated_at) VALUES (?, ?)
			ON CONFLICT (festival_id) DO NOTHING`, f.id, now); err != nil {
			return fmt.Errorf("store: settings of festival %d: %w", f.id, err)
		}
		// SQLite's single writer already serialises; PostgreSQL locks the row.
		lock := `SELECT refund_on_withdraw, blind_review, judging_locked, min_judges FROM festival_settings WHERE festival_id = ?`
		if s.dialect == Postgres {
			lock += ` FOR UPDATE`
		}
		var refund, blind, locked, minJudges int
		if err := c.queryRow(ctx, lock, f.id).Scan(&refund, &blind, &locked, &minJudges); err != nil {
			return fmt.Errorf("store: lock settings of festival %d: %w", f.id, err)
		}
		cur := marquee.FestivalSettings{RefundOnWithdraw: refund != 0, BlindReview: blind != 0, JudgingLocked: locked != 0, MinJudges: minJudges}
		if out = change.Apply(cur); out == cur {
			// Nothing changes: nothing is written, nothing audited.
			return nil
		}
		if _, err := c.exec(ctx, `UPDATE festival_settings SET refund_on_withdraw = ?, blind_review = ?, min_judges = ?, updated_at = ?
			WHERE festival_id = ?`, settingInt(out.RefundOnWithdraw), settingInt(out.BlindReview), out.MinJudges, now, f.id); err != nil {
			return fmt.Errorf("store: save settings of festival %d: %w", f.id, err)
		}
		return recordSettingsChange(ctx, c, now, f.id, &cur, &out)
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// recordSettingsChange audits the change of festival id's refund, blind
// review and minimum of judges settings from prior to now, if any.
func recordSettingsChange(ctx context.Context, c conn, at time.Time, id int64, prior, now *marquee.FestivalSettings) error {
	facts := func(fs *marquee.FestivalSettings) map[string]any {
		return map[string]any{"refundOnWithdraw": fs.RefundOnWithdraw, "blindReview": fs.BlindReview, "minJudges": fs.MinJudges}
	}
	before, after, changed := auditChanges(facts(prior), facts(now))
	if !changed {
		return nil
	}
	e := festivalAudit(id, marquee.AuditFestivalSettings, "festival", auditTargetID(id))
	e.Before, e.After = before, after
	return recordAudit(ctx, c, at, e)
}

// settingInt stores a boolean as 0 or 1 (INTEGER on both databases).
func settingInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// waiverColumns are the columns scanWaiver reads.
const waiverColumns = `id, festival_id, code, percent, usage_limit, used, expires_on, created_at`

func scanWaiver(row interface{ Scan(...any) error }) (*marquee.Waiver, error) {
	var w marquee.Waiver
	if err := row.Scan(&w.ID, &w.FestivalID, &w.Code, &w.Percent, &w.UsageLimit, &w.Used, &w.ExpiresOn, &w.CreatedAt); err != nil {
		return nil, err
	}
	w.CreatedAt = w.CreatedAt.UTC()
	return &w, nil
}

// Waivers lists a managed festival's waiver codes, newest first.
func (s *SubmissionService) Waivers(ctx context.Context, slug string) ([]*marquee.Waiver, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	rows, err := s.reader().query(ctx, `SELECT `+waiverColumns+` FROM waivers WHERE festival_id = ? ORDER BY created_at DESC, id DESC`, f.id)
	if err != nil {
		return nil, fmt.Errorf("store: waivers of festival %d: %w", f.id, err)
	}
	defer rows.Close()
	out := []*marquee.Waiver{}
	for rows.Next() {
		w, err := scanWaiver(rows)
		if err != nil {
			return nil, fmt.Errorf("store: waivers of festival %d: %w", f.id, err)
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// CreateWaiver adds a waiver code to a managed festival (EConflict when
// the festival has that code).
func (s *SubmissionService) CreateWaiver(ctx context.Context, slug string, nw marquee.NewWaiver) (*marquee.Waiver, error) {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	now := s.now()
	nw.Normalize()
	if err := nw.Validate(marquee.Today(now)); err != nil {
		return nil, err
	}
	var id int64
	err = s.inTx(ctx, func(c conn) error {
		if err := c.queryRow(ctx, `INSERT INTO waivers (festival_id, code, percent, usage_limit, used, expires_on, created_at)
			VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`, f.id, nw.Code, nw.Percent, nw.UsageLimit, nw.ExpiresOn, now).Scan(&id); err != nil {
			return err
		}
		e := festivalAudit(f.id, marquee.AuditWaiverCreate, "waiver", auditTargetID(id))
		e.After = auditJSON(waiverFacts(nw.Code, nw.Percent, nw.UsageLimit, nw.ExpiresOn))
		return recordAudit(ctx, c, now, e)
	})
	if isUniqueViolation(err) {
		return nil, &marquee.Error{Code: marquee.EConflict, Message: "This festival already has that waiver code",
			Fields: map[string]string{"code": "This festival already has that waiver code"}}
	} else if err != nil {
		return nil, fmt.Errorf("store: create waiver of festival %d: %w", f.id, err)
	}
	return &marquee.Waiver{ID: id, FestivalID: f.id, Code: nw.Code, Percent: nw.Percent, UsageLimit: nw.UsageLimit,
		ExpiresOn: nw.ExpiresOn, CreatedAt: now}, nil
}

// DeleteWaiver removes a managed festival's waiver code; the submissions
// that used it keep the code they used.
func (s *SubmissionService) DeleteWaiver(ctx context.Context, slug string, id int64) error {
	f, err := s.managed(ctx, slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		w, err := scanWaiver(c.queryRow(ctx, `DELETE FROM waivers WHERE id = ? AND festival_id = ? RETURNING `+waiverColumns, id, f.id))
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.Errorf(marquee.ENotFound, "Waiver not found")
		} else if err != nil {
			return fmt.Errorf("store: delete waiver %d: %w", id, err)
		}
		e := festivalAudit(f.id, marquee.AuditWaiverDelete, "waiver", auditTargetID(id))
		facts := waiverFacts(w.Code, w.Percent, w.UsageLimit, w.ExpiresOn)
		facts["used"] = w.Used
		e.Before = auditJSON(facts)
		return recordAudit(ctx, c, s.now(), e)
	})
}

// waiverFacts are a waiver code's facts in its audit entries.
func waiverFacts(code string, percent, usageLimit int, expiresOn string) map[string]any {
	return map[string]any{"code": code, "percent": percent, "usageLimit": usageLimit, "expiresOn": expiresOn}
}
