package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/marquee-festival/marquee"
)

// JudgingService implements marquee.JudgingService: judges, assignments,
// conflicts, scores and rankings.
//
// It keeps the score_* columns of submissions (the judging summary the
// submission service sorts and filters by) and the calibration (judges'
// score_* columns, calibrated_scores) up to date in the transaction that
// changes a score (judging_score.go, judging_calibration.go). What a judge may see is decided
// by one SQL rule, judgeSeesSubmission / judgeAssigned (judge_access.go).
type JudgingService struct {
	service
	composeInvitation marquee.ComposeInvitation
	mailStatus        marquee.MailStatus
}

var _ marquee.JudgingService = (*JudgingService)(nil)

// judgingFestival is what the judging service needs of a festival.
type judgingFestival struct {
	*marquee.Festival
	Blind  bool
	Locked bool
	// MinJudges is festival_settings.min_judges (0 without a row: the
	// default, see marquee.FestivalSettings.BelowMinimumJudges).
	MinJudges int
}

// loadJudgingFestival returns the festival with slug and its judging settings.
func loadJudgingFestival(ctx context.Context, c conn, slug string) (*judgingFestival, error) {
	return loadJudgingFestivalWith(ctx, c, slug, "", nil)
}

// loadJudgingFestivalWith is loadJudgingFestival reading also the columns
// of extra (", expr, ..." over festivals fe, with extraArgs) into more.
func loadJudgingFestivalWith(ctx context.Context, c conn, slug, extra string, extraArgs []any, more ...any) (*judgingFestival, error) {
	f := &judgingFestival{Festival: &marquee.Festival{}}
	err := c.queryRow(ctx, `SELECT fe.id, fe.slug, fe.name, fe.organiser_id, fe.status,
			COALESCE(fs.blind_review, 0), COALESCE(fs.judging_locked, 0), COALESCE(fs.min_judges, 0)`+extra+`
		FROM festivals fe LEFT JOIN festival_settings fs ON fs.festival_id = fe.id WHERE fe.slug = ?`, append(slices.Clip(extraArgs), slug)...).
		Scan(append([]any{&f.ID, &f.Slug, &f.Name, &f.OrganiserID, &f.Status, &f.Blind, &f.Locked, &f.MinJudges}, more...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: judging festival %q: %w", slug, err)
	}
	return f, nil
}

// managedFestival returns the festival with slug to its organiser or an
// admin; to anyone else it does not exist.
func managedFestival(ctx context.Context, c conn, slug string) (*judgingFestival, error) {
	return managedFestivalWith(ctx, c, slug, "", nil)
}

// managedFestivalForRanking is managedFestival with what a page of its
// ranking needs besides its lines, read in the same statement (three
// statements fewer a page): the names its submissions' rows show
// (festivalNames) and the number of its open submissions, of the
// category with the rollup key categoryKey ("" for all).
func managedFestivalForRanking(ctx context.Context, c conn, slug, categoryKey string) (*judgingFestival, *festivalNames, int64, error) {
	var categories string
	var total int64
	column, columnArgs := rollupTotalColumn("open", categoryKey)
	f, err := managedFestivalWith(ctx, c, slug, `, `+categoryNamesJSON(c.db.dialect, `fe.id`)+`, `+column, columnArgs, &categories, &total)
	if err != nil {
		return nil, nil, 0, err
	}
	names, err := parseFestivalNames(f.Slug, f.Name, categories)
	if err != nil {
		return nil, nil, 0, fmt.Errorf("store: categories of festival %d: %w", f.ID, err)
	}
	return f, names, total, nil
}

// managedFestivalWith is managedFestival reading also extra's columns
// (see loadJudgingFestivalWith).
func managedFestivalWith(ctx context.Context, c conn, slug, extra string, extraArgs []any, more ...any) (*judgingFestival, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadJudgingFestivalWith(ctx, c, slug, extra, extraArgs, more...)
	if err != nil {
		return nil, err
	}
	if !marquee.CanManageFestival(u, f.Festival) {
		return nil, marquee.ErrFestivalNotFound()
	}
	return f, nil
}

// judgeSeat is the signed-in user's seat on a festival's jury.
type judgeSeat struct {
	JudgeID int64
	UserID  int64
	Fest    *judgingFestival
}

// activeJudge returns the signed-in user's active seat on the jury of the
// festival with slug; a festival they do not judge does not exist for them.
func activeJudge(ctx context.Context, c conn, slug string) (*judgeSeat, error) {
	u, err := marquee.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	f, err := loadJudgingFestival(ctx, c, slug)
	if err != nil {
		return nil, err
	}
	seat := &judgeSeat{UserID: u.ID, Fest: f}
	err = c.queryRow(ctx, `SELECT id FROM judges WHERE festival_id = ? AND user_id = ? AND status = 'active'`, f.ID, u.ID).Scan(&seat.JudgeID)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, marquee.ErrFestivalNotFound()
	} else if err != nil {
		return nil, fmt.Errorf("store: judge of festival %d for user %d: %w", f.ID, u.ID, err)
	}
	return seat, nil
}

// settingsOf returns festival id's settings (all off, and the default
// minimum of judges, without a row).
func settingsOf(ctx context.Context, c conn, id int64) (*marquee.FestivalSettings, error) {
	fs := marquee.FestivalSettings{MinJudges: marquee.DefaultMinJudges}
	err := c.queryRow(ctx, `SELECT refund_on_withdraw, blind_review, judging_locked, min_judges FROM festival_settings WHERE festival_id = ?`, id).
		Scan(&fs.RefundOnWithdraw, &fs.BlindReview, &fs.JudgingLocked, &fs.MinJudges)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("store: settings of festival %d: %w", id, err)
	}
	return &fs, nil
}

// judgingSubmissionColumns are the columns scanJudgingSubmission reads,
// over submissions s, films f, festivals fe, festival_categories c and
// the filmmaker's users u.
const judgingSubmissionColumns = `s.id, s.film_id, f.title, s.festival_id, fe.slug, fe.name, s.category_id, c.name,
	s.filmmaker_id, u.name, u.email, s.country, s.tier, s.fee_credits, s.paid_credits, s.waiver_code, s.refunded_credits,
	s.status, s.award_name, s.flag, s.language, s.created_at, s.decided_at, s.withdrawn_at,
	s.score_judges, s.score_weighted, cs.calibrated, s.score_spread`

// judgingSubmissionJoins joins what judgingSubmissionColumns reads to
// submissions s (the calibrated score from calibrated_scores cs, NULL
// without scores).
const judgingSubmissionJoins = ` JOIN films f ON f.id = s.film_id JOIN festivals fe ON fe.id = s.festival_id
	JOIN festival_categories c ON c.id = s.category_id JOIN users u ON u.id = s.filmmaker_id
	LEFT JOIN calibrated_scores cs ON cs.festival_id = s.festival_id AND cs.submission_id = s.id`

// judgingFilmColumns are the columns scanJudgingFilm reads, over films f.
const judgingFilmColumns = `f.id, f.owner_id, f.title, f.original_title, f.logline, f.synopsis, f.runtime_minutes, f.genre,
	f.country, f.language, f.year, f.director, f.credits, f.screener_url, f.screener_password, f.public, f.poster_key,
	f.created_at, f.updated_at, f.specs`

// submissionTargets returns the scan targets of judgingSubmissionColumns
// into s, with the summary columns into sum.
func submissionTargets(s *marquee.Submission, sum *scannedSummary) []any {
	return []any{&s.ID, &s.FilmID, &s.FilmTitle, &s.FestivalID, &s.FestivalSlug, &s.FestivalName, &s.CategoryID, &s.CategoryName,
		&s.FilmmakerID, &s.FilmmakerName, &s.FilmmakerEmail, &s.Country, &s.Tier, &s.FeeCredits, &s.PaidCredits, &s.WaiverCode, &s.RefundedCredits,
		&s.Status, &s.AwardName, &s.Flag, &s.Language, &s.CreatedAt, &sum.decided, &sum.withdrawn,
		&sum.judges, &sum.weighted, &sum.calibrated, &sum.spread}
}

// scannedSummary holds the nullable columns of a scanned submission.
type scannedSummary struct {
	decided, withdrawn           sql.NullTime
	judges                       int
	weighted, calibrated, spread sql.NullFloat64
}

// finish completes s from the nullable columns; withScores attaches the
// judging summary (organisers only).
func (sum *scannedSummary) finish(s *marquee.Submission, withScores bool) {
	s.CreatedAt = s.CreatedAt.UTC()
	if sum.decided.Valid {
		t := sum.decided.Time.UTC()
		s.DecidedAt = &t
	}
	if sum.withdrawn.Valid {
		t := sum.withdrawn.Time.UTC()
		s.WithdrawnAt = &t
	}
	s.Feedback = []string{}
	if withScores {
		s.Scores = &marquee.ScoreSummary{Judges: sum.judges, Weighted: nullFloat(sum.weighted),
			Calibrated: nullFloat(sum.calibrated), Spread: nullFloat(sum.spread)}
	}
}

func nullFloat(v sql.NullFloat64) *float64 {
	if !v.Valid {
		return nil
	}
	f := v.Float64
	return &f
}

// filmTargets returns the scan targets of judgingFilmColumns into f.
func filmTargets(f *marquee.Film, raw *filmRaw) []any {
	return []any{&f.ID, &f.OwnerID, &f.Title, &f.OriginalTitle, &f.Logline, &f.Synopsis, &f.RuntimeMinutes, &f.Genre,
		&f.Country, &f.Language, &f.Year, &f.Director, &raw.credits, &f.ScreenerURL, &f.ScreenerPassword, &f.Public, &raw.poster,
		&f.CreatedAt, &f.UpdatedAt, &raw.specs}
}

// filmRaw holds the film columns that need decoding.
type filmRaw struct{ credits, poster, specs string }

// finish decodes the credits and the poster's address into f.
func (raw *filmRaw) finish(f *marquee.Film) error {
	f.Credits = []marquee.FilmCredit{}
	if raw.credits != "" {
		if err := json.Unmarshal([]byte(raw.credits), &f.Credits); err != nil {
			return fmt.Errorf("store: credits of film %d: %w", f.ID, err)
		}
	}
	f.PosterURL, f.PosterImages = marquee.PosterFromKey(raw.poster)
	f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
	return decodeFilmSpecs(f, raw.specs)
}

// loadCriteriaOf returns festival id's criteria (loadCriteria).
func loadCriteriaOf(ctx context.Context, c conn, id int64) ([]marquee.Criterion, error) {
	return loadCriteria(ctx, c, id)
}

// timePtr returns a UTC copy of a nullable time.
func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time.UTC()
	return &v
}
