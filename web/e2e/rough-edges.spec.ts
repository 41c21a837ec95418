import { expect, request, test, type Locator, type Page } from '@playwright/test';
import { createAdmin, isoInMonths, logInViaApi, ok, presetCookieConsent, uniqueEmail } from './helpers';

// What a new user meets (issue 15, items 1-10), checked where each can break:
// at phone width (390 px) and on the desktop, in English and Japanese.

const phone = { width: 390, height: 844 };
const organiser = { email: uniqueEmail('edges-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('edges-admin'), password: 'admin-password-1' };
let fresh = { slug: '', name: '' };
let pendingName = '';

test.beforeAll(async ({ baseURL }) => {
  createAdmin(admin.email, admin.password);
  const org = await request.newContext({ baseURL });
  await ok(await org.post('/api/v1/user/register', { data: organiser }));
  const details = (name: string) => ({
    name,
    description: 'Short films by the sea.',
    location: 'Harbour Cinema, Kyoto',
    country: 'JP',
    city: 'Kyoto',
    startDate: isoInMonths(5, 10),
    endDate: isoInMonths(5, 12),
    contactEmail: 'films@edges.example',
  });
  // A festival approved before its organiser announced any category, and one waiting for review.
  const stamp = Date.now() % 100000;
  const created = await ok<{ festival: { id: number; slug: string; name: string } }>(
    await org.post('/api/v1/festivals', { data: details(`Harbour Lights ${stamp}`) }),
  );
  fresh = { slug: created.festival.slug, name: created.festival.name };
  pendingName = `Pending Tide ${stamp}`;
  await ok(await org.post('/api/v1/festivals', { data: details(pendingName) }));
  const adm = await request.newContext({ baseURL });
  await ok(await adm.post('/api/v1/user/login', { data: admin }));
  await ok(await adm.post(`/api/v1/admin/festivals/${created.festival.id}/approve`));
  await org.dispose();
  await adm.dispose();
});

async function useLanguage(page: Page, code: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('selectedLanguage', lang), code);
}

/** sidewaysOverflow is how far the page scrolls sideways (0 when it does not). */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** inViewportWidth: the element lies within the viewport's width (nothing cut off at the right). */
async function expectWithinWidth(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test('1 and 8: a newly approved festival without categories is not open yet, placed as in the list', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await page.goto(`/festival/${fresh.slug}`);
  await expect(page.getByTestId('submission-state')).toHaveText('Submissions not open yet');
  await expect(page.getByText('Submissions closed', { exact: false })).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText('Kyoto, Japan');

  await useLanguage(page, 'ja');
  await page.goto(`/festival/${fresh.slug}`);
  await expect(page.getByTestId('submission-state')).toHaveText('応募受付開始前');
  // The same rule as the list's card: the country named in Japanese, not the organiser's raw text.
  await expect(page.getByRole('main')).toContainText('Kyoto, 日本');
  await expect(page.getByRole('main')).not.toContainText('Harbour Cinema');
  await logInViaApi(page, organiser.email, organiser.password);
  await page.goto(`/festivals?q=${encodeURIComponent(fresh.name)}`);
  await expect(page.getByTestId('festival-card').filter({ hasText: fresh.name })).toContainText('Kyoto, 日本');
});

test('2: on a phone the cookie banner does not cover the open menu', async ({ page }) => {
  await page.setViewportSize(phone);
  await page.goto('/');
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  const last = drawer.getByRole('link', { name: 'Sign Up' });
  await expect(last).toBeVisible();
  const box = (await last.boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest('[role="dialog"]')?.getAttribute('role') ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop, 'the drawer, not the cookie banner, is on top').toBe('dialog');
  await last.click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('3: admin lists stack into cards on a phone, with every action in reach', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await page.setViewportSize(phone);
  await logInViaApi(page, admin.email, admin.password);

  await page.goto('/admin/festivals');
  const row = page.getByTestId('admin-festival-row').filter({ hasText: pendingName });
  await expect(row).toBeVisible();
  for (const name of ['Approve', 'Reject']) {
    const button = row.getByRole('button', { name: `${name} ${pendingName}`, exact: true });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    await expectWithinWidth(page, button);
  }
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  await page.goto('/admin/users');
  const user = page.getByTestId('users-table').getByRole('row').filter({ hasText: organiser.email });
  await expect(user).toBeVisible();
  for (const label of ['Role', 'Joined']) {
    const cell = user.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeVisible();
    await expectWithinWidth(page, cell);
  }
  // The e-mail wraps only when it is wider than its card, never mid-word by rule (break-all).
  const email = user.locator('td', { hasText: organiser.email });
  const wraps = await email.evaluate((td) => {
    const style = getComputedStyle(td);
    const range = document.createRange();
    range.selectNodeContents(td.lastChild!);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const probe = document.createElement('span');
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = td.lastChild!.textContent;
    td.appendChild(probe);
    const needed = probe.getBoundingClientRect().width;
    probe.remove();
    const room = td.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { lines, needed, room, wordBreak: style.wordBreak };
  });
  expect(wraps.wordBreak).not.toBe('break-all');
  expect(wraps.lines === 1 || wraps.needed > wraps.room, JSON.stringify(wraps)).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('4: on a phone the filters fold and the first result shows on the first screen', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await page.setViewportSize(phone);
  await logInViaApi(page, organiser.email, organiser.password);
  const data = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/festivals');
  await page.goto('/festivals');
  expect((await data).ok()).toBeTruthy();
  const card = page.getByTestId('festival-card').first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.y, 'the first result starts on the first screen').toBeLessThan(phone.height);
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeHidden();
  // The search box's placeholder fits.
  const search = page.getByRole('searchbox', { name: 'Search' });
  const fits = await search.evaluate((input: HTMLInputElement) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const style = getComputedStyle(input);
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return ctx.measureText(input.placeholder).width <= room;
  });
  expect(fits).toBe(true);

  await page.getByTestId('filters-toggle').click();
  await expect(page.getByRole('combobox', { name: 'Country' })).toBeVisible();
});

test('5: the welcome toast does not cover the admin header', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const toast = page.getByText('Logged in successfully');
  await expect(toast).toBeVisible();
  const badge = (await page.getByTestId('admin-role').boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  const shown = (await toast.boundingBox())!;
  expect(shown.y, 'the toast opens below the header').toBeGreaterThanOrEqual(header.y + header.height);
  expect(shown.y).toBeGreaterThan(badge.y + badge.height);
});

test('7 and 9: Japanese footer and services titles read as Japanese', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await useLanguage(page, 'ja');
  for (const size of [phone, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.goto('/services');
    await expect(page.getByTestId('copyright')).not.toContainText('All rights reserved');
    await expect(page.getByTestId('copyright')).toContainText('無断転載');
    const title = page.getByRole('heading', { name: 'テクノロジーソリューション' }).first();
    await expect(title).toBeVisible();
    // The word is not split across lines.
    const lines = await title.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines, `at ${size.width} px`).toBe(1);
  }
});

test('10: a signed-in user finds the festivals and their reminders in the header', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  const email = uniqueEmail('edges-filmmaker');
  await ok(await page.request.post('/api/v1/user/register', { data: { email, password: 'filmmaker-password' } }));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const bar = page.getByRole('banner').getByRole('navigation');
  await expect(bar.getByRole('link', { name: 'Festivals', exact: true })).toHaveAttribute('href', '/festivals');
  await expect(bar.getByRole('link', { name: 'Reminders' })).toHaveAttribute('href', '/manage');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // An admin's fuller bar still fits at 1280 px.
  await logInViaApi(page, admin.email, admin.password);
  await page.goto('/');
  await expect(bar.getByRole('link', { name: 'My festivals' })).toHaveAttribute('href', '/manage');
  const header = page.getByRole('banner');
  expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const logout = bar.getByRole('button', { name: 'Logout' });
  await expectWithinWidth(page, logout);

  await page.setViewportSize(phone);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Festivals', exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'My festivals' })).toBeVisible();
});
