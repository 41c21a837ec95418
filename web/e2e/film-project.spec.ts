import { expect, request, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createApprovedFestival, isoInMonths, ok, presetCookieConsent, uniqueEmail } from './helpers';

// Issue 30's filmmaker journey, in Japanese on a 390 px phone: a film
// project gets its specs, a still and a trailer; the filmmaker saves the
// festival and sets a reminder of its next deadline; the festival's entry
// rules refuse the film with their reason (before any credit moves); once
// the film meets them the filmmaker accepts the rules and submits; the
// organiser sees the specs on the entry; a second account sees none of it.

/** The Japanese texts of the pages, from the locale file itself. */
const ja = JSON.parse(readFileSync(new URL('../src/locales/ja/film-project.json', import.meta.url), 'utf8'));

/** A 1×1 PNG, made here rather than read from a file. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const organiser = { email: uniqueEmail('project-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('project-admin'), password: 'admin-password-1' };
const festivalName = `Kobe Shorts ${Date.now() % 100000}`;
const deadline = isoInMonths(3, 1);
let slug = '';

test.beforeAll(async ({ baseURL }) => {
  const festival = await createApprovedFestival(
    baseURL!,
    { organiser, admin },
    {
      name: festivalName,
      description: 'Short films by the port.',
      location: 'Port Hall',
      country: 'JP',
      city: 'Kobe',
      startDate: isoInMonths(6, 10),
      endDate: isoInMonths(6, 12),
      contactEmail: 'films@kobe.example',
    },
    async (org, f) => {
      await ok(
        await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
          data: { version: f.version, categories: [{ name: 'Fiction', description: '', deadlines: [{ tier: 'regular', date: deadline, fee: 10 }] }] },
        }),
      );
      await ok(
        await org.put(`/api/v1/manage/festivals/${f.slug}/entry-rules`, {
          data: {
            terms: 'Only the rights holder may submit.\n権利者のみ応募できます。',
            limits: { minRuntime: 5, maxRuntime: 40, completedAfter: isoInMonths(-24, 1), countries: ['JP'], premiere: 'national' },
            categories: [],
          },
        }),
      );
    },
  );
  slug = festival.slug;
});

test('a filmmaker fills a film project, saves a festival, is refused by a rule, accepts the rules and submits; the organiser sees the specs', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await presetCookieConsent(context, baseURL!);
  await context.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  await page.setViewportSize({ width: 390, height: 844 });

  // The filmmaker, 50 credits from the admin, a film made through the API.
  const email = uniqueEmail('project-maker');
  const { user } = await ok<{ user: { id: number } }>(await page.request.post('/api/v1/user/register', { data: { email, password: 'maker-password' } }));
  const adm = await request.newContext({ baseURL });
  await ok(await adm.post('/api/v1/user/login', { data: admin }));
  await ok(await adm.post(`/api/v1/admin/users/${user.id}/credits`, { data: { delta: 50, reason: 'Festival test' } }));
  const { film } = await ok<{ film: { id: number } }>(
    await page.request.post('/api/v1/films', {
      data: { title: '港の灯', runtimeMinutes: 14, country: 'JP', year: 2025, director: '小野美香', credits: [] },
    }),
  );

  // Specs, a still, the trailer, the festival history.
  await page.goto(`/films/${film.id}/project`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('港の灯');
  await page.getByLabel(ja.specs.trailer, { exact: true }).fill('https://vimeo.com/123456');
  await page.getByLabel(ja.specs.completionDate, { exact: true }).fill(isoInMonths(-3, 5));
  await page.getByLabel(ja.specs.aspectRatio, { exact: true }).fill('1.85:1');
  await page.getByRole('combobox', { name: ja.specs.sound, exact: true }).click();
  await page.getByRole('option', { name: ja.sounds['5_1'] }).click();
  await page.getByLabel(ja.specs.languages, { exact: true }).fill('日本語');
  await page.getByLabel(ja.specs.subtitles, { exact: true }).fill('英語、中国語');
  await page.getByRole('combobox', { name: ja.specs.premiere, exact: true }).click();
  await page.getByRole('option', { name: ja.premieres.none }).click();
  await page.getByLabel(ja.specs.firstTime, { exact: true }).check();
  await page.getByTestId('history-add').click();
  await page.getByLabel(ja.history.festival, { exact: true }).fill('Busan Shorts');
  await page.getByLabel(ja.history.year, { exact: true }).fill('2025');
  await page.getByLabel(ja.history.award, { exact: true }).fill('Jury prize');
  await page.getByTestId('specs-save').click();
  await expect(page.getByTestId('specs-saved')).toHaveText(ja.specs.saved);
  await page.getByLabel(ja.stills.add, { exact: true }).setInputFiles({ name: 'still.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByTestId('still')).toHaveCount(1);
  // The page fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The festival saved from its page, then listed with its next deadline; a reminder of it.
  await page.goto(`/festival/${slug}`);
  await page.getByTestId('save-festival').click();
  await expect(page.getByTestId('save-festival')).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/saved-festivals');
  const saved = page.getByTestId('saved-festival');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(festivalName);
  await expect(saved.getByTestId('saved-deadline')).toContainText('Fiction');
  await saved.getByTestId('saved-remind').click();
  await expect(saved.getByTestId('saved-remind')).toHaveText(ja.saved.reminded);
  const reminders = await ok<{ items: { festivalSlug: string; date: string }[] }>(await page.request.get('/api/v1/reminders'));
  expect(reminders.items.map((r) => [r.festivalSlug, r.date])).toEqual([[slug, deadline]]);

  // Refused by the premiere rule, with its message, before paying.
  await page.goto(`/submit-film?festival=${slug}&film=${film.id}`);
  await page.getByTestId('category-checkbox').first().check();
  await expect(page.getByTestId('eligibility-reasons')).toContainText(`${festivalName}は開催国で未上映の作品(ナショナルプレミア)のみ受け付けます`);
  await expect(page.getByTestId('confirm-pay')).toBeDisabled();
  expect((await ok<{ user: { credits: number } }>(await page.request.get('/api/v1/session'))).user.credits).toBe(50);

  // The film is a world premiere after all: the rules are shown, accepted, and the entry paid.
  await page.goto(`/films/${film.id}/project`);
  await page.getByRole('combobox', { name: ja.specs.premiere, exact: true }).click();
  await page.getByRole('option', { name: ja.premieres.world }).click();
  await page.getByTestId('specs-save').click();
  await expect(page.getByTestId('specs-saved')).toBeVisible();
  await page.goto(`/submit-film?festival=${slug}&film=${film.id}`);
  await page.getByTestId('category-checkbox').first().check();
  await expect(page.getByTestId('quote-line')).toHaveCount(1);
  await expect(page.getByTestId('entry-terms')).toContainText('権利者のみ応募できます。');
  await expect(page.getByTestId('confirm-pay')).toBeDisabled();
  await page.getByLabel(ja.consent.accept, { exact: true }).check();
  await page.getByTestId('confirm-pay').click();
  await expect(page.getByTestId('submit-done')).toBeVisible();
  const mine = await ok<{ items: { id: number; rulesAcceptedAt: string | null }[] }>(await page.request.get('/api/v1/submissions'));
  expect(mine.items).toHaveLength(1);
  expect(mine.items[0].rulesAcceptedAt).not.toBeNull();

  // The organiser sees the specs, the history and the still on the entry.
  const org = await context.browser()!.newPage();
  await ok(await org.request.post(`${baseURL}/api/v1/user/login`, { data: organiser }));
  await org.goto(`${baseURL}/manage/festivals/${slug}/submissions/${mine.items[0].id}`);
  const specs = org.getByTestId('film-specs');
  await expect(specs).toContainText('Busan Shorts (2025): Jury prize');
  await expect(specs).toContainText('1.85:1');
  await expect(specs.getByRole('img')).toHaveCount(1);

  // A second account sees none of it.
  const other = await request.newContext({ baseURL });
  await ok(await other.post('/api/v1/user/register', { data: { email: uniqueEmail('project-other'), password: 'other-password' } }));
  expect((await ok<{ items: unknown[] }>(await other.get('/api/v1/saved-festivals'))).items).toEqual([]);
  expect((await other.get(`/api/v1/films/${film.id}`)).status()).toBe(404);
  expect((await other.get(`/api/v1/manage/festivals/${slug}/entry-rules`)).status()).toBe(404);
  expect((await other.get(`/api/v1/submissions/${mine.items[0].id}/laurel/svg`)).status()).toBe(404);
  await other.dispose();
  await adm.dispose();
});
