import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  collectConsoleErrors,
  createAdmin,
  logInViaApi,
  outboxMails,
  presetCookieConsent,
  seriousViolations,
  signUpViaApi,
  uniqueEmail,
  type OutboxMail,
} from './helpers';

const password = 'privacy-password-1';
const newPassword = 'privacy-password-2';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

/** The answers the browser reports as failed resources on purpose in these tests. */
const expectedFailures = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of (400|401)/.test(e));

/** adminPage signs a new admin in, in a browser context of its own, to read the outbox. */
async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const email = uniqueEmail('privacy-admin');
  createAdmin(email, 'admin-password-1');
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInViaApi(page, email, 'admin-password-1');
  return page;
}

/** newestMail waits for a mail of kind to `to` in the outbox (the worker may build it). */
async function newestMail(admin: Page, to: string, kind: string, timeout = 7_000): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await outboxMails(admin, 2)).find((m) => m.to === to && m.kind === kind);
        return found !== undefined;
      },
      { timeout, message: `a ${kind} e-mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** linkIn returns the path and query of the first link to `path` in a mail's body. */
function linkIn(mail: OutboxMail, path: string): string {
  const link = mail.body.match(new RegExp(`https?://\\S+${path.replace(/[?]/g, '\\?')}\\S+`))?.[0];
  expect(link, `a ${path} link in ${mail.body}`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

async function logInThroughForm(page: Page, email: string, pw: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(pw);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('forgot password: the link from the e-mail sets a new password, which then logs in', async ({ page, browser, baseURL }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('forgot');
  await signUpViaApi(page, email, password);
  await page.context().clearCookies();
  await presetCookieConsent(page.context(), baseURL!);

  // A slow connection: the next page's code arrives late. Until it does the
  // login form stays on screen, dimmed and taking no input, so nothing typed
  // is lost when the page changes; typing waits for the page that asks.
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(/\/assets\/ForgotPasswordPage-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByRole('main')).toHaveAttribute('inert', '');
  await expect(page.getByRole('progressbar', { name: 'Loading...' })).toBeAttached();
  arrive();
  await expect(page.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).not.toHaveAttribute('inert');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('If an account uses this address');
  expect(await seriousViolations(page)).toEqual([]);

  const admin = await adminPage(browser, baseURL!);
  const mail = await newestMail(admin, email, 'password_reset');
  await page.goto(linkIn(mail, '/reset-password?token='));
  await page.getByLabel(/^New password/).fill(newPassword);
  await page.getByLabel(/^Repeat the new password/).fill(newPassword);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The link works once.
  await page.goto(linkIn(mail, '/reset-password?token='));
  await page.getByLabel(/^New password/).fill('privacy-password-3');
  await page.getByLabel(/^Repeat the new password/).fill('privacy-password-3');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByTestId('form-error')).toContainText('expired or was already used');

  await logInThroughForm(page, email, newPassword);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/account');
  await expect(page.getByTestId('profile-email')).toContainText(email);
  expect(expectedFailures(errors)).toEqual([]);
});

test('download my data: asked for on the privacy page, built by the worker, downloaded from the e-mailed link', async ({
  page,
  browser,
  baseURL,
}) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('export');
  await signUpViaApi(page, email, password);

  await page.goto('/account');
  await page.getByRole('link', { name: 'Download your data or delete your account' }).click();
  await expect(page).toHaveURL(/\/account\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your data' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Download my data' }).click();
  await expect(page.getByTestId('export-requested')).toBeVisible();

  const admin = await adminPage(browser, baseURL!);
  // The e2e server's worker ticks every second (playwright.config.ts).
  const mail = await newestMail(admin, email, 'data_export', 15_000);
  await page.goto(linkIn(mail, '/account/privacy?export='));
  const download = page.getByRole('link', { name: 'Download the ZIP file' });
  await expect(download).toBeVisible();
  const res = await page.request.get((await download.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/zip');
  // A ZIP file starts with "PK".
  expect((await res.body()).subarray(0, 2).toString()).toBe('PK');
  // Another account cannot use the link.
  expect((await admin.request.get((await download.getAttribute('href'))!)).status()).toBe(404);
  expect(expectedFailures(errors)).toEqual([]);
});

test('delete my account: with the password and the typed word; the account then cannot log in', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const email = uniqueEmail('leaver');
  await signUpViaApi(page, email, password);

  await page.goto('/account/privacy');
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel(/^Type DELETE to confirm/).fill('delete me');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Type DELETE to confirm').last()).toBeVisible();
  await page.getByLabel(/^Type DELETE to confirm/).fill('DELETE');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('account-deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toHaveCount(0);

  await logInThroughForm(page, email, password);
  await expect(page.getByTestId('form-error')).toContainText('Invalid email or password');
  expect(expectedFailures(errors)).toEqual([]);
});
