import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, createAdmin, isoInMonths, logInViaApi, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

/** longDate is the accessible name the English date pickers give a day ("June 5, 2030"). */
function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** pickDate opens the date picker labelled `label` and chooses `iso`, month by month. */
async function pickDate(page: Page, label: string, iso: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const [y, m] = iso.split('-').map(Number);
  const wanted = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
  const heading = dialog.getByRole('button', { name: 'Choose a month' });
  for (let i = 0; i < 36 && (await heading.textContent()) !== wanted; i++) {
    const shown = await heading.textContent();
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await expect(heading).not.toHaveText(shown ?? '');
  }
  await expect(heading).toHaveText(wanted);
  await dialog.getByRole('button', { name: longDate(iso), exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an organiser registers a festival, an admin approves it, it is found by a Japanese word and a reminder is set', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  await presetCookieConsent(page.context(), baseURL!);
  const organiser = uniqueEmail('organiser');
  await signUpViaApi(page, organiser, 'organiser-password');

  // Register: the seed's form, real date pickers, the seed's success text.
  const name = `霧島星空映画祭 ${Date.now() % 100000}`;
  const start = isoInMonths(2, 10);
  const end = isoInMonths(2, 13);
  await page.goto('/submit');
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Festival' })).toBeVisible();
  await page.getByLabel('Festival Name').fill(name);
  await page.getByLabel('Description').fill('星空の下で短編映画を上映する、霧島の小さな映画祭です。');
  await page.getByLabel('Location').fill('霧島市民会館, 鹿児島');
  await pickDate(page, 'Start Date', start);
  await pickDate(page, 'End Date', end);
  await page.getByLabel('Contact Email').fill('programme@kirishima.example.jp');
  await page.getByRole('button', { name: 'Submit Festival' }).click();
  await expect(page.getByText('Festival submitted successfully!')).toBeVisible();
  await expect(page.getByLabel('Festival Name')).toHaveValue('');
  await expect(page.getByLabel('Description')).toHaveValue('');
  await expect(page.getByLabel('Contact Email')).toHaveValue('');

  // Pending festivals are not public: the search does not find it yet.
  const before = await page.request.get(`/api/v1/festivals?q=${encodeURIComponent('星空')}`);
  expect((await before.json()).total).toBe(0);

  // The organiser sees it pending on /manage.
  await page.goto('/manage');
  const mine = page.getByTestId('my-festivals');
  await expect(mine.getByText(name)).toBeVisible();

  // An admin approves it at /admin/festivals.
  const adminEmail = uniqueEmail('festival-admin');
  createAdmin(adminEmail, 'admin-password-1');
  const adminContext = await browser.newContext();
  await presetCookieConsent(adminContext, baseURL!);
  const admin = await adminContext.newPage();
  await logInViaApi(admin, adminEmail, 'admin-password-1');
  await admin.goto('/admin/festivals');
  await admin.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(admin.getByText(`${name} is approved and now public.`)).toBeVisible();
  await adminContext.close();

  // Discovery finds it by a two-character Japanese word. Once on screen the
  // page stays there: a part that loaded its texts later (the cards' save
  // button) hid it behind the loader again for a moment, and a word typed
  // then was lost.
  await page.addInitScript(() => {
    let shown = false;
    new MutationObserver(() => {
      const search = document.querySelector<HTMLElement>('main input[name="q"]');
      if (!search) return;
      if (search.checkVisibility()) shown = true;
      else if (shown && !document.documentElement.dataset.pageHiddenAgain) document.documentElement.dataset.pageHiddenAgain = 'true';
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  await page.goto('/festivals');
  await page.getByLabel('Search', { exact: true }).fill('星空');
  await expect(page).toHaveURL(/q=%E6%98%9F%E7%A9%BA/);
  const card = page.getByTestId('festival-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('save-festival').first()).toBeVisible();
  await expect(page.locator('html'), 'the page was hidden again after it showed').not.toHaveAttribute('data-page-hidden-again', 'true');
  await card.getByRole('link', { name }).click();

  // The public page, then 'Remind me' fills the reminder form.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Remind me' }).click();
  await expect(page).toHaveURL(/\/manage\?festival=/);
  await expect(page.getByTestId('reminder-name')).toHaveValue(name);
  await page.getByRole('combobox', { name: 'Notification preference' }).click();
  await page.getByRole('option', { name: 'One Week Before' }).click();
  await page.getByRole('button', { name: 'Set reminder' }).click();

  // The green toast shows for about 3 seconds, then leaves on its own.
  const toast = page.getByTestId('reminder-toast');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Your reminder has been set! You'll be notified as requested.");
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 6_000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(2_000);
  await expect(page.getByTestId('reminder-name')).toHaveValue('');

  // The reminder is listed, linked to the festival, and in the calendar file.
  await expect(page.getByRole('link', { name }).first()).toBeVisible();
  const ics = await page.request.get('/api/v1/reminders.ics');
  expect(ics.headers()['content-type']).toContain('text/calendar');
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  expect(errors).toEqual([]);
});

test('the public festival page needs no login and a missing one says so', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await page.goto('/festival/no-such-festival');
  await expect(page.getByRole('heading', { name: 'Festival not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse festivals' })).toBeVisible();
});

test('registration shows the server-side rules beside the fields', async ({ page, baseURL }) => {
  await presetCookieConsent(page.context(), baseURL!);
  await signUpViaApi(page, uniqueEmail('festival-rules'), 'organiser-password');
  await page.goto('/submit');
  await page.getByLabel('Festival Name').fill('ab');
  await page.getByRole('button', { name: 'Submit Festival' }).click();
  await expect(page.getByText('Festival submitted successfully!')).toBeHidden();
  await expect(page.getByLabel('Festival Name')).toHaveAttribute('aria-invalid', 'true');
});

test('an organiser sets categories, fee tiers and criteria, and a stale tab is told to reload', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  await presetCookieConsent(page.context(), baseURL!);
  await signUpViaApi(page, uniqueEmail('editor'), 'organiser-password');
  const start = isoInMonths(3, 20);
  const created = await page.request.post('/api/v1/festivals', {
    data: {
      name: `Harbour Lights Film Week ${Date.now() % 100000}`,
      description: 'Films by the sea.',
      location: 'Harbour Hall, Lisbon',
      country: 'PT',
      startDate: start,
      endDate: isoInMonths(3, 24),
      contactEmail: 'team@harbour.example',
    },
  });
  expect(created.status()).toBe(201);
  const { festival } = await created.json();

  await page.goto(`/manage/festivals/${festival.slug}`);
  await expect(page.getByText('Awaiting review')).toBeVisible();

  // A category with a regular tier before the start.
  await page.getByRole('tab', { name: 'Categories & deadlines' }).click();
  await page.getByRole('button', { name: 'Add category' }).click();
  await page.getByLabel('Category name').fill('Short Film');
  await pickDate(page, 'Regular deadline', isoInMonths(2, 15));
  await page.getByLabel('Regular fee (credits)').fill('20');
  await page.getByRole('button', { name: 'Save categories' }).click();
  await expect(page.getByText('Saved').first()).toBeVisible();

  // A judging criterion.
  await page.getByRole('tab', { name: 'Judging criteria' }).click();
  await page.getByRole('button', { name: 'Add criterion' }).click();
  await page.getByLabel('Criterion name').fill('Story');
  await page.getByLabel('Weight').fill('40');
  await page.getByLabel('Maximum score').fill('10');
  // Wait for the save's answer: the typed name is on screen before it, so
  // the field alone would let the check below read the festival too early.
  const criteriaSaved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === `/api/v1/manage/festivals/${festival.slug}/criteria` && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save criteria' }).click();
  expect((await criteriaSaved).ok()).toBeTruthy();
  await expect(page.getByLabel('Criterion name')).toHaveValue('Story');

  const saved = await (await page.request.get(`/api/v1/manage/festivals/${festival.slug}`)).json();
  expect(saved.festival.categories[0].name).toBe('Short Film');
  expect(saved.festival.categories[0].deadlines).toEqual([{ tier: 'regular', date: isoInMonths(2, 15), fee: 20 }]);
  expect(saved.festival.criteria[0]).toMatchObject({ name: 'Story', weight: 40, maxScore: 10 });

  // A second tab saves first; the first tab's save is refused with a reload offer.
  const other = await page.context().newPage();
  await other.goto(`/manage/festivals/${festival.slug}`);
  await other.getByLabel('City').fill('Lisbon');
  await other.getByRole('button', { name: 'Save details' }).click();
  await expect(other.getByText('Saved').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Details' }).click();
  await page.getByLabel('City').fill('Porto');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('This festival was changed in another tab or by someone else.')).toBeVisible();
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByLabel('City')).toHaveValue('Lisbon');
  await other.close();
  // The refused save is the only console error (the browser logs the 409 response).
  expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
});
