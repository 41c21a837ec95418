import { expect, test, type Browser } from '@playwright/test';
import { collectConsoleErrors, confirmByMail, createAdmin, isoInMonths, logInViaApi, ok, presetCookieConsent, signUpViaApi, uniqueEmail } from './helpers';

// The organiser's and the judge's journey of issue 10: an organiser's
// approved festival gets a submission (free through a 100% waiver code, so
// no credits are needed), the organiser invites a judge, the judge signs up
// from the invitation link (read from the admin outbox) and accepts, the
// organiser assigns, the judge scores, the organiser sees the score and
// selects the film. Set-up goes through the API; the journey through pages.

async function newPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext();
  await presetCookieConsent(context, baseURL);
  return { context, page: await context.newPage() };
}

test('an organiser invites a judge who signs up from the link, scores, and the organiser selects the film', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const password = 'journey-password-1';
  const suffix = Date.now().toString(36);
  const festivalName = `Judged Shorts ${suffix}`;
  const filmTitle = `The Quiet Harbour ${suffix}`;

  // The organiser registers a festival with a category and two criteria.
  const organiserEmail = uniqueEmail('organiser');
  const org = await newPage(browser, baseURL!);
  const orgErrors = collectConsoleErrors(org.page);
  await signUpViaApi(org.page, organiserEmail, password);
  const { festival } = await ok<{ festival: { id: number; slug: string; version: number } }>(
    await org.page.request.post('/api/v1/festivals', {
      data: {
        name: festivalName,
        description: 'Short films judged by a jury.',
        location: 'Harbour Hall, Kobe',
        country: 'JP',
        city: 'Kobe',
        website: '',
        startDate: isoInMonths(6, 10),
        endDate: isoInMonths(6, 12),
        contactEmail: organiserEmail,
      },
    }),
  );
  const slug = festival.slug;
  const withCategories = await ok<{ festival: { version: number } }>(
    await org.page.request.put(`/api/v1/manage/festivals/${slug}/categories`, {
      data: {
        version: festival.version,
        categories: [
          { name: 'Shorts', description: '', deadlines: [{ tier: 'regular', date: isoInMonths(3, 1), fee: 20 }] },
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
  await ok(
    await org.page.request.post(`/api/v1/manage/festivals/${slug}/waivers`, {
      data: { code: `FREE${suffix}`.toUpperCase().replace(/[^A-Z0-9-]/g, ''), percent: 100, usageLimit: 5, expiresOn: isoInMonths(2, 28) },
    }),
  );
  const waiverCode = `FREE${suffix}`.toUpperCase().replace(/[^A-Z0-9-]/g, '');

  // An admin approves it.
  const adminEmail = uniqueEmail('judging-admin');
  createAdmin(adminEmail, 'admin-password-1');
  const admin = await newPage(browser, baseURL!);
  await logInViaApi(admin.page, adminEmail, 'admin-password-1');
  await ok(await admin.page.request.post(`/api/v1/admin/festivals/${festival.id}/approve`));
  // The organiser confirms their address: an unconfirmed one invites no judge.
  await confirmByMail(admin.page, org.page, organiserEmail);

  // A filmmaker submits a film with the waiver.
  const filmmaker = await newPage(browser, baseURL!);
  await signUpViaApi(filmmaker.page, uniqueEmail('filmmaker'), password);
  const { film } = await ok<{ film: { id: number } }>(
    await filmmaker.page.request.post('/api/v1/films', {
      data: {
        title: filmTitle,
        logline: 'A harbour keeper listens to the ships.',
        synopsis: 'A quiet film.',
        runtimeMinutes: 12,
        country: 'JP',
        language: 'Japanese',
        screenerUrl: 'https://screeners.example/harbour',
        screenerPassword: 'harbour-pass',
        credits: [],
      },
    }),
  );
  const manage = await ok<{ festival: { categories: { id: number }[] } }>(await org.page.request.get(`/api/v1/manage/festivals/${slug}`));
  await ok(
    await filmmaker.page.request.post('/api/v1/submissions', {
      data: { filmId: film.id, entries: [{ festivalId: festival.id, categoryId: manage.festival.categories[0].id }], waiverCode },
    }),
  );
  await filmmaker.context.close();

  // The organiser invites the judge from the Judges page.
  const judgeEmail = uniqueEmail('judge');
  await org.page.goto(`/manage/festivals/${slug}`);
  await org.page.getByRole('navigation', { name: 'Festival pages' }).getByRole('link', { name: 'Judges' }).click();
  await expect(org.page.getByRole('heading', { name: 'Judges', level: 1 })).toBeVisible();
  await org.page.getByRole('textbox', { name: 'E-mail address' }).fill(judgeEmail);
  await org.page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(org.page.getByTestId('invite-done')).toHaveText(`Invitation sent to ${judgeEmail}.`);
  await expect(org.page.getByTestId('judge-row').filter({ hasText: judgeEmail }).getByTestId('judge-status')).toHaveText('Invited');

  // The invitation e-mail, as the admin sees it in the outbox.
  let link = '';
  await expect(async () => {
    const outbox = await ok<{ items: { to: string; body: string }[] }>(await admin.page.request.get('/api/v1/admin/outbox?status=all&page=1'));
    const mail = outbox.items.find((m) => m.to === judgeEmail);
    const match = mail?.body.match(/https?:\/\/\S+?(\/judge\/invitations\/[A-Za-z0-9_-]+)/);
    expect(match).toBeTruthy();
    link = match![1];
  }).toPass({ timeout: 15_000 });
  await admin.context.close();

  // The judge, with no account yet, lands on the invitation, signs up and comes back to accept.
  const judge = await newPage(browser, baseURL!);
  const judgeErrors = collectConsoleErrors(judge.page);
  await judge.page.goto(link);
  await expect(judge.page.getByRole('heading', { name: `Judge ${festivalName}` })).toBeVisible();
  await expect(judge.page.getByText(`The invitation was sent to ${judgeEmail}.`, { exact: false })).toBeVisible();
  await judge.page.getByRole('link', { name: 'Create an account' }).click();
  await expect(judge.page).toHaveURL(/\/signup$/);
  await expect(judge.page.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
  await judge.page.getByLabel('Name (optional)').fill('Mina Judge');
  await judge.page.getByLabel('Email').fill(judgeEmail);
  await judge.page.getByLabel(/^Password/).fill(password);
  await judge.page.getByRole('main').getByRole('button', { name: 'Sign Up' }).click();
  await expect(judge.page).toHaveURL(new RegExp(`${link}$`));
  await judge.page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(judge.page).toHaveURL(new RegExp(`/judge/${slug}$`));
  await expect(judge.page.getByTestId('queue-empty')).toBeVisible();

  // The organiser sees the judge active, selects them and assigns every submission.
  await org.page.reload();
  const judgeRow = org.page.getByTestId('judge-row').filter({ hasText: judgeEmail });
  await expect(judgeRow.getByTestId('judge-status')).toHaveText('Active');
  await judgeRow.getByRole('checkbox').check();
  await org.page.getByRole('radio', { name: 'All submissions' }).check();
  await org.page.getByRole('button', { name: 'Assign to 1 judge' }).click();
  await expect(org.page.getByTestId('assign-done')).toBeVisible();
  await expect(judgeRow.getByTestId('judge-progress')).toHaveText('0 of 1 scored');

  // The judge finds the film in the header's Judging link and scores it.
  await judge.page.goto('/');
  await judge.page.getByTestId('nav-judging').first().click();
  await judge.page.getByRole('link', { name: festivalName }).click();
  await judge.page.getByRole('link', { name: filmTitle }).click();
  await expect(judge.page.getByText('harbour-pass')).toBeVisible();
  await judge.page.getByRole('textbox', { name: 'Story (weight 3, 0–10)' }).fill('8');
  await judge.page.getByRole('textbox', { name: 'Craft (weight 1, 0–10)' }).fill('6');
  // (3·0.8 + 1·0.6) / 4 = 75.
  await expect(judge.page.getByTestId('live-score')).toHaveText('Weighted score: 75.0');
  await judge.page.getByRole('textbox', { name: /^Comment/ }).fill('The sound of the harbour is wonderful.');
  await judge.page.getByRole('textbox', { name: /^Private note/ }).fill('Check the music rights.');
  await judge.page.getByRole('button', { name: 'Save' }).click();
  await expect(judge.page.getByTestId('saved')).toHaveText('Saved');
  await judge.page.getByRole('link', { name: 'Back to my queue' }).click();
  await expect(judge.page.getByTestId('queue-row').filter({ hasText: filmTitle }).getByTestId('my-score')).toHaveText('75.0');

  // The organiser sees the score, opens the film and selects it.
  await org.page.getByRole('navigation', { name: 'Festival pages' }).getByRole('link', { name: 'Submissions' }).click();
  const row = org.page.getByTestId('submission-row').filter({ hasText: filmTitle });
  await expect(row.getByTestId('weighted')).toHaveText('75.0');
  await row.getByRole('link', { name: filmTitle }).click();
  await expect(org.page.getByTestId('private-note')).toContainText('Check the music rights.');
  await org.page.getByRole('combobox', { name: 'Decision' }).click();
  await org.page.getByRole('option', { name: 'Selected', exact: true }).click();
  await org.page.getByRole('checkbox', { name: "Share judges' comments with the filmmaker" }).check();
  await org.page.getByRole('button', { name: 'Apply to 1 submission' }).click();
  await expect(org.page.getByTestId('decision-done')).toBeVisible();
  await expect(org.page.getByTestId('submission-status').first()).toHaveText('Selected');

  // The ranking shows it first on both sides.
  await org.page.getByRole('navigation', { name: 'Festival pages' }).getByRole('link', { name: 'Ranking' }).click();
  await expect(org.page.getByTestId('ranking-weighted').getByTestId('rank-row').first()).toContainText(filmTitle);
  await expect(org.page.getByTestId('ranking-calibrated').getByTestId('rank-row').first()).toContainText(filmTitle);

  expect(orgErrors).toEqual([]);
  expect(judgeErrors).toEqual([]);
  await judge.context.close();
  await org.context.close();
});
