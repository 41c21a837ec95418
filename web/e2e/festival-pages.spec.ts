import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, createApprovedFestival, isoInMonths, presetCookieConsent, seriousViolations, trackRequests, uniqueEmail } from './helpers';

// The festival, reminder and review screens in every language: translated,
// titled, quiet in the console and free of serious accessibility problems.

const languages = [
  { code: 'en', htmlLang: 'en' },
  { code: 'ja', htmlLang: 'ja' },
  { code: 'zh', htmlLang: 'zh-Hans' },
] as const;

const rawKey = /\b(common|festivals|reminders|admin|errors)\.[a-zA-Z]+\.[a-zA-Z]/;
const cjk = /[\u3040-\u30ff\u3400-\u9fff]/;

const organiser = { email: uniqueEmail('pages-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('pages-admin'), password: 'admin-password-1' };
let slug = '';

test.beforeAll(async ({ baseURL }) => {
  // One approved festival with a category and a criterion, and a reminder.
  const details = {
    name: `Aurora Shorts ${Date.now() % 100000}`,
    description: 'Short films under the northern lights.',
    location: 'Kulturhuset, Tromsø',
    country: 'NO',
    city: 'Tromsø',
    startDate: isoInMonths(4, 10),
    endDate: isoInMonths(4, 14),
    contactEmail: 'films@aurora.example',
  };
  const festival = await createApprovedFestival(baseURL!, { organiser, admin }, details, async (org, f) => {
    const cats = await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
      data: {
        version: f.version,
        categories: [
          {
            name: 'Short Film',
            description: 'Up to 20 minutes.',
            deadlines: [
              { tier: 'early', date: isoInMonths(2, 1), fee: 10 },
              { tier: 'regular', date: isoInMonths(3, 1), fee: 20 },
            ],
          },
        ],
      },
    });
    expect(cats.ok()).toBeTruthy();
    const reminder = await org.post('/api/v1/reminders', {
      data: { festivalName: f.name, date: f.startDate, preference: 'one-week-before', festivalSlug: '' },
    });
    expect(reminder.status()).toBe(201);
  });
  slug = festival.slug;
});

async function useLanguage(page: Page, code: string) {
  await page.addInitScript((lang) => window.localStorage.setItem('selectedLanguage', lang), code);
}

async function logIn(page: Page, who: { email: string; password: string }) {
  expect((await page.request.post('/api/v1/user/login', { data: who })).ok()).toBeTruthy();
}

// ready: an element that shows once the page has its data; api: the request
// that brings the data, waited for (not a fixed time) before any check.
const pages: { label: string; path: () => string; who: 'organiser' | 'admin' | 'visitor'; ready: string; api: () => string }[] = [
  { label: '/festivals', path: () => '/festivals', who: 'organiser', ready: 'festival-card', api: () => '/api/v1/festivals' },
  { label: '/submit', path: () => '/submit', who: 'organiser', ready: 'festival-form', api: () => '/api/v1/session' },
  { label: '/manage', path: () => '/manage', who: 'organiser', ready: 'reminder-form', api: () => '/api/v1/reminders' },
  { label: '/manage/festivals/:slug', path: () => `/manage/festivals/${slug}`, who: 'organiser', ready: '', api: () => `/api/v1/manage/festivals/${slug}` },
  { label: '/festival/:slug', path: () => `/festival/${slug}`, who: 'visitor', ready: '', api: () => `/api/v1/festivals/${slug}` },
  { label: '/admin/festivals', path: () => '/admin/festivals', who: 'admin', ready: '', api: () => '/api/v1/admin/festivals' },
  { label: '/admin/outbox', path: () => '/admin/outbox', who: 'admin', ready: '', api: () => '/api/v1/admin/outbox' },
];

// One test per language and person visits that person's pages in one browser
// page (a page load each, not a new context and a cold cache); each page is a
// step of its own, with the same checks as when each page was a test.
const people = ['organiser', 'visitor', 'admin'] as const;

for (const { code, htmlLang } of languages) {
  test.describe(`festival screens in ${code}`, () => {
    for (const who of people) {
      const theirs = pages.filter((p) => p.who === who);
      test(`${theirs.map((p) => p.label).join(' ')} (${who}) render translated and accessible`, async ({ page, baseURL }) => {
        // The ceiling of a test per page (config: 45 s), for the pages together.
        test.setTimeout(45_000 * theirs.length);
        await presetCookieConsent(page.context(), baseURL!);
        const errors = collectConsoleErrors(page);
        await useLanguage(page, code);
        if (who !== 'visitor') await logIn(page, who === 'admin' ? admin : organiser);
        for (const p of theirs) {
          await test.step(p.label, async () => {
            errors.length = 0;
            const answered = trackRequests(page);
            const api = p.api();
            const data = page.waitForResponse((r) => new URL(r.url()).pathname === api.split('?')[0] && r.request().method() === 'GET');
            const response = await page.goto(p.path());
            expect(response?.status(), p.label).toBe(200);
            expect((await data).ok(), `${api} answers`).toBeTruthy();
            await expect(page.locator('h1').first()).toBeVisible();
            if (p.ready) await expect(page.getByTestId(p.ready).first()).toBeVisible();
            await answered();
            await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
            await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
            await expect(page).toHaveTitle(/\S.*\| Marquee$/);
            const body = await page.locator('body').innerText();
            expect(body.match(rawKey)?.[0] ?? null, `untranslated key on ${p.label}`).toBeNull();
            if (code !== 'en') {
              // A festival's own pages are headed by its name; their other texts are translated.
              const text = p.path().includes(slug) ? await page.locator('main').innerText() : await page.locator('h1').first().innerText();
              expect(text, `${p.label} speaks the chosen language`).toMatch(cjk);
            }
            expect(await seriousViolations(page), p.label).toEqual([]);
            expect(errors, `console errors on ${p.label}`).toEqual([]);
          });
        }
      });
    }
  });
}
