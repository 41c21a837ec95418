package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/marquee-festival/marquee"
)

// EntryStatuses lists a managed festival's own statuses, oldest first,
// with how many entries have each.
func (s *SubmissionService) EntryStatuses(ctx context.Context, slug string) ([]*marquee.EntryStatus, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	return entryStatuses(ctx, s.reader(), fest.id)
}

// entryStatuses reads festival id's statuses through c.
func entryStatuses(ctx context.Context, c conn, festivalID int64) ([]*marquee.EntryStatus, error) {
	rows, err := c.query(ctx, `SELECT fs.id, fs.festival_id, fs.name, fs.preset, fs.notify, fs.note, fs.created_at,
		(SELECT COUNT(*) FROM submission_entry_statuses es WHERE es.status_id = fs.id)
		FROM festival_entry_statuses fs WHERE fs.festival_id = ? ORDER BY fs.id`, festivalID)
	if err != nil {
		return nil, fmt.Errorf("store: statuses of festival %d: %w", festivalID, err)
	}
	defer rows.Close()
	out := []*marquee.EntryStatus{}
	for rows.Next() {
		var e marquee.EntryStatus
		var notify int
		if err := rows.Scan(&e.ID, &e.FestivalID, &e.Name, &e.Preset, &notify, &e.Note, &e.CreatedAt, &e.Entries); err != nil {
			return nil, fmt.Errorf("store: statuses of festival %d: %w", festivalID, err)
		}
		e.Notify, e.CreatedAt = notify != 0, e.CreatedAt.UTC()
		out = append(out, &e)
	}
	return out, rows.Err()
}

// AddEntryStatus adds a status to a managed festival (EConflict when it
// has one of that name; at most EntryStatusesMax), audited.
func (s *SubmissionService) AddEntryStatus(ctx context.Context, slug string, ns marquee.NewEntryStatus) (*marquee.EntryStatus, error) {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return nil, err
	}
	if err := ns.Validate(); err != nil {
		return nil, err
	}
	now := s.now()
	var out *marquee.EntryStatus
	err = s.inTx(ctx, func(c conn) error {
		var n int
		if err := c.queryRow(ctx, `SELECT COUNT(*) FROM festival_entry_statuses WHERE festival_id = ?`, fest.id).Scan(&n); err != nil {
			return fmt.Errorf("store: count statuses of festival %d: %w", fest.id, err)
		}
		if n >= marquee.EntryStatusesMax {
			return marquee.FieldError("name", "A festival has at most 30 statuses")
		}
		var id int64
		err := c.queryRow(ctx, `INSERT INTO festival_entry_statuses (festival_id, name, preset, notify, note, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, fest.id, ns.Name, ns.Preset, settingInt(ns.Notify), ns.Note, now).Scan(&id)
		if isUniqueViolation(err) {
			return marquee.ErrEntryStatusExists()
		} else if err != nil {
			return fmt.Errorf("store: add status to festival %d: %w", fest.id, err)
		}
		out = &marquee.EntryStatus{ID: id, FestivalID: fest.id, Name: ns.Name, Preset: ns.Preset, Notify: ns.Notify, Note: ns.Note, CreatedAt: now}
		e := festivalAudit(fest.id, marquee.AuditEntryStatusCreate, "entry_status", auditTargetID(id))
		e.After = auditJSON(map[string]any{"name": ns.Name, "preset": ns.Preset, "notify": ns.Notify})
		return recordAudit(ctx, c, now, e)
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// DeleteEntryStatus removes a managed festival's status (its entries lose
// it), audited.
func (s *SubmissionService) DeleteEntryStatus(ctx context.Context, slug string, id int64) error {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return err
	}
	return s.inTx(ctx, func(c conn) error {
		var name string
		err := c.queryRow(ctx, `SELECT name FROM festival_entry_statuses WHERE id = ? AND festival_id = ?`, id, fest.id).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			return marquee.ErrEntryStatusNotFound()
		} else if err != nil {
			return fmt.Errorf("store: delete status %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM submission_entry_statuses WHERE status_id = ?`, id); err != nil {
			return fmt.Errorf("store: delete status %d: %w", id, err)
		}
		if _, err := c.exec(ctx, `DELETE FROM festival_entry_statuses WHERE id = ? AND festival_id = ?`, id, fest.id); err != nil {
			return fmt.Errorf("store: delete status %d: %w", id, err)
		}
		e := festivalAudit(fest.id, marquee.AuditEntryStatusDelete, "entry_status", auditTargetID(id))
		e.Before = auditJSON(map[string]any{"name": name})
		return recordAudit(ctx, c, s.now(), e)
	})
}

// SetEntryStatus sets status c.StatusID (0 clears) on submissions c.IDs
// of a managed festival in one transaction: every id must be the
// festival's; an entry whose status changes gets an audit entry and,
// when the status notifies, its filmmaker's e-mail in the submission's
// language in the outbox.
func (s *SubmissionService) SetEntryStatus(ctx context.Context, slug string, ch marquee.EntryStatusChange) error {
	fest, err := s.managed(ctx, slug)
	if err != nil {
		return err
	}
	if err := marquee.ValidateDecisionIDs(ch.IDs); err != nil {
		return err
	}
	ids := []int64{}
	for _, id := range ch.IDs {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	now := s.now()
	return s.inTx(ctx, func(c conn) error {
		var status *marquee.EntryStatus
		if ch.StatusID != 0 {
			all, err := entryStatuses(ctx, c, fest.id)
			if err != nil {
				return err
			}
			i := slices.IndexFunc(all, func(e *marquee.EntryStatus) bool { return e.ID == ch.StatusID })
			if i < 0 {
				return marquee.ErrEntryStatusNotFound()
			}
			status = all[i]
		}
		rows, err := querySubmissions(ctx, c, `SELECT `+submissionColumns+submissionFrom+` WHERE s.festival_id = ? AND s.id IN (`+subMarks(len(ids))+`)`,
			append([]any{fest.id}, subArgs(ids)...)...)
		if err != nil {
			return fmt.Errorf("store: set status: read submissions: %w", err)
		}
		if len(rows) != len(ids) {
			return marquee.ErrSubmissionNotFound()
		}
		for _, r := range rows {
			var prior int64
			err := c.queryRow(ctx, `SELECT status_id FROM submission_entry_statuses WHERE submission_id = ?`, r.ID).Scan(&prior)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("store: set status of submission %d: %w", r.ID, err)
			}
			if prior == ch.StatusID {
				continue
			}
			if _, err := c.exec(ctx, `DELETE FROM submission_entry_statuses WHERE submission_id = ?`, r.ID); err != nil {
				return fmt.Errorf("store: set status of submission %d: %w", r.ID, err)
			}
			if status != nil {
				if _, err := c.exec(ctx, `INSERT INTO submission_entry_statuses (submission_id, status_id, set_at) VALUES (?, ?, ?)`,
					r.ID, status.ID, now); err != nil {
					return fmt.Errorf("store: set status of submission %d: %w", r.ID, err)
				}
			}
			e := festivalAudit(fest.id, marquee.AuditEntryStatusSet, "submission", auditTargetID(r.ID))
			e.Before, e.After = auditJSON(map[string]any{"statusId": prior}), auditJSON(map[string]any{"statusId": ch.StatusID})
			if err := recordAudit(ctx, c, now, e); err != nil {
				return err
			}
			if status == nil || !status.Notify || s.manageMail.EntryStatus == nil {
				continue
			}
			view := *r.Submission
			forFilmmaker(&view)
			m := s.manageMail.EntryStatus(&view, status.Name, status.Preset, status.Note, r.FilmmakerEmail)
			m.Status = s.mailStatus
			if err := insertMail(ctx, c, &m, now); err != nil {
				return fmt.Errorf("store: status e-mail of submission %d: %w", r.ID, err)
			}
		}
		return nil
	})
}

// entryStatusOf fills the organiser's status of each of rows (one query).
func entryStatusOf(ctx context.Context, c conn, rows []*submissionRow) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]int64, len(rows))
	byID := map[int64]*marquee.Submission{}
	for i, r := range rows {
		ids[i] = r.ID
		byID[r.ID] = r.Submission
	}
	cond, condArgs := c.idsIn(`es.submission_id`, ids)
	q, err := c.query(ctx, `SELECT es.submission_id, fs.id, fs.name, fs.preset FROM submission_entry_statuses es
		JOIN festival_entry_statuses fs ON fs.id = es.status_id WHERE `+cond, condArgs...)
	if err != nil {
		return fmt.Errorf("store: statuses of submissions: %w", err)
	}
	defer q.Close()
	for q.Next() {
		var id int64
		var st marquee.EntryStatusRef
		if err := q.Scan(&id, &st.ID, &st.Name, &st.Preset); err != nil {
			return fmt.Errorf("store: statuses of submissions: %w", err)
		}
		byID[id].EntryStatus = &st
	}
	return q.Err()
}

// listedEntryStatusColumns and listedEntryStatusJoins read a listed
// submission's entry status (at most one; NULLs when it has none) in the
// organiser's list's own query (queryListed), instead of a second
// statement for the page's ids.
const (
	listedEntryStatusColumns = `, les.id, les.name, les.preset`
	listedEntryStatusJoins   = `
		LEFT JOIN submission_entry_statuses lse ON lse.submission_id = s.id
		LEFT JOIN festival_entry_statuses les ON les.id = lse.status_id`
)

// queryListed runs a query selecting festivalSubmissionColumns, then
// listedEntryStatusColumns, and returns its rows with their entry status.
func queryListed(ctx context.Context, c conn, q string, args ...any) ([]*submissionRow, error) {
	return queryScanned(ctx, c, func(rows *sql.Rows) (*submissionRow, error) {
		var id sql.NullInt64
		var name, preset sql.NullString
		s, err := scanSubmission(rows, &id, &name, &preset)
		if err == nil && id.Valid {
			s.EntryStatus = &marquee.EntryStatusRef{ID: id.Int64, Name: name.String, Preset: preset.String}
		}
		return s, err
	}, q, args...)
}
