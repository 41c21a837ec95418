import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { metricsToken, serverLogFile } from './e2e/operations';

// Browser tests run Debian's Chromium against a real `marquee serve` on a
// fresh SQLite database. The runner makes the temporary directory once and
// its workers inherit it through the environment.
if (!process.env.MARQUEE_E2E_DIR) {
  process.env.MARQUEE_E2E_DIR = mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
}
const port = Number(process.env.MARQUEE_E2E_PORT ?? 18080);
export const e2eDatabaseURL = `sqlite:${join(process.env.MARQUEE_E2E_DIR, 'marquee.db')}`;
export const marqueeBinary = process.env.MARQUEE_BIN ?? resolve(import.meta.dirname, '..', 'bin', 'marquee');
const chromium = process.env.MARQUEE_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  // Ceilings, not waits: a passing test never waits for them, and a busy
  // machine (fonts, both workers, the server) still fits under them.
  timeout: 45_000,
  expect: { timeout: 12_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // After every test: the server's log must name no e-mail address.
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The server's log (standard error) goes to a file of the run's
    // directory, which global-teardown.ts reads.
    command: `${JSON.stringify(marqueeBinary)} serve 2>>${JSON.stringify(serverLogFile())}`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      MARQUEE_ADDR: `127.0.0.1:${port}`,
      MARQUEE_DATABASE_URL: e2eDatabaseURL,
      // Every test comes from 127.0.0.1: the limits counted per client would
      // be shared by all of them and run out in an order-dependent way. They
      // are raised here; limits per user or per account (each test makes its
      // own) keep their defaults.
      MARQUEE_LOGIN_RATE_PER_MINUTE: '600',
      MARQUEE_SIGNUP_RATE_PER_HOUR: '1000',
      MARQUEE_CONTACT_RATE_PER_HOUR: '600',
      MARQUEE_PASSWORD_RESET_RATE_PER_IP_PER_HOUR: '600',
      MARQUEE_PASSWORD_RESET_CONFIRM_RATE_PER_HOUR: '600',
      MARQUEE_FESTIVAL_RATE_PER_IP_PER_DAY: '1000',
      MARQUEE_VIEW_RATE_PER_MINUTE: '6000',
      MARQUEE_INQUIRY_RATE_PER_HOUR: '1000',
      MARQUEE_INQUIRY_VISITOR_RATE_PER_HOUR: '1000',
      MARQUEE_WEBHOOK_RATE_PER_MINUTE: '6000',
      // Every request's line is logged (to the file above), so that the
      // teardown's check for e-mail addresses reads all of them.
      MARQUEE_LOG_LEVEL: 'info',
      // /metrics on the site, behind this token (operations.spec.ts).
      MARQUEE_METRICS_TOKEN: metricsToken,
      // The background worker (data exports, reminders) ticks every second,
      // so a test waiting for its work waits for the data, not for a 30 s tick.
      MARQUEE_WORKER_INTERVAL: '1s',
      // The monthly payouts never reach their minimum here: a festival's
      // balance is paid when a test's admin asks (payouts.spec.ts), not by
      // the worker a second after it becomes available.
      MARQUEE_PAYOUT_MINIMUM_CENTS: '1000000000',
      // Checkout runs in test mode (our own card form, no real charge) whatever the shell exports.
      MARQUEE_STRIPE_SECRET_KEY: '',
      MARQUEE_STRIPE_PUBLISHABLE_KEY: '',
      // The assistant answers from the data alone (no AI service) whatever the shell exports.
      MARQUEE_AI_BASE_URL: '',
      MARQUEE_AI_API_KEY: '',
      MARQUEE_AI_MODEL: '',
      ...(process.env.MARQUEE_WEB_DIR ? { MARQUEE_WEB_DIR: process.env.MARQUEE_WEB_DIR } : {}),
    },
  },
});
