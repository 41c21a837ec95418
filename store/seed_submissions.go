package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"maps"
	mrand "math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/marquee-festival/marquee"
)

// SeedSubmissionsOptions shape SeedSubmissions.
type SeedSubmissionsOptions struct {
	// HotSize is how many submissions the hot festival receives (at most
	// half of n, so that no film enters it twice); 0 means none.
	HotSize int
	// PasswordHash is the password of the accounts it creates (the hot
	// festival's organiser and its three judges), so they can log in.
	PasswordHash string
	// Seed makes the same run give the same data.
	Seed uint64
	// Span spreads the submissions' dates over this long before now
	// (180 days when 0).
	Span time.Duration
	// Progress, when set, hears of every batch of rows written (step
	// "submissions") and of the steps after them.
	Progress SeedProgress
}

// SeedSubmissionsResult says what SeedSubmissions made, for the load test.
type SeedSubmissionsResult struct {
	Films, Submissions int
	// The hot festival: its slug, one of its categories, the account that
	// now organises it and its judges (password: the options' hash).
	HotSlug, HotOrganiser string
	HotFestivalID         int64
	HotCategoryID         int64
	HotSubmissions        int
	Judges                []string
	// A filmmaker with a typical number of submissions and the busiest one.
	TypicalFilmmaker, BusyFilmmaker string
	TypicalCount, BusyCount         int
}

// seedSubmissionsBatch is how many films the generator hands the writer at
// a time, with their ~2 submissions each; each batch also gets its own
// ledger credit per filmmaker (see SeedSubmissions).
const seedSubmissionsBatch = 500

// seedRollupsChunk is about how many submission_rollups rows the generator
// sends the writer at a time, after the submissions.
const seedRollupsChunk = 20_000

// The columns of the rows SeedSubmissions writes, in the order of its
// generated values.
var (
	seedFilmColumns = []string{"id", "owner_id", "title", "logline", "runtime_minutes", "genre", "country", "language", "year",
		"director", "created_at", "updated_at"}
	seedSubmissionColumns = []string{"id", "film_id", "filmmaker_id", "festival_id", "category_id", "country", "tier", "fee_credits",
		"paid_credits", "status", "award_name", "language", "score_judges", "score_weighted", "score_spread", "created_at", "decided_at",
		"updated_at"}
	seedScoreColumns     = []string{"judge_id", "submission_id", "weighted", "comment", "updated_at"}
	seedCriterionColumns = []string{"judge_id", "submission_id", "criterion_id", "score"}
)

// seedCategory is an approved festival's category that can be entered,
// with its fee by tier.
type seedCategory struct {
	id, festival int64
	tiers        []string
	fees         []int64
}

// seedScore is one judge's generated score of a hot submission.
type seedScore struct {
	judge, submission int64
	weighted          float64
	criteria          []marquee.CriterionScore
}

// seedBatch is the rows of one batch of films, as the generator made them.
type seedBatch struct {
	// films and subs hold the values of seedFilmColumns and
	// seedSubmissionColumns, row after row.
	films, subs []any
	submissions int
	// ledger is the fees paid and, per filmmaker, the credit that paid them.
	ledger []marquee.LedgerEntry
	scores []seedScore
	// perDay counts the submissions per UTC day, for dashboard_days.
	perDay map[string]int64
	// rollups holds submission_rollups rows (seedRollupColumns), in the
	// batches the generator sends after the submissions'.
	rollups []any
}

// seedStatuses are the seeded submissions' statuses with their cumulative
// share: mostly submitted, some decided.
var seedStatuses = []struct {
	status marquee.SubmissionStatus
	upTo   float64
}{
	{marquee.SubmissionStatus("submitted"), 0.80},
	{marquee.SubmissionStatus("in_consideration"), 0.88},
	{marquee.SubmissionStatus("not_selected"), 0.94},
	{marquee.SubmissionStatus("selected"), 0.98},
	{marquee.SubmissionStatus("finalist"), 0.995},
	{marquee.SubmissionStatus("award_winner"), 1},
}

var seedCountries = []string{"FR", "US", "JP", "CN", "DE", "GB", "KR", "IT", "ES", "BR", "IN", "MX", "CA", "AU", "SE"}
var seedGenres = []string{"drama", "documentary", "comedy", "animation", "thriller", "experimental"}

// SeedSubmissions adds n submissions, for benchmarks and load tests, by
// the filmmakers SeedUsers made (seed-NNNNNNN@example.test), with about one
// film per two submissions: the busiest filmmaker (the first seeded) owns
// a tenth of the films, up to 500; the others one or two each. Entries
// go to the approved festivals' categories that have deadlines, at a
// tier and fee of the category; one "hot" festival (the first approved
// one with two categories, criteria and no jury yet) receives exactly
// opts.HotSize of them, gets its own organiser and three judges who
// scored all of them (judge_scores and judge_criterion_scores written
// directly, the cached score_* columns filled in the same rows, the
// calibration computed once at the end by rebuildCalibration).
//
// Seeded entries were paid in full, and the ledger stays balanced: each
// batch of 500 films has one submission-fee row per paid submission
// (reference submission:<id>) and, per filmmaker of the batch, an
// adjustment row crediting exactly what those fees cost, so balances
// (users.credits, 0 for seeded filmmakers) do not move.
//
// The rows are made by a generator goroutine (the same opts.Seed gives
// the same rows) while the caller's goroutine writes them in one bulk
// load (bulkLoadTx): COPY on PostgreSQL, prepared multi-row INSERTs on
// SQLite, the secondary indexes of films, submissions and credit_ledger
// built again at the end of the same transaction. The generator also sums
// the analytics rollups (seedRollups: what rebuildSubmissionRollups would
// compute, UTC days), added to the rows already there. The planners'
// statistics are the caller's: `marquee seed` ends with DB.Analyze.
func (s *SubmissionService) SeedSubmissions(ctx context.Context, n int, opts SeedSubmissionsOptions) (*SeedSubmissionsResult, error) {
	if n <= 0 {
		return &SeedSubmissionsResult{}, nil
	}
	if opts.Span <= 0 {
		opts.Span = 180 * 24 * time.Hour
	}
	hot := min(max(opts.HotSize, 0), n/2)
	rng := mrand.New(mrand.NewPCG(opts.Seed, 0x5eed5ab))
	r := s.reader()
	filmmakers, err := seedFilmmakers(ctx, r)
	if err != nil {
		return nil, err
	}
	if len(filmmakers) < 2 {
		return nil, fmt.Errorf("store: seed submissions: needs at least 2 seeded filmmakers (marquee seed --users), found %d", len(filmmakers))
	}
	cats, err := seedCategories(ctx, r)
	if err != nil {
		return nil, err
	}
	res := &SeedSubmissionsResult{Submissions: n, HotSubmissions: hot}
	var hotCats []seedCategory
	var hotCriteria []marquee.Criterion
	var judges []int64
	if hot > 0 {
		if res.HotFestivalID, err = seedHotFestival(ctx, r, cats); err != nil {
			return nil, err
		}
		if err := s.inTx(ctx, func(c conn) error {
			var err error
			if judges, err = s.seedJury(ctx, c, res, opts.PasswordHash); err != nil {
				return err
			}
			// The scores go in bulk, past the calibration: it is rebuilt
			// at the end (finishSeed), or at the next start if the seed
			// stops before.
			if _, err := c.exec(ctx, `INSERT INTO festival_settings (festival_id, updated_at, calibration_stale) VALUES (?, ?, 1)
				ON CONFLICT (festival_id) DO UPDATE SET calibration_stale = 1`, res.HotFestivalID, s.now()); err != nil {
				return fmt.Errorf("store: seed submissions: mark the calibration stale: %w", err)
			}
			return nil
		}); err != nil {
			return nil, err
		}
		if hotCriteria, err = loadCriteriaOf(ctx, r, res.HotFestivalID); err != nil {
			return nil, err
		}
		hotCats = cats[res.HotFestivalID]
		res.HotCategoryID = hotCats[0].id
	}
	var others []int64
	for id := range cats {
		if id != res.HotFestivalID {
			others = append(others, id)
		}
	}
	if len(others) == 0 {
		return nil, fmt.Errorf("store: seed submissions: no approved festival with deadlines (marquee seed --festivals)")
	}
	slices.Sort(others)
	var filmBase, subBase int64
	if err := r.queryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM films`).Scan(&filmBase); err != nil {
		return nil, fmt.Errorf("store: seed submissions: %w", err)
	}
	if err := r.queryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM submissions`).Scan(&subBase); err != nil {
		return nil, fmt.Errorf("store: seed submissions: %w", err)
	}
	var rollupRows int
	if err := r.queryRow(ctx, `SELECT COUNT(*) FROM (SELECT 1 FROM submission_rollups LIMIT 1) x`).Scan(&rollupRows); err != nil {
		return nil, fmt.Errorf("store: seed submissions: %w", err)
	}

	films := (n + 1) / 2
	res.Films = films
	busy := min(500, films/10)
	owner := func(j int) int64 {
		if j < busy {
			return filmmakers[0]
		}
		return filmmakers[1+(j-busy)%(len(filmmakers)-1)]
	}
	end := s.now()
	start := end.Add(-opts.Span)
	// Submission i (0-based) goes to the hot festival when the running
	// count i*hot/n steps up: exactly hot of them, never two in a row, so
	// never two entries of one film (n >= 2*hot).
	isHot := func(i int) bool { return hot > 0 && (i+1)*hot/n > i*hot/n }
	pick := func() seedCategory {
		fc := cats[others[rng.IntN(len(others))]]
		return fc[rng.IntN(len(fc))]
	}
	hotSeen := 0
	subID := subBase
	filmTime := func(j int) time.Time {
		return start.Add(time.Duration(float64(opts.Span) * float64(2*j) / float64(2*films)))
	}
	rollups := &seedRollups{}
	// generate makes the rows of films [first, last), in order: the
	// random numbers are drawn in the same sequence whatever the batches.
	generate := func(first, last int) *seedBatch {
		b := &seedBatch{
			films:  make([]any, 0, (last-first)*len(seedFilmColumns)),
			subs:   make([]any, 0, (last-first)*2*len(seedSubmissionColumns)),
			perDay: map[string]int64{},
		}
		var paidFor []marquee.LedgerEntry
		credit := map[int64]int{} // filmmaker -> index in paidFor
		for j := first; j < last; j++ {
			filmID := filmBase + int64(j) + 1
			uid := owner(j)
			country := seedCountries[rng.IntN(len(seedCountries))]
			at := filmTime(j)
			b.films = append(b.films, filmID, uid, fmt.Sprintf("Seed Film %d", filmID), "A seeded film for load tests.",
				60+rng.IntN(60), seedGenres[rng.IntN(len(seedGenres))], country, "en", 2020+rng.IntN(6),
				fmt.Sprintf("Director %d", uid), at.Add(-24*time.Hour), at.Add(-24*time.Hour))
			var firstCat int64
			for k := range 2 {
				i := 2*j + k
				if i >= n {
					break
				}
				var cat seedCategory
				hotOne := isHot(i)
				if hotOne {
					cat = hotCats[hotSeen%len(hotCats)]
					hotSeen++
				} else {
					cat = pick()
					for tries := 0; cat.id == firstCat && tries < 20; tries++ {
						cat = pick()
					}
				}
				firstCat = cat.id
				subID++
				t := rng.IntN(len(cat.tiers))
				status := seedStatuses[0].status
				p := rng.Float64()
				for x := len(seedStatuses) - 1; x >= 0 && p < seedStatuses[x].upTo; x-- {
					status = seedStatuses[x].status
				}
				created := at.Add(time.Duration(k) * time.Hour)
				b.perDay[dayKey(created)]++
				x, ok := credit[uid]
				if !ok {
					x = len(paidFor)
					credit[uid] = x
					paidFor = append(paidFor, marquee.LedgerEntry{UserID: uid, Reason: marquee.LedgerAdjustment,
						Reference: fmt.Sprintf("seed-fees:submission:%d", subID), CreatedAt: created})
				}
				if fee := cat.fees[t]; fee > 0 {
					b.ledger = append(b.ledger, marquee.LedgerEntry{UserID: uid, Delta: -fee, Reason: marquee.LedgerSubmissionFee,
						Reference: marquee.SubmissionReference(subID), CreatedAt: created})
					paidFor[x].Delta += fee
				}
				var decided any
				if status != "submitted" && status != "in_consideration" {
					d := created.Add(30 * 24 * time.Hour)
					if d.After(end) {
						d = end
					}
					decided = d
				}
				award := ""
				if status == "award_winner" {
					award = "Best Film"
				}
				var judged int
				var weighted, spread any
				if hotOne {
					ss := seedJudging(rng, judges, subID, hotCriteria)
					ws := make([]float64, len(ss))
					for x, sc := range ss {
						ws[x] = sc.weighted
					}
					m, d := marquee.Summarize(ws)
					judged, weighted, spread = len(ss), m, d
					b.scores = append(b.scores, ss...)
				}
				rollups.add(cat.festival, dayKey(created), cat.id, country, string(status), cat.tiers[t], cat.fees[t])
				b.submissions++
				b.subs = append(b.subs, subID, filmID, uid, cat.festival, cat.id, country, cat.tiers[t], cat.fees[t], cat.fees[t],
					string(status), award, "en", judged, weighted, spread, created, decided, created)
			}
		}
		// Each filmmaker's fees and credit sum to 0: the balances stay.
		for _, e := range paidFor {
			if e.Delta > 0 {
				b.ledger = append(b.ledger, e)
			}
		}
		return b
	}

	// The generator runs ahead of the writer by a few batches.
	batches := make(chan *seedBatch, 4)
	genCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(batches)
		send := func(b *seedBatch) bool {
			select {
			case batches <- b:
				return true
			case <-genCtx.Done():
				return false
			}
		}
		for first := 0; first < films; first += seedSubmissionsBatch {
			if !send(generate(first, min(first+seedSubmissionsBatch, films))) {
				return
			}
		}
		rollups.rows(seedRollupsChunk, func(args []any) { send(&seedBatch{rollups: args}) })
	}()
	err = s.bulkLoadTx(ctx, func(bl *bulkLoad) error {
		if err := bl.deferIndexes(ctx, "films", "submissions", "credit_ledger", "submission_rollups",
			"judge_scores", "judge_criterion_scores"); err != nil {
			return err
		}
		done, rolling := 0, false
		for b := range batches {
			if b.submissions == 0 && !rolling {
				// The rollups' rows come last.
				opts.Progress.report("submissions: rollups", 0, 0)
				rolling = true
			}
			if err := writeSeedBatch(ctx, bl, b, end, rollupRows == 0); err != nil {
				return fmt.Errorf("batch at submission %d: %w", done, err)
			}
			if b.submissions > 0 {
				done += b.submissions
				opts.Progress.report("submissions", done, n)
			}
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if done != n {
			return fmt.Errorf("%d submissions made, want %d", done, n)
		}
		if err := renewRollupVersions(ctx, bl.conn(), s.now()); err != nil {
			return err
		}
		opts.Progress.report("submissions: indexes", 0, 0)
		return nil
	})
	stop()
	wg.Wait()
	if err != nil {
		return nil, fmt.Errorf("store: seed submissions: %w", err)
	}
	opts.Progress.report("submissions: calibrated scores", 0, 0)
	if err := s.finishSeed(ctx, res.HotFestivalID); err != nil {
		return nil, err
	}
	if err := seedFilmmakerSamples(ctx, s.reader(), res, filmmakers); err != nil {
		return nil, err
	}
	return res, nil
}

// writeSeedBatch writes one generated batch through the bulk load; fresh
// says submission_rollups had no row before the load.
func writeSeedBatch(ctx context.Context, bl *bulkLoad, b *seedBatch, now time.Time, fresh bool) error {
	if err := bl.insert(ctx, "films", seedFilmColumns, b.films); err != nil {
		return err
	}
	if err := bl.insert(ctx, "submissions", seedSubmissionColumns, b.subs); err != nil {
		return err
	}
	if err := appendBalancedLedger(ctx, bl, b.ledger); err != nil {
		return err
	}
	if err := writeSeedRollups(ctx, bl, b.rollups, fresh); err != nil {
		return err
	}
	for _, day := range slices.Sorted(maps.Keys(b.perDay)) {
		if err := addDashboardDay(ctx, bl.conn(), day, dayDelta{Submissions: b.perDay[day]}); err != nil {
			return err
		}
	}
	var scores, criteria []any
	for _, sc := range b.scores {
		scores = append(scores, sc.judge, sc.submission, sc.weighted, "", now)
		for _, cs := range sc.criteria {
			criteria = append(criteria, sc.judge, sc.submission, cs.CriterionID, cs.Score)
		}
	}
	if err := bl.insert(ctx, "judge_scores", seedScoreColumns, scores); err != nil {
		return err
	}
	return bl.insert(ctx, "judge_criterion_scores", seedCriterionColumns, criteria)
}

// seedFilmmakers returns the ids of the filmmakers SeedUsers made.
func seedFilmmakers(ctx context.Context, c conn) ([]int64, error) {
	rows, err := c.query(ctx, `SELECT id FROM users WHERE role = 'filmmaker' AND email LIKE 'seed-%@example.test' ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: seed submissions: filmmakers: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("store: seed submissions: filmmakers: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// seedCategories returns the categories of approved festivals that have
// deadlines, by festival, in id order.
func seedCategories(ctx context.Context, c conn) (map[int64][]seedCategory, error) {
	rows, err := c.query(ctx, `SELECT c.id, c.festival_id, d.tier, d.fee FROM festival_categories c
		JOIN festivals f ON f.id = c.festival_id JOIN festival_deadlines d ON d.category_id = c.id
		WHERE f.status = 'approved' ORDER BY c.festival_id, c.id, d.tier`)
	if err != nil {
		return nil, fmt.Errorf("store: seed submissions: categories: %w", err)
	}
	defer rows.Close()
	out := map[int64][]seedCategory{}
	for rows.Next() {
		var id, fest, fee int64
		var tier string
		if err := rows.Scan(&id, &fest, &tier, &fee); err != nil {
			return nil, fmt.Errorf("store: seed submissions: categories: %w", err)
		}
		list := out[fest]
		if len(list) == 0 || list[len(list)-1].id != id {
			list = append(list, seedCategory{id: id, festival: fest})
		}
		last := &list[len(list)-1]
		last.tiers, last.fees = append(last.tiers, tier), append(last.fees, fee)
		out[fest] = list
	}
	return out, rows.Err()
}

// seedHotFestival returns the first approved festival with two enterable
// categories, criteria, and no jury yet.
func seedHotFestival(ctx context.Context, c conn, cats map[int64][]seedCategory) (int64, error) {
	rows, err := c.query(ctx, `SELECT f.id FROM festivals f WHERE f.status = 'approved'
		AND EXISTS (SELECT 1 FROM festival_criteria fc WHERE fc.festival_id = f.id)
		AND NOT EXISTS (SELECT 1 FROM judges j WHERE j.festival_id = f.id) ORDER BY f.id`)
	if err != nil {
		return 0, fmt.Errorf("store: seed submissions: hot festival: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return 0, fmt.Errorf("store: seed submissions: hot festival: %w", err)
		}
		if len(cats[id]) >= 2 {
			return id, nil
		}
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("store: seed submissions: hot festival: %w", err)
	}
	return 0, fmt.Errorf("store: seed submissions: no approved festival with two categories, criteria and no jury for the hot festival")
}

// seedJury gives the hot festival its own organiser and three active
// judges (accounts with the given password hash) and returns the judges'
// ids.
func (s *SubmissionService) seedJury(ctx context.Context, c conn, res *SeedSubmissionsResult, hash string) ([]int64, error) {
	now := s.now()
	if err := c.queryRow(ctx, `SELECT slug FROM festivals WHERE id = ?`, res.HotFestivalID).Scan(&res.HotSlug); err != nil {
		return nil, fmt.Errorf("store: seed jury: %w", err)
	}
	newUser := func(email, name, role string) (int64, error) {
		var id int64
		err := c.queryRow(ctx, `INSERT INTO users (email, name, password_hash, role, credits, created_at, updated_at)
			VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`, email, name, hash, role, now, now).Scan(&id)
		if err != nil {
			return 0, fmt.Errorf("store: seed jury: user %s: %w", email, err)
		}
		if err := addDashboardDay(ctx, c, dayKey(now), dayDelta{Signups: 1}); err != nil {
			return 0, err
		}
		return id, nil
	}
	res.HotOrganiser = fmt.Sprintf("organiser-%d@seed.marquee.example", res.HotFestivalID)
	org, err := newUser(res.HotOrganiser, "Hot Festival Organiser", string(marquee.RoleOrganiser))
	if err != nil {
		return nil, err
	}
	if _, err := c.exec(ctx, `UPDATE festivals SET organiser_id = ? WHERE id = ?`, org, res.HotFestivalID); err != nil {
		return nil, fmt.Errorf("store: seed jury: organiser: %w", err)
	}
	var judges []int64
	for k := 1; k <= 3; k++ {
		email := fmt.Sprintf("judge-%d-%d@seed.marquee.example", res.HotFestivalID, k)
		uid, err := newUser(email, fmt.Sprintf("Seed Judge %d", k), string(marquee.RoleFilmmaker))
		if err != nil {
			return nil, err
		}
		token := make([]byte, 32)
		_, _ = rand.Read(token)
		var id int64
		if err := c.queryRow(ctx, `INSERT INTO judges (festival_id, user_id, email, token_hash, status, scope, invited_at, accepted_at)
			VALUES (?, ?, ?, ?, 'active', 'all', ?, ?) RETURNING id`, res.HotFestivalID, uid, email, hex.EncodeToString(token), now, now).Scan(&id); err != nil {
			return nil, fmt.Errorf("store: seed jury: judge %s: %w", email, err)
		}
		judges = append(judges, id)
		res.Judges = append(res.Judges, email)
	}
	return judges, nil
}

// seedJudging returns every judge's score of submission id: criterion
// scores around the film's quality, judge k a little harsher than judge
// k-1 (so calibration has work to do), weighted by marquee.WeightedScore.
func seedJudging(rng *mrand.Rand, judges []int64, id int64, criteria []marquee.Criterion) []seedScore {
	quality := rng.Float64()
	out := make([]seedScore, len(judges))
	for k, judge := range judges {
		bias := 0.1 - 0.1*float64(k)
		sc := seedScore{judge: judge, submission: id}
		for _, cr := range criteria {
			v := quality + bias + (rng.Float64()-0.5)*0.3
			score := int(v*float64(cr.MaxScore) + 0.5)
			sc.criteria = append(sc.criteria, marquee.CriterionScore{CriterionID: cr.ID, Score: min(max(score, 0), cr.MaxScore)})
		}
		sc.weighted, _ = marquee.WeightedScore(criteria, sc.criteria) // valid by construction
		out[k] = sc
	}
	return out
}

// finishSeed computes the hot festival's calibration once from the scores
// written in bulk (rebuildCalibration: the judges' calibrations and the
// calibrated_scores rows in multi-row statements) and moves PostgreSQL's id
// sequences past the explicit ids.
func (s *SubmissionService) finishSeed(ctx context.Context, hotID int64) error {
	if hotID != 0 {
		if err := s.inTx(ctx, func(c conn) error { return rebuildCalibration(ctx, c, hotID) }); err != nil {
			return err
		}
	}
	if s.dialect == Postgres {
		for _, table := range []string{"films", "submissions"} {
			if _, err := s.writer().exec(ctx, `SELECT setval(pg_get_serial_sequence('`+table+`', 'id'), (SELECT MAX(id) FROM `+table+`))`); err != nil {
				return fmt.Errorf("store: seed submissions: sequence of %s: %w", table, err)
			}
		}
	}
	return nil
}

// seedFilmmakerSamples names a filmmaker with a typical number of
// submissions (the second seeded: one film) and the busiest (the first).
func seedFilmmakerSamples(ctx context.Context, c conn, res *SeedSubmissionsResult, filmmakers []int64) error {
	for _, p := range []struct {
		id    int64
		email *string
		count *int
	}{{filmmakers[0], &res.BusyFilmmaker, &res.BusyCount}, {filmmakers[1], &res.TypicalFilmmaker, &res.TypicalCount}} {
		if err := c.queryRow(ctx, `SELECT u.email, (SELECT COUNT(*) FROM submissions s WHERE s.filmmaker_id = u.id) FROM users u WHERE u.id = ?`, p.id).
			Scan(p.email, p.count); err != nil {
			return fmt.Errorf("store: seed submissions: sample filmmaker: %w", err)
		}
	}
	return nil
}
