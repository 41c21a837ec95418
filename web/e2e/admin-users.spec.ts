import { expect, test, type APIRequestContext } from '@playwright/test';
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { collectConsoleErrors, consentCookieName, isoInMonths, seriousViolations, uniqueEmail } from './helpers';

// This journey changes a package's price, which other specs (checkout,
// legal-pricing, admin) read as the seed's. So it runs against a server
// of its own on a fresh database (the suite's port + 50), never the shared one.
const port = Number(process.env.MARQUEE_E2E_PORT ?? 18080) + 50;
const base = `http://127.0.0.1:${port}`;
const binary = process.env.MARQUEE_BIN ?? resolve(import.meta.dirname, '..', '..', 'bin', 'marquee');

let server: ChildProcess | undefined;
let dir = '';
let databaseURL = '';

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-e2e-admin-users-'));
  databaseURL = `sqlite:${join(dir, 'marquee.db')}`;
  server = spawn(binary, ['serve'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      MARQUEE_ADDR: `127.0.0.1:${port}`,
      MARQUEE_DATABASE_URL: databaseURL,
      MARQUEE_LOGIN_RATE_PER_MINUTE: '600',
      MARQUEE_SIGNUP_RATE_PER_HOUR: '1000',
      MARQUEE_LOG_LEVEL: 'warn',
      MARQUEE_STRIPE_SECRET_KEY: '',
      MARQUEE_STRIPE_PUBLISHABLE_KEY: '',
      MARQUEE_AI_BASE_URL: '',
      MARQUEE_AI_API_KEY: '',
      MARQUEE_AI_MODEL: '',
    },
  });
  // Wait for the server's answer on /healthz (as the config's webServer does), not for a time.
  await expect
    .poll(() => fetch(`${base}/healthz`).then((r) => r.ok, () => false), {
      timeout: 25_000, // within the hook's 30 s
      message: `marquee serve answers on ${base}`,
    })
    .toBe(true);
});

test.afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function register(request: APIRequestContext, email: string, name: string) {
  const res = await request.post(`${base}/api/v1/user/register`, { data: { email, password: 'member-password-1', name } });
  expect(res.ok()).toBeTruthy();
}

test('an admin finds a user, gives 10 credits with a reason, reprices a package and reads both in the audit log', async ({ page, playwright }) => {
  const errors = collectConsoleErrors(page);
  await page.context().addCookies([{ name: consentCookieName, value: 'v1.a0.p0', url: base }]);
  const admin = uniqueEmail('audit-admin');
  execFileSync(binary, ['admin', 'create', '--email', admin], {
    input: 'admin-password-1\n',
    env: { ...process.env, MARQUEE_DATABASE_URL: databaseURL },
  });
  const member = uniqueEmail('credits-member');
  const other = await playwright.request.newContext();
  await register(other, member, 'Member Credits');
  await register(other, uniqueEmail('someone-else'), 'Someone Else');
  await other.dispose();
  const login = await page.request.post(`${base}/api/v1/user/login`, { data: { email: admin, password: 'admin-password-1' } });
  expect(login.ok()).toBeTruthy();

  // Find the user by e-mail and open their page.
  await page.goto(`${base}/admin/users`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await page.getByLabel('Search users').fill(member);
  const table = page.getByTestId('users-table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Active');
  await table.getByRole('link', { name: 'Member Credits' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Member Credits' })).toBeVisible();
  await expect(page.getByTestId('user-credits')).toHaveText('0');

  // 10 credits with a reason.
  const form = page.getByRole('form', { name: 'Adjust credits' });
  await form.getByLabel(/Credits \(\+ or −\)/).fill('10');
  await form.getByRole('button', { name: 'Adjust credits' }).click();
  await expect(form.getByText('A reason is required')).toBeVisible();
  await form.getByLabel(/^Reason/).fill('Festival prize 2026');
  await form.getByRole('button', { name: 'Adjust credits' }).click();
  await expect(page.getByTestId('user-action-result')).toHaveText('Done: the balance is now 10 credits.');
  await expect(page.getByTestId('user-credits')).toHaveText('10');
  await expect(page.getByTestId('user-ledger')).toContainText('Festival prize 2026');
  expect(await seriousViolations(page)).toEqual([]);

  // Pro from $50 to $45, seen at once on /pricing.
  await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Pro' }).click();
  const edit = page.getByRole('form', { name: 'Edit package' });
  await edit.getByLabel(/^Price/).fill('45');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('package-saved')).toHaveText('Pro is saved. New purchases use it at once.');
  await expect(page.getByTestId('plan-card').nth(1)).toContainText('$45');
  await page.goto(`${base}/pricing`);
  await expect(page.getByTestId('package-pro').getByTestId('package-price')).toHaveText('$45');
  await expect(page.getByTestId('package-basic').getByTestId('package-price')).toHaveText('$25');

  // Both actions in the audit log, newest first.
  await page.goto(`${base}/admin/audit`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const rows = page.getByTestId('audit-table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Package edited');
  await expect(rows.nth(1)).toContainText('package pro');
  await expect(rows.nth(1)).toContainText('priceCents: 5000 → 4500');
  await expect(rows.nth(2)).toContainText('Credits adjusted');
  await expect(rows.nth(2)).toContainText('Festival prize 2026');
  await expect(rows.nth(2)).toContainText(admin);
  await page.getByLabel('Actor').fill('nobody-like-this');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

// Runs after the test above (one worker, in order), whose log it leaves alone.
test("an organiser reads their festival's activity, and an admin filters the audit log by that festival", async ({ page, playwright }) => {
  const errors = collectConsoleErrors(page);
  await page.context().addCookies([{ name: consentCookieName, value: 'v1.a0.p0', url: base }]);
  const organiser = { email: uniqueEmail('activity-organiser'), password: 'member-password-1' };
  const admin = { email: uniqueEmail('activity-admin'), password: 'admin-password-1' };
  execFileSync(binary, ['admin', 'create', '--email', admin.email], {
    input: `${admin.password}\n`,
    env: { ...process.env, MARQUEE_DATABASE_URL: databaseURL },
  });

  // The organiser's festival, its settings and a waiver code; the admin's approval.
  const org = await playwright.request.newContext({ baseURL: base });
  await register(org, organiser.email, 'Olga Organiser');
  const created = await org.post('/api/v1/festivals', {
    data: {
      name: `Activity Shorts ${Date.now() % 100000}`,
      description: 'Short films, every change on the record.',
      location: 'Town Hall',
      country: 'GB',
      city: 'York',
      startDate: isoInMonths(4, 10),
      endDate: isoInMonths(4, 14),
      contactEmail: 'films@activity.example',
    },
  });
  expect(created.status()).toBe(201);
  const { festival } = (await created.json()) as { festival: { id: number; slug: string } };
  expect((await org.put(`/api/v1/manage/festivals/${festival.slug}/settings`, { data: { refundOnWithdraw: false, blindReview: true } })).ok()).toBeTruthy();
  const waiver = await org.post(`/api/v1/manage/festivals/${festival.slug}/waivers`, {
    data: { code: 'PRESS', percent: 50, usageLimit: 5, expiresOn: isoInMonths(3, 1) },
  });
  expect(waiver.status()).toBe(201);
  await org.dispose();
  const adm = await playwright.request.newContext({ baseURL: base });
  expect((await adm.post('/api/v1/user/login', { data: admin })).ok()).toBeTruthy();
  expect((await adm.post(`/api/v1/admin/festivals/${festival.id}/approve`)).ok()).toBeTruthy();
  await adm.dispose();

  // The organiser's trail, newest first, the team's approval named by its part.
  expect((await page.request.post(`${base}/api/v1/user/login`, { data: organiser })).ok()).toBeTruthy();
  await page.goto(`${base}/manage/festivals/${festival.slug}/activity`);
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const rows = page.getByTestId('activity-table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('Festival approved');
  await expect(rows.nth(1)).toContainText('Marquee team');
  await expect(rows.nth(2)).toContainText('Waiver code created');
  await expect(rows.nth(2)).toContainText('PRESS');
  await expect(rows.nth(3)).toContainText('Submission settings changed');
  await expect(rows.nth(3)).toContainText('Blind review: No → Yes');
  await expect(page.getByTestId('activity-table')).not.toContainText(admin.email);
  expect(await seriousViolations(page)).toEqual([]);

  // The admin's log, opened filtered by the festival: its three entries only.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: consentCookieName, value: 'v1.a0.p0', url: base }]);
  expect((await page.request.post(`${base}/api/v1/user/login`, { data: admin })).ok()).toBeTruthy();
  await page.goto(`${base}/admin/audit?festival=${festival.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const logRows = page.getByTestId('audit-table').getByRole('row');
  await expect(logRows).toHaveCount(4);
  await expect(page.getByTestId('audit-total')).toHaveText('3 entries');
  await expect(logRows.nth(3)).toContainText(organiser.email);
  await page.getByLabel('Festival').fill('no-such-festival');
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
