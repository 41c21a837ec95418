import { expect, test, type Browser, type Page } from '@playwright/test';
import { consoleErrorsOf, createApprovedFestival, expectTranslatedPage, isoInMonths, ok, openInApp, presetCookieConsent, publicRoutes, trackRequests, uniqueEmail } from './helpers';

// Every page as Japanese and Chinese readers see it (the machines that run
// these tests have Noto CJK, see .ci/run), on small and common phones (360
// and 390 px) and a laptop (1280 px), as a visitor, a filmmaker, an organiser and an admin: the page
// never scrolls sideways, and no heading breaks inside a word (a line break
// falls only where the language's word segmentation, Intl.Segmenter, has a
// boundary: テクノロジー|ソリューション may break there, never テクノロ|ジー).
// The public site's pages are also checked there for being translated and
// titled in the language (checkPages).

const widths = [360, 390, 1280] as const;
const languages = ['ja', 'zh'] as const;


const password = 'layout-password-1';
const organiser = { email: uniqueEmail('layout-organiser'), password };
const admin = { email: uniqueEmail('layout-admin'), password };
const filmmaker = { email: uniqueEmail('layout-filmmaker'), password };
let slug = '';
let filmId = 0;
let submissionId = 0;
let screeningId = 0;
let adminUserId = 0;

test.beforeAll(async ({ baseURL, playwright }) => {
  // A festival with a Japanese name, categories, a screening and one submission.
  const festival = await createApprovedFestival(
    baseURL!,
    { organiser, admin },
    {
      name: `東京国際ドキュメンタリー映画祭 ${Date.now() % 100000}`,
      description: '世界中のドキュメンタリー作品を上映する映画祭です。',
      location: '渋谷区文化総合センター',
      country: 'JP',
      city: 'Tokyo',
      startDate: isoInMonths(5, 10),
      endDate: isoInMonths(5, 14),
      contactEmail: 'docs@tokyo.example',
    },
    async (org, f) => {
      await ok(await org.put(`/api/v1/manage/festivals/${f.slug}/time-zone`, { data: { timeZone: 'Asia/Tokyo' } }));
      await ok(
        await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
          data: {
            version: f.version,
            categories: [
              { name: '長編ドキュメンタリー部門', description: '', deadlines: [{ tier: 'regular', date: isoInMonths(3, 1), fee: 0 }] },
              { name: '短編アニメーション部門', description: '', deadlines: [{ tier: 'regular', date: isoInMonths(3, 1), fee: 0 }] },
            ],
          },
        }),
      );
    },
  );
  slug = festival.slug;

  const org = await playwright.request.newContext({ baseURL });
  await ok(await org.post('/api/v1/user/login', { data: organiser }));
  const day = isoInMonths(5, 11);
  const screening = await ok<{ id: number }>(
    await org.post(`/api/v1/manage/festivals/${slug}/screenings`, {
      data: { title: 'オープニング上映', venue: '渋谷区文化総合センター 大ホール', startsAt: `${day}T19:00`, endsAt: `${day}T21:00`, capacity: 50, priceCents: 1500, salesStartAt: `${isoInMonths(0, 1)}T00:00`, salesEndAt: `${day}T18:00` },
    }),
  );
  screeningId = screening.id;
  const manage = await ok<{ festival: { categories: { id: number }[] } }>(await org.get(`/api/v1/manage/festivals/${slug}`));

  const fm = await playwright.request.newContext({ baseURL });
  await ok(await fm.post('/api/v1/user/register', { data: filmmaker }));
  const { film } = await ok<{ film: { id: number } }>(
    await fm.post('/api/v1/films', {
      data: {
        title: '港の灯台守',
        logline: '灯台守は船の音に耳を澄ます。',
        synopsis: '静かな映画。',
        runtimeMinutes: 12,
        country: 'JP',
        language: 'Japanese',
        screenerUrl: 'https://screeners.example/harbour',
        screenerPassword: 'harbour-pass',
        credits: [],
      },
    }),
  );
  filmId = film.id;
  const submitted = await ok<{ submissions: { id: number }[] }>(
    await fm.post('/api/v1/submissions', { data: { filmId, entries: [{ festivalId: festival.id, categoryId: manage.festival.categories[0].id }] } }),
  );
  submissionId = submitted.submissions[0].id;

  const adm = await playwright.request.newContext({ baseURL });
  await ok(await adm.post('/api/v1/user/login', { data: admin }));
  adminUserId = (await ok<{ user: { id: number } }>(await adm.get('/api/v1/session'))).user.id;
  await Promise.all([org.dispose(), fm.dispose(), adm.dispose()]);
});

/** Problems of one page at the current width: sideways scroll and headings broken inside a word. */
async function layoutProblems(page: Page, lang: string): Promise<string[]> {
  return page.evaluate((lang) => {
    const problems: string[] = [];
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 0) {
      const wide = [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && el.checkVisibility())
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
      problems.push(`scrolls sideways by ${overflow} px (${wide.join(', ')})`);
    }
    const words = new Intl.Segmenter(lang, { granularity: 'word' });
    for (const heading of document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')) {
      if (!heading.checkVisibility()) continue;
      let text = '';
      const tops: (number | null)[] = [];
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = [...range.getClientRects()].find((r) => r.width > 0);
          tops.push(rect ? rect.top : null);
        }
        text += node.data;
      }
      const boundaries = new Set([...words.segment(text)].map((s) => s.index));
      let last: number | null = null;
      for (let i = 0; i < text.length; i++) {
        const top = tops[i];
        if (top === null) continue;
        if (last !== null && top > last + 4 && !boundaries.has(i) && !/\s/.test(text[i - 1] ?? ' ')) {
          problems.push(`heading "${text.trim()}" breaks inside a word before "${text.slice(i, i + 6)}"`);
          break;
        }
        last = top;
      }
    }
    return problems;
  }, lang);
}

/**
 * settledProblems are the page's layout problems once it has settled after a
 * change of width: charts and other measured boxes follow the new width a
 * few frames later (ResizeObserver), so a problem counts only if it is still
 * there after up to 60 frames.
 */
async function settledProblems(page: Page, lang: string): Promise<string[]> {
  let problems = await layoutProblems(page, lang);
  for (let frame = 0; problems.length > 0 && frame < 60; frame++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    problems = await layoutProblems(page, lang);
  }
  return problems;
}

/**
 * checkPages opens each path in lang (the first by loading it, the others as
 * a followed link opens them: openInApp) and reports its problems at each width;
 * the public site's pages (publicRoutes) are also checked as
 * public-pages.spec.ts checks the English ones: answered 200, translated
 * and titled in lang, and quiet in the console.
 */
async function checkPages(browser: Browser, baseURL: string, lang: 'ja' | 'zh', paths: string[], account?: { email: string; password: string }) {
  const context = await browser.newContext({ locale: lang === 'ja' ? 'ja-JP' : 'zh-CN' });
  await presetCookieConsent(context, baseURL);
  await context.addInitScript((code) => window.localStorage.setItem('selectedLanguage', code), lang);
  const page = await context.newPage();
  const errors = consoleErrorsOf(page);
  if (account) await ok(await page.request.post('/api/v1/user/login', { data: account }));
  const problems: string[] = [];
  for (const [i, path] of paths.entries()) {
    await test.step(path, async () => {
      errors.length = 0;
      await page.setViewportSize({ width: widths[0], height: 800 });
      const answered = trackRequests(page);
      // The first page is loaded, the others shown as a followed link shows them.
      const status = i === 0 ? (await page.goto(path))?.status() : await openInApp(page, path);
      await expect(page.locator('h1').first(), `${path} shows its heading`).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
      await answered();
      if (publicRoutes.includes(path)) {
        await expectTranslatedPage(page, path, lang, status);
        expect(errors, `console errors on ${path}`).toEqual([]);
      }
      await page.evaluate(() => document.fonts.ready);
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        for (const p of await settledProblems(page, lang)) problems.push(`${lang} ${path} at ${width} px: ${p}`);
      }
    });
  }
  await context.close();
  expect(problems).toEqual([]);
}

// Each test sets up nothing of its own, so both workers take them (each
// worker makes its own festival in beforeAll).
test.describe.configure({ mode: 'parallel' });

for (const lang of languages) {
  test.describe(`${lang} at 360, 390 and 1280 px`, () => {
    test('public pages', async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      await checkPages(browser, baseURL!, lang, [...publicRoutes, '/forgot-password', '/no-such-page', '/festivals', `/festival/${slug}`, `/screenings/${screeningId}/buy`]);
    });

    test("a filmmaker's pages", async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      await checkPages(
        browser,
        baseURL!,
        lang,
        ['/films', '/films/new', `/films/${filmId}`, '/submissions', '/submit', '/submit-film', '/account', '/account/privacy', '/tickets', '/judge', '/manage'],
        filmmaker,
      );
    });

    test("an organiser's pages", async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const f = `/manage/festivals/${slug}`;
      await checkPages(
        browser,
        baseURL!,
        lang,
        [
          '/manage',
          f,
          `${f}/submissions`,
          `${f}/submissions/${submissionId}`,
          `${f}/judges`,
          `${f}/ranking`,
          `${f}/settings`,
          `${f}/analytics`,
          `${f}/screenings`,
          `${f}/check-in`,
          `${f}/activity`,
          '/manage/promotion',
        ],
        organiser,
      );
    });

    test("an admin's pages", async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      await checkPages(
        browser,
        baseURL!,
        lang,
        [
          '/admin',
          '/admin/users',
          `/admin/users/${adminUserId}`,
          '/admin/audit',
          '/admin/pricing',
          '/admin/messages',
          '/admin/festivals',
          '/admin/outbox',
          '/admin/purchases',
          '/admin/promotions',
        ],
        admin,
      );
    });
  });
}

test('the check finds a heading broken inside a word', async ({ page }) => {
  // The check itself: a Japanese heading squeezed into a box narrower than
  // its one word, with breaking allowed anywhere, is reported.
  await page.setContent(
    '<html lang="ja"><body><h1 style="width: 5em; word-break: break-all; font-size: 20px">テクノロジーソリューション</h1></body></html>',
  );
  const problems = await layoutProblems(page, 'ja');
  expect(problems.join('\n')).toContain('breaks inside a word');
});
