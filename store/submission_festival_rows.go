package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/marquee-festival/marquee"
)

// The organiser's list, the ranking and the CSV export read submissions
// of one festival, already loaded: the festival's slug and name are the
// same on every row, and its categories are a handful. So those reads
// join each row only to what differs from row to row (film, filmmaker,
// calibrated score) and take the festival and category names from
// memory (festivalNames): two of the five lookups per row that a page of
// 50 (or an export of 5,000) paid in SQLite's b-trees.

// festivalSubmissionColumns are submissionColumns with the festival's
// slug and name and the category's name left blank (filled by
// festivalNames.fill), over festivalSubmissionFrom.
var festivalSubmissionColumns = strings.NewReplacer(`fe.slug, fe.name`, `'', ''`, `c.name`, `''`).Replace(submissionColumns)

// festivalSubmissionFrom is submissionFrom without the festival and the
// category.
const festivalSubmissionFrom = ` FROM submissions s
	JOIN films fi ON fi.id = s.film_id
	JOIN users u ON u.id = s.filmmaker_id
	LEFT JOIN calibrated_scores cs ON cs.festival_id = s.festival_id AND cs.submission_id = s.id`

// festivalJudgingColumns are judgingSubmissionColumns likewise, over
// festivalJudgingJoins.
var festivalJudgingColumns = strings.NewReplacer(`fe.slug, fe.name`, `'', ''`, `c.name`, `''`).Replace(judgingSubmissionColumns)

// festivalJudgingJoins is judgingSubmissionJoins without the festival
// and the category.
const festivalJudgingJoins = ` JOIN films f ON f.id = s.film_id JOIN users u ON u.id = s.filmmaker_id
	LEFT JOIN calibrated_scores cs ON cs.festival_id = s.festival_id AND cs.submission_id = s.id`

// festivalNames are what the rows of one festival's submissions share.
type festivalNames struct {
	slug, name string
	categories map[int64]string
}

// loadFestivalNames reads the names of festival id's categories.
func loadFestivalNames(ctx context.Context, c conn, id int64, slug, name string) (*festivalNames, error) {
	rows, err := c.query(ctx, `SELECT id, name FROM festival_categories WHERE festival_id = ?`, id)
	if err != nil {
		return nil, fmt.Errorf("store: categories of festival %d: %w", id, err)
	}
	defer rows.Close()
	n := &festivalNames{slug: slug, name: name, categories: map[int64]string{}}
	for rows.Next() {
		var cid int64
		var cname string
		if err := rows.Scan(&cid, &cname); err != nil {
			return nil, fmt.Errorf("store: categories of festival %d: %w", id, err)
		}
		n.categories[cid] = cname
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: categories of festival %d: %w", id, err)
	}
	return n, nil
}

// categoryNamesJSON is a subquery giving the categories of the festival
// whose id is festivalID (an expression) as a JSON array of [id, name]
// pairs ("[]" without categories).
func categoryNamesJSON(d Dialect, festivalID string) string {
	if d == Postgres {
		return `(SELECT CAST(COALESCE(json_agg(json_build_array(c.id, c.name)), '[]') AS TEXT) FROM festival_categories c WHERE c.festival_id = ` + festivalID + `)`
	}
	return `(SELECT json_group_array(json_array(c.id, c.name)) FROM festival_categories c WHERE c.festival_id = ` + festivalID + `)`
}

// parseFestivalNames returns the festivalNames of a festival whose
// categories are categories (categoryNamesJSON's array).
func parseFestivalNames(slug, name, categories string) (*festivalNames, error) {
	var raw [][2]json.RawMessage
	if err := json.Unmarshal([]byte(categories), &raw); err != nil {
		return nil, fmt.Errorf("category names %q: %w", categories, err)
	}
	n := &festivalNames{slug: slug, name: name, categories: make(map[int64]string, len(raw))}
	for _, r := range raw {
		var id int64
		var cname string
		if err := json.Unmarshal(r[0], &id); err != nil {
			return nil, fmt.Errorf("category names %q: %w", categories, err)
		}
		if err := json.Unmarshal(r[1], &cname); err != nil {
			return nil, fmt.Errorf("category names %q: %w", categories, err)
		}
		n.categories[id] = cname
	}
	return n, nil
}

// fill sets s's festival and category names.
func (n *festivalNames) fill(s *marquee.Submission) {
	s.FestivalSlug, s.FestivalName, s.CategoryName = n.slug, n.name, n.categories[s.CategoryID]
}

// fillRows fills every row.
func (n *festivalNames) fillRows(rows []*submissionRow) {
	for _, r := range rows {
		n.fill(r.Submission)
	}
}
