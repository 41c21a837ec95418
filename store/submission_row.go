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

var _ marquee.SubmissionService = (*SubmissionService)(nil)

// submissionColumns are the columns scanSubmission reads, for a submission
// aliased s joined to its film fi, festival fe, category c and filmmaker u
// (submissionFrom).
const submissionColumns = `s.id, s.film_id, fi.title, s.festival_id, fe.slug, fe.name, s.category_id, c.name,
	s.filmmaker_id, u.name, u.email, s.country, s.tier, s.fee_credits, s.paid_credits, s.waiver_code, s.refunded_credits,
	s.status, s.award_name, s.flag, s.share_comments, s.language, s.created_at, s.decided_at, s.withdrawn_at,
	s.score_judges, s.score_weighted, cs.calibrated, s.score_spread, s.rules_accepted_at`

// submissionFrom joins a submission to what its rows show (the calibrated
// score from calibrated_scores cs, NULL without scores).
const submissionFrom = ` FROM submissions s
	JOIN films fi ON fi.id = s.film_id
	JOIN festivals fe ON fe.id = s.festival_id
	JOIN festival_categories c ON c.id = s.category_id
	JOIN users u ON u.id = s.filmmaker_id
	LEFT JOIN calibrated_scores cs ON cs.festival_id = s.festival_id AND cs.submission_id = s.id`

// submissionRow is a scanned submission with what only the store uses.
type submissionRow struct {
	*marquee.Submission
	shareComments bool
}

// scanSubmission reads one row of submissionColumns, then into extra the
// columns the query selects after them; the score summary is always
// filled (callers showing a filmmaker drop it).
func scanSubmission(row interface{ Scan(...any) error }, extra ...any) (*submissionRow, error) {
	var s marquee.Submission
	var tier, status, flag string
	var share int
	var decided, withdrawn, accepted sql.NullTime
	var weighted, calibrated, spread sql.NullFloat64
	var sum marquee.ScoreSummary
	err := row.Scan(append([]any{&s.ID, &s.FilmID, &s.FilmTitle, &s.FestivalID, &s.FestivalSlug, &s.FestivalName, &s.CategoryID, &s.CategoryName,
		&s.FilmmakerID, &s.FilmmakerName, &s.FilmmakerEmail, &s.Country, &tier, &s.FeeCredits, &s.PaidCredits, &s.WaiverCode, &s.RefundedCredits,
		&status, &s.AwardName, &flag, &share, &s.Language, &s.CreatedAt, &decided, &withdrawn,
		&sum.Judges, &weighted, &calibrated, &spread, &accepted}, extra...)...)
	if err != nil {
		return nil, err
	}
	s.Tier, s.Status, s.Flag = marquee.DeadlineTier(tier), marquee.SubmissionStatus(status), marquee.SubmissionFlag(flag)
	s.CreatedAt = s.CreatedAt.UTC()
	s.DecidedAt, s.WithdrawnAt, s.RulesAcceptedAt = subTime(decided), subTime(withdrawn), subTime(accepted)
	sum.Weighted, sum.Calibrated, sum.Spread = subFloat(weighted), subFloat(calibrated), subFloat(spread)
	s.Scores = &sum
	s.Feedback = []string{}
	return &submissionRow{Submission: &s, shareComments: share != 0}, nil
}

func subTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time.UTC()
	return &v
}

func subFloat(f sql.NullFloat64) *float64 {
	if !f.Valid {
		return nil
	}
	v := f.Float64
	return &v
}

// querySubmissions runs a query selecting submissionColumns.
func querySubmissions(ctx context.Context, c conn, q string, args ...any) ([]*submissionRow, error) {
	return queryScanned(ctx, c, func(rows *sql.Rows) (*submissionRow, error) { return scanSubmission(rows) }, q, args...)
}

// queryScanned runs a query and returns its rows as scan reads each.
func queryScanned(ctx context.Context, c conn, scan func(*sql.Rows) (*submissionRow, error), q string, args ...any) ([]*submissionRow, error) {
	rows, err := c.query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*submissionRow{}
	for rows.Next() {
		s, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// pageSubmissions returns one page of the submissions matching where (on
// submissions aliased s) in order: the page's ids are found on the
// submissions table alone (its indexes), then only those rows are joined.
func pageSubmissions(ctx context.Context, c conn, where string, args []any, order string, limit, offset int) ([]*submissionRow, error) {
	return querySubmissions(ctx, c, `SELECT `+submissionColumns+` FROM (SELECT s.id FROM submissions s`+where+`
		ORDER BY `+order+limitOffset(limit)+`) page JOIN submissions s ON s.id = page.id
		JOIN films fi ON fi.id = s.film_id
		JOIN festivals fe ON fe.id = s.festival_id
		JOIN festival_categories c ON c.id = s.category_id
		JOIN users u ON u.id = s.filmmaker_id
		LEFT JOIN calibrated_scores cs ON cs.festival_id = s.festival_id AND cs.submission_id = s.id
		ORDER BY `+order, append(append([]any{}, args...), offset)...)
}

// pageFestivalSubmissions is pageSubmissions for the organiser's list of
// one festival's submissions (where names it), read with
// festivalSubmissionColumns and their entry statuses (queryListed): the
// caller fills the festival's and categories' names (festivalNames).
func pageFestivalSubmissions(ctx context.Context, c conn, where string, args []any, order string, limit, offset int) ([]*submissionRow, error) {
	page, pageArgs := c.pageClause(limit, offset)
	return queryListed(ctx, c, `SELECT `+festivalSubmissionColumns+listedEntryStatusColumns+` FROM (SELECT s.id FROM submissions s`+where+`
		ORDER BY `+order+page+`) page JOIN submissions s ON s.id = page.id
		JOIN films fi ON fi.id = s.film_id
		JOIN users u ON u.id = s.filmmaker_id
		LEFT JOIN calibrated_scores cs ON cs.festival_id = s.festival_id AND cs.submission_id = s.id`+listedEntryStatusJoins+`
		ORDER BY `+order, append(append([]any{}, args...), pageArgs...)...)
}

// loadSubmission returns submission id if it matches the extra condition
// (ANDed, with its arguments), else ErrSubmissionNotFound.
func loadSubmission(ctx context.Context, c conn, id int64, cond string, args ...any) (*submissionRow, error) {
	q := `SELECT ` + submissionColumns + submissionFrom + ` WHERE s.id = ?`
	if cond != "" {
		q += ` AND ` + cond
	}
	s, err := scanSubmission(c.queryRow(ctx, q, append([]any{id}, args...)...))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrSubmissionNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: load submission %d: %w", id, err)
	}
	return s, nil
}

// submissionsOf returns the rows' submissions.
func submissionsOf(rows []*submissionRow) []*marquee.Submission {
	out := make([]*marquee.Submission, len(rows))
	for i, r := range rows {
		out[i] = r.Submission
	}
	return out
}

// forFilmmaker hides what only the festival's team sees: the flag and
// the score summary.
func forFilmmaker(s *marquee.Submission) *marquee.Submission {
	s.Flag, s.Scores, s.EntryStatus = marquee.FlagNone, nil, nil
	return s
}

// subMarks returns n comma-separated ? placeholders.
func subMarks(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// subArgs returns ids as query arguments.
func subArgs(ids []int64) []any {
	out := make([]any, len(ids))
	for i, id := range ids {
		out[i] = id
	}
	return out
}

// submissionFestival is the festival of an organiser's call about submissions.
type submissionFestival struct {
	id   int64
	slug string
	name string
}

// managed returns the festival named slug if the signed-in user may
// manage it (its organiser or an admin); ErrFestivalNotFound otherwise,
// exactly as for a missing festival.
func (s *SubmissionService) managed(ctx context.Context, slug string) (*submissionFestival, error) {
	f, _, err := s.managedWith(ctx, slug, false, nil)
	return f, err
}

// managedWithNames is managed with the names the festival's submission
// rows show (festivalNames), read in the same statement.
func (s *SubmissionService) managedWithNames(ctx context.Context, slug string) (*submissionFestival, *festivalNames, error) {
	return s.managedWith(ctx, slug, true, nil)
}

// managedWith is managed, reading in the same statement the festival's
// names when withNames, and when total is not nil the rollups' total it
// names (rollupTotalColumn).
func (s *SubmissionService) managedWith(ctx context.Context, slug string, withNames bool, total *rollupCount) (*submissionFestival, *festivalNames, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, nil, err
	}
	var f marquee.Festival
	var categories string
	q, args, dest := `SELECT id, slug, name, organiser_id`, []any{}, []any{&f.ID, &f.Slug, &f.Name, &f.OrganiserID}
	if withNames {
		q, dest = q+`, `+categoryNamesJSON(s.dialect, `fe.id`), append(dest, &categories)
	}
	if total != nil {
		column, columnArgs := rollupTotalColumn(total.facet, total.key)
		q, args, dest = q+`, `+column, append(args, columnArgs...), append(dest, &total.n)
	}
	err = s.reader().queryRow(ctx, q+` FROM festivals fe WHERE slug = ?`, append(args, strings.TrimSpace(slug))...).Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, nil, fmt.Errorf("store: find festival %q: %w", slug, err)
	}
	if !marquee.CanManageFestival(u, &f) {
		return nil, nil, marquee.ErrFestivalNotFound()
	}
	out := &submissionFestival{id: f.ID, slug: f.Slug, name: f.Name}
	if !withNames {
		return out, nil, nil
	}
	names, err := parseFestivalNames(f.Slug, f.Name, categories)
	if err != nil {
		return nil, nil, fmt.Errorf("store: categories of festival %d: %w", f.ID, err)
	}
	return out, names, nil
}
