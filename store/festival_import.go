package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/marquee-festival/marquee"
)

// importBatch is how many festivals Import writes per transaction.
const importBatch = 250

// Import inserts many complete festivals (details, status,
// categories with deadlines, criteria) for organiserID in batches, setting
// their IDs, slugs, versions, category and criterion IDs and cached
// deadlines, and marks them for the search index. Each festival is validated first; a batch is one transaction,
// so a failure leaves the earlier batches in place and nothing of its own.
// It is for `marquee seed`.
func (db *FestivalService) Import(ctx context.Context, organiserID int64, fs []*marquee.Festival) error {
	for i, f := range fs {
		if err := validateImported(f); err != nil {
			return fmt.Errorf("store: import festival %d (%q): %w", i, f.Name, err)
		}
	}
	used := map[string]bool{}
	for start := 0; start < len(fs); start += importBatch {
		batch := fs[start:min(len(fs), start+importBatch)]
		err := db.inTx(ctx, func(c conn) error {
			if err := setRoleFrom(ctx, c, db.now(), organiserID, marquee.RoleFilmmaker, marquee.RoleAfterFestivalRegistration(marquee.RoleFilmmaker)); err != nil {
				return err
			}
			return db.importBatch(ctx, c, organiserID, batch, used)
		})
		if err != nil {
			return fmt.Errorf("store: import festivals %d to %d: %w", start, start+len(batch)-1, err)
		}
	}
	if db.dialect == Postgres && len(fs) >= importBatch {
		// Fresh statistics, so that the planner knows the new rows before
		// autovacuum gets to them.
		if _, err := db.writer().exec(ctx, `ANALYZE festivals, festival_categories, festival_deadlines, festival_criteria`); err != nil {
			return fmt.Errorf("store: analyze festivals: %w", err)
		}
	}
	return nil
}

// validateImported validates and normalises one festival to import.
func validateImported(f *marquee.Festival) error {
	if err := f.Validate(); err != nil {
		return err
	}
	switch f.Status {
	case "":
		f.Status = marquee.FestivalPending
	case marquee.FestivalPending, marquee.FestivalApproved, marquee.FestivalRejected:
	default:
		return fmt.Errorf("unknown status %q", f.Status)
	}
	f.Categories = cloneCategories(f.Categories)
	if err := marquee.ValidateCategories(f.Categories, f.StartDate); err != nil {
		return err
	}
	f.Criteria = append([]marquee.Criterion(nil), f.Criteria...)
	return marquee.ValidateCriteria(f.Criteria)
}

// importBatch writes one batch of validated festivals through c.
func (db *FestivalService) importBatch(ctx context.Context, c conn, organiserID int64, fs []*marquee.Festival, used map[string]bool) error {
	now := db.now()
	today := marquee.Today(now)
	bySlug := map[string]*marquee.Festival{}
	var args []any
	for _, f := range fs {
		slug, err := uniqueSlug(ctx, c, f.Name, used)
		if err != nil {
			return err
		}
		used[slug] = true
		f.Slug, f.OrganiserID, f.Version = slug, organiserID, 1
		bySlug[slug] = f
		if f.CreatedAt.IsZero() {
			f.CreatedAt = now
		}
		f.CreatedAt = f.CreatedAt.UTC().Truncate(time.Microsecond)
		f.UpdatedAt = f.CreatedAt
		if f.Status == marquee.FestivalPending {
			f.ReviewedAt, f.RejectionReason = nil, ""
		} else if f.ReviewedAt == nil {
			t := f.CreatedAt
			f.ReviewedAt = &t
		}
		if f.Status != marquee.FestivalRejected {
			f.RejectionReason = ""
		}
		f.NextDeadline, f.MinFee = deadlineCache(f.Categories, today)
		var next, reviewed any
		if f.NextDeadline != "" {
			next = f.NextDeadline
		}
		if f.ReviewedAt != nil {
			reviewed = *f.ReviewedAt
		}
		var minFee any
		if f.MinFee != nil {
			minFee = *f.MinFee
		}
		args = append(args, slug, organiserID, f.Name, f.Description, f.Location, f.Country, f.City, f.Website,
			f.StartDate, f.EndDate, f.ContactEmail, string(f.Status), f.RejectionReason, next, minFee,
			f.CreatedAt, f.UpdatedAt, reviewed, "")
	}
	err := insertValues(ctx, c, `INSERT INTO festivals (slug, organiser_id, name, description, location, country, city, website,
			start_date, end_date, contact_email, status, rejection_reason, next_deadline, min_fee, created_at, updated_at, reviewed_at,
			time_zone)`,
		19, args, `RETURNING id, slug`, func(rows *sql.Rows) error {
			var id int64
			var slug string
			if err := rows.Scan(&id, &slug); err != nil {
				return err
			}
			if f := bySlug[slug]; f != nil {
				f.ID = id
			}
			return nil
		})
	if err != nil {
		return fmt.Errorf("insert festivals: %w", err)
	}
	type pos struct {
		festival int64
		position int
	}
	byID := map[int64]*marquee.Festival{}
	args = args[:0]
	for _, f := range fs {
		if f.ID == 0 {
			return fmt.Errorf("festival %q got no id", f.Slug)
		}
		byID[f.ID] = f
		for i, cat := range f.Categories {
			args = append(args, f.ID, i, cat.Name, categoryKey(cat.Name), cat.Description)
		}
	}
	err = insertValues(ctx, c, `INSERT INTO festival_categories (festival_id, position, name, name_key, description)`,
		5, args, `RETURNING id, festival_id, position`, func(rows *sql.Rows) error {
			var id int64
			var p pos
			if err := rows.Scan(&id, &p.festival, &p.position); err != nil {
				return err
			}
			byID[p.festival].Categories[p.position].ID = id
			return nil
		})
	if err != nil {
		return fmt.Errorf("insert categories: %w", err)
	}
	args = args[:0]
	for _, f := range fs {
		for i := range f.Categories {
			f.Categories[i].Current = f.Categories[i].CurrentDeadline(today)
			args = deadlineArgs(args, f.ID, &f.Categories[i])
		}
	}
	if err := insertValues(ctx, c, `INSERT INTO festival_deadlines (category_id, festival_id, tier, due_on, fee)`, 5, args, "", nil); err != nil {
		return fmt.Errorf("insert deadlines: %w", err)
	}
	args = args[:0]
	for _, f := range fs {
		for i, cr := range f.Criteria {
			args = append(args, f.ID, i, cr.Name, cr.Weight, cr.MaxScore)
		}
	}
	err = insertValues(ctx, c, `INSERT INTO festival_criteria (festival_id, position, name, weight, max_score)`,
		5, args, `RETURNING id, festival_id, position`, func(rows *sql.Rows) error {
			var id int64
			var p pos
			if err := rows.Scan(&id, &p.festival, &p.position); err != nil {
				return err
			}
			byID[p.festival].Criteria[p.position].ID = id
			return nil
		})
	if err != nil {
		return fmt.Errorf("insert criteria: %w", err)
	}
	ids := make([]int64, len(fs))
	for i, f := range fs {
		ids[i] = f.ID
	}
	return markIndexChanged(ctx, c, ids...)
}
