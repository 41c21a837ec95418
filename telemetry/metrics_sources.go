package telemetry

import (
	"context"
	"database/sql"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Sources are read at each scrape (cmd/marquee connects them to the
// store); a nil one is left out.
type Sources struct {
	// DBPools returns the database pools' statistics, by pool name
	// (writer and reader on SQLite, main and counters on PostgreSQL).
	DBPools func() []PoolStats
	// DBErrors returns the store's transaction and busy-error counts.
	DBErrors func() DBCounts
	// Outbox returns the mail waiting to be sent: how many and since
	// when the oldest (zero when none). It reads the database: ctx
	// bounds it.
	Outbox func(ctx context.Context) (queued int64, oldest time.Time, err error)
	// Payments and TicketOrders return outcome counts since the node started.
	Payments     func() []PaymentCount
	TicketOrders func() []OutcomeCount
	// SearchIndex returns the festival search index's size and build times.
	SearchIndex func() SearchIndexStats
	// Clock is the time the outbox's age is measured against (time.Now when nil).
	Clock func() time.Time
}

// PoolStats is one database pool's statistics.
type PoolStats struct {
	Pool  string
	Stats sql.DBStats
}

// DBCounts are the store's counts since the node started.
type DBCounts struct {
	// Commits and Rollbacks count write transactions by how they ended;
	// Failed those whose begin or commit failed.
	Commits, Rollbacks, Failed uint64
	// Busy counts SQLite's "database is locked" (SQLITE_BUSY after the
	// busy timeout), Serialization PostgreSQL's serialization failures
	// (40001), Deadlock its deadlocks (40P01), LockTimeout its lock
	// timeouts (55P03). The store does not retry them: each reached the
	// caller as an error.
	Busy, Serialization, Deadlock, LockTimeout uint64
}

// PaymentCount is how many payment events of a kind (purchase,
// ticket_order) were settled with an outcome (succeeded, failed,
// refunded, refused, error).
type PaymentCount struct {
	Kind, Outcome string
	Count         uint64
}

// OutcomeCount is how many times something ended with Outcome.
type OutcomeCount struct {
	Outcome string
	Count   uint64
}

// SearchIndexStats is the festival search index's size and build times.
type SearchIndexStats struct {
	Festivals, Terms int
	// Full is the first load (or a reload), Incremental a sync of changes.
	Full, Incremental BuildStats
}

// BuildStats counts index builds of one kind and their times.
type BuildStats struct {
	Count uint64
	Last  time.Duration
	Total time.Duration
}

// outboxTimeout bounds the scrape's outbox query.
const outboxTimeout = 2 * time.Second

type sourceCollector struct {
	src  Sources
	errs prometheus.Counter
}

func newSourceCollector(src Sources) *sourceCollector {
	return &sourceCollector{src: src, errs: prometheus.NewCounter(prometheus.CounterOpts{
		Name: MetricScrapeErrors,
		Help: "Scrapes in which a source (the outbox query) failed; its series were left out.",
	})}
}

var (
	dbOpenDesc    = prometheus.NewDesc(MetricDBOpen, "Connections open in a database pool (in use and idle).", []string{"pool"}, nil)
	dbInUseDesc   = prometheus.NewDesc(MetricDBInUse, "Connections of a database pool in use.", []string{"pool"}, nil)
	dbIdleDesc    = prometheus.NewDesc(MetricDBIdle, "Idle connections of a database pool.", []string{"pool"}, nil)
	dbMaxDesc     = prometheus.NewDesc(MetricDBMaxOpen, "Most connections a database pool opens.", []string{"pool"}, nil)
	dbWaitsDesc   = prometheus.NewDesc(MetricDBWaits, "Times a caller waited for a connection of a database pool.", []string{"pool"}, nil)
	dbWaitSecDesc = prometheus.NewDesc(MetricDBWaitSeconds, "Total time callers waited for a connection of a database pool.", []string{"pool"}, nil)
	dbBusyDesc    = prometheus.NewDesc(MetricDBBusy, "Statements or transactions that failed because the database was busy: kind busy (SQLite locked), serialization, deadlock or lock_timeout (PostgreSQL).", []string{"kind"}, nil)
	dbTxDesc      = prometheus.NewDesc(MetricDBTransactions, "Write transactions by outcome: committed, rolled_back (the service refused or failed), failed (begin or commit failed).", []string{"outcome"}, nil)
	outboxQDesc   = prometheus.NewDesc(MetricOutboxQueued, "Mails in the outbox waiting to be sent (queued, not held for an unconfirmed address).", nil, nil)
	outboxAgeDesc = prometheus.NewDesc(MetricOutboxOldestAge, "Age of the oldest mail waiting to be sent, in seconds (0 when none waits).", nil, nil)
	paymentsDesc  = prometheus.NewDesc(MetricPayments, "Payment events settled, by kind (purchase, ticket_order) and outcome (succeeded, failed, refunded, refused, error).", []string{"kind", "outcome"}, nil)
	ordersDesc    = prometheus.NewDesc(MetricTicketOrders, "Ticket orders by outcome: created, refused (no seats, a rule), cancelled, expired (hold released), error.", []string{"outcome"}, nil)
	searchFDesc   = prometheus.NewDesc(MetricSearchFestivals, "Festivals in this node's search index (approved, live).", nil, nil)
	searchTDesc   = prometheus.NewDesc(MetricSearchTerms, "Distinct terms in this node's search index.", nil, nil)
	searchLDesc   = prometheus.NewDesc(MetricSearchBuildSeconds, "Time the last build of the search index took: kind full (first load) or incremental (changes).", []string{"kind"}, nil)
	searchNDesc   = prometheus.NewDesc(MetricSearchBuilds, "Builds of the search index, by kind.", []string{"kind"}, nil)
	searchSDesc   = prometheus.NewDesc(MetricSearchBuildSecondsSum, "Total time spent building the search index, by kind.", []string{"kind"}, nil)
)

func (c *sourceCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{dbOpenDesc, dbInUseDesc, dbIdleDesc, dbMaxDesc, dbWaitsDesc, dbWaitSecDesc, dbBusyDesc, dbTxDesc,
		outboxQDesc, outboxAgeDesc, paymentsDesc, ordersDesc, searchFDesc, searchTDesc, searchLDesc, searchNDesc, searchSDesc} {
		ch <- d
	}
	c.errs.Describe(ch)
}

func (c *sourceCollector) Collect(ch chan<- prometheus.Metric) {
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	counter := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, labels...)
	}
	if f := c.src.DBPools; f != nil {
		for _, p := range f() {
			gauge(dbOpenDesc, float64(p.Stats.OpenConnections), p.Pool)
			gauge(dbInUseDesc, float64(p.Stats.InUse), p.Pool)
			gauge(dbIdleDesc, float64(p.Stats.Idle), p.Pool)
			gauge(dbMaxDesc, float64(p.Stats.MaxOpenConnections), p.Pool)
			counter(dbWaitsDesc, float64(p.Stats.WaitCount), p.Pool)
			counter(dbWaitSecDesc, p.Stats.WaitDuration.Seconds(), p.Pool)
		}
	}
	if f := c.src.DBErrors; f != nil {
		n := f()
		counter(dbBusyDesc, float64(n.Busy), "busy")
		counter(dbBusyDesc, float64(n.Serialization), "serialization")
		counter(dbBusyDesc, float64(n.Deadlock), "deadlock")
		counter(dbBusyDesc, float64(n.LockTimeout), "lock_timeout")
		counter(dbTxDesc, float64(n.Commits), "committed")
		counter(dbTxDesc, float64(n.Rollbacks), "rolled_back")
		counter(dbTxDesc, float64(n.Failed), "failed")
	}
	if f := c.src.Outbox; f != nil {
		ctx, cancel := context.WithTimeout(context.Background(), outboxTimeout)
		queued, oldest, err := f(ctx)
		cancel()
		if err != nil {
			c.errs.Inc()
		} else {
			age := 0.0
			if !oldest.IsZero() {
				now := time.Now
				if c.src.Clock != nil {
					now = c.src.Clock
				}
				age = max(0, now().Sub(oldest).Seconds())
			}
			gauge(outboxQDesc, float64(queued))
			gauge(outboxAgeDesc, age)
		}
	}
	if f := c.src.Payments; f != nil {
		for _, p := range f() {
			counter(paymentsDesc, float64(p.Count), p.Kind, p.Outcome)
		}
	}
	if f := c.src.TicketOrders; f != nil {
		for _, o := range f() {
			counter(ordersDesc, float64(o.Count), o.Outcome)
		}
	}
	if f := c.src.SearchIndex; f != nil {
		s := f()
		gauge(searchFDesc, float64(s.Festivals))
		gauge(searchTDesc, float64(s.Terms))
		for _, b := range []struct {
			kind string
			st   BuildStats
		}{{"full", s.Full}, {"incremental", s.Incremental}} {
			gauge(searchLDesc, b.st.Last.Seconds(), b.kind)
			counter(searchNDesc, float64(b.st.Count), b.kind)
			counter(searchSDesc, b.st.Total.Seconds(), b.kind)
		}
	}
	c.errs.Collect(ch)
}
