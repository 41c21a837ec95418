import { expect, test } from '@playwright/test';
import { collectConsoleErrors, presetCookieConsent, signUpViaApi, uniqueEmail, seriousViolations } from './helpers';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

const visitorErrors = (errors: string[]) => errors.filter((e) => !e.includes('status of 401'));

test('the privacy policy shows its three sections', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page).toHaveTitle(/Privacy Policy/);
  for (const name of ['Information We Collect', 'How We Use Your Information', 'Data Security']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByText(/do not sell/).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('terms: Details expands the full terms; a visitor is asked to log in to accept', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  for (const name of ['Acceptance of Terms', 'User Responsibilities', 'Limitation of Liability']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const details = page.getByRole('button', { name: 'Details' });
  await expect(details).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: '4. Fees and credits' })).toBeHidden();
  await details.click();
  await expect(page.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: '4. Fees and credits' })).toBeVisible();

  await page.getByRole('button', { name: 'Accept' }).click();
  const prompt = page.getByTestId('terms-login-required');
  await expect(prompt).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await prompt.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(visitorErrors(errors)).toEqual([]);
});

test('terms: a signed-in user accepts and sees the date, also on later visits', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('terms'), 'terms-password-1');
  await page.goto('/terms');
  await page.getByRole('button', { name: 'Accept' }).click();
  const accepted = page.getByTestId('terms-accepted');
  await expect(accepted).toContainText(/You accepted the terms on \w+ \d{1,2}, \d{4}\./);
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  const me = await (await page.request.get('/api/v1/me')).json();
  expect(me.user.termsAcceptedAt).toBeTruthy();
  await page.reload();
  await expect(page.getByTestId('terms-accepted')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('pricing lists the three packages from the server and leads a visitor to log in for checkout', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing Plans' })).toBeVisible();
  const basic = page.getByTestId('package-basic');
  await expect(basic.getByRole('heading', { name: 'Basic' })).toBeVisible();
  await expect(basic.getByTestId('package-price')).toHaveText('$25');
  await expect(basic.getByTestId('package-credits')).toHaveText('50 credits');
  await expect(page.getByTestId('package-pro').getByTestId('package-price')).toHaveText('$50');
  await expect(page.getByTestId('package-enterprise').getByTestId('package-price')).toHaveText('$100');
  await expect(page.getByTestId('package-enterprise').getByTestId('package-credits')).toHaveText('250 credits');
  await expect(page.getByRole('heading', { name: 'What are credits for?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('package-pro').getByRole('link', { name: /Get Started/ }).click();
  // A visitor is sent to log in, and comes back to /pricing/pro (the next tests).
  await expect(page).toHaveURL(/\/login$/);
  expect(visitorErrors(errors)).toEqual([]);
});

test('pricing is localised: Japanese texts and prices from the server', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: '料金プラン' })).toBeVisible();
  await expect(page.getByTestId('package-basic').getByTestId('package-credits')).toHaveText('50 クレジット');
  await expect(page.getByTestId('package-basic').getByRole('link', { name: /はじめる/ })).toBeVisible();
});

test('checkout: a visitor is sent to log in and comes back to pay', async ({ page }) => {
  const email = uniqueEmail('buyer');
  const password = 'buyer-password-1';
  await signUpViaApi(page, email, password);
  await page.request.post('/api/v1/auth/logout');

  await page.goto('/pricing/basic');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/pricing\/basic$/);

  await expect(page.getByTestId('checkout-package-name')).toHaveText('Basic');
  await expect(page.getByTestId('checkout-balance')).toHaveText('Your current balance: 0 credits');
  await expect(page.getByRole('button', { name: 'Pay $25' })).toBeEnabled();
  await expect(page.getByTestId('payment-unavailable')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('checkout of an unknown package shows a not-found state', async ({ page }) => {
  await page.goto('/pricing/gold');
  const notFound = page.getByTestId('not-found');
  await expect(notFound).toContainText('Package not found');
  await notFound.getByRole('link', { name: 'See all packages' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
