package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/marquee-festival/marquee"
)

// errPayoutTaken rolls back a scheduled payout whose period another node
// paid first.
var errPayoutTaken = errors.New("store: the period's payout was made by another transaction")

// payoutRequest is what createPayout makes.
type payoutRequest struct {
	FestivalID int64
	Trigger    marquee.PayoutTrigger
	// Period is a scheduled payout's month ("" for an admin's).
	Period string
	// Minimum is the smallest available balance paid.
	Minimum int64
	// RetryOf is the failed payout this one retries (0: none).
	RetryOf int64
	// Currency is the balance paid: a festival's balances are per
	// currency, each paid out in its own.
	Currency string
}

// createPayout makes one payout of the festival's available balance, in
// one transaction: it first claims the festival's payout lock (an UPDATE
// of its account's row, which makes concurrent payouts of the festival on
// any node follow one another, each reading the balance the one before it
// left), reads the balance, inserts the payout (pending) and appends its
// 'payout' ledger row (−amount). A festival without an active account, or
// whose balance is below req.Minimum (or nothing), is EConflict; a
// scheduled period already paid is errPayoutTaken. The provider is not
// called here.
func (s *PayoutService) createPayout(ctx context.Context, req payoutRequest) (*marquee.Payout, error) {
	var out *marquee.Payout
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		res, err := c.exec(ctx, `UPDATE payout_accounts SET payout_claims = payout_claims + 1 WHERE festival_id = ?`, req.FestivalID)
		if err != nil {
			return fmt.Errorf("store: claim the payouts of festival %d: %w", req.FestivalID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return marquee.Errorf(marquee.EConflict, "This festival has no payout account yet")
		}
		a, err := payoutAccount(ctx, c, req.FestivalID)
		if err != nil {
			return err
		}
		if a.Status != marquee.PayoutAccountActive {
			return marquee.Errorf(marquee.EConflict, "The payout account is not ready for payouts yet")
		}
		if req.Period != "" {
			var n int
			if err := c.queryRow(ctx, `SELECT COUNT(*) FROM payouts WHERE festival_id = ? AND period = ? AND currency = ?`, req.FestivalID, req.Period, req.Currency).Scan(&n); err != nil {
				return fmt.Errorf("store: payouts of festival %d in %s: %w", req.FestivalID, req.Period, err)
			}
			if n > 0 {
				return errPayoutTaken
			}
		}
		bal, err := festivalEarningsBalance(ctx, c, req.FestivalID, req.Currency, now)
		if err != nil {
			return err
		}
		if bal.AvailableCents <= 0 || bal.AvailableCents < req.Minimum {
			return marquee.Errorf(marquee.EConflict, "The available balance is below the minimum payout")
		}
		var id int64
		err = c.queryRow(ctx, `INSERT INTO payouts (festival_id, amount_cents, currency, status, trigger_kind, period, provider, account, created_at, reconcile_at)
			VALUES (?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?) RETURNING id`, req.FestivalID, bal.AvailableCents, req.Currency,
			string(req.Trigger), req.Period, a.Provider, a.Reference, now, now.Add(PayoutReconcileAfter)).Scan(&id)
		if isUniqueViolation(err) {
			return errPayoutTaken
		}
		if err != nil {
			return fmt.Errorf("store: create the payout of festival %d: %w", req.FestivalID, err)
		}
		if _, err := appendFestivalEarnings(ctx, c, marquee.FestivalEarning{FestivalID: req.FestivalID, Kind: marquee.EarningPayout,
			AmountCents: -bal.AvailableCents, Currency: req.Currency, Source: marquee.PayoutEarningSource(id),
			AvailableAt: now, CreatedAt: now}); err != nil {
			return err
		}
		if req.RetryOf != 0 {
			res, err := c.exec(ctx, `UPDATE payouts SET retry_payout_id = ? WHERE id = ? AND festival_id = ? AND status = 'failed' AND retry_payout_id = 0`,
				id, req.RetryOf, req.FestivalID)
			if err != nil {
				return fmt.Errorf("store: mark payout %d retried: %w", req.RetryOf, err)
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return marquee.Errorf(marquee.EConflict, "This payout was retried already")
			}
		}
		if req.Trigger == marquee.PayoutByAdmin {
			fid := req.FestivalID
			after := map[string]any{"amountCents": bal.AvailableCents, "currency": req.Currency, "account": a.Reference}
			if req.RetryOf != 0 {
				after["retryOf"] = req.RetryOf
			}
			if err := recordAudit(ctx, c, now, marquee.AuditEntry{Action: marquee.AuditPayoutCreate, TargetType: "payout",
				TargetID: strconv.FormatInt(id, 10), FestivalID: &fid, After: auditJSON(after)}); err != nil {
				return err
			}
		}
		out, err = payoutByID(ctx, c, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// transfer asks the provider to pay p (outside any transaction) with its
// idempotency key and settles its answer. A provider that cannot be
// reached leaves p pending for the worker (reconcile), and is no error:
// the payout exists, its money is reserved.
func (s *PayoutService) transfer(ctx context.Context, p *marquee.Payout) (*marquee.Payout, error) {
	res, err := s.opts.Provider.CreateTransfer(ctx, marquee.TransferRequest{PayoutID: p.ID, Account: p.Account,
		AmountCents: p.AmountCents, Currency: p.Currency, IdempotencyKey: marquee.PayoutIdempotencyKey(p.ID)})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return p, nil
	}
	res.PayoutID = p.ID
	return s.settle(ctx, *res)
}

// settle applies the provider's answer about a payout: paid moves a
// pending payout to paid; failed moves a pending or paid one to failed and
// returns its amount to the balance ('payout_reversal', once: the status
// change and the row are one transaction, and the row is unique).
func (s *PayoutService) settle(ctx context.Context, r marquee.TransferResult) (*marquee.Payout, error) {
	var out *marquee.Payout
	err := s.inTx(ctx, func(c conn) error {
		now := s.now()
		p, err := payoutByID(ctx, c, r.PayoutID)
		if err != nil {
			return err
		}
		switch r.Status {
		case marquee.PayoutPaid:
			if _, err := c.exec(ctx, `UPDATE payouts SET status = 'paid', transfer = ?, settled_at = ?, reconcile_at = NULL
				WHERE id = ? AND status = 'pending'`, r.Reference, now, p.ID); err != nil {
				return fmt.Errorf("store: settle payout %d paid: %w", p.ID, err)
			}
		case marquee.PayoutFailed:
			ref := r.Reference
			if ref == "" {
				ref = p.Transfer
			}
			res, err := c.exec(ctx, `UPDATE payouts SET status = 'failed', transfer = ?, failure_message = ?, settled_at = ?, reconcile_at = NULL
				WHERE id = ? AND status IN ('pending', 'paid')`, ref, r.Message, now, p.ID)
			if err != nil {
				return fmt.Errorf("store: settle payout %d failed: %w", p.ID, err)
			}
			if n, _ := res.RowsAffected(); n > 0 {
				if _, err := appendFestivalEarnings(ctx, c, marquee.FestivalEarning{FestivalID: p.FestivalID, Kind: marquee.EarningPayoutReversal,
					AmountCents: p.AmountCents, Currency: p.Currency, Source: marquee.PayoutEarningSource(p.ID),
					AvailableAt: now, CreatedAt: now}); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("store: settle payout %d: unknown status %q", p.ID, r.Status)
		}
		out, err = payoutByID(ctx, c, p.ID)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// PayNow pays the festival's available balances at once (admin only):
// any positive balance (the minimum is the schedule's), one payout per
// currency; it answers the first (in currency order).
func (s *PayoutService) PayNow(ctx context.Context, slug string) (*marquee.Payout, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	f, _, err := s.payoutFestivalBySlug(ctx, slug)
	if err != nil {
		return nil, err
	}
	balances, err := festivalEarningsBalances(ctx, s.reader(), f.ID, s.now())
	if err != nil {
		return nil, err
	}
	var first *marquee.Payout
	for _, b := range balances {
		if b.AvailableCents <= 0 {
			continue
		}
		p, err := s.createPayout(ctx, payoutRequest{FestivalID: f.ID, Trigger: marquee.PayoutByAdmin, Currency: b.Currency})
		if err != nil {
			return nil, err
		}
		if p, err = s.transfer(ctx, p); err != nil {
			return nil, err
		}
		if first == nil {
			first = p
		}
	}
	if first == nil {
		return nil, marquee.Errorf(marquee.EConflict, "The available balance is below the minimum payout")
	}
	return first, nil
}

// Retry pays again the festival of failed payout id (admin only): a new
// payout of the balance its failure returned (and whatever came since);
// a payout retried already, or not failed, is EConflict.
func (s *PayoutService) Retry(ctx context.Context, id int64) (*marquee.Payout, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	if _, err := marquee.RequireAdmin(ctx); err != nil {
		return nil, err
	}
	old, err := payoutByID(ctx, s.reader(), id)
	if err != nil {
		return nil, err
	}
	if old.Status != marquee.PayoutFailed || old.RetriedBy != 0 {
		return nil, marquee.Errorf(marquee.EConflict, "Only a failed payout that was not retried can be retried")
	}
	p, err := s.createPayout(ctx, payoutRequest{FestivalID: old.FestivalID, Trigger: marquee.PayoutByAdmin, RetryOf: id, Currency: old.Currency})
	if err != nil {
		return nil, err
	}
	return s.transfer(ctx, p)
}

// RunSchedule makes the month's scheduled payouts once they are due (on
// the schedule day or later: each festival's period is paid once, when its
// balance reaches the minimum), then asks the provider about payouts left
// pending past PayoutReconcileAfter. Any number of nodes may run it at
// once: the festival's payout lock and the period's unique key make each
// payout once.
func (s *PayoutService) RunSchedule(ctx context.Context) (*marquee.PayoutRunResult, error) {
	if err := s.configured(); err != nil {
		return nil, err
	}
	out := &marquee.PayoutRunResult{}
	now := s.now()
	if marquee.PayoutDue(now, s.opts.Settings.ScheduleDay) {
		period := marquee.PayoutPeriod(now)
		due, err := s.dueFestivals(ctx, period)
		if err != nil {
			return out, err
		}
		for _, d := range due {
			p, err := s.createPayout(ctx, payoutRequest{FestivalID: d.festivalID, Trigger: marquee.PayoutScheduled, Period: period,
				Minimum: s.opts.Settings.MinimumCents, Currency: d.currency})
			switch {
			case errors.Is(err, errPayoutTaken), marquee.ErrorCode(err) == marquee.EConflict:
				continue
			case err != nil:
				return out, err
			}
			out.Created++
			if p, err = s.transfer(ctx, p); err != nil {
				return out, err
			}
			countPayout(out, p)
		}
	}
	if err := s.reconcile(ctx, out); err != nil {
		return out, err
	}
	return out, nil
}

// countPayout adds p's status to the run's figures.
func countPayout(r *marquee.PayoutRunResult, p *marquee.Payout) {
	switch p.Status {
	case marquee.PayoutPaid:
		r.Paid++
	case marquee.PayoutFailed:
		r.Failed++
	}
}

// duePayout is a festival's balance in one currency that may be due a
// scheduled payout.
type duePayout struct {
	festivalID int64
	currency   string
}

// dueFestivals are the balances (festival and currency) of festivals with
// an active account and no payout of period in that currency yet.
func (s *PayoutService) dueFestivals(ctx context.Context, period string) ([]duePayout, error) {
	rows, err := s.reader().query(ctx, `SELECT DISTINCT a.festival_id, e.currency FROM payout_accounts a
		JOIN festival_earnings e ON e.festival_id = a.festival_id WHERE a.status = 'active'
		AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.festival_id = a.festival_id AND p.period = ? AND p.currency = e.currency)
		ORDER BY a.festival_id, e.currency`, period)
	if err != nil {
		return nil, fmt.Errorf("store: festivals due a payout in %s: %w", period, err)
	}
	defer rows.Close()
	var due []duePayout
	for rows.Next() {
		var d duePayout
		if err := rows.Scan(&d.festivalID, &d.currency); err != nil {
			return nil, fmt.Errorf("store: festivals due a payout: %w", err)
		}
		due = append(due, d)
	}
	return due, rows.Err()
}

// payoutReconcileBatch bounds the pending payouts one run asks about.
const payoutReconcileBatch = 50

// reconcile asks the provider about each payout pending past its
// reconcile_at: each is claimed by one caller (a conditional move of its
// reconcile_at, the lease), then its transfer is found (FindTransfer) or,
// when the provider made none, asked for again with the same idempotency
// key, and the answer settled.
func (s *PayoutService) reconcile(ctx context.Context, out *marquee.PayoutRunResult) error {
	now := s.now()
	rows, err := s.reader().query(ctx, `SELECT id, reconcile_at FROM payouts WHERE status = 'pending' AND reconcile_at <= ?
		ORDER BY reconcile_at, id LIMIT `+strconv.Itoa(payoutReconcileBatch), now)
	if err != nil {
		return fmt.Errorf("store: pending payouts: %w", err)
	}
	type due struct {
		id int64
		at time.Time
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.at); err != nil {
			rows.Close()
			return fmt.Errorf("store: pending payouts: %w", err)
		}
		list = append(list, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: pending payouts: %w", err)
	}
	for _, d := range list {
		res, err := s.writer().exec(ctx, `UPDATE payouts SET reconcile_at = ? WHERE id = ? AND status = 'pending' AND reconcile_at = ?`,
			now.Add(PayoutReconcileAfter), d.id, d.at)
		if err != nil {
			return fmt.Errorf("store: claim payout %d: %w", d.id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue // another node claimed it
		}
		p, err := payoutByID(ctx, s.writer(), d.id)
		if err != nil {
			return err
		}
		r, err := s.opts.Provider.FindTransfer(ctx, p.ID)
		switch {
		case marquee.ErrorCode(err) == marquee.ENotFound:
			if p, err = s.transfer(ctx, p); err != nil {
				return err
			}
			countPayout(out, p)
			continue
		case err != nil:
			continue // asked again after the lease
		}
		r.PayoutID = p.ID
		if p, err = s.settle(ctx, *r); err != nil {
			return err
		}
		countPayout(out, p)
	}
	return nil
}

// Webhook verifies a provider's webhook and applies its payout event: an
// account's new status, or a reversed transfer (the payout fails and its
// amount returns, once). Events not about payouts are not handled.
func (s *PayoutService) Webhook(ctx context.Context, payload []byte, signature string) (bool, error) {
	if err := s.configured(); err != nil {
		return false, err
	}
	ev, err := s.opts.Provider.ParseWebhook(payload, signature)
	if err != nil {
		return false, fmt.Errorf("store: payout webhook: %w", err)
	}
	if ev == nil {
		return false, nil
	}
	switch {
	case ev.Type == marquee.PayoutAccountUpdated && ev.Account != nil:
		return true, s.setAccountStatus(ctx, ev.Account.Reference, ev.Account.Status)
	case ev.Type == marquee.PayoutTransferReversed && ev.Transfer != nil:
		id := ev.Transfer.PayoutID
		if id == 0 && ev.Transfer.Reference != "" {
			if err := s.reader().queryRow(ctx, `SELECT id FROM payouts WHERE transfer = ?`, ev.Transfer.Reference).Scan(&id); err != nil {
				return true, nil // not a transfer of Marquee's payouts
			}
		}
		r := *ev.Transfer
		r.PayoutID = id
		if _, err := s.settle(ctx, r); err != nil && marquee.ErrorCode(err) != marquee.ENotFound {
			return true, err
		}
		return true, nil
	}
	return true, nil
}
