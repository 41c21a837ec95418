import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, createApprovedFestival, isoInMonths, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

// The filmmaker's part of issue 10's journey: buy credits in test mode,
// create a film project with a poster, submit it to two categories of an
// approved festival from its public page, and see both in /submissions.

/** A 1×1 transparent PNG, made here rather than read from a file. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const organiser = { email: uniqueEmail('films-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('films-admin'), password: 'admin-password-1' };
const festivalName = `Harbour Lights ${Date.now() % 100000}`;
let slug = '';

test.beforeAll(async ({ baseURL }) => {
  // An approved festival with two open categories (regular fees 20 and 30).
  const details = {
    name: festivalName,
    description: 'Films by the sea.',
    location: 'Harbour Hall, Hakodate',
    country: 'JP',
    city: 'Hakodate',
    startDate: isoInMonths(5, 10),
    endDate: isoInMonths(5, 12),
    contactEmail: 'films@harbour.example',
  };
  const festival = await createApprovedFestival(baseURL!, { organiser, admin }, details, async (org, f) => {
    const deadline = isoInMonths(3, 1);
    const cats = await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
      data: {
        version: f.version,
        categories: [
          { name: 'Short Fiction', description: '', deadlines: [{ tier: 'regular', date: deadline, fee: 20 }] },
          { name: 'Documentary', description: '', deadlines: [{ tier: 'regular', date: deadline, fee: 30 }] },
        ],
      },
    });
    expect(cats.ok()).toBeTruthy();
  });
  slug = festival.slug;
});

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

/** The balance as the server holds it. */
async function serverBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/session');
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { user: { credits: number } }).user.credits;
}

/** buyPro buys the Pro package (100 credits) with the test mode's 4242 card. */
async function buyPro(page: Page) {
  await page.goto('/pricing/pro');
  await expect(page.getByTestId('test-mode-notice')).toBeVisible();
  await page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^Expiry/).fill('12/34');
  await page.getByLabel(/^CVC/).fill('123');
  await page.getByLabel(/^Country/).fill('JP');
  await page.getByRole('button', { name: 'Pay $50' }).click();
  await expect(page.getByTestId('payment-message')).toContainText('Payment successful!');
}

test('a filmmaker buys credits, creates a film with a poster, submits it to two categories and sees both', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await signUpViaApi(page, uniqueEmail('filmmaker'), 'filmmaker-password');
  const start = await serverBalance(page);
  await buyPro(page);
  expect(await serverBalance(page)).toBe(start + 100);

  // A new film project with a poster.
  await page.goto('/films');
  await expect(page.getByRole('heading', { level: 1, name: 'My films' })).toBeVisible();
  await page.getByTestId('new-film').click();
  await expect(page).toHaveURL(/\/films\/new$/);
  await page.getByLabel(/^Title/).fill('Tide Clock');
  await page.getByLabel('Logline', { exact: true }).fill('A lighthouse keeper counts the tides to keep a promise.');
  await page.getByLabel('Runtime (minutes)').fill('14');
  await page.getByLabel('Year of completion').fill('2025');
  await page.getByLabel('Director').fill('Mika Ono');
  await page.getByRole('button', { name: 'Add a person' }).click();
  await page.getByLabel('Name 1').fill('Ren Abe');
  await page.getByLabel('Role 1').fill('Editor');
  await page.getByLabel('Screener URL').fill('https://vimeo.com/123456');
  await page.getByLabel('Screener password').fill('tides');
  await page.getByTestId('poster-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByTestId('poster-preview')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create film' }).click();
  await expect(page).toHaveURL(/\/films\/\d+$/);
  await expect(page.getByTestId('film-saved')).toHaveText('Your film project is created.');
  const filmId = Number(new URL(page.url()).pathname.split('/').pop());
  const saved = (await (await page.request.get(`/api/v1/films/${filmId}`)).json()).film;
  expect(saved.posterUrl).toMatch(/^\/media\/posters\//);
  expect(saved.credits).toEqual([{ name: 'Ren Abe', role: 'Editor' }]);
  const poster = await page.request.get(saved.posterUrl);
  expect(poster.headers()['content-type']).toBe('image/png');
  await expect(page.getByTestId('poster-preview')).toHaveAttribute('src', saved.posterUrl);

  // From the festival's public page to the submission form.
  await page.goto(`/festival/${slug}`);
  await page.getByRole('link', { name: 'Submit a film' }).click();
  await expect(page).toHaveURL(new RegExp(`/submit-film\\?festival=${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Submit a film' })).toBeVisible();
  await expect(page.getByTestId('film-select')).toHaveValue('Tide Clock (2025)');
  await page.getByRole('checkbox', { name: /Short Fiction/ }).check();
  await page.getByRole('checkbox', { name: /Documentary/ }).check();
  await expect(page.getByTestId('quote-line')).toHaveCount(2);
  await expect(page.getByTestId('quote-total')).toHaveText('Total: 50 credits');
  await expect(page.getByTestId('quote-balance')).toHaveText(`Your balance: ${start + 100} credits`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm and pay 50 credits' }).click();

  const done = page.getByTestId('submit-done');
  await expect(done).toBeVisible();
  await expect(done.getByTestId('done-entries').getByRole('listitem')).toHaveCount(2);
  await expect(done.getByTestId('done-balance')).toHaveText(`Your new balance: ${start + 50} credits`);
  expect(await serverBalance(page)).toBe(start + 50);

  // Both entries in /submissions, reached from the header.
  await done.getByRole('link', { name: 'See my submissions' }).click();
  await expect(page).toHaveURL(/\/submissions$/);
  const rows = page.getByTestId('submission-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Short Fiction' })).toContainText('Fee paid: 20 credits');
  await expect(rows.filter({ hasText: 'Documentary' })).toContainText('Fee paid: 30 credits');
  for (const status of await rows.getByTestId('submission-status').all()) await expect(status).toHaveText('Submitted');
  await expect(rows.first().getByRole('link', { name: festivalName })).toHaveAttribute('href', `/festival/${slug}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The film now counts two active submissions and cannot be deleted.
  await page.goto('/films');
  await expect(page.getByTestId('film-card').filter({ hasText: 'Tide Clock' })).toContainText('2 active submissions');

  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});

test('a visitor pressing Submit a film logs in first and comes back to the form', async ({ page }) => {
  const email = uniqueEmail('visitor-filmmaker');
  await page.goto(`/festival/${slug}`);
  await page.getByRole('link', { name: 'Submit a film' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Create the account over the API, then log in on the form.
  const res = await page.request.post('/api/v1/user/register', { data: { email, password: 'filmmaker-password' } });
  expect(res.ok()).toBeTruthy();
  await page.request.post('/api/v1/auth/logout');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill('filmmaker-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/submit-film\\?festival=${slug}$`));
  await expect(page.getByTestId('no-films')).toBeVisible();
});
