package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// festivalColumns are the columns scanFestival reads, from festivals aliased f.
const festivalColumns = `f.id, f.slug, f.organiser_id, f.name, f.description, f.location, f.country, f.city, f.website,
	f.start_date, f.end_date, f.contact_email, f.status, f.rejection_reason, f.version, f.next_deadline, f.min_fee,
	f.created_at, f.updated_at, f.reviewed_at`

// errFestivalConflict is the answer to an edit made over a stale version.
func errFestivalConflict() error {
	return &marquee.Error{Code: marquee.EConflict, Message: "This festival was changed in another tab or by someone else. Reload it to see the latest version, then make your change again."}
}

// scanFestival reads festivalColumns, then any extra columns into extra.
func scanFestival(row interface{ Scan(...any) error }, extra ...any) (*marquee.Festival, error) {
	var f marquee.Festival
	var status string
	var next sql.NullString
	var minFee sql.NullInt64
	var reviewed sql.NullTime
	dest := append([]any{&f.ID, &f.Slug, &f.OrganiserID, &f.Name, &f.Description, &f.Location, &f.Country, &f.City, &f.Website,
		&f.StartDate, &f.EndDate, &f.ContactEmail, &status, &f.RejectionReason, &f.Version, &next, &minFee,
		&f.CreatedAt, &f.UpdatedAt, &reviewed}, extra...)
	if err := row.Scan(dest...); err != nil {
		return nil, err
	}
	f.Status = marquee.FestivalStatus(status)
	f.NextDeadline = next.String
	if minFee.Valid {
		v := minFee.Int64
		f.MinFee = &v
	}
	f.CreatedAt = f.CreatedAt.UTC()
	f.UpdatedAt = f.UpdatedAt.UTC()
	if reviewed.Valid {
		t := reviewed.Time.UTC()
		f.ReviewedAt = &t
	}
	return &f, nil
}

// scanFestivals reads every row of rows with scanFestival.
func scanFestivals(rows *sql.Rows, extra ...any) ([]*marquee.Festival, error) {
	defer rows.Close()
	out := []*marquee.Festival{}
	for rows.Next() {
		f, err := scanFestival(rows, extra...)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// loadFestival reads one festival in full (categories with their current
// tier on day today, criteria) through c, selecting it by where (on alias f).
func loadFestival(ctx context.Context, c conn, today, where string, arg any) (*marquee.Festival, error) {
	f, err := scanFestival(c.queryRow(ctx, `SELECT `+festivalColumns+` FROM festivals f WHERE `+where, arg))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: find festival %v: %w", arg, err)
	}
	if f.Categories, err = loadCategories(ctx, c, f.ID); err != nil {
		return nil, err
	}
	if f.Criteria, err = loadCriteria(ctx, c, f.ID); err != nil {
		return nil, err
	}
	for i := range f.Categories {
		f.Categories[i].Current = f.Categories[i].CurrentDeadline(today)
	}
	// The cached columns may be a day old; the categories are the truth.
	f.NextDeadline, f.MinFee = deadlineCache(f.Categories, today)
	announced := marquee.AnnouncesDeadlines(f.Categories)
	f.DeadlinesAnnounced = &announced
	return f, nil
}

// loadCategories returns festival id's categories in order, with their
// deadlines in tier order.
func loadCategories(ctx context.Context, c conn, id int64) ([]marquee.Category, error) {
	rows, err := c.query(ctx, `SELECT id, name, description FROM festival_categories WHERE festival_id = ? ORDER BY position, id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: festival %d categories: %w", id, err)
	}
	cats := []marquee.Category{}
	index := map[int64]int{}
	for rows.Next() {
		var cat marquee.Category
		if err := rows.Scan(&cat.ID, &cat.Name, &cat.Description); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: festival %d categories: %w", id, err)
		}
		cat.Deadlines = []marquee.Deadline{}
		index[cat.ID] = len(cats)
		cats = append(cats, cat)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: festival %d categories: %w", id, err)
	}
	rows, err = c.query(ctx, `SELECT category_id, tier, due_on, fee FROM festival_deadlines WHERE festival_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: festival %d deadlines: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var catID int64
		var d marquee.Deadline
		var tier string
		if err := rows.Scan(&catID, &tier, &d.Date, &d.Fee); err != nil {
			return nil, fmt.Errorf("store: festival %d deadlines: %w", id, err)
		}
		d.Tier = marquee.DeadlineTier(tier)
		if i, ok := index[catID]; ok {
			cats[i].Deadlines = append(cats[i].Deadlines, d)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: festival %d deadlines: %w", id, err)
	}
	for i := range cats {
		slices.SortFunc(cats[i].Deadlines, func(a, b marquee.Deadline) int {
			return slices.Index(marquee.Tiers, a.Tier) - slices.Index(marquee.Tiers, b.Tier)
		})
	}
	return cats, nil
}

// loadCriteria returns festival id's judging criteria in order.
func loadCriteria(ctx context.Context, c conn, id int64) ([]marquee.Criterion, error) {
	rows, err := c.query(ctx, `SELECT id, name, weight, max_score FROM festival_criteria WHERE festival_id = ? ORDER BY position, id`, id)
	if err != nil {
		return nil, fmt.Errorf("store: festival %d criteria: %w", id, err)
	}
	defer rows.Close()
	out := []marquee.Criterion{}
	for rows.Next() {
		var cr marquee.Criterion
		if err := rows.Scan(&cr.ID, &cr.Name, &cr.Weight, &cr.MaxScore); err != nil {
			return nil, fmt.Errorf("store: festival %d criteria: %w", id, err)
		}
		out = append(out, cr)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: festival %d criteria: %w", id, err)
	}
	return out, nil
}

// deadlineCache computes what festivals.next_deadline and min_fee hold for
// categories on day today: the earliest deadline on or after today ("" if
// none) and the lowest fee among the categories' current tiers (nil if none).
// recomputeDeadlineCache is the same in SQL.
func deadlineCache(cats []marquee.Category, today string) (next string, minFee *int64) {
	for i := range cats {
		cur := cats[i].CurrentDeadline(today)
		if cur == nil {
			continue
		}
		// Tiers are in date order, so the current tier holds the
		// category's earliest upcoming date.
		if next == "" || cur.Date < next {
			next = cur.Date
		}
		if minFee == nil || cur.Fee < *minFee {
			fee := cur.Fee
			minFee = &fee
		}
	}
	return next, minFee
}

// bumpFestival applies set (assignments, with args) to festival id if its
// version is still version, adding one to the version and stamping
// updated_at, and returns the festival's start date after the change. A
// stale version gives EConflict; a missing festival ENotFound.
func (db service) bumpFestival(ctx context.Context, c conn, id, version int64, set string, args ...any) (startDate string, err error) {
	q := `UPDATE festivals SET version = version + 1, updated_at = ?`
	if set != "" {
		q += `, ` + set
	}
	q += ` WHERE id = ? AND version = ? RETURNING start_date`
	all := append(append([]any{db.now()}, args...), id, version)
	err = c.queryRow(ctx, q, all...).Scan(&startDate)
	if errors.Is(err, sql.ErrNoRows) {
		return "", festivalConflictOrMissing(ctx, c, id)
	} else if err != nil {
		return "", fmt.Errorf("store: update festival %d: %w", id, err)
	}
	return startDate, nil
}

// festivalConflictOrMissing tells why a versioned update of id changed
// nothing: EConflict when the festival exists, else ENotFound.
func festivalConflictOrMissing(ctx context.Context, c conn, id int64) error {
	var one int
	err := c.queryRow(ctx, `SELECT 1 FROM festivals WHERE id = ?`, id).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return marquee.ErrFestivalNotFound()
	case err != nil:
		return fmt.Errorf("store: find festival %d: %w", id, err)
	}
	return errFestivalConflict()
}

// maxParams bounds the placeholders of one statement, under both SQLite's
// (32,766) and PostgreSQL's (65,535) limits.
const maxParams = 30000

// insertValues runs `head VALUES (?, ...), ... tail` over args, ncols
// values per row, in as few statements as the parameter limit allows. When
// scan is set, tail should hold a RETURNING clause and scan reads each
// returned row.
func insertValues(ctx context.Context, c conn, head string, ncols int, args []any, tail string, scan func(*sql.Rows) error) error {
	rowsPer := maxParams / ncols
	tuple := "(" + strings.TrimSuffix(strings.Repeat("?, ", ncols), ", ") + ")"
	for start := 0; start < len(args); start += rowsPer * ncols {
		end := min(len(args), start+rowsPer*ncols)
		n := (end - start) / ncols
		var sb strings.Builder
		sb.Grow(len(head) + len(tail) + n*(len(tuple)+2) + 16)
		sb.WriteString(head)
		sb.WriteString(" VALUES ")
		for i := range n {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(tuple)
		}
		if tail != "" {
			sb.WriteString(" ")
			sb.WriteString(tail)
		}
		if scan == nil {
			if _, err := c.exec(ctx, sb.String(), args[start:end]...); err != nil {
				return err
			}
			continue
		}
		rows, err := c.query(ctx, sb.String(), args[start:end]...)
		if err != nil {
			return err
		}
		for rows.Next() {
			if err := scan(rows); err != nil {
				rows.Close()
				return err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// categoryKey is a category name folded for the case- and
// accent-insensitive category filter (festival_categories.name_key).
func categoryKey(name string) string { return search.Fold(name) }
