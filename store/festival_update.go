package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// managedID returns the id of the festival named slug if the signed-in
// user may manage it (marquee.CanManageFestival); to anyone else it does
// not exist.
func (db *FestivalService) managedID(ctx context.Context, slug string) (int64, error) {
	f, err := db.Managed(ctx, slug)
	if err != nil {
		return 0, err
	}
	return f.ID, nil
}

// UpdateDetails saves d over the festival named slug, for its organiser or
// an admin, if its version is still version (else EConflict), refusing
// dates that would put existing deadlines on or after the start. A
// rejected festival returns to pending. The slug never changes.
//
// On an approved festival edited by its organiser
// (marquee.EditNeedsReview), the changes to the public facts
// (marquee.FestivalReviewedFields) become its pending revision, replacing
// any earlier one (or removing it when the edit changes none of them), and
// the approved values stay; the rest applies at once. The answer carries
// the revision.
func (db *FestivalService) UpdateDetails(ctx context.Context, slug string, version int64, d marquee.FestivalDetails) (*marquee.Festival, error) {
	id, err := db.managedID(ctx, slug)
	if err != nil {
		return nil, err
	}
	var fields marquee.FieldErrors
	marquee.CheckVersion(version, &fields)
	if err := fields.Merge(d.Validate(), marquee.FestivalDetailsFields...); err != nil {
		return nil, err
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	u := marquee.UserFromContext(ctx)
	var f *marquee.Festival
	now := db.now()
	today := marquee.Today(now)
	err = db.inTx(ctx, func(c conn) error {
		// The version check takes the festival row first; what it holds now
		// decides what waits for review.
		if _, err := db.bumpFestival(ctx, c, id, version, ""); err != nil {
			return err
		}
		cur, err := scanFestival(c.queryRow(ctx, `SELECT `+festivalColumns+` FROM festivals f WHERE f.id = ?`, id))
		if err != nil {
			return fmt.Errorf("store: find festival %d: %w", id, err)
		}
		apply := d
		switch {
		case !marquee.EditNeedsReview(u, cur.Status):
			if cur.Status != marquee.FestivalApproved {
				// Edited directly: a revision left from its approved days means nothing.
				if err := deleteRevision(ctx, c, id); err != nil {
					return err
				}
			}
		case len(d.PublicChanges(cur.FestivalDetails)) > 0:
			apply = d.KeepPublic(cur.FestivalDetails)
			if err := saveRevision(ctx, c, id, d, now); err != nil {
				return err
			}
		default:
			if err := deleteRevision(ctx, c, id); err != nil {
				return err
			}
		}
		if _, err := c.exec(ctx, `UPDATE festivals SET name = ?, description = ?, location = ?, country = ?, city = ?,
				website = ?, start_date = ?, end_date = ?, contact_email = ?,
				status = CASE WHEN status = 'rejected' THEN 'pending' ELSE status END,
				rejection_reason = CASE WHEN status = 'rejected' THEN '' ELSE rejection_reason END
				WHERE id = ?`,
			apply.Name, apply.Description, apply.Location, apply.Country, apply.City, apply.Website, apply.StartDate, apply.EndDate,
			apply.ContactEmail, id); err != nil {
			return fmt.Errorf("store: update festival %d details: %w", id, err)
		}
		var last sql.NullString
		if err := c.queryRow(ctx, `SELECT MAX(due_on) FROM festival_deadlines WHERE festival_id = ?`, id).Scan(&last); err != nil {
			return fmt.Errorf("store: festival %d last deadline: %w", id, err)
		}
		if last.Valid && last.String >= d.StartDate {
			return &marquee.Error{Code: marquee.EInvalid, Message: "Move the deadlines before the new start date first",
				Fields: map[string]string{"startDate": "Move the deadlines before the new start date first"}}
		}
		if err := markIndexChanged(ctx, c, id); err != nil {
			return err
		}
		if f, err = loadFestival(ctx, c, today, `f.id = ?`, id); err != nil {
			return err
		}
		return attachRevisions(ctx, c, f)
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// ReplaceCategories makes cats the categories of the festival named slug
// (keeping the ids of those that carry one, adding the rest, deleting the
// missing), validated against the festival's start date, if its version
// is still version; nil cats (none sent) is refused, an empty list clears
// them. Each category's current tier is computed, never taken from the
// caller. The cached deadlines, the search index version and the unsent
// deadline reminders (followDeadlines) follow in the same transaction.
// For the festival's organiser or an admin.
func (db *FestivalService) ReplaceCategories(ctx context.Context, slug string, version int64, cats []marquee.Category) (*marquee.Festival, error) {
	id, err := db.managedID(ctx, slug)
	if err != nil {
		return nil, err
	}
	var fields marquee.FieldErrors
	marquee.CheckVersion(version, &fields)
	if cats == nil {
		fields.Add("categories", "Send the list of categories (it may be empty)")
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	cats = cloneCategories(cats)
	var f *marquee.Festival
	today := db.today()
	err = db.inTx(ctx, func(c conn) error {
		start, err := db.bumpFestival(ctx, c, id, version, "")
		if err != nil {
			return err
		}
		if err := marquee.ValidateCategories(cats, start); err != nil {
			return err
		}
		if err := checkOwnIDs(ctx, c, `festival_categories`, id, categoryIDs(cats), "categories"); err != nil {
			return err
		}
		if err := refuseRemovingEntered(ctx, c, id, categoryIDs(cats)); err != nil {
			return err
		}
		if err := deleteOthers(ctx, c, `festival_categories`, id, categoryIDs(cats)); err != nil {
			return err
		}
		if _, err := c.exec(ctx, `DELETE FROM festival_deadlines WHERE festival_id = ?`, id); err != nil {
			return fmt.Errorf("store: clear festival %d deadlines: %w", id, err)
		}
		var deadlines []any
		for i := range cats {
			cat := &cats[i]
			if cat.ID != 0 {
				_, err = c.exec(ctx, `UPDATE festival_categories SET position = ?, name = ?, name_key = ?, description = ? WHERE id = ?`,
					i, cat.Name, categoryKey(cat.Name), cat.Description, cat.ID)
			} else {
				err = c.queryRow(ctx, `INSERT INTO festival_categories (festival_id, position, name, name_key, description)
					VALUES (?, ?, ?, ?, ?) RETURNING id`, id, i, cat.Name, categoryKey(cat.Name), cat.Description).Scan(&cat.ID)
			}
			if err != nil {
				return fmt.Errorf("store: save festival %d category %d: %w", id, i, err)
			}
			deadlines = deadlineArgs(deadlines, id, cat)
		}
		if err := insertValues(ctx, c, `INSERT INTO festival_deadlines (category_id, festival_id, tier, due_on, fee)`, 5, deadlines, "", nil); err != nil {
			return fmt.Errorf("store: save festival %d deadlines: %w", id, err)
		}
		if err := followDeadlines(ctx, c, id); err != nil {
			return err
		}
		if err := db.recomputeDeadlineCache(ctx, c, id); err != nil {
			return err
		}
		if err := markIndexChanged(ctx, c, id); err != nil {
			return err
		}
		f, err = loadFestival(ctx, c, today, `f.id = ?`, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// ReplaceCriteria makes cs the judging criteria of the festival named slug
// (keeping the ids of those that carry one), if its version is still
// version; nil cs (none sent) is refused, an empty list clears them. For
// the festival's organiser or an admin.
func (db *FestivalService) ReplaceCriteria(ctx context.Context, slug string, version int64, cs []marquee.Criterion) (*marquee.Festival, error) {
	id, err := db.managedID(ctx, slug)
	if err != nil {
		return nil, err
	}
	var fields marquee.FieldErrors
	marquee.CheckVersion(version, &fields)
	if cs == nil {
		fields.Add("criteria", "Send the list of criteria (it may be empty)")
	}
	if err := fields.Err(); err != nil {
		return nil, err
	}
	cs = append([]marquee.Criterion(nil), cs...)
	var f *marquee.Festival
	today := db.today()
	err = db.inTx(ctx, func(c conn) error {
		if _, err := db.bumpFestival(ctx, c, id, version, ""); err != nil {
			return err
		}
		if err := marquee.ValidateCriteria(cs); err != nil {
			return err
		}
		ids := make([]int64, len(cs))
		for i := range cs {
			ids[i] = cs[i].ID
		}
		if err := checkOwnIDs(ctx, c, `festival_criteria`, id, ids, "criteria"); err != nil {
			return err
		}
		if err := deleteOthers(ctx, c, `festival_criteria`, id, ids); err != nil {
			return err
		}
		for i := range cs {
			cr := &cs[i]
			var err error
			if cr.ID != 0 {
				_, err = c.exec(ctx, `UPDATE festival_criteria SET position = ?, name = ?, weight = ?, max_score = ? WHERE id = ?`,
					i, cr.Name, cr.Weight, cr.MaxScore, cr.ID)
			} else {
				err = c.queryRow(ctx, `INSERT INTO festival_criteria (festival_id, position, name, weight, max_score)
					VALUES (?, ?, ?, ?, ?) RETURNING id`, id, i, cr.Name, cr.Weight, cr.MaxScore).Scan(&cr.ID)
			}
			if err != nil {
				return fmt.Errorf("store: save festival %d criterion %d: %w", id, i, err)
			}
		}
		// The criteria are not searched, but the version and update time
		// that search results carry changed.
		if err := markIndexChanged(ctx, c, id); err != nil {
			return err
		}
		var err error
		f, err = loadFestival(ctx, c, today, `f.id = ?`, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// cloneCategories copies cats deeply enough that validation (which trims
// and sorts in place) leaves the caller's values alone.
func cloneCategories(cats []marquee.Category) []marquee.Category {
	out := append([]marquee.Category(nil), cats...)
	for i := range out {
		out[i].Deadlines = append([]marquee.Deadline(nil), out[i].Deadlines...)
		out[i].Current = nil
	}
	return out
}

func categoryIDs(cats []marquee.Category) []int64 {
	ids := make([]int64, len(cats))
	for i := range cats {
		ids[i] = cats[i].ID
	}
	return ids
}

// deadlineArgs appends the festival_deadlines rows of category cat.
func deadlineArgs(args []any, festivalID int64, cat *marquee.Category) []any {
	for _, d := range cat.Deadlines {
		args = append(args, cat.ID, festivalID, string(d.Tier), d.Date, d.Fee)
	}
	return args
}

// checkOwnIDs makes sure every non-zero id (a row being kept) is a row of
// table belonging to festival id, and that none is listed twice; field
// keys are prefix.N.name.
func checkOwnIDs(ctx context.Context, c conn, table string, id int64, ids []int64, prefix string) error {
	rows, err := c.query(ctx, `SELECT id FROM `+table+` WHERE festival_id = ?`, id)
	if err != nil {
		return fmt.Errorf("store: festival %d %s: %w", id, table, err)
	}
	own := map[int64]bool{}
	for rows.Next() {
		var x int64
		if err := rows.Scan(&x); err != nil {
			rows.Close()
			return fmt.Errorf("store: festival %d %s: %w", id, table, err)
		}
		own[x] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: festival %d %s: %w", id, table, err)
	}
	var f marquee.FieldErrors
	seen := map[int64]bool{}
	for i, x := range ids {
		if x == 0 {
			continue
		}
		if !own[x] || seen[x] {
			f.Add(fmt.Sprintf("%s.%d.name", prefix, i), "This item is not part of the festival any more. Reload the page and try again.")
		}
		seen[x] = true
	}
	return f.Err()
}

// deleteOthers deletes festival id's rows of table whose id is not in keep.
func deleteOthers(ctx context.Context, c conn, table string, id int64, keep []int64) error {
	q := `DELETE FROM ` + table + ` WHERE festival_id = ?`
	args := []any{id}
	var in []string
	for _, x := range keep {
		if x != 0 {
			in = append(in, "?")
			args = append(args, x)
		}
	}
	if len(in) > 0 {
		q += ` AND id NOT IN (` + strings.Join(in, ", ") + `)`
	}
	if _, err := c.exec(ctx, q, args...); err != nil {
		return fmt.Errorf("store: delete festival %d %s: %w", id, table, err)
	}
	return nil
}

// refuseRemovingEntered refuses (EConflict) removing a category of
// festival id that has submissions: every category but keep.
func refuseRemovingEntered(ctx context.Context, c conn, id int64, keep []int64) error {
	q := `SELECT COUNT(*) FROM submissions WHERE festival_id = ?`
	args := []any{id}
	var in []string
	for _, x := range keep {
		if x != 0 {
			in = append(in, "?")
			args = append(args, x)
		}
	}
	if len(in) > 0 {
		q += ` AND category_id NOT IN (` + strings.Join(in, ", ") + `)`
	}
	var n int64
	if err := c.queryRow(ctx, q, args...).Scan(&n); err != nil {
		return fmt.Errorf("store: submissions of removed categories of festival %d: %w", id, err)
	}
	if n > 0 {
		return marquee.ErrCategoryHasSubmissions()
	}
	return nil
}
