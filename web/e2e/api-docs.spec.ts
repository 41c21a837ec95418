import { expect, test } from '@playwright/test';
import { presetCookieConsent, seriousViolations, trackRequests } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

// A developer finds the API reference from the footer, in the site's
// language, reads a route and its types on a phone, and downloads the
// OpenAPI document it is rendered from.
test('a developer reads the API reference from the footer, on a phone, in Japanese', async ({ page }) => {
  // The reference is one page of some 22,000 elements (every route and
  // type, closed). axe builds its tree of the whole document even when it
  // reads a few parts: 5 s on an idle machine, and past the 45 s ceiling
  // when make test's three parts load the machine (CI, stop 36). The
  // ceiling is tripled for this test; the checks are the same.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  // The home page's lazy parts and data move the footer down as they
  // arrive; a click aimed before they land can hit the page instead of
  // the link, so the page's requests are answered first.
  const settled = trackRequests(page);
  await page.goto('/');
  await settled();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'API reference' });
  await expect(link).toHaveAttribute('href', '/api-docs?lang=en');
  await Promise.all([page.waitForURL(/\/api-docs\?lang=en$/), link.click()]);
  await expect(page.getByRole('heading', { level: 1, name: 'Marquee API reference' })).toBeVisible();

  const route = page.locator('details#filmGet');
  await route.locator('summary').click();
  await expect(route).toContainText('/api/v1/films/{id}');
  await route.getByRole('link', { name: 'FilmAnswer' }).click();
  await expect(page.locator('#schema-FilmAnswer')).toBeInViewport();
  const film = page.locator('#schema-Film + div table');
  await expect(film).toContainText('at most 200 characters');
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The page repeats one template per route and per type (thousands of
  // nodes, minutes of axe on a busy machine): axe reads the head, the
  // contents, the opened route and one type.
  expect(await seriousViolations(page, ['nav.langs', 'h1', 'ul.toc', '#filmGet', '#schema-Film', '#schema-Film + div'])).toEqual([]);

  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: '日本語' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Marquee API リファレンス' })).toBeVisible();
  await expect(page.locator('#schema-Film + div table')).toContainText('200 文字以内');

  const doc = await page.request.get('/api/v1/openapi.json');
  expect(doc.ok()).toBe(true);
  expect((await doc.json()).openapi).toBe('3.1.0');
});
