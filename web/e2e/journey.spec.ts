import { expect, test, type Browser, type Page } from '@playwright/test';
import { collectConsoleErrors, confirmByMail, createAdmin, isoInMonths, logInViaApi, ok, type OutboxMail, outboxMails, presetCookieConsent, signUpViaApi, uniqueEmail } from './helpers';

// Issue 10's whole journey in one test, through the pages, with a browser
// context per person: a filmmaker buys credits in test mode, creates a film
// project with a poster and submits it to two categories; the organiser
// invites a judge (who signs up from the e-mailed link) and assigns; the
// judge scores; the organiser selects one entry; the filmmaker sees
// 'Selected' in /submissions and the decision e-mail is in the outbox, as an
// admin reads it. Only the festival itself (two categories, two criteria,
// approval) is set up through the API, as it is no part of the journey.

/** A 1×1 transparent PNG, made here rather than read from a file. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** newPerson opens a browser context of its own, with cookie consent preset and console errors recorded. */
async function newPerson(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  await presetCookieConsent(context, baseURL);
  const page = await context.newPage();
  return { context, page, errors: collectConsoleErrors(page) };
}

/** The balance as the server holds it. */
async function serverBalance(page: Page): Promise<number> {
  return (await ok<{ user: { credits: number } }>(await page.request.get('/api/v1/session'))).user.credits;
}

test('the whole journey: credits, film with poster, two entries, judge, score, selection, e-mail', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const password = 'journey-password-1';
  const suffix = Date.now().toString(36);
  const festivalName = `Lantern Shorts ${suffix}`;
  const filmTitle = `Paper Lanterns ${suffix}`;

  // Set-up (API): an organiser's festival with two open categories (fees 20
  // and 30) and two weighted criteria, approved by an admin.
  const organiserEmail = uniqueEmail('journey-organiser');
  const org = await newPerson(browser, baseURL!);
  await signUpViaApi(org.page, organiserEmail, password);
  const { festival } = await ok<{ festival: { id: number; slug: string; version: number } }>(
    await org.page.request.post('/api/v1/festivals', {
      data: {
        name: festivalName,
        description: 'Short films judged by a jury.',
        location: 'River Hall, Kyoto',
        country: 'JP',
        city: 'Kyoto',
        startDate: isoInMonths(6, 10),
        endDate: isoInMonths(6, 12),
        contactEmail: organiserEmail,
      },
    }),
  );
  const slug = festival.slug;
  const deadline = isoInMonths(3, 1);
  const withCategories = await ok<{ festival: { version: number } }>(
    await org.page.request.put(`/api/v1/manage/festivals/${slug}/categories`, {
      data: {
        version: festival.version,
        categories: [
          { name: 'Short Fiction', description: '', deadlines: [{ tier: 'regular', date: deadline, fee: 20 }] },
          { name: 'Documentary', description: '', deadlines: [{ tier: 'regular', date: deadline, fee: 30 }] },
        ],
      },
    }),
  );
  await ok(
    await org.page.request.put(`/api/v1/manage/festivals/${slug}/criteria`, {
      data: {
        version: withCategories.festival.version,
        criteria: [
          { name: 'Story', weight: 3, maxScore: 10 },
          { name: 'Craft', weight: 1, maxScore: 10 },
        ],
      },
    }),
  );
  const adminEmail = uniqueEmail('journey-admin');
  createAdmin(adminEmail, 'admin-password-1');
  const admin = await newPerson(browser, baseURL!);
  await logInViaApi(admin.page, adminEmail, 'admin-password-1');
  await ok(await admin.page.request.post(`/api/v1/admin/festivals/${festival.id}/approve`));
  // The organiser confirms their address (an unconfirmed one invites no judge).
  await confirmByMail(admin.page, org.page, organiserEmail);

  // 1. The filmmaker buys the Pro package (100 credits) in test mode.
  const filmmakerEmail = uniqueEmail('journey-filmmaker');
  const fm = await newPerson(browser, baseURL!);
  await signUpViaApi(fm.page, filmmakerEmail, password);
  // The filmmaker confirms their address: their receipt and decision e-mail go to it.
  await confirmByMail(admin.page, fm.page, filmmakerEmail);
  const start = await serverBalance(fm.page);
  await fm.page.goto('/pricing/pro');
  await expect(fm.page.getByTestId('test-mode-notice')).toBeVisible();
  await fm.page.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await fm.page.getByLabel(/^Expiry/).fill('12/34');
  await fm.page.getByLabel(/^CVC/).fill('123');
  await fm.page.getByLabel(/^Country/).fill('JP');
  await fm.page.getByRole('button', { name: 'Pay $50' }).click();
  await expect(fm.page.getByTestId('payment-message')).toContainText('Payment successful!');
  expect(await serverBalance(fm.page)).toBe(start + 100);

  // 2. A film project with a poster, from /films.
  await fm.page.goto('/films');
  await expect(fm.page.getByRole('heading', { level: 1, name: 'My films' })).toBeVisible();
  await fm.page.getByTestId('new-film').click();
  await expect(fm.page).toHaveURL(/\/films\/new$/);
  await fm.page.getByLabel(/^Title/).fill(filmTitle);
  await fm.page.getByLabel('Logline', { exact: true }).fill('Two sisters send paper lanterns down the river every summer.');
  await fm.page.getByLabel('Runtime (minutes)').fill('16');
  await fm.page.getByLabel('Year of completion').fill('2025');
  await fm.page.getByLabel('Director').fill('Aoi Kato');
  await fm.page.getByLabel('Screener URL').fill('https://vimeo.com/654321');
  await fm.page.getByLabel('Screener password').fill('lantern-pass');
  await fm.page.getByTestId('poster-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(fm.page.getByTestId('poster-preview')).toBeVisible();
  await fm.page.getByRole('button', { name: 'Create film' }).click();
  await expect(fm.page).toHaveURL(/\/films\/\d+$/);
  await expect(fm.page.getByTestId('film-saved')).toHaveText('Your film project is created.');

  // The poster loads on /films.
  await fm.page.goto('/films');
  const card = fm.page.getByTestId('film-card').filter({ hasText: filmTitle });
  const poster = card.getByTestId('film-poster');
  await expect(poster).toHaveAttribute('src', /^\/media\/posters\//);
  await poster.scrollIntoViewIfNeeded();
  await expect
    .poll(() => poster.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 7_000 })
    .toBeGreaterThan(0);

  // 3. From the festival's public page, submitted to both categories.
  await fm.page.goto(`/festival/${slug}`);
  await fm.page.getByRole('link', { name: 'Submit a film' }).click();
  await expect(fm.page).toHaveURL(new RegExp(`/submit-film\\?festival=${slug}$`));
  await expect(fm.page.getByTestId('film-select')).toHaveValue(`${filmTitle} (2025)`);
  await fm.page.getByRole('checkbox', { name: /Short Fiction/ }).check();
  await fm.page.getByRole('checkbox', { name: /Documentary/ }).check();
  await expect(fm.page.getByTestId('quote-line')).toHaveCount(2);
  await expect(fm.page.getByTestId('quote-total')).toHaveText('Total: 50 credits');
  await fm.page.getByRole('button', { name: 'Confirm and pay 50 credits' }).click();
  const done = fm.page.getByTestId('submit-done');
  await expect(done.getByTestId('done-entries').getByRole('listitem')).toHaveCount(2);
  await expect(done.getByTestId('done-balance')).toHaveText(`Your new balance: ${start + 50} credits`);
  expect(await serverBalance(fm.page)).toBe(start + 50);
  await done.getByRole('link', { name: 'See my submissions' }).click();
  await expect(fm.page).toHaveURL(/\/submissions$/);
  const fmRows = fm.page.getByTestId('submission-row');
  await expect(fmRows).toHaveCount(2);
  for (const status of await fmRows.getByTestId('submission-status').all()) await expect(status).toHaveText('Submitted');

  // 4. The organiser sees both entries and invites a judge from the Judges page.
  await org.page.goto(`/manage/festivals/${slug}`);
  const festivalNav = org.page.getByRole('navigation', { name: 'Festival pages' });
  await festivalNav.getByRole('link', { name: 'Submissions' }).click();
  await expect(org.page.getByTestId('submission-row').filter({ hasText: filmTitle })).toHaveCount(2);
  await festivalNav.getByRole('link', { name: 'Judges' }).click();
  await expect(org.page.getByRole('heading', { name: 'Judges', level: 1 })).toBeVisible();
  const judgeEmail = uniqueEmail('journey-judge');
  await org.page.getByRole('textbox', { name: 'E-mail address' }).fill(judgeEmail);
  await org.page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(org.page.getByTestId('invite-done')).toHaveText(`Invitation sent to ${judgeEmail}.`);
  const judgeRow = org.page.getByTestId('judge-row').filter({ hasText: judgeEmail });
  await expect(judgeRow.getByTestId('judge-status')).toHaveText('Invited');

  // The invitation link, from the e-mail in the outbox.
  let link = '';
  await expect(async () => {
    const mail = (await outboxMails(admin.page)).find((m) => m.to === judgeEmail);
    const match = mail?.body.match(/https?:\/\/\S+?(\/judge\/invitations\/[A-Za-z0-9_-]+)/);
    expect(match).toBeTruthy();
    link = match![1];
  }).toPass({ timeout: 15_000 });

  // 5. The judge, with no account yet, signs up from the link and accepts.
  const judge = await newPerson(browser, baseURL!);
  await judge.page.goto(link);
  await expect(judge.page.getByRole('heading', { name: `Judge ${festivalName}` })).toBeVisible();
  await judge.page.getByRole('link', { name: 'Create an account' }).click();
  await expect(judge.page).toHaveURL(/\/signup$/);
  await judge.page.getByLabel('Name (optional)').fill('Ren Judge');
  await judge.page.getByLabel('Email').fill(judgeEmail);
  await judge.page.getByLabel(/^Password/).fill(password);
  await judge.page.getByRole('main').getByRole('button', { name: 'Sign Up' }).click();
  await expect(judge.page).toHaveURL(new RegExp(`${link}$`));
  await judge.page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(judge.page).toHaveURL(new RegExp(`/judge/${slug}$`));
  await expect(judge.page.getByTestId('queue-empty')).toBeVisible();

  // 6. The organiser assigns every submission to the judge.
  await org.page.reload();
  await expect(judgeRow.getByTestId('judge-status')).toHaveText('Active');
  await judgeRow.getByRole('checkbox').check();
  await org.page.getByRole('radio', { name: 'All submissions' }).check();
  await org.page.getByRole('button', { name: 'Assign to 1 judge' }).click();
  await expect(org.page.getByTestId('assign-done')).toBeVisible();
  await expect(judgeRow.getByTestId('judge-progress')).toHaveText('0 of 2 scored');

  // 7. The judge scores both entries from their queue.
  await judge.page.goto('/');
  await judge.page.getByTestId('nav-judging').first().click();
  await judge.page.getByRole('link', { name: festivalName }).click();
  const queueRows = judge.page.getByTestId('queue-row');
  await expect(queueRows).toHaveCount(2);
  const scores = [
    { category: 'Short Fiction', story: '9', craft: '7', weighted: '85.0' }, // (3·0.9 + 1·0.7) / 4
    { category: 'Documentary', story: '5', craft: '5', weighted: '50.0' },
  ];
  for (const s of scores) {
    await queueRows.filter({ hasText: s.category }).getByRole('link', { name: filmTitle }).click();
    await expect(judge.page.getByText('lantern-pass')).toBeVisible();
    await judge.page.getByRole('textbox', { name: 'Story (weight 3, 0–10)' }).fill(s.story);
    await judge.page.getByRole('textbox', { name: 'Craft (weight 1, 0–10)' }).fill(s.craft);
    await expect(judge.page.getByTestId('live-score')).toHaveText(`Weighted score: ${s.weighted}`);
    await judge.page.getByRole('textbox', { name: /^Comment/ }).fill(`A moving ${s.category.toLowerCase()}.`);
    await judge.page.getByRole('button', { name: 'Save' }).click();
    await expect(judge.page.getByTestId('saved')).toHaveText('Saved');
    await judge.page.getByRole('link', { name: 'Back to my queue' }).click();
    await expect(queueRows.filter({ hasText: s.category }).getByTestId('my-score')).toHaveText(s.weighted);
  }

  // 8. The organiser sees the scores and selects the Short Fiction entry.
  await festivalNav.getByRole('link', { name: 'Submissions' }).click();
  const fiction = org.page.getByTestId('submission-row').filter({ hasText: filmTitle }).filter({ hasText: 'Short Fiction' });
  const documentary = org.page.getByTestId('submission-row').filter({ hasText: filmTitle }).filter({ hasText: 'Documentary' });
  await expect(fiction.getByTestId('weighted')).toHaveText('85.0');
  await expect(documentary.getByTestId('weighted')).toHaveText('50.0');
  await fiction.getByRole('link', { name: filmTitle }).click();
  await org.page.getByRole('combobox', { name: 'Decision' }).click();
  await org.page.getByRole('option', { name: 'Selected', exact: true }).click();
  await org.page.getByRole('button', { name: 'Apply to 1 submission' }).click();
  await expect(org.page.getByTestId('decision-done')).toBeVisible();
  await expect(org.page.getByTestId('submission-status').first()).toHaveText('Selected');

  // 9. The filmmaker sees 'Selected' for that entry; the other is still undecided.
  await fm.page.goto('/submissions');
  await expect(fmRows).toHaveCount(2);
  await expect(fmRows.filter({ hasText: 'Short Fiction' }).getByTestId('submission-status')).toHaveText('Selected');
  await expect(fmRows.filter({ hasText: 'Documentary' }).getByTestId('submission-status')).toHaveText('Submitted');

  // 10. The decision e-mail to the filmmaker is in the outbox, over the API and on /admin/outbox.
  let decision: OutboxMail | undefined;
  await expect(async () => {
    const mails = (await outboxMails(admin.page)).filter((m) => m.to === filmmakerEmail && m.kind === 'decision');
    expect(mails).toHaveLength(1);
    decision = mails[0];
  }).toPass({ timeout: 15_000 });
  expect(decision!.subject).toBe(`${filmTitle} has been selected by ${festivalName}`);
  expect(decision!.body).toContain(`has selected ${filmTitle} in Short Fiction`);
  expect(decision!.body).toMatch(/https?:\/\/\S+\/submissions\b/);
  await admin.page.goto('/admin/outbox');
  const outboxRow = admin.page.locator(`[data-testid="outbox-row"][data-mail-id="${decision!.id}"]`);
  await expect(outboxRow).toContainText(filmmakerEmail);
  await expect(outboxRow).toContainText(decision!.subject);
  await outboxRow.click();
  await expect(admin.page.getByTestId('outbox-body')).toContainText(`has selected ${filmTitle} in Short Fiction`);

  // No console errors in any context.
  expect(fm.errors, 'filmmaker console').toEqual([]);
  expect(org.errors, 'organiser console').toEqual([]);
  expect(judge.errors, 'judge console').toEqual([]);
  expect(admin.errors, 'admin console').toEqual([]);
  for (const person of [fm, org, judge, admin]) await person.context.close();
});
