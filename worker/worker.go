// Package worker runs Marquee's background work from queues kept in the
// database: it turns due reminders into e-mails, delivers queued e-mail
// over SMTP and refreshes the festivals' cached deadlines. Every step is
// safe with several `marquee serve` nodes on one database.
package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
)

// Defaults of a Worker's settings.
const (
	DefaultInterval = 30 * time.Second
	DefaultBatch    = 100
	DefaultLease    = 5 * time.Minute
	// maxRounds bounds how many batches one tick takes from each queue, so
	// that a large backlog cannot keep a tick from ever ending.
	maxRounds = 20
)

// retryDelays are the waits before each new attempt at a mail the SMTP
// server did not accept; the last one repeats.
var retryDelays = []time.Duration{time.Minute, 5 * time.Minute, 15 * time.Minute, time.Hour}

// Worker does the background work every Interval.
type Worker struct {
	// Reminders, Mail and Festivals are the services the worker drives.
	Reminders marquee.ReminderService
	Mail      marquee.MailService
	Festivals marquee.FestivalService
	// Privacy builds the data exports users ask for and deletes expired
	// ones (nil: none).
	Privacy marquee.PrivacyService
	// Promotions and Analytics (optional): campaigns expire on time, and
	// the visitor hashes and salts of ended days are deleted.
	Promotions marquee.PromotionService
	Analytics  marquee.AnalyticsService
	// Tickets, when set, has its expired seat holds released every tick.
	Tickets marquee.TicketService
	// Waitlist, when set, has its expired offers passed on and the free
	// seats of sold-out screenings offered to their waiting lists every
	// tick (after the holds are released).
	Waitlist marquee.WaitlistService
	// Payments, when set, has the payments left unsettled for
	// marquee.PaymentReconcileAfter settled from their provider's answer
	// every tick.
	Payments marquee.PaymentService
	// Payouts, when set, makes the month's scheduled payouts once due and
	// asks the provider about payouts left pending, every tick.
	Payouts marquee.PayoutService
	// Clock returns the current time (time.Now when nil).
	Clock func() time.Time
	// Sender delivers mail; nil means no SMTP server, and mail is kept in
	// the outbox for admins to read.
	Sender mail.Sender
	// Composer writes the e-mails.
	Composer mail.Composer
	// Interval is the time between ticks (DefaultInterval when zero).
	Interval time.Duration
	// Batch is how many reminders or mails one database round takes (DefaultBatch when zero).
	Batch int
	// Lease is how long a mail being delivered is reserved for this worker
	// (DefaultLease when zero); it must exceed the SMTP timeout.
	Lease time.Duration
	// Logger receives the worker's reports (slog.Default when nil).
	Logger *slog.Logger
	// Observe, when set, is told of every job's run in a tick: its name
	// (Jobs), how long it took and its error (the metrics' worker lag).
	Observe func(job string, took time.Duration, err error)
	// Span, when set, starts a span for a job's run (tracing): its
	// statements and provider calls are its children; end ends it.
	Span func(ctx context.Context, job string) (spanCtx context.Context, end func(error))
}

// Jobs names the worker's jobs, in the order a tick runs them.
var Jobs = []string{"reminders", "exports", "payments", "mail", "deadlines", "promotions", "visitors", "holds", "waitlist", "payouts"}

func (w *Worker) now() time.Time {
	if w.Clock != nil {
		return w.Clock()
	}
	return time.Now()
}

func (w *Worker) log() *slog.Logger {
	if w.Logger == nil {
		return slog.Default()
	}
	return w.Logger
}

// Run ticks at once, then every Interval, until ctx ends.
func (w *Worker) Run(ctx context.Context) {
	interval := w.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	mode := "kept in the outbox (no SMTP server)"
	if w.Sender != nil {
		mode = "sent over SMTP"
	}
	w.log().Info("background worker started", "interval", interval.String(), "mail", mode)
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := w.Tick(ctx); err != nil && ctx.Err() == nil {
			w.log().Error("background work", "err", err)
		}
		select {
		case <-ctx.Done():
			w.log().Info("background worker stopped")
			return
		case <-t.C:
		}
	}
}

// Tick does one round of work: due reminders become mail, requested data
// exports are built (and expired ones deleted), queued mail is delivered
// (when there is a Sender), festival deadlines are refreshed, campaigns
// end on time, expired seat holds are released and unsettled payments
// reconciled.
// It returns the errors of the steps that failed; the others still run.
func (w *Worker) Tick(ctx context.Context) error {
	// Payments are reconciled before the mail goes out: their receipts
	// and tickets leave in the same tick.
	steps := [...]func(context.Context) error{w.sendReminders, w.buildExports, w.reconcilePayments, w.deliverMail, w.refreshDeadlines, w.expirePromotions, w.forgetVisitors, w.releaseHolds, w.offerFreedSeats, w.runPayouts}
	errs := make([]error, len(steps))
	for i, step := range steps {
		errs[i] = w.run(ctx, Jobs[i], step)
	}
	return errors.Join(errs...)
}

// run runs one job and tells Observe of it.
func (w *Worker) run(ctx context.Context, job string, step func(context.Context) error) error {
	if w.Observe == nil && w.Span == nil {
		return step(ctx)
	}
	end := func(error) {}
	if w.Span != nil {
		ctx, end = w.Span(ctx, job)
	}
	start := time.Now()
	err := step(ctx)
	end(err)
	if w.Observe != nil {
		w.Observe(job, time.Since(start), err)
	}
	return err
}

// reconcilePayments settles the purchases and ticket orders whose payment
// was left unsettled (a crash, a lost database connection): the buyer
// sees the outcome, and its receipt or tickets by e-mail.
func (w *Worker) reconcilePayments(ctx context.Context) error {
	if w.Payments == nil {
		return nil
	}
	n, err := w.Payments.Reconcile(ctx)
	if n > 0 {
		w.log().Info("unsettled payments reconciled", "count", n)
	}
	if err != nil {
		return fmt.Errorf("worker: reconcile unsettled payments: %w", err)
	}
	return nil
}

// runPayouts makes the month's scheduled payouts when due and reconciles
// pending ones (PayoutService.RunSchedule: every node may run it at once).
func (w *Worker) runPayouts(ctx context.Context) error {
	if w.Payouts == nil {
		return nil
	}
	r, err := w.Payouts.RunSchedule(ctx)
	if r != nil && (r.Created > 0 || r.Paid > 0 || r.Failed > 0) {
		w.log().Info("payouts run", "created", r.Created, "paid", r.Paid, "failed", r.Failed)
	}
	if err != nil {
		return fmt.Errorf("worker: payouts: %w", err)
	}
	return nil
}

// expirePromotions ends the campaigns whose time is up (their festivals
// leave the featured places).
func (w *Worker) expirePromotions(ctx context.Context) error {
	if w.Promotions == nil {
		return nil
	}
	n, err := w.Promotions.Expire(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		w.log().Info("promotion campaigns ended", "count", n)
	}
	return nil
}

// forgetVisitors deletes the salts and visitor hashes of ended days.
func (w *Worker) forgetVisitors(ctx context.Context) error {
	if w.Analytics == nil {
		return nil
	}
	_, err := w.Analytics.ForgetVisitors(ctx)
	return err
}

func (w *Worker) batch() int {
	if w.Batch <= 0 {
		return DefaultBatch
	}
	return w.Batch
}

// sendReminders turns every due reminder into an e-mail in the outbox.
func (w *Worker) sendReminders(ctx context.Context) error {
	status := marquee.MailKept
	if w.Sender != nil {
		status = marquee.MailQueued
	}
	total := 0
	for range maxRounds {
		n, err := w.Reminders.SendDue(ctx, w.batch(), w.Composer.Reminder, status)
		total += n
		if err != nil {
			return fmt.Errorf("worker: send due reminders: %w", err)
		}
		if n < w.batch() {
			break
		}
	}
	if total > 0 {
		w.log().Info("reminders sent", "count", total, "mail", string(status))
	}
	return nil
}

// deliverMail hands queued mail to the Sender, outside any transaction, and
// records each outcome.
func (w *Worker) deliverMail(ctx context.Context) error {
	if w.Sender == nil {
		return nil
	}
	lease := w.Lease
	if lease <= 0 {
		lease = DefaultLease
	}
	var errs []error
	for range maxRounds {
		mails, err := w.Mail.Claim(ctx, w.batch(), lease)
		if err != nil {
			return fmt.Errorf("worker: claim mail: %w", err)
		}
		for _, m := range mails {
			if ctx.Err() != nil {
				// The lease lapses and another tick (or node) takes them.
				return nil
			}
			if err := w.deliver(ctx, m); err != nil {
				errs = append(errs, err)
			}
		}
		if len(mails) < w.batch() {
			break
		}
	}
	return errors.Join(errs...)
}

// deliver sends one claimed mail and records the result.
func (w *Worker) deliver(ctx context.Context, m *marquee.Mail) error {
	sendErr := w.Sender.Send(ctx, *m)
	if sendErr == nil {
		if err := w.Mail.MarkSent(ctx, m.ID); err != nil {
			return fmt.Errorf("worker: mark mail %d sent: %w", m.ID, err)
		}
		w.log().Debug("mail sent", "id", m.ID, "kind", m.Kind)
		return nil
	}
	var retryAt time.Time // zero: give up now
	if !mail.IsPermanent(sendErr) {
		retryAt = w.now().Add(retryDelays[min(m.Attempts, len(retryDelays)-1)])
	}
	status, err := w.Mail.MarkFailed(ctx, m.ID, sendErr, retryAt)
	if err != nil {
		return fmt.Errorf("worker: mark mail %d failed: %w", m.ID, err)
	}
	if status == marquee.MailFailed {
		w.log().Error("mail given up", "id", m.ID, "kind", m.Kind, "attempts", m.Attempts+1, "err", sendErr)
	} else {
		w.log().Warn("mail not delivered; will retry", "id", m.ID, "kind", m.Kind, "attempts", m.Attempts+1, "retryAt", retryAt, "err", sendErr)
	}
	return nil
}

// refreshDeadlines updates the festivals' cached next deadlines. Its
// failure is only logged at debug level: it is not the worker's own work.
func (w *Worker) refreshDeadlines(ctx context.Context) error {
	n, err := w.Festivals.RefreshDeadlines(ctx)
	if err != nil {
		w.log().Debug("refresh festival deadlines", "err", err)
		return nil
	}
	if n > 0 {
		w.log().Info("festival deadlines refreshed", "count", n)
	}
	return nil
}

// buildExports builds the data exports users asked for, e-mailing each
// link, and deletes the expired ones.
func (w *Worker) buildExports(ctx context.Context) error {
	if w.Privacy == nil {
		return nil
	}
	status := marquee.MailKept
	if w.Sender != nil {
		status = marquee.MailQueued
	}
	n, err := w.Privacy.BuildExports(ctx, w.batch(), w.Composer.DataExport, status)
	if n > 0 {
		w.log().Info("data exports built", "count", n)
	}
	if err != nil {
		return fmt.Errorf("worker: build data exports: %w", err)
	}
	gone, err := w.Privacy.DeleteExpiredExports(ctx)
	if err != nil {
		return fmt.Errorf("worker: delete expired data exports: %w", err)
	}
	if gone > 0 {
		w.log().Info("expired data exports deleted", "count", gone)
	}
	return nil
}

// offerFreedSeats offers the seats that came back (expired holds and
// offers, cancellations, refunds) to the waiting lists, in order.
func (w *Worker) offerFreedSeats(ctx context.Context) error {
	if w.Waitlist == nil {
		return nil
	}
	n, err := w.Waitlist.OfferFreedSeats(ctx)
	if err != nil {
		return fmt.Errorf("worker: offer freed seats to waiting lists: %w", err)
	}
	if n > 0 {
		w.log().Info("waiting-list offers made", "offers", n)
	}
	return nil
}

// releaseHolds gives back the seats of ticket orders whose hold has
// passed, even when nobody visits the page.
func (w *Worker) releaseHolds(ctx context.Context) error {
	if w.Tickets == nil {
		return nil
	}
	n, err := w.Tickets.ReleaseExpiredHolds(ctx)
	if err != nil {
		return fmt.Errorf("worker: release expired ticket holds: %w", err)
	}
	if n > 0 {
		w.log().Info("expired ticket holds released", "orders", n)
	}
	return nil
}
