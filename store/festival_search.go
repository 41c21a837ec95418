package store

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/search"
)

// Limits of a festival search.
const (
	searchTextMax     = 200
	searchPerPage     = 20
	searchPerPageMax  = 50
	searchPageMax     = 10_000
	searchCategoryMax = 100
)

// normalizeFestivalQuery trims and checks q, fills in its defaults and
// parses its text. Field keys are q, country, from, to, category, maxFee,
// sort and page.
func (db *DB) normalizeFestivalQuery(q *marquee.FestivalQuery) (search.Query, error) {
	f := marquee.FieldErrors{}
	q.Text = strings.TrimSpace(q.Text)
	q.Country = strings.ToUpper(strings.TrimSpace(q.Country))
	q.From, q.To = strings.TrimSpace(q.From), strings.TrimSpace(q.To)
	q.Category = strings.TrimSpace(q.Category)
	q.Sort = strings.TrimSpace(q.Sort)
	if marquee.Length(q.Text) > searchTextMax {
		f.Add("q", "Search text must be at most 200 characters")
	}
	if q.Country != "" && !marquee.ValidCountry(q.Country) {
		f.Add("country", "Pick a country from the list to filter by")
	}
	if _, ok := marquee.ParseDate(q.From); q.From != "" && !ok {
		f.Add("from", "Enter the date as YYYY-MM-DD")
	}
	if _, ok := marquee.ParseDate(q.To); q.To != "" && !ok {
		f.Add("to", "Enter the date as YYYY-MM-DD")
	} else if q.From != "" && q.To != "" && q.To < q.From {
		f.Add("to", "The end of the date range cannot be before its start")
	}
	if marquee.Length(q.Category) > searchCategoryMax {
		f.Add("category", "Category must be at most 100 characters")
	}
	if q.MaxFee != nil && *q.MaxFee < 0 {
		f.Add("maxFee", "Maximum fee cannot be negative")
	}
	switch q.Sort {
	case "", marquee.FestivalSortDeadline, marquee.FestivalSortStart, marquee.FestivalSortRelevance:
	default:
		f.Add("sort", "Sort by deadline, start date or relevance")
	}
	if q.Page < 0 || q.Page > searchPageMax {
		f.Add("page", "Page must be between 1 and 10,000")
	}
	if err := f.Err(marquee.FirstFieldMessage(f, "q", "country", "from", "to", "category", "maxFee", "sort", "page")); err != nil {
		return search.Query{}, err
	}
	parsed := search.ParseQuery(q.Text)
	if q.Sort == "" {
		q.Sort = marquee.FestivalSortDeadline
		if !parsed.Empty() {
			q.Sort = marquee.FestivalSortRelevance
		}
	}
	if q.Page == 0 {
		q.Page = 1
	}
	switch {
	case q.PerPage <= 0:
		q.PerPage = searchPerPage
	case q.PerPage > searchPerPageMax:
		q.PerPage = searchPerPageMax
	}
	if _, ok := marquee.ParseDate(q.Today); !ok {
		q.Today = marquee.Today(db.now())
	}
	return parsed, nil
}

// SearchFestivals runs a discovery search over approved festivals: text
// in any script (every word must match: a prefix for spaced scripts, the
// characters or bigrams for CJK), country, dates overlapping From..To,
// open for submissions on Today, a category name containing Category
// (ignoring case and Latin accents), a current fee of at most MaxFee;
// sorted by next deadline (closed festivals last), start date or
// relevance (the sum, over the query's parts, of the best field weight
// matched: name 3, location or city 2, description or category 1).
// Items carry no categories or criteria.
func (db *DB) SearchFestivals(ctx context.Context, q marquee.FestivalQuery) (*marquee.FestivalPage, error) {
	parsed, err := db.normalizeFestivalQuery(&q)
	if err != nil {
		return nil, err
	}
	if err := db.refreshDaily(ctx); err != nil {
		return nil, err
	}
	plan, err := db.planFestivalMatch(ctx, q, parsed)
	if err != nil {
		return nil, err
	}
	sqlText, args := db.searchSQL(q, parsed, plan)
	rows, err := db.reader().query(ctx, sqlText, args...)
	if err != nil {
		return nil, fmt.Errorf("store: search festivals: %w", err)
	}
	var score, total int64
	items, err := scanFestivals(rows, &score, &total)
	if err != nil {
		return nil, fmt.Errorf("store: search festivals: %w", err)
	}
	if len(items) == 0 && q.Page > 1 {
		// Past the last page: the window count came with no row.
		with, match, args := db.festivalMatch(q, parsed, plan)
		if err := db.reader().queryRow(ctx, with+` SELECT COUNT(*) FROM (`+match+`) x`, args...).Scan(&total); err != nil {
			return nil, fmt.Errorf("store: count festivals: %w", err)
		}
	}
	return &marquee.FestivalPage{Items: items, Total: total, Page: q.Page, PerPage: q.PerPage}, nil
}

// searchSQL builds the query of one page of a search: the matching rows
// are sorted narrow (id, dates, score), then the page's rows are read in full.
func (db *DB) searchSQL(q marquee.FestivalQuery, parsed search.Query, plan matchPlan) (string, []any) {
	with, match, args := db.festivalMatch(q, parsed, plan)
	relevance := q.Sort == marquee.FestivalSortRelevance && !parsed.Empty()
	page := `page AS (SELECT id, nd, sd, score, COUNT(*) OVER () AS total FROM (` + match + `) x
		ORDER BY ` + searchOrder("", q.Sort, relevance) + ` LIMIT ? OFFSET ?)`
	if with == "" {
		with = `WITH ` + page
	} else {
		with += `, ` + page
	}
	return with + ` SELECT ` + festivalColumns + `, page.score, page.total
		FROM page JOIN festivals f ON f.id = page.id ORDER BY ` + searchOrder("page.", q.Sort, relevance),
		append(args, q.PerPage, (q.Page-1)*q.PerPage)
}

// searchOrder is the ORDER BY of a search over columns id, nd (next
// deadline: closed festivals have none and come last), sd (start date) and
// score, each prefixed with prefix.
func searchOrder(prefix, sort string, relevance bool) string {
	p := prefix
	if sort == marquee.FestivalSortStart {
		return p + `sd, ` + p + `id`
	}
	order := p + `nd ASC NULLS LAST, ` + p + `sd, ` + p + `id`
	if relevance {
		order = p + `score DESC, ` + order
	}
	return order
}

// matchPlan says how festivalMatch finds the festivals matching a text:
// from the festivals passing the filters (byFestival), each checked
// against every part with one index seek, or from the festivals holding
// the term of part driver, checked against the other parts.
type matchPlan struct {
	byFestival bool
	driver     int
}

// probeCap bounds the index entries planFestivalMatch counts per part.
const probeCap = 300

// planFestivalMatch chooses the cheaper way to match q's text: it counts
// (up to probeCap) the index entries of each part and, when a country is
// given, the open or all approved festivals of that country, in one query.
func (db *DB) planFestivalMatch(ctx context.Context, q marquee.FestivalQuery, parsed search.Query) (matchPlan, error) {
	if len(parsed.Parts) == 0 || len(parsed.Parts) == 1 && q.Country == "" {
		// Nothing to choose.
		return matchPlan{}, nil
	}
	var sb strings.Builder
	var args []any
	sb.WriteString(`SELECT `)
	for i, p := range parsed.Parts {
		if i > 0 {
			sb.WriteString(`, `)
		}
		sb.WriteString(`(SELECT COUNT(*) FROM (SELECT 1 FROM festival_terms WHERE `)
		args = partCondition(&sb, args, "", p)
		sb.WriteString(fmt.Sprintf(` LIMIT %d) p%d)`, probeCap, i))
	}
	if q.Country != "" {
		sb.WriteString(`, (SELECT COUNT(*) FROM (SELECT 1 FROM festivals WHERE status = 'approved' AND country = ?`)
		args = append(args, q.Country)
		if q.Open {
			sb.WriteString(` AND next_deadline >= ?`)
			args = append(args, q.Today)
		}
		sb.WriteString(fmt.Sprintf(` LIMIT %d) c)`, probeCap))
	}
	counts := make([]int64, len(parsed.Parts)+1)
	dest := make([]any, 0, len(counts))
	for i := range parsed.Parts {
		dest = append(dest, &counts[i])
	}
	if q.Country != "" {
		dest = append(dest, &counts[len(parsed.Parts)])
	}
	if err := db.reader().queryRow(ctx, sb.String(), args...).Scan(dest...); err != nil {
		return matchPlan{}, fmt.Errorf("store: plan festival search: %w", err)
	}
	var plan matchPlan
	for i := range parsed.Parts {
		if counts[i] < counts[plan.driver] {
			plan.driver = i
		}
	}
	if q.Country == "" {
		return plan, nil
	}
	// Seeking a festival row costs about twice as much as seeking a term,
	// so from the festivals it takes one term seek per part, from the
	// driver's term one term seek per other part and one festival seek.
	// A count at the cap means "at least that many".
	nc, df, p := counts[len(parsed.Parts)], counts[plan.driver], int64(len(parsed.Parts))
	switch {
	case nc >= probeCap && df >= probeCap:
		plan.byFestival = true // both large: a country holds a bounded share
	case nc >= probeCap:
		plan.byFestival = false
	case df >= probeCap:
		plan.byFestival = true
	default:
		plan.byFestival = nc*p <= df*(p+1)
	}
	return plan, nil
}

// festivalMatch builds the query of every matching festival as rows (id,
// nd: next deadline, sd: start date, score), and the WITH clause it needs
// ("" or "WITH ..."), with their arguments in order, following plan.
func (db *DB) festivalMatch(q marquee.FestivalQuery, parsed search.Query, plan matchPlan) (with, match string, args []any) {
	where, whereArgs := db.festivalFilters(q)
	const cols = `f.id AS id, f.next_deadline AS nd, f.start_date AS sd`
	switch {
	case parsed.Empty():
		return "", `SELECT ` + cols + `, 0 AS score FROM festivals f WHERE ` + where, whereArgs
	case plan.byFestival:
		// Every part joins its term rows; a prefix can match several
		// terms of a festival, which then count once, with the best weight.
		var sel, joins, conds, groupBy, sum []string
		var condArgs []any
		grouped := false
		for i, p := range parsed.Parts {
			t, w := fmt.Sprintf("t%d", i), fmt.Sprintf("w%d", i)
			sum = append(sum, w)
			joins = append(joins, ` CROSS JOIN festival_terms `+t)
			var sb strings.Builder
			sb.WriteString(t + `.festival_id = f.id AND `)
			condArgs = partCondition(&sb, condArgs, t+".", p)
			conds = append(conds, sb.String())
			if p.Prefix {
				grouped = true
				sel = append(sel, `MAX(`+t+`.weight) AS `+w)
			} else {
				sel = append(sel, t+`.weight AS `+w)
				groupBy = append(groupBy, t+`.weight`)
			}
		}
		match = `SELECT id, nd, sd, ` + strings.Join(sum, ` + `) + ` AS score FROM (SELECT ` + cols + `, ` + strings.Join(sel, `, `) +
			` FROM festivals f` + strings.Join(joins, "") + ` WHERE ` + strings.Join(append([]string{where}, conds...), ` AND `)
		if grouped {
			match += ` GROUP BY ` + strings.Join(append([]string{`f.id`, `f.next_deadline`, `f.start_date`}, groupBy...), `, `)
		}
		match += `) y`
		return "", match, append(whereArgs, condArgs...)
	}
	parts := slices.Clone(parsed.Parts)
	parts[0], parts[plan.driver] = parts[plan.driver], parts[0]
	var sb strings.Builder
	sb.WriteString(`WITH m AS (SELECT festival_id, `)
	var sel, joins, conds []string
	var selArgs, joinArgs []any
	sum := []string{`w0`}
	for i, p := range parts[1:] {
		w := fmt.Sprintf("w%d", i+1)
		sum = append(sum, w)
		if !p.Prefix {
			// An exact term: one row per festival, joined.
			t := fmt.Sprintf("t%d", i+1)
			joins = append(joins, ` CROSS JOIN festival_terms `+t)
			conds = append(conds, t+`.term = ? AND `+t+`.festival_id = d.festival_id`)
			joinArgs = append(joinArgs, p.Term)
			sel = append(sel, t+`.weight AS `+w)
			continue
		}
		var ps strings.Builder
		ps.WriteString(`(SELECT MAX(x.weight) FROM festival_terms x WHERE x.festival_id = d.festival_id AND `)
		selArgs = partCondition(&ps, selArgs, "x.", p)
		ps.WriteString(`) AS ` + w)
		sel = append(sel, ps.String())
	}
	sb.WriteString(strings.Join(sum, ` + `))
	sb.WriteString(` AS score FROM (SELECT d.festival_id, d.w AS w0`)
	for _, s := range sel {
		sb.WriteString(`, ` + s)
	}
	args = append(args, selArgs...)
	if parts[0].Prefix {
		sb.WriteString(` FROM (SELECT festival_id, MAX(weight) AS w FROM festival_terms WHERE `)
		args = partCondition(&sb, args, "", parts[0])
		sb.WriteString(` GROUP BY festival_id) d`)
	} else {
		sb.WriteString(` FROM (SELECT festival_id, weight AS w FROM festival_terms WHERE term = ?) d`)
		args = append(args, parts[0].Term)
	}
	sb.WriteString(strings.Join(joins, ""))
	if len(conds) > 0 {
		sb.WriteString(` WHERE ` + strings.Join(conds, ` AND `))
		args = append(args, joinArgs...)
	}
	sb.WriteString(`) z`)
	var notNull []string
	for i, p := range parts[1:] {
		if p.Prefix {
			notNull = append(notNull, fmt.Sprintf("w%d IS NOT NULL", i+1))
		}
	}
	if len(notNull) > 0 {
		sb.WriteString(` WHERE ` + strings.Join(notNull, ` AND `))
	}
	sb.WriteString(`)`)
	match = `SELECT ` + cols + `, m.score AS score FROM m CROSS JOIN festivals f WHERE f.id = m.festival_id AND ` + where
	return sb.String(), match, append(args, whereArgs...)
}

// festivalFilters returns the conditions (on alias f) of q's filters
// other than its text, and their arguments.
func (db *DB) festivalFilters(q marquee.FestivalQuery) (string, []any) {
	where := []string{`f.status = 'approved'`}
	var args []any
	if q.Country != "" {
		where, args = append(where, `f.country = ?`), append(args, q.Country)
	}
	if q.From != "" {
		where, args = append(where, `f.end_date >= ?`), append(args, q.From)
	}
	if q.To != "" {
		where, args = append(where, `f.start_date <= ?`), append(args, q.To)
	}
	if q.Open {
		where, args = append(where, `f.next_deadline >= ?`), append(args, q.Today)
	}
	if q.MaxFee != nil {
		where, args = append(where, `f.min_fee IS NOT NULL AND f.min_fee <= ?`), append(args, *q.MaxFee)
	}
	if q.Category != "" {
		where = append(where, `EXISTS (SELECT 1 FROM festival_categories c WHERE c.festival_id = f.id AND c.name_key `+
			db.caseInsensitiveLike()+` ? ESCAPE '\')`)
		args = append(args, "%"+escapeLike(search.Fold(q.Category))+"%")
	}
	return strings.Join(where, ` AND `), args
}

// partCondition writes the festival_terms condition of one query part,
// its column names prefixed with alias.
func partCondition(sb *strings.Builder, args []any, alias string, p search.Part) []any {
	switch {
	case !p.Prefix:
		sb.WriteString(alias + `term = ?`)
		return append(args, p.Term)
	case p.Upper == "":
		sb.WriteString(alias + `term >= ?`)
		return append(args, p.Term)
	default:
		sb.WriteString(alias + `term >= ? AND ` + alias + `term < ?`)
		return append(args, p.Term, p.Upper)
	}
}
