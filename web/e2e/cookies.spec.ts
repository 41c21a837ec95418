import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, consentCookieName, seriousViolations } from './helpers';

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === consentCookieName);
}

async function localStorageKeys(page: Page) {
  return page.evaluate(() => Object.keys(window.localStorage));
}

test('the consent banner: first visit, Accept All, remembered, changed on /cookies', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/contact');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Accept All' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Essential only' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Preferences' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await banner.getByRole('button', { name: 'Accept All' }).click();
  await expect(banner).toHaveCount(0);
  const cookie = await consentCookie(page);
  expect(cookie?.value).toBe('v1.a1.p1');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  const days = (cookie!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(179);
  expect(days).toBeLessThanOrEqual(180.01);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  await expect(page.getByTestId('consent-analytics')).toHaveText('On');
  await expect(page.getByTestId('consent-preferences')).toHaveText('On');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await expect(dialog).toBeVisible();
  const essential = dialog.getByRole('switch', { name: /Essential cookies/ });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  await dialog.getByRole('switch', { name: /Analytics cookies/ }).uncheck();
  await dialog.getByRole('switch', { name: /Preference cookies/ }).uncheck();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('consent-analytics')).toHaveText('Off');
  expect((await consentCookie(page))?.value).toBe('v1.a0.p0');

  await page.reload();
  await expect(page.getByTestId('consent-analytics')).toHaveText('Off');
  await expect(page.getByTestId('consent-preferences')).toHaveText('Off');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Accept All' }).click();
  await expect(page.getByTestId('consent-analytics')).toHaveText('On');
  expect((await consentCookie(page))?.value).toBe('v1.a1.p1');

  for (const key of await localStorageKeys(page)) expect(key).toBe('selectedLanguage');
  // A visitor's GET /api/v1/me answers 401 by contract; the browser logs that as a failed resource.
  expect(errors.filter((e) => !e.includes('status of 401'))).toEqual([]);
});

test('the banner works from the keyboard and Essential only is remembered', async ({ page }) => {
  await page.goto('/about');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  // Keyboard users reach the banner's buttons with Tab.
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await banner.evaluate((el) => el.contains(document.activeElement));
  }
  expect(reached).toBe(true);
  await banner.getByRole('button', { name: 'Essential only' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toHaveCount(0);
  expect((await consentCookie(page))?.value).toBe('v1.a0.p0');
  await page.goto('/cookies');
  await expect(page.getByTestId('consent-analytics')).toHaveText('Off');
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toHaveCount(0);
  for (const key of await localStorageKeys(page)) expect(key).toBe('selectedLanguage');
});

test('choosing in the banner preferences dialog saves only what was switched on', async ({ page }) => {
  await page.goto('/cookies');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(page.getByTestId('consent-not-chosen')).toBeVisible();
  await banner.getByRole('button', { name: 'Preferences' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cookie preferences' });
  await dialog.getByRole('switch', { name: /Preference cookies/ }).check();
  await dialog.getByRole('button', { name: 'Save preferences' }).click();
  await expect(banner).toHaveCount(0);
  expect((await consentCookie(page))?.value).toBe('v1.a0.p1');
  await expect(page.getByTestId('consent-analytics')).toHaveText('Off');
  await expect(page.getByTestId('consent-preferences')).toHaveText('On');
});

test('cookie cards cycle their icons, but not with reduced motion', async ({ browser, baseURL }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ baseURL, reducedMotion });
    const page = await context.newPage();
    await page.goto('/cookies');
    const icon = page.getByTestId('cookie-icon-analytics');
    await expect(icon).toHaveAttribute('data-icon-index', '0');
    if (reducedMotion === 'reduce') {
      // No timer runs at all (rather than waiting to see that nothing moved).
      await expect(icon).toHaveAttribute('data-cycling', 'false');
      await expect(icon).toHaveAttribute('data-icon-index', '0');
    } else {
      await expect(icon).toHaveAttribute('data-cycling', 'true');
      await expect(icon).toHaveAttribute('data-icon-index', '1', { timeout: 5000 });
    }
    await context.close();
  }
});

test('the cookie policy reads in Japanese and Chinese', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  await page.goto('/cookies');
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie ポリシー' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie の同意' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'すべて許可' }).first()).toBeVisible();
  await page.evaluate(() => window.localStorage.setItem('selectedLanguage', 'zh'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie 政策' })).toBeVisible();
  await expect(page).toHaveTitle(/Cookie 政策/);
});
