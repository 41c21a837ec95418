import { expect, request, test, type APIRequestContext, type Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createApprovedFestival, isoInMonths, ok, outboxMails, presetCookieConsent, trackRequests, uniqueEmail, type OutboxMail } from './helpers';

// Issue 30's outreach to entrants, each journey in a browser: a selected
// filmmaker downloads their laurel (Japanese, 390 px) and another sees
// none; the organiser previews a bulk message in the three languages and
// sends it once to each chosen entrant; the organiser writes their own
// Japanese decision text, a decision mails it with its placeholders
// filled, and a reset brings the default back. A second account sees
// none of it. Set-up goes through the API; every test makes its own
// festival and accounts (the per-user limits are theirs alone).

type Locale = Record<string, Record<string, string>>;
const locale = (lang: string, ns: string): Locale => JSON.parse(readFileSync(new URL(`../src/locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));
const jaProject = locale('ja', 'film-project');
const sm = { en: locale('en', 'submission-management'), ja: locale('ja', 'submission-management'), zh: locale('zh', 'submission-management') };
const jaManage = locale('ja', 'manage-submissions');

const password = 'outreach-password-1';

type Festival = { id: number; slug: string; name: string; categories: { id: number; name: string }[]; organiser: { email: string; password: string }; admin: { email: string; password: string } };

/** festival makes an approved festival with free categories, through the API. */
async function festival(baseURL: string, name: string, categories: string[]): Promise<Festival> {
  const organiser = { email: uniqueEmail('outreach-organiser'), password };
  const admin = { email: uniqueEmail('outreach-admin'), password };
  const f = await createApprovedFestival(
    baseURL,
    { organiser, admin },
    { name, description: 'Short films.', location: 'Hall', country: 'JP', city: 'Kobe', startDate: isoInMonths(6, 10), endDate: isoInMonths(6, 12), contactEmail: 'team@outreach.example' },
    async (org, created) => {
      await ok(
        await org.put(`/api/v1/manage/festivals/${created.slug}/categories`, {
          data: { version: created.version, categories: categories.map((c) => ({ name: c, description: '', deadlines: [{ tier: 'regular', date: isoInMonths(3, 1), fee: 0 }] })) },
        }),
      );
    },
  );
  const org = await signedIn(baseURL, organiser);
  const manage = await ok<{ festival: { categories: { id: number; name: string }[] } }>(await org.get(`/api/v1/manage/festivals/${f.slug}`));
  await org.dispose();
  return { id: f.id, slug: f.slug, name, categories: manage.festival.categories, organiser, admin };
}

/** signedIn is an API context signed in as who (speaking lang, which a submission records). */
async function signedIn(baseURL: string, who: { email: string; password: string }, lang = 'en'): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': lang } });
  await ok(await ctx.post('/api/v1/user/login', { data: who }));
  return ctx;
}

type Entrant = { email: string; name: string; film: string; submissions: number[] };

/** entrant registers a filmmaker speaking lang who enters one film in the festival's categories (one entry each), through the API. */
async function entrant(baseURL: string, f: Festival, lang: string, name: string, film: string, categories = 1): Promise<Entrant> {
  const email = uniqueEmail(`outreach-${lang}`);
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { 'Accept-Language': lang } });
  await ok(await ctx.post('/api/v1/user/register', { data: { email, password, name } }));
  const made = await ok<{ film: { id: number } }>(
    await ctx.post('/api/v1/films', { data: { title: film, runtimeMinutes: 12, country: 'JP', screenerUrl: 'https://screener.example/x', credits: [] } }),
  );
  const entries = f.categories.slice(0, categories).map((c) => ({ festivalId: f.id, categoryId: c.id }));
  const sent = await ok<{ submissions: { id: number }[] }>(await ctx.post('/api/v1/submissions', { data: { filmId: made.film.id, entries } }));
  await ctx.dispose();
  return { email, name, film, submissions: sent.submissions.map((s) => s.id) };
}

/** decide gives submissions ids a decision, as the festival's organiser, through the API. */
async function decide(baseURL: string, f: Festival, ids: number[], status: string, awardName = '') {
  const org = await signedIn(baseURL, f.organiser);
  await ok(await org.post(`/api/v1/manage/festivals/${f.slug}/submissions/decision`, { data: { ids, status, awardName, shareComments: false } }));
  await org.dispose();
}

/** browserPage opens a new browser context (cookie consent given, in lang when given) signed in as who. */
async function browserPage(browser: Browser, baseURL: string, who: { email: string; password: string } | null, lang?: string) {
  const context = await browser.newContext(lang ? { locale: lang === 'ja' ? 'ja-JP' : 'zh-CN' } : {});
  await presetCookieConsent(context, baseURL);
  if (lang) await context.addInitScript((code) => window.localStorage.setItem('selectedLanguage', code), lang);
  const page = await context.newPage();
  if (who) await ok(await page.request.post('/api/v1/user/login', { data: who }));
  return { context, page };
}

/** mailsTo waits until the outbox holds exactly count mails of kind to each address, and returns them by address. */
async function mailsTo(admin: APIRequestContext, kind: string, expected: Record<string, number>): Promise<Record<string, OutboxMail[]>> {
  let found: Record<string, OutboxMail[]> = {};
  await expect(async () => {
    const all = await outboxMails({ request: admin });
    found = Object.fromEntries(Object.keys(expected).map((to) => [to, all.filter((m) => m.to === to && m.kind === kind)]));
    expect(Object.fromEntries(Object.entries(found).map(([to, ms]) => [to, ms.length]))).toEqual(expected);
  }).toPass({ timeout: 15_000 });
  return found;
}

test('a selected filmmaker downloads the laurel in SVG and PNG (an awarded one\'s names the award); another filmmaker has none and cannot fetch it', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const name = `港町映画祭 ${Date.now() % 100000}`;
  const f = await festival(baseURL!, name, ['短編']);
  const year = isoInMonths(6, 10).slice(0, 4);
  const chosen = await entrant(baseURL!, f, 'ja', '小野美香', '港の灯');
  const other = await entrant(baseURL!, f, 'ja', '山田太郎', '夜の港');
  const awarded = await entrant(baseURL!, f, 'ja', '王芳', '海風');
  await decide(baseURL!, f, chosen.submissions, 'selected');
  await decide(baseURL!, f, other.submissions, 'not_selected');
  await decide(baseURL!, f, awarded.submissions, 'award_winner', 'Grand Prix');

  // The selected filmmaker, in Japanese on a phone, finds the laurel with the submission.
  const maker = await browserPage(browser, baseURL!, { email: chosen.email, password }, 'ja');
  await maker.page.setViewportSize({ width: 390, height: 844 });
  const settled = trackRequests(maker.page);
  await maker.page.goto('/submissions');
  const laurel = maker.page.getByTestId('laurel');
  await expect(laurel).toHaveCount(1);
  await expect(laurel).toContainText(jaProject.laurel.title);
  await settled();
  expect(await maker.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The SVG: downloaded by the link, named after the festival (its Latin part) and year, with the name and year in it.
  const [svgDownload] = await Promise.all([maker.page.waitForEvent('download'), laurel.getByTestId('laurel-svg').click()]);
  expect(svgDownload.suggestedFilename()).toBe(`${name.match(/\d+/)![0]}-${year}-laurel.svg`);
  const svgHref = (await laurel.getByTestId('laurel-svg').getAttribute('href'))!;
  const svgRes = await maker.page.request.get(svgHref);
  expect(svgRes.status()).toBe(200);
  expect(svgRes.headers()['content-type']).toBe('image/svg+xml');
  expect(svgRes.headers()['content-disposition']).toContain(`${year}-laurel.svg`);
  const svg = await svgRes.text();
  expect(svg).toContain(name);
  expect(svg).toContain(year);
  expect(svg).toContain('OFFICIAL SELECTION');
  const downloaded = readFileSync((await svgDownload.path())!, 'utf8');
  expect(downloaded).toBe(svg);

  // The Japanese name renders: drawn in the browser, its line has a width and reads as written.
  const drawn = await browser.newPage();
  await drawn.setContent(`<!doctype html><meta charset="utf-8"><body>${svg}</body>`);
  const lines = drawn.locator('svg text');
  await expect(lines.filter({ hasText: name })).toHaveCount(1);
  expect(await lines.filter({ hasText: name }).evaluate((t) => (t as SVGTextElement).getComputedTextLength())).toBeGreaterThan(100);

  // The PNG: a PNG image that the browser decodes.
  const [pngDownload] = await Promise.all([maker.page.waitForEvent('download'), laurel.getByTestId('laurel-png').click()]);
  expect(pngDownload.suggestedFilename()).toMatch(new RegExp(`${year}-laurel\\.png$`));
  const pngRes = await maker.page.request.get((await laurel.getByTestId('laurel-png').getAttribute('href'))!);
  expect(pngRes.headers()['content-type']).toBe('image/png');
  const png = await pngRes.body();
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const size = await drawn.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, png.toString('base64'));
  expect(size[0]).toBeGreaterThan(0);
  expect(size[1]).toBeGreaterThan(0);
  await drawn.close();

  // An awarded film's laurel names the award.
  const winner = await signedIn(baseURL!, { email: awarded.email, password }, 'ja');
  const award = await winner.get(`/api/v1/submissions/${awarded.submissions[0]}/laurel/svg`);
  expect(award.status()).toBe(200);
  expect(await award.text()).toEqual(expect.stringContaining('GRAND PRIX'));
  await winner.dispose();

  // The filmmaker who was not selected sees their entry without a laurel, and the first one's laurel is not theirs.
  const second = await browserPage(browser, baseURL!, { email: other.email, password }, 'ja');
  await second.page.setViewportSize({ width: 390, height: 844 });
  await second.page.goto('/submissions');
  await expect(second.page.getByTestId('submission-row')).toHaveCount(1);
  await expect(second.page.getByTestId('submission-row')).toContainText('夜の港');
  await expect(second.page.getByTestId('laurel')).toHaveCount(0);
  expect((await second.page.request.get(svgHref)).status()).toBe(404);
  expect((await second.page.request.get(svgHref.replace(/svg$/, 'png'))).status()).toBe(404);
  expect((await second.page.request.get(`/api/v1/submissions/${other.submissions[0]}/laurel/svg`)).status()).not.toBe(200);
  await Promise.all([maker.context.close(), second.context.close()]);
});

test('the organiser previews a bulk message in each language and sends it once to each entrant not selected', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const f = await festival(baseURL!, `Harbour Shorts ${suffix}`, ['Fiction', 'Documentary']);
  // Three not selected, in each language (the Japanese one entered twice), and one selected.
  const [en, ja, zh, kept] = await Promise.all([
    entrant(baseURL!, f, 'en', 'Ann Lee', 'Tide'),
    entrant(baseURL!, f, 'ja', '小野美香', '港の灯', 2),
    entrant(baseURL!, f, 'zh', '王芳', '海风'),
    entrant(baseURL!, f, 'en', 'Kept Person', 'Kept'),
  ]);
  await decide(baseURL!, f, [...en.submissions, ...ja.submissions, ...zh.submissions], 'not_selected');
  await decide(baseURL!, f, kept.submissions, 'selected');

  // The organiser, in Chinese, writes to the entrants not selected and previews it.
  const zhText = sm.zh;
  const org = await browserPage(browser, baseURL!, f.organiser, 'zh');
  await org.page.setViewportSize({ width: 1280, height: 900 });
  const settled = trackRequests(org.page);
  await org.page.goto(`/manage/festivals/${f.slug}/submission-tools`);
  const bulk = org.page.getByTestId('bulk');
  await expect(bulk.getByRole('heading', { name: zhText.bulk.title })).toBeVisible();
  await settled();
  await bulk.getByTestId('bulk-to').click();
  await org.page.getByRole('option', { name: zhText.decisions.not_selected, exact: true }).click();
  await bulk.getByTestId('bulk-subject').fill('Screening passes');
  await bulk.getByTestId('bulk-body').fill('Thank you for entering. 入場券をお送りします。');
  await bulk.getByTestId('bulk-preview').click();
  const previews = bulk.getByTestId('bulk-previews');
  await expect(previews).toContainText(zhText.bulk.recipients_other.replace('{{count}}', '3'));
  await expect(previews.getByTestId('bulk-preview-en')).toContainText(`A message from ${f.name} to its entrants:`);
  await expect(previews.getByTestId('bulk-preview-ja')).toContainText(`${f.name}から応募者の皆さまへのメッセージです：`);
  await expect(previews.getByTestId('bulk-preview-zh')).toContainText(`${f.name}致投稿者的消息：`);
  // Each preview named in the reader's (the organiser's) language.
  const languageNames = { en: '英语', ja: '日语', zh: '中文' };
  for (const lang of ['en', 'ja', 'zh'] as const) {
    const card = previews.getByTestId(`bulk-preview-${lang}`);
    await expect(card).toContainText(languageNames[lang]);
    await expect(card).toContainText(`${f.name}: Screening passes`);
    await expect(card).toContainText('入場券をお送りします。');
  }

  // Sent with a double click: one send, one e-mail to each, in their language; none to the selected entrant.
  const sendRequest = org.page.waitForRequest((r) => r.url().endsWith(`/festivals/${f.slug}/bulk-messages`) && r.method() === 'POST');
  await bulk.getByTestId('bulk-send').dblclick();
  await expect(bulk.getByTestId('bulk-sent')).toHaveText(zhText.bulk.sent_other.replace('{{count}}', '3'));
  await expect(bulk.getByTestId('bulk-send')).toHaveCount(0);
  // The same send again with its key (a retry after a lost answer, another tab): 200, the first send, no e-mail.
  const first = await sendRequest;
  const firstSent = (await (await first.response())!.json()) as { id: number; recipients: number };
  const replay = await org.page.request.post(`/api/v1/manage/festivals/${f.slug}/bulk-messages`, { data: first.postDataJSON() });
  expect(replay.status()).toBe(200);
  expect(await replay.json()).toEqual(firstSent);
  const admin = await signedIn(baseURL!, f.admin);
  const mails = await mailsTo(admin, 'bulk-message', { [en.email]: 1, [ja.email]: 1, [zh.email]: 1, [kept.email]: 0 });
  expect(mails[en.email][0].body).toContain(`A message from ${f.name} to its entrants:`);
  expect(mails[ja.email][0].body).toContain(`${f.name}から応募者の皆さまへのメッセージです：`);
  expect(mails[zh.email][0].body).toContain(`${f.name}致投稿者的消息：`);
  for (const m of Object.values(mails).flat()) expect(m.subject).toBe(`${f.name}: Screening passes`);
  const org2 = await signedIn(baseURL!, f.organiser);
  const activity = await ok<{ items: { action: string }[] }>(await org2.get(`/api/v1/manage/festivals/${f.slug}/activity`));
  expect(activity.items.filter((a) => a.action === 'bulk_message.send')).toHaveLength(1);
  await org2.dispose();

  // A second organiser sees no tools of the festival and can neither preview nor send.
  const rival = await browserPage(browser, baseURL!, null);
  await ok(await rival.page.request.post('/api/v1/user/register', { data: { email: uniqueEmail('outreach-rival'), password } }));
  await rival.page.goto(`/manage/festivals/${f.slug}/submission-tools`);
  await expect(rival.page.getByTestId('tools-error')).toHaveText('Not found.');
  await expect(rival.page.getByTestId('bulk')).toHaveCount(0);
  const message = { subject: 'Hi', body: 'Hello', selection: { status: '', entryStatusId: 0, categoryId: 0, ids: [] } };
  expect((await rival.page.request.post(`/api/v1/manage/festivals/${f.slug}/bulk-messages/preview`, { data: message })).status()).toBe(404);
  expect((await rival.page.request.post(`/api/v1/manage/festivals/${f.slug}/bulk-messages`, { data: message })).status()).toBe(404);
  await mailsTo(admin, 'bulk-message', { [en.email]: 1, [ja.email]: 1, [zh.email]: 1, [kept.email]: 0 });
  await admin.dispose();
  await Promise.all([org.context.close(), rival.context.close()]);
});

test('the organiser writes their own Japanese decision text, a decision mails it filled in, and a reset brings the default back', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const suffix = Date.now().toString(36);
  const f = await festival(baseURL!, `Kobe Nights ${suffix}`, ['長編']);
  const first = await entrant(baseURL!, f, 'ja', '小野美香', `港の灯 ${suffix}`);
  const second = await entrant(baseURL!, f, 'ja', '山田太郎', `夜の港 ${suffix}`);
  const ja = sm.ja;

  // The organiser, in Japanese, writes the Japanese text of the selection e-mail.
  const org = await browserPage(browser, baseURL!, f.organiser, 'ja');
  await org.page.setViewportSize({ width: 1280, height: 900 });
  const settled = trackRequests(org.page);
  await org.page.goto(`/manage/festivals/${f.slug}/submission-tools`);
  const notices = org.page.getByTestId('notice-texts');
  await expect(notices.getByTestId('notice-state')).toHaveText(ja.notices.usingDefault);
  await settled();
  await notices.getByTestId('notice-status').click();
  await org.page.getByRole('option', { name: ja.decisions.selected, exact: true }).click();
  await notices.getByTestId('notice-language').click();
  await org.page.getByRole('option', { name: ja.languages.ja, exact: true }).click();
  await expect(notices.getByTestId('notice-default')).toContainText('{{film}}');
  // An unknown placeholder is named before saving.
  await notices.getByTestId('notice-subject').fill('{{film}}：{{title}}');
  await expect(notices.getByTestId('notice-unknown')).toContainText('{{title}}');
  await expect(notices.getByTestId('notice-save')).toBeDisabled();
  await notices.getByTestId('notice-subject').fill('【入選】{{film}}／{{festival}}');
  await notices.getByTestId('notice-body').fill('{{filmmaker}}様\n{{category}}部門にて「{{film}}」が入選しました。');
  await notices.getByTestId('notice-save').click();
  await expect(notices.getByTestId('notice-state')).toHaveText(ja.notices.custom);

  // The organiser selects the first entry from its page.
  await org.page.goto(`/manage/festivals/${f.slug}/submissions/${first.submissions[0]}`);
  await org.page.getByRole('combobox', { name: jaManage.decision.status }).click();
  await org.page.getByRole('option', { name: jaManage.status.selected, exact: true }).click();
  await org.page.getByTestId('decision-form').getByRole('button', { name: jaManage.decision.apply_one.replace('{{count}}', '1') }).click();
  await expect(org.page.getByTestId('decision-done')).toBeVisible();

  const admin = await signedIn(baseURL!, f.admin);
  const mine = (await mailsTo(admin, 'decision', { [first.email]: 1 }))[first.email][0];
  expect(mine.subject).toBe(`【入選】${first.film}／${f.name}`);
  expect(mine.body).toContain(`小野美香様\n長編部門にて「${first.film}」が入選しました。`);
  expect(mine.body).not.toContain('{{');

  // Back to the default: the next selection reads as the default Japanese text.
  await org.page.goto(`/manage/festivals/${f.slug}/submission-tools`);
  await notices.getByTestId('notice-language').click();
  await org.page.getByRole('option', { name: ja.languages.ja, exact: true }).click();
  await expect(notices.getByTestId('notice-state')).toHaveText(ja.notices.custom);
  await expect(notices.getByTestId('notice-subject')).toHaveValue('【入選】{{film}}／{{festival}}');
  await notices.getByTestId('notice-reset').click();
  await expect(notices.getByTestId('notice-state')).toHaveText(ja.notices.usingDefault);
  await expect(notices.getByTestId('notice-subject')).toHaveValue('');
  await decide(baseURL!, f, second.submissions, 'selected');
  const theirs = (await mailsTo(admin, 'decision', { [second.email]: 1 }))[second.email][0];
  expect(theirs.subject).toBe(`${second.film}が${f.name}に選ばれました`);

  // A second organiser can neither read nor change the texts.
  const rival = await request.newContext({ baseURL });
  await ok(await rival.post('/api/v1/user/register', { data: { email: uniqueEmail('outreach-rival'), password } }));
  expect((await rival.get(`/api/v1/manage/festivals/${f.slug}/notice-texts`)).status()).toBe(404);
  expect(
    (await rival.put(`/api/v1/manage/festivals/${f.slug}/notice-texts`, { data: { status: 'selected', language: 'ja', subject: 'x', body: 'y' } })).status(),
  ).toBe(404);
  await Promise.all([admin.dispose(), rival.dispose(), org.context.close()]);
});
