package store

import (
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

// jsonPairs is a subquery giving the rows of `FROM <from>` as a JSON
// array (text) of [key, value] pairs, "[]" when there are none, for
// decodeIDPairs: a list read with its row in one statement (an
// export row's answers, a festival's category names).
func jsonPairs(d Dialect, key, value, from string) string {
	if d == Postgres {
		return `(SELECT CAST(COALESCE(json_agg(json_build_array(` + key + `, ` + value + `)), '[]') AS TEXT) FROM ` + from + `)`
	}
	return `(SELECT json_group_array(json_array(` + key + `, ` + value + `)) FROM ` + from + `)`
}

// idPair is one [id, value] pair of jsonPairs.
type idPair struct {
	id    int64
	value string
}

// decodeIDPairs reads jsonPairs' array of [id, value] pairs into out.
func decodeIDPairs(s string, out *[]idPair) error {
	var raw [][2]json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return fmt.Errorf("pairs %q: %w", s, err)
	}
	for _, r := range raw {
		var p idPair
		if err := json.Unmarshal(r[0], &p.id); err != nil {
			return fmt.Errorf("pairs %q: %w", s, err)
		}
		if err := json.Unmarshal(r[1], &p.value); err != nil {
			return fmt.Errorf("pairs %q: %w", s, err)
		}
		*out = append(*out, p)
	}
	return nil
}

// categoryNamesJSON is a subquery giving the categories of the festival
// whose id is festivalID (an expression) as jsonPairs of id and name.
func categoryNamesJSON(d Dialect, festivalID string) string {
	return jsonPairs(d, `c.id`, `c.name`, `festival_categories c WHERE c.festival_id = `+festivalID)
}

// parseFestivalNames returns the festivalNames of a festival whose
// categories are categories (categoryNamesJSON's array).
func parseFestivalNames(slug, name, categories string) (*festivalNames, error) {
	var pairs []idPair
	if err := decodeIDPairs(categories, &pairs); err != nil {
		return nil, fmt.Errorf("category names: %w", err)
	}
	n := &festivalNames{slug: slug, name: name, categories: make(map[int64]string, len(pairs))}
	for _, p := range pairs {
		n.categories[p.id] = p.value
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
