package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/marquee-festival/marquee"
)

// Submit enters ns for the signed-in filmmaker in one write transaction:
// it prices the entries (as Quote does, read inside the transaction),
// takes one use of each waiver per entry (guarded, so concurrent
// requests cannot pass its limit), inserts the submissions (the partial
// unique index refuses a film entered twice in a category by a concurrent
// request: EConflict), then takes the total from the balance with one
// submission-fee ledger row per submission with a price (moveCredits,
// guarded so concurrent requests cannot overdraw; short ->
// EInsufficientCredits naming the total and the balance, nothing
// written). An entry waived in full writes no ledger row: the ledger
// refuses rows of delta 0, and the submission keeps its fee and paid
// credits.
func (s *SubmissionService) Submit(ctx context.Context, ns marquee.NewSubmission) (*marquee.SubmitResult, error) {
	u, err := prepareSubmission(ctx, &ns)
	if err != nil {
		return nil, err
	}
	now := s.now()
	today := marquee.Today(now)
	res := &marquee.SubmitResult{}
	err = s.inTx(ctx, func(c conn) error {
		p, err := s.price(ctx, c, u, ns, today)
		if err != nil {
			return err
		}
		if p.answers, err = festivalAnswers(ctx, c, p.festivalID, ns.Answers); err != nil {
			return err
		}
		for _, w := range p.waivers {
			n := p.uses[w.ID]
			r, err := c.exec(ctx, `UPDATE waivers SET used = used + ? WHERE id = ? AND used + ? <= usage_limit`, n, w.ID, n)
			if err != nil {
				return fmt.Errorf("store: submit: use waiver %d: %w", w.ID, err)
			}
			if k, err := r.RowsAffected(); err != nil {
				return fmt.Errorf("store: submit: use waiver %d: %w", w.ID, err)
			} else if k == 0 {
				return marquee.ErrWaiverUsedUp()
			}
		}
		ids := make([]int64, 0, len(p.entries))
		var fees []marquee.LedgerEntry
		earned := map[int64]map[int64]int64{} // festival → submission → credits paid
		for _, e := range p.entries {
			var waiverID any
			code := ""
			if e.waiver != nil {
				waiverID, code = e.waiver.ID, e.waiver.Code
			}
			var id int64
			err := c.queryRow(ctx, `INSERT INTO submissions (film_id, filmmaker_id, festival_id, category_id, country, tier,
				fee_credits, paid_credits, waiver_id, waiver_code, language, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
				ns.FilmID, u.ID, e.line.FestivalID, e.line.CategoryID, p.country, string(e.line.Tier),
				e.line.Fee, e.line.Price, waiverID, code, ns.Language, now, now).Scan(&id)
			if isUniqueViolation(err) {
				return marquee.ErrAlreadyEntered(e.category)
			} else if err != nil {
				return fmt.Errorf("store: submit film %d to category %d: %w", ns.FilmID, e.line.CategoryID, err)
			}
			if err := insertAnswers(ctx, c, id, p.answers[e.line.FestivalID]); err != nil {
				return err
			}
			if e.line.Price > 0 {
				fees = append(fees, marquee.LedgerEntry{UserID: u.ID, Delta: -e.line.Price, Reason: marquee.LedgerSubmissionFee,
					Reference: marquee.SubmissionReference(id), CreatedAt: now})
				if earned[e.line.FestivalID] == nil {
					earned[e.line.FestivalID] = map[int64]int64{}
				}
				earned[e.line.FestivalID][id] = e.line.Price
			}
			if err := rollupSubmission(ctx, c, id, 1); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		// The fees, one ledger row per paid entry, in one guarded move: it
		// is the balance's check (PostgreSQL re-reads the row after waiting
		// for a concurrent transaction's lock, SQLite runs one write
		// transaction at a time), and refused it rolls the entries back.
		balance := p.balance
		if len(fees) > 0 {
			moved, err := moveCredits(ctx, c, fees...)
			var low *lowBalanceError
			if errors.As(err, &low) {
				return marquee.InsufficientCredits(p.total, low.Balance)
			} else if err != nil {
				return fmt.Errorf("store: submit: take %d credits from user %d: %w", p.total, u.ID, err)
			}
			balance = moved[u.ID]
		}
		// Each paid entry credits its festival (less the commission).
		for festival, paid := range earned {
			if err := s.creditEntryFees(ctx, c, festival, paid, now); err != nil {
				return err
			}
		}
		if err := addDashboardDay(ctx, c, dayKey(now), dayDelta{Submissions: int64(len(ids))}); err != nil {
			return err
		}
		rows, err := querySubmissions(ctx, c, `SELECT `+submissionColumns+submissionFrom+`
			WHERE s.id IN (`+subMarks(len(ids))+`) ORDER BY s.id`, subArgs(ids)...)
		if err != nil {
			return fmt.Errorf("store: submit: read back: %w", err)
		}
		for _, r := range rows {
			res.Submissions = append(res.Submissions, forFilmmaker(r.Submission))
		}
		res.Total = p.total
		res.Balance = balance
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}
