package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/debug"
	"time"

	"github.com/marquee-festival/marquee"
	"github.com/marquee-festival/marquee/mail"
	"github.com/marquee-festival/marquee/server"
	"github.com/marquee-festival/marquee/store"
	"github.com/marquee-festival/marquee/telemetry"
	"github.com/marquee-festival/marquee/web"
	"github.com/marquee-festival/marquee/worker"
)

func newLogger(cfg config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	// Lines logged with a request's context carry its request and trace
	// ids; e-mail addresses are scrubbed from every line.
	if cfg.LogFormat == "json" {
		return slog.New(telemetry.NewLogHandler(slog.NewJSONHandler(w, opts)))
	}
	return slog.New(telemetry.NewLogHandler(slog.NewTextHandler(w, opts)))
}

// openServices opens and migrates the configured database and returns the
// services over it; close closes the database.
func openServices(ctx context.Context, cfg config) (*store.DB, *store.Services, error) {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	if cfg.tracing != nil {
		db.TraceQueries(cfg.tracing)
	}
	fileStore, err := openFiles(cfg)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	inquiry, err := inquiryOptions(cfg)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	svc, err := store.NewServices(db, store.Options{Password: cfg.Password, PasswordLimits: cfg.PasswordLimits, SessionTTL: cfg.Server.SessionTTL,
		Payments: paymentOptions(cfg, db), Files: fileStore, Posters: posterEncoder(cfg), Judging: judgingOptions(cfg), Submissions: submissionOptions(cfg), Users: userOptions(cfg),
		Inquiry: inquiry, Privacy: privacyOptions(cfg), Tickets: ticketOptions(cfg), Earnings: &cfg.Earnings,
		Payouts: payoutOptions(cfg, db)})
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return db, svc, nil
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, cfg config) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// webFS returns the front end to serve: MARQUEE_WEB_DIR when set, else the embedded build.
func webFS(cfg config) (fs.FS, error) {
	if cfg.WebDir != "" {
		if _, err := os.Stat(cfg.WebDir + "/index.html"); err != nil {
			return nil, fmt.Errorf("MARQUEE_WEB_DIR=%s has no index.html: %w", cfg.WebDir, err)
		}
		return os.DirFS(cfg.WebDir), nil
	}
	return fs.Sub(web.Dist, "dist")
}

func serve(ctx context.Context, cfg config, stderr io.Writer) error {
	log := newLogger(cfg, stderr)
	cfg.Assistant.log = log
	stopTracing, err := startTracing(ctx, &cfg, log)
	if err != nil {
		return err
	}
	defer stopTracing()
	db, svc, err := openServices(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	log.Info("posters kept in "+cfg.postersWhere(), "object store", cfg.S3.Enabled())
	metrics, stopMetrics, err := startMetrics(&cfg, db, log)
	if err != nil {
		return err
	}
	defer stopMetrics()
	cfg.Server.Tracing = cfg.tracing
	if cfg.Server.UploadDir, err = openUploads(cfg); err != nil {
		return err
	}
	cfg.Server.Web, err = webFS(cfg)
	if err != nil {
		return err
	}
	if _, err := fs.Stat(cfg.Server.Web, "index.html"); err != nil {
		log.Warn("the front end is not built into this binary; run make build")
	}
	// Migrations ran in openServices, before the listener opens: the node
	// reports ready on /readyz once the festival search index is warm.
	ready := &server.Readiness{}
	cfg.Server.Readiness = ready
	domain := svc.Domain()
	useMovies(&cfg, &domain, svc.Movies, log)
	srv, err := server.New(cfg.Server, domain, log)
	if err != nil {
		return err
	}
	httpServer := &http.Server{
		Addr:              cfg.Addr,
		Handler:           srv.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	go sweepSessions(ctx, svc.Sessions, log)
	go warmFestivalSearch(ctx, svc.Festivals, ready, log)
	stopWorker, err := startWorker(ctx, cfg, svc, log, metrics)
	if err != nil {
		ln.Close()
		return err
	}
	// Deferred after db.Close, so it runs first: the worker ends before the database closes.
	defer stopWorker()
	log.Info("marquee serving", "addr", "http://"+ln.Addr().String(), "database", string(db.Dialect()), "assistant", assistantMode(cfg))
	errc := make(chan error, 1)
	go func() { errc <- httpServer.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := httpServer.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

// startWorker runs the background worker (reminders, mail, deadlines)
// unless MARQUEE_WORKER=off; stop ends it and waits for it.
func startWorker(ctx context.Context, cfg config, svc *store.Services, log *slog.Logger, metrics *telemetry.Metrics) (stop func(), err error) {
	if !cfg.Worker {
		log.Info("background worker off on this node (MARQUEE_WORKER=off)")
		return func() {}, nil
	}
	w := &worker.Worker{Reminders: svc.Reminders, Mail: svc.Mail, Festivals: svc.Festivals, Privacy: svc.Privacy, Composer: mail.Composer{PublicURL: cfg.PublicURL}, Interval: cfg.WorkerInterval, Logger: log}
	w.Promotions, w.Analytics = svc.Promotions, svc.Analytics
	w.Tickets, w.Payments, w.Waitlist, w.Payouts = svc.Tickets, svc.Payments, svc.Tickets, svc.Payouts
	if metrics != nil {
		w.Observe = metrics.WorkerJob
	}
	if cfg.tracing != nil {
		w.Span = cfg.tracing.StartJob
	}
	if cfg.Mail.SMTPURL != "" {
		sender, err := mail.NewSMTP(cfg.Mail)
		if err != nil {
			return nil, err
		}
		w.Sender = telemetry.TraceMail(cfg.tracing, sender)
		log.Info("mail goes out over SMTP", "server", sender.String())
	} else {
		log.Info("no MARQUEE_SMTP_URL: mail is kept in the outbox, readable by admins at /admin/outbox")
	}
	wctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(wctx)
	}()
	return func() { cancel(); <-done }, nil
}

// sweepSessions deletes expired sessions every hour until ctx ends.
func sweepSessions(ctx context.Context, sessions marquee.SessionService, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		if n, err := sessions.DeleteExpired(ctx); err != nil && ctx.Err() == nil {
			log.Error("sweep sessions", "err", err)
		} else if n > 0 {
			log.Info("expired sessions removed", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func migrate(ctx context.Context, cfg config, stdout io.Writer) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	fmt.Fprintf(stdout, "database is up to date (%s)\n", db.Dialect())
	return nil
}

// warmFestivalSearch builds the festival search index in the background,
// so that the first visitor's search does not wait for it, then marks the
// node ready. A failed build is retried every retry (doubling up to a
// minute) until it succeeds or ctx ends; the node stays not ready meanwhile.
func warmFestivalSearch(ctx context.Context, festivals marquee.FestivalService, ready *server.Readiness, log *slog.Logger) {
	start := time.Now()
	q := marquee.FestivalQuery{Page: 1, PerPage: 1, Sort: marquee.FestivalSortDeadline}
	retry := 2 * time.Second
	for {
		_, err := festivals.Search(ctx, q)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			return
		}
		log.Warn("festival search index not built yet; /readyz answers 503 until it is", "err", err, "retry in", retry)
		t := time.NewTimer(retry)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		retry = min(2*retry, time.Minute)
	}
	// The build read every festival's full texts, several times what the
	// index keeps: hand that memory back to the system now rather than
	// over the following minutes (about 0.3 s at 100,000 festivals).
	debug.FreeOSMemory()
	ready.MarkReady()
	log.Info("festival search index ready; /readyz answers 200", "took", time.Since(start).Round(time.Millisecond))
}
