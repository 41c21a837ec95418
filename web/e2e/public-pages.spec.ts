import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consoleErrorsOf, expectTranslatedPage, openInApp, presetCookieConsent, publicRoutes, trackRequests } from './helpers';

// Every public page of the site: it renders, is titled and quiet in the
// console, and axe finds no serious or critical WCAG A/AA problem (in
// English here; cjk-layout.spec.ts opens each in Japanese and Chinese and
// checks there that it is translated and titled in the language, beside
// the layout); every link on the site leads somewhere real (answers a
// direct visit with 200, and renders when followed). The tests share
// nothing, so both workers take them.
test.describe.configure({ mode: 'parallel' });

/** Pages behind the sign-in guard: an anonymous visitor is sent to /login. */
const guarded = ['/festivals', '/submit', '/manage'];

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

async function useLanguage(page: Page, code: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('selectedLanguage', lang), code);
}

/** open visits a path and waits until the page (not a spinner) is on screen. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  return response;
}

/**
 * chunks splits the routes into n runs of consecutive routes: each run is one
 * test that visits its routes in one browser page, so a route costs a page
 * load, not a new browser context and a cold cache (the checks per route are
 * the same as when each route was a test of its own, and a failing route is
 * named by its step).
 */
function chunks<T>(items: readonly T[], n: number): T[][] {
  const size = Math.ceil(items.length / n);
  return Array.from({ length: n }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((c) => c.length > 0);
}

test('an unknown service is a translated not-found with a way back', async ({ page }) => {
  await useLanguage(page, 'ja');
  await open(page, '/services/no-such-service');
  const box = page.getByTestId('not-found');
  await expect(box).toBeVisible();
  await expect(box.locator('h1')).toHaveText('サービスが見つかりません');
  await expect(page).toHaveTitle(/サービスが見つかりません/);
  await box.getByRole('link', { name: 'サービス一覧に戻る' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator('h1')).toHaveText('サービス');
});

test('every link on the public site leads to a real page', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const seen = new Set<string>(['/']);
  const queue = ['/'];
  const visited: string[] = [];
  const problems: string[] = [];

  while (queue.length > 0) {
    const path = queue.shift()!;
    // The first page is loaded; the others are shown as a followed link
    // shows them (openInApp), each answering a direct visit with 200.
    const status = visited.length === 0 ? (await page.goto(path))?.status() : await openInApp(page, path);
    if (status !== 200) problems.push(`${path}: HTTP ${status}`);
    await expect(page.locator('h1').first(), `${path} shows a heading`).toBeVisible();
    await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
    visited.push(path);

    const landed = new URL(page.url()).pathname;
    if (guarded.includes(path)) {
      if (landed !== '/login' && landed !== path) problems.push(`${path}: guard sent us to ${landed}`);
    }
    if ((await page.getByTestId('not-found').count()) > 0) problems.push(`${path}: not found`);

    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      if (/^(mailto|tel):/i.test(href)) continue;
      const url = new URL(href, origin);
      if (url.origin !== origin) continue;
      const target = url.pathname;
      if (target.startsWith('/admin') || target.startsWith('/api')) continue;
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }

  console.log(`crawled ${visited.length} pages: ${visited.join(' ')}`);
  expect(problems).toEqual([]);
  for (const route of ['/about', '/services', '/blogs', '/faqs', '/movies', '/contact', '/marketing', '/pricing']) {
    expect(visited, `${route} is reachable by links`).toContain(route);
  }
  for (const route of guarded) expect(visited, `${route} is linked`).toContain(route);
});

test.describe('in English: translated, titled, quiet and accessible (axe, WCAG 2 A and AA)', () => {
  for (const routes of chunks(publicRoutes, 3)) {
    test(`${routes.join(' ')} render without errors and have no serious or critical violations`, async ({ page }) => {
      // The ceiling of a test per page (config: 45 s), for the pages together.
      test.setTimeout(45_000 * routes.length);
      const errors = consoleErrorsOf(page);
      await useLanguage(page, 'en');
      for (const route of routes) {
        await test.step(route, async () => {
          errors.length = 0;
          const answered = trackRequests(page);
          const response = await open(page, route);
          await expectTranslatedPage(page, route, 'en', response?.status());
          // Late errors (a failing request after render) count too.
          await answered();
          expect(errors, `console errors on ${route}`).toEqual([]);
          const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
          const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          for (const v of bad) {
            console.log(`${route}: [${v.impact}] ${v.id}: ${v.help}`);
            for (const n of v.nodes.slice(0, 5)) console.log(`    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`);
          }
          expect(bad.map((v) => v.id), route).toEqual([]);
        });
      }
    });
  }
});

test('header links keep AA contrast while hovered', async ({ page }) => {
  await page.goto('/about');
  for (const name of ['Explore', 'Pricing', 'Login']) {
    await page.getByRole('banner').getByRole('link', { name, exact: true }).hover();
    const results = await new AxeBuilder({ page }).withRules(['color-contrast']).include('header').analyze();
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.failureSummary)), name).toEqual([]);
  }
});
