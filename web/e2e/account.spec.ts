import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

const oldPassword = 'correct-horse-battery';
const newPassword = 'staple-lantern-orbit-42';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

/** The answers the browser reports as failed resources on purpose in these tests. */
const expectedFailures = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|401)/.test(e));

async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('change the password on the account page, then only the new one logs in', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('account');
  await signUpViaApi(page, email, oldPassword);

  // The header leads to the page.
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // Off the header link, whose hover colours are not what is measured here.
  await page.mouse.move(0, 400);
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  await expect(page).toHaveTitle('My account | Marquee');
  await expect(page.getByTestId('profile-email')).toContainText(email);
  await expect(page.getByTestId('profile-role')).toContainText('Filmmaker');
  await expect(page.getByTestId('profile-terms').getByRole('link', { name: 'Read the Terms of Service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  expect(await seriousViolations(page)).toEqual([]);

  const current = page.getByLabel(/^Current password/);
  const next = page.getByLabel(/^New password/);
  const confirm = page.getByLabel(/^Confirm new password/);
  const submit = page.getByRole('button', { name: 'Change password' });

  // Checked in the browser first: nothing is sent.
  await current.fill(oldPassword);
  await next.fill('short');
  await confirm.fill('different');
  await submit.click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await expect(next).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // The server refuses a wrong current password, beside that field.
  await current.fill('not-my-password');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await submit.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();

  await current.fill(oldPassword);
  await submit.click();
  const success = page.getByTestId('password-success');
  await expect(success).toContainText('Password changed');
  await expect(success).toContainText('You have been signed out on your other devices and browsers.');
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');
  expect(await seriousViolations(page)).toEqual([]);

  // This session stays signed in.
  await page.reload();
  await expect(page.getByTestId('profile-email')).toContainText(email);

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toHaveCount(0);

  await logInThroughForm(page, email, oldPassword);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel(/^Password/).fill(newPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged in successfully')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();

  expect(expectedFailures(errors)).toEqual([]);
});

test('changing the password signs out the other sessions', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('sessions');
  await signUpViaApi(page, email, oldPassword);
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  const login = await otherPage.request.post('/api/v1/user/login', { data: { email, password: oldPassword } });
  expect(login.ok()).toBeTruthy();

  await page.goto('/account');
  await page.getByLabel(/^Current password/).fill(oldPassword);
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Confirm new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-success')).toBeVisible();

  const session = await otherPage.request.get('/api/v1/session');
  expect(await session.json()).toEqual({ user: null });
  await other.close();
});

test('a visitor at /account is sent to log in, then comes back', async ({ page }) => {
  const email = uniqueEmail('visitor');
  await signUpViaApi(page, email, oldPassword);
  await page.request.post('/api/v1/auth/logout');

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(oldPassword);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('profile-email')).toContainText(email);
});

test('the account page works at 360px from the mobile menu', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const email = uniqueEmail('mobile');
  await signUpViaApi(page, email, oldPassword);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
  await drawer.getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByTestId('profile-email')).toContainText(email);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
