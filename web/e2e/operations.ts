import { join } from 'node:path';

// What the browser tests need to watch the server as an operator does:
// its metrics (behind a bearer token, MARQUEE_METRICS_TOKEN) and its log,
// which playwright.config.ts writes to a file of the run's directory.

/** The bearer token of the test server's /metrics. */
export const metricsToken = 'e2e-metrics-token-0123456789abcdef';

/** The test server's log (its standard error), read by global-teardown.ts. */
export function serverLogFile(): string {
  return join(process.env.MARQUEE_E2E_DIR!, 'server.log');
}

/** An e-mail address anywhere in a text (the log must hold none). */
export const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;

/**
 * The series /metrics must show once the site has served some requests:
 * requests by route pattern and status class, the database pools, the
 * transactions and busy errors, the outbox, the worker's jobs, the rate
 * limits, payments and ticket orders, the search index and Go's runtime.
 */
export const expectedSeries: RegExp[] = [
  /^marquee_http_request_duration_seconds_count\{code_class="2xx",route="GET \/api\/v1\/festivals"\} [1-9]\d*$/m,
  /^marquee_http_request_duration_seconds_bucket\{code_class="2xx",route="GET \/api\/v1\/site",le="\+Inf"\} [1-9]\d*$/m,
  /^marquee_db_pool_in_use_connections\{pool="writer"\} \d+$/m,
  /^marquee_db_pool_wait_seconds_total\{pool="reader"\} \S+$/m,
  /^marquee_db_transactions_total\{outcome="committed"\} [1-9]\d*$/m,
  /^marquee_db_busy_errors_total\{kind="busy"\} \d+$/m,
  /^marquee_mail_outbox_queued \d+$/m,
  /^marquee_mail_outbox_oldest_age_seconds \S+$/m,
  /^marquee_worker_lag_seconds\{task="mail"\} \S+$/m,
  /^marquee_worker_job_duration_seconds_count\{task="holds"\} [1-9]\d*$/m,
  /^marquee_rate_limit_refusals_total\{policy="login-ip",reason="limit"\} \d+$/m,
  /^marquee_payments_total\{kind="purchase",outcome="succeeded"\} \d+$/m,
  /^marquee_ticket_orders_total\{outcome="created"\} \d+$/m,
  /^marquee_search_index_festivals \d+$/m,
  /^marquee_search_index_build_seconds\{kind="full"\} \S+$/m,
  /^go_goroutines \d+$/m,
];
