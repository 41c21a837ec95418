import { expect, test } from '@playwright/test';
import { presetCookieConsent, signUpViaApi, uniqueEmail } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

for (const { name, code, htmlLang, login, signup, pricing } of [
  { name: '日本語', code: 'ja', htmlLang: 'ja', login: 'ログイン', signup: '新規登録', pricing: '料金' },
  { name: '中文', code: 'zh', htmlLang: 'zh-Hans', login: '登录', signup: '注册', pricing: '价格' },
]) {
  test(`switching to ${name} survives a reload`, async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name }).click();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: login, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
    // The menu closes by itself shortly after the choice.
    await expect(page.getByRole('menu')).toBeHidden();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
    await expect(header.getByRole('link', { name: login, exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: signup, exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: pricing, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: login })).toBeVisible();
    await expect(header.getByRole('button', { name: new RegExp(name) })).toBeVisible();

    const storage = await page.evaluate(() => ({ ...window.localStorage }));
    expect(storage).toEqual({ selectedLanguage: code });
  });
}

test('on a 390 px phone the language is changed from the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('button', { name: 'Language: English' }).click();
  // A real click: Playwright refuses it while another layer (the drawer) covers the item.
  await page.getByRole('menuitem', { name: '日本語' }).click({ timeout: 5_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(drawer.getByRole('button', { name: '言語：日本語' })).toBeVisible();
});

test('the browser language decides on a first visit', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'ja-JP', baseURL });
  await presetCookieConsent(context, baseURL!);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン', exact: true })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
  await context.close();
});

test('a guarded page sends a visitor to login and back', async ({ page }) => {
  const email = uniqueEmail('guard');
  const password = 'guarded-password';
  await signUpViaApi(page, email, password);
  await page.request.post('/api/v1/auth/logout');

  await page.goto('/submit');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/submit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Festival' })).toBeVisible();
  await expect(page).toHaveTitle(/Submit Your Festival/);

  for (const [path, title] of [
    ['/festivals', 'Discover Festivals'],
    ['/manage', 'Manage Your Festival Reminders'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }
});
