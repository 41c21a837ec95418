package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/marquee-festival/marquee"
)

// revisionColumns are the columns scanRevision reads, from
// festival_revisions aliased r.
const revisionColumns = `r.id, r.festival_id, r.status, r.name, r.description, r.location, r.country, r.city,
	r.website, r.contact_email, r.rejection_reason, r.created_at, r.reviewed_at`

// scanRevision reads revisionColumns: the revision and the details it
// proposes (only the reviewed fields are set).
func scanRevision(row interface{ Scan(...any) error }) (*marquee.FestivalRevision, marquee.FestivalDetails, error) {
	var r marquee.FestivalRevision
	var d marquee.FestivalDetails
	var status string
	var reviewed sql.NullTime
	if err := row.Scan(&r.ID, &r.FestivalID, &status, &d.Name, &d.Description, &d.Location, &d.Country, &d.City,
		&d.Website, &d.ContactEmail, &r.RejectionReason, &r.CreatedAt, &reviewed); err != nil {
		return nil, d, err
	}
	r.Status = marquee.RevisionStatus(status)
	r.CreatedAt = r.CreatedAt.UTC()
	if reviewed.Valid {
		t := reviewed.Time.UTC()
		r.ReviewedAt = &t
	}
	return &r, d, nil
}

// withChanges fills r's changes from the proposed details against f's
// approved ones; a pending revision that no longer changes anything (an
// admin made the same edit) is no revision (nil).
func withChanges(r *marquee.FestivalRevision, proposed marquee.FestivalDetails, f *marquee.Festival) *marquee.FestivalRevision {
	r.Changes = proposed.PublicChanges(f.FestivalDetails)
	if r.Changes == nil {
		if r.Status == marquee.RevisionPending {
			return nil
		}
		r.Changes = []marquee.FieldChange{}
	}
	return r
}

// attachRevisions sets the Revision of every approved festival of fs that
// has one (only approved festivals have revisions that count).
func attachRevisions(ctx context.Context, c conn, fs ...*marquee.Festival) error {
	byID := map[int64]*marquee.Festival{}
	var in []string
	var args []any
	for _, f := range fs {
		if f.Status == marquee.FestivalApproved {
			byID[f.ID] = f
			in = append(in, "?")
			args = append(args, f.ID)
		}
	}
	if len(in) == 0 {
		return nil
	}
	rows, err := c.query(ctx, `SELECT `+revisionColumns+` FROM festival_revisions r WHERE r.festival_id IN (`+strings.Join(in, ", ")+`)`, args...)
	if err != nil {
		return fmt.Errorf("store: festival revisions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, proposed, err := scanRevision(rows)
		if err != nil {
			return fmt.Errorf("store: festival revisions: %w", err)
		}
		if f := byID[r.FestivalID]; f != nil {
			f.Revision = withChanges(r, proposed, f)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: festival revisions: %w", err)
	}
	return nil
}

// saveRevision makes proposed the pending revision of festival id,
// replacing any earlier one (pending or rejected).
func saveRevision(ctx context.Context, c conn, id int64, d marquee.FestivalDetails, now time.Time) error {
	if err := deleteRevision(ctx, c, id); err != nil {
		return err
	}
	if _, err := c.exec(ctx, `INSERT INTO festival_revisions (festival_id, status, name, description, location, country, city,
			website, contact_email, created_at) VALUES (?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
		id, d.Name, d.Description, d.Location, d.Country, d.City, d.Website, d.ContactEmail, now); err != nil {
		return fmt.Errorf("store: save festival %d revision: %w", id, err)
	}
	return nil
}

// deleteRevision forgets festival id's revision, if any.
func deleteRevision(ctx context.Context, c conn, id int64) error {
	if _, err := c.exec(ctx, `DELETE FROM festival_revisions WHERE festival_id = ?`, id); err != nil {
		return fmt.Errorf("store: delete festival %d revision: %w", id, err)
	}
	return nil
}

// revisionGone tells why revision revisionID of festival id was not
// found pending: ErrFestivalNotFound when the festival is missing, else
// ErrRevisionReplaced (replaced, withdrawn or already reviewed).
func revisionGone(ctx context.Context, c conn, id int64) error {
	var one int
	switch err := c.queryRow(ctx, `SELECT 1 FROM festivals WHERE id = ?`, id).Scan(&one); {
	case errors.Is(err, sql.ErrNoRows):
		return marquee.ErrFestivalNotFound()
	case err != nil:
		return fmt.Errorf("store: find festival %d: %w", id, err)
	}
	return marquee.ErrRevisionReplaced()
}

// ApproveRevision publishes the pending revision revisionID of festival
// id: its values replace the approved ones, the revision is forgotten, the
// festival's version moves on and the search index sees the change, in
// one transaction. Admin only.
func (db *FestivalService) ApproveRevision(ctx context.Context, id, revisionID int64) (*marquee.Festival, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	var f *marquee.Festival
	now := db.now()
	err := db.inTx(ctx, func(c conn) error {
		// The festival row first, as an organiser's edit does: whoever
		// comes second sees the other's revision (or its absence).
		var got int64
		err := c.queryRow(ctx, `UPDATE festivals SET version = version + 1, updated_at = ?, reviewed_at = ?
			WHERE id = ? AND status = 'approved' RETURNING id`, now, now, id).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			return revisionGone(ctx, c, id)
		} else if err != nil {
			return fmt.Errorf("store: approve festival %d revision %d: %w", id, revisionID, err)
		}
		var old marquee.FestivalDetails
		if err := c.queryRow(ctx, `SELECT name, description, location, country, city, website, contact_email FROM festivals WHERE id = ?`, id).
			Scan(&old.Name, &old.Description, &old.Location, &old.Country, &old.City, &old.Website, &old.ContactEmail); err != nil {
			return fmt.Errorf("store: approve festival %d revision %d: %w", id, revisionID, err)
		}
		var d marquee.FestivalDetails
		err = c.queryRow(ctx, `DELETE FROM festival_revisions WHERE id = ? AND festival_id = ? AND status = 'pending'
			RETURNING name, description, location, country, city, website, contact_email`, revisionID, id).
			Scan(&d.Name, &d.Description, &d.Location, &d.Country, &d.City, &d.Website, &d.ContactEmail)
		if errors.Is(err, sql.ErrNoRows) {
			return revisionGone(ctx, c, id)
		} else if err != nil {
			return fmt.Errorf("store: take festival %d revision %d: %w", id, revisionID, err)
		}
		if _, err := c.exec(ctx, `UPDATE festivals SET name = ?, description = ?, location = ?, country = ?, city = ?,
				website = ?, contact_email = ? WHERE id = ?`,
			d.Name, d.Description, d.Location, d.Country, d.City, d.Website, d.ContactEmail, id); err != nil {
			return fmt.Errorf("store: apply festival %d revision %d: %w", id, revisionID, err)
		}
		if err := recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditRevisionApprove,
			TargetType: "festival", TargetID: auditTargetID(id), FestivalID: &id,
			Before: auditJSON(revisionAuditFacts(revisionID, old)), After: auditJSON(revisionAuditFacts(revisionID, d))}); err != nil {
			return err
		}
		if err := markIndexChanged(ctx, c, id); err != nil {
			return err
		}
		if f, err = loadFestival(ctx, c, marquee.Today(now), `f.id = ?`, id); err != nil {
			return err
		}
		return attachRevisions(ctx, c, f)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// RejectRevision discards the pending revision revisionID of festival id
// with a reason (marquee.ValidateRejection) its organiser reads until
// their next edit; the approved values stay public. Admin only.
func (db *FestivalService) RejectRevision(ctx context.Context, id, revisionID int64, reason string) (*marquee.Festival, error) {
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	reason, err := marquee.ValidateRejection(reason)
	if err != nil {
		return nil, err
	}
	var f *marquee.Festival
	now := db.now()
	err = db.inTx(ctx, func(c conn) error {
		var got int64
		err := c.queryRow(ctx, `UPDATE festival_revisions SET status = 'rejected', rejection_reason = ?, reviewed_at = ?
			WHERE id = ? AND festival_id = ? AND status = 'pending' RETURNING id`, reason, now, revisionID, id).Scan(&got)
		if errors.Is(err, sql.ErrNoRows) {
			return revisionGone(ctx, c, id)
		} else if err != nil {
			return fmt.Errorf("store: reject festival %d revision %d: %w", id, revisionID, err)
		}
		if err := recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditRevisionReject,
			TargetType: "festival", TargetID: auditTargetID(id), FestivalID: &id,
			Before: auditJSON(map[string]any{"revision": revisionID, "status": "pending"}),
			After:  auditJSON(map[string]any{"revision": revisionID, "status": "rejected", "reason": reason})}); err != nil {
			return err
		}
		if f, err = loadFestival(ctx, c, marquee.Today(now), `f.id = ?`, id); err != nil {
			return err
		}
		return attachRevisions(ctx, c, f)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// revisionAuditFacts are the public facts a revision changes, as its
// audit entry records them.
func revisionAuditFacts(revisionID int64, d marquee.FestivalDetails) map[string]any {
	return map[string]any{"revision": revisionID, "name": d.Name, "description": d.Description, "location": d.Location,
		"country": d.Country, "city": d.City, "website": d.Website, "contactEmail": d.ContactEmail}
}
