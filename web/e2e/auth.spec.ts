import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, presetCookieConsent, signUpViaApi, uniqueEmail, seriousViolations } from './helpers';

const password = 'correct-horse-battery';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

async function storageKeys(page: Page) {
  return page.evaluate(() => Object.keys(window.localStorage));
}

test('sign up, log out and log in through the forms', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('auth');

  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await page.getByLabel('Name (optional)').fill('Ana Film');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Account created successfully')).toBeVisible();
  const logout = page.getByRole('banner').getByRole('button', { name: 'Logout' });
  await expect(logout).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The session lives in an HttpOnly cookie: it survives a reload, and local storage holds nothing of it.
  await page.reload();
  await expect(logout).toBeVisible();
  expect((await storageKeys(page)).filter((k) => k !== 'selectedLanguage')).toEqual([]);

  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(logout).toBeVisible();
  expect((await storageKeys(page)).filter((k) => k !== 'selectedLanguage')).toEqual([]);
  expect(errors).toEqual([]);
});

test("wrong password shows the server's message", async ({ page }) => {
  const email = uniqueEmail('wrong');
  await signUpViaApi(page, email, password);
  await page.request.post('/api/v1/auth/logout');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test("empty login says 'Both fields are required'; empty sign-up says 'Please fill in all fields'", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Both fields are required');

  await page.getByRole('main').getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel('Email').fill(uniqueEmail('empty'));
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  await page.getByRole('main').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a short password is refused beside the field; a taken email is reported', async ({ page }) => {
  const email = uniqueEmail('taken');
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true');

  await signUpViaApi(page, email, password);
  await page.request.post('/api/v1/auth/logout');
  await page.reload();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email already exists');
});

test('a signed-in user visiting /login or /signup is sent home', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('home'), password);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/$/);
});

test('header, footer and the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);

  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/marketing');
  await expect(header.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(header.getByRole('link', { name: 'Marquee home' })).toHaveAttribute('href', '/');

  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['About', '/about'],
    ['Blogs', '/blogs'],
    ['Lists', '/movies'],
    ['FAQs', '/faqs'],
    ['Contact', '/contact'],
    ['Terms of Service', '/terms'],
    ['Privacy Policy', '/privacy'],
    ['Cookie Policy', '/cookies'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('img', { name: /ISO/ })).toBeVisible();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Marquee. All rights reserved.`);

  await page.getByRole('main').getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the mobile menu works at 360px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Explore' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Explore' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Language: English' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(drawer).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
});

test('login and sign-up pages are accessible', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Keyboard: the skip link is the first stop and leads to the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
});
