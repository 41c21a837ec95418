import { expect, test } from '@playwright/test';
import { collectConsoleErrors, createAdmin, presetCookieConsent, signUpViaApi, uniqueEmail, seriousViolations } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

test('a visitor at /admin is asked to log in', async ({ page }) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login$/);
});

test('a signed-in non-admin sees the forbidden page, even with the old Admin flag', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('plain'), 'plain-password');
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('Admin', 'Done'));
  await page.goto('/admin');
  const forbidden = page.getByTestId('admin-forbidden');
  await expect(forbidden).toBeVisible();
  await expect(forbidden).toContainText('You do not have access to the admin area');
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await forbidden.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
  const api = await page.request.get('/api/v1/admin/dashboard');
  expect(api.status()).toBe(403);
});

test('an admin logs in and uses the admin shell', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('admin');
  const password = 'admin-password-1';
  createAdmin(email, password);
  const member = uniqueEmail('member');
  await page.request.post('/api/v1/user/register', { data: { email: member, password: 'member-password', name: 'Member Zed' } });
  await page.request.post('/api/v1/auth/logout');

  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The welcome toast fades by itself; close it so its animation does not disturb the contrast checks.
  await page.getByRole('button', { name: 'Close notification' }).click();
  await expect(page.getByText('Logged in successfully')).toBeHidden();

  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByText('Marquee')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'System Settings' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Messages' })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Super Administrator')).toBeVisible();
  await expect(header.getByText(email)).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const cards = page.getByTestId('stat-card');
  // The four of the seed's dashboard, then the platform's commission and the festivals' earnings (issue 26).
  await expect(cards).toHaveCount(6);
  for (const title of ['Total Users', 'Total Subscriptions', 'Total Transactions', 'Total Income', 'Platform revenue', 'Festival earnings']) {
    await expect(cards.filter({ hasText: title })).toHaveCount(1);
  }
  await expect(cards.filter({ hasText: 'Total Income' })).toContainText('$');
  await expect(page.getByRole('heading', { name: 'User Statistics' })).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toBeVisible();
  // Month names on the x axis, ending with this month; the accessible table holds this month's sign-ups.
  const thisMonth = new Intl.DateTimeFormat('en', { month: 'short' }).format(new Date());
  await expect(page.locator('.recharts-wrapper').getByText(thisMonth, { exact: true }).first()).toBeVisible();
  const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric' }).format(new Date());
  const lastRow = page.getByRole('row', { name: new RegExp(`^${monthName} \\d+$`) });
  await expect(lastRow).toHaveCount(1);
  expect(Number((await lastRow.getByRole('cell').nth(1).textContent()) ?? '0')).toBeGreaterThanOrEqual(2);
  expect(await seriousViolations(page)).toEqual([]);

  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: member })).toContainText('Member Zed');
  await page.getByLabel('Search users').fill(member);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(member);
  expect(await seriousViolations(page)).toEqual([]);

  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeVisible();
  await expect(page.getByText('Choose the perfect plan for your needs')).toBeVisible();
  const plans = page.getByTestId('plan-card');
  await expect(plans).toHaveCount(3);
  await expect(plans.first().getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/pricing/basic');
  await expect(plans.nth(2).getByRole('link', { name: /Get Started/ })).toHaveAttribute('href', '/pricing/enterprise');
  await expect(plans.first()).toContainText('$25');
  await expect(plans.first()).toContainText('50 tokens');

  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the admin shell fits a 360px screen', async ({ page }) => {
  const email = uniqueEmail('admin-mobile');
  const password = 'admin-password-2';
  createAdmin(email, password);
  const res = await page.request.post('/api/v1/user/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/admin');
  await expect(page.getByTestId('stat-card')).toHaveCount(6);
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByText('Super Administrator')).toBeVisible();
  await nav.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId('users-table')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});
