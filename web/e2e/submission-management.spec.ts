import { expect, test, type Browser } from '@playwright/test';
import { collectConsoleErrors, createApprovedFestival, isoInMonths, ok, presetCookieConsent, uniqueEmail } from './helpers';

// Issue 30's organiser journey: the organiser adds questions and a status
// of their own; a filmmaker (in Japanese, on a 390 px phone) answers and
// submits; the organiser reads the answers, sets the status, finds the
// entry by it in the list and clears it there at once, extends the
// deadline for the filmmaker and writes to them; the filmmaker replies.
// A second organiser sees nothing of it. Set-up goes through the API.

async function newPage(browser: Browser, baseURL: string, lang?: string) {
  const context = await browser.newContext(lang ? { locale: 'ja-JP' } : {});
  await presetCookieConsent(context, baseURL);
  if (lang) await context.addInitScript((code) => window.localStorage.setItem('selectedLanguage', code), lang);
  return { context, page: await context.newPage() };
}

test('an organiser asks questions, the filmmaker answers, and they exchange messages', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const password = 'journey-password-1';
  const organiser = { email: uniqueEmail('sm-organiser'), password };
  const festival = await createApprovedFestival(
    baseURL!,
    { organiser, admin: { email: uniqueEmail('sm-admin'), password } },
    {
      name: `Question Shorts ${suffix}`,
      description: 'Short films.',
      location: 'Hall',
      country: 'JP',
      city: 'Kyoto',
      startDate: isoInMonths(5, 10),
      endDate: isoInMonths(5, 12),
      contactEmail: 'team@question.example',
    },
    async (org, f) => {
      await ok(
        await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
          data: { version: f.version, categories: [{ name: '短編部門', description: '', deadlines: [{ tier: 'regular', date: isoInMonths(3, 1), fee: 0 }] }] },
        }),
      );
    },
  );
  const slug = festival.slug;
  const tools = `/manage/festivals/${slug}/submission-tools`;

  // The organiser adds two questions and a status of their own.
  const org = await newPage(browser, baseURL!);
  const orgErrors = collectConsoleErrors(org.page);
  await ok(await org.page.request.post('/api/v1/user/login', { data: organiser }));
  await org.page.setViewportSize({ width: 1280, height: 900 });
  await org.page.goto(tools);
  const questions = org.page.getByTestId('questions');
  await expect(questions.getByText('No questions yet.')).toBeVisible();
  await questions.getByTestId('question-add').click();
  await questions.getByTestId('question-label').fill('Screening format');
  await questions.getByTestId('question-kind').click();
  await org.page.getByRole('option', { name: 'Choice' }).click();
  await questions.getByTestId('question-options').fill('DCP\nProRes');
  await questions.getByTestId('question-required').check();
  await questions.getByTestId('question-add').click();
  await questions.getByTestId('question-label').nth(1).fill('How did you hear of us?');
  await questions.getByTestId('questions-save').click();
  await expect(questions.getByRole('status')).toHaveText('Questions saved.');
  const statuses = org.page.getByTestId('statuses');
  await statuses.getByText('Your own', { exact: true }).click();
  await statuses.getByTestId('status-name').fill('Shortlist');
  await statuses.getByTestId('status-add').click();
  await expect(statuses.getByTestId('status-row')).toContainText('Shortlist');

  // The filmmaker, in Japanese on a phone: a film over the API, then the form.
  const maker = await newPage(browser, baseURL!, 'ja');
  const makerErrors = collectConsoleErrors(maker.page);
  const makerEmail = uniqueEmail('sm-filmmaker');
  await ok(await maker.page.request.post('/api/v1/user/register', { data: { email: makerEmail, password } }));
  const { film } = await ok<{ film: { id: number } }>(
    await maker.page.request.post('/api/v1/films', {
      data: { title: `夜の港 ${suffix}`, logline: '港の夜。', runtimeMinutes: 12, country: 'JP', screenerUrl: 'https://screener.example/x', screenerPassword: 'pw', credits: [] },
    }),
  );
  await maker.page.setViewportSize({ width: 390, height: 844 });
  await maker.page.goto(`/submit-film?festival=${slug}&film=${film.id}`);
  await maker.page.getByRole('checkbox', { name: /短編部門/ }).check();
  const fields = maker.page.getByTestId('question-fields');
  await expect(fields).toContainText('映画祭からの質問');
  await expect(maker.page.getByTestId('quote-line')).toHaveCount(1);
  await maker.page.getByTestId('confirm-pay').click();
  await expect(fields.getByText('この質問に回答してください')).toBeVisible();
  await fields.getByRole('combobox', { name: /Screening format/ }).click();
  await maker.page.getByRole('option', { name: 'ProRes' }).click();
  await fields.getByRole('textbox', { name: 'How did you hear of us?' }).fill('友人から');
  await maker.page.getByTestId('confirm-pay').click();
  await expect(maker.page.getByTestId('submit-done')).toBeVisible();
  const width = await maker.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // The organiser reads the answers, sets the status, extends the deadline and writes.
  const list = await ok<{ items: { id: number }[] }>(await org.page.request.get(`/api/v1/manage/festivals/${slug}/submissions`));
  const id = list.items[0].id;
  // From the submission's page to its management page.
  await org.page.goto(`/manage/festivals/${slug}/submissions/${id}`);
  await org.page.getByTestId('entry-manage-link').click();
  await expect(org.page).toHaveURL(new RegExp(`/submissions/${id}/manage$`));
  const answers = org.page.getByTestId('entry-answers');
  await expect(answers.getByRole('row', { name: /Screening format/ })).toContainText('ProRes');
  await expect(answers.getByRole('row', { name: /How did you hear/ })).toContainText('友人から');
  await org.page.getByTestId('entry-status-select').click();
  await org.page.getByRole('option', { name: 'Shortlist' }).click();
  await org.page.getByTestId('entry-status-save').click();
  await expect(org.page.getByTestId('entry-status-current')).toHaveText('Shortlist');
  await org.page.getByTestId('thread-body').fill('Please send the DCP by June.');
  await org.page.getByTestId('thread-send').click();
  await expect(org.page.getByTestId('thread-message')).toHaveCount(1);

  // The list filtered by the status holds the entry with it; the bulk control clears it.
  await org.page.goto(`/manage/festivals/${slug}/submissions`);
  await org.page.getByTestId('filter-entry-status').click();
  await org.page.getByRole('option', { name: 'Shortlist' }).click();
  await expect(org.page).toHaveURL(/entryStatus=\d+/);
  await expect(org.page.getByTestId('submission-row')).toHaveCount(1);
  await expect(org.page.getByTestId('row-entry-status')).toHaveText('Shortlist');
  await org.page.getByTestId('submission-row').getByRole('checkbox').check();
  await org.page.getByTestId('bulk-entry-status').click();
  await org.page.getByRole('option', { name: 'No status' }).click();
  await org.page.getByTestId('bulk-entry-status-apply').click();
  await expect(org.page.getByTestId('submissions-empty')).toBeVisible();

  // The festival's nav leads to the questions and messages.
  await org.page.getByTestId('manage-nav').getByRole('link', { name: 'Questions & messages' }).click();
  await expect(org.page).toHaveURL(new RegExp(`${tools}$`));
  const extensions = org.page.getByTestId('extensions');
  await extensions.getByTestId('extension-email').fill(makerEmail);
  await extensions.getByTestId('extension-until').fill(isoInMonths(4, 1));
  await extensions.getByTestId('extension-add').click();
  await expect(extensions.getByTestId('extension-row')).toContainText(makerEmail);
  const activity = await ok<{ items: { action: string }[] }>(await org.page.request.get(`/api/v1/manage/festivals/${slug}/activity`));
  expect(activity.items.map((a) => a.action)).toEqual(expect.arrayContaining(['deadline.extend', 'submission.entry_status', 'questions.update']));

  // The filmmaker reads the message from their submissions and replies.
  await maker.page.goto('/submissions');
  await maker.page.getByTestId('submission-messages').click();
  await expect(maker.page.getByRole('heading', { level: 1, name: '映画祭とのメッセージ' })).toBeVisible();
  await expect(maker.page.getByTestId('thread-message')).toContainText('Please send the DCP by June.');
  await maker.page.getByTestId('thread-body').fill('承知しました。六月までに送ります。');
  await maker.page.getByTestId('thread-send').click();
  await expect(maker.page.getByTestId('thread-message')).toHaveCount(2);
  expect(await maker.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await org.page.goto(`/manage/festivals/${slug}/submissions/${id}/manage`);
  await expect(org.page.getByTestId('thread-message').nth(1)).toContainText('承知しました');

  // A second organiser sees nothing of it.
  const rival = await newPage(browser, baseURL!);
  await ok(await rival.page.request.post('/api/v1/user/register', { data: { email: uniqueEmail('sm-rival'), password } }));
  await rival.page.goto(`/manage/festivals/${slug}/submissions/${id}/manage`);
  await expect(rival.page.getByRole('alert').first()).toContainText('Not found.');
  await expect(rival.page.getByText('ProRes')).toHaveCount(0);
  await expect(rival.page.getByText('承知しました')).toHaveCount(0);
  expect((await rival.page.request.get(`/api/v1/manage/festivals/${slug}/submissions/${id}/messages`)).status()).toBe(404);

  expect(orgErrors.filter((e) => !/status of 40[14]/.test(e))).toEqual([]);
  expect(makerErrors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
  await Promise.all([org.context.close(), maker.context.close(), rival.context.close()]);
});
