import AxeBuilder from '@axe-core/playwright';
import { expect, request, type APIRequestContext, type BrowserContext, type Page, type Request } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/** The database the e2e server runs on (see playwright.config.ts). */
export const databaseURL = `sqlite:${join(process.env.MARQUEE_E2E_DIR!, 'marquee.db')}`;
const binary = process.env.MARQUEE_BIN ?? resolve(import.meta.dirname, '..', '..', 'bin', 'marquee');

let counter = 0;
/** uniqueEmail returns an address no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter++;
  return `${prefix}-${Date.now()}-${process.pid}-${counter}@example.com`;
}

/** createAdmin runs `marquee admin create` against the e2e database. */
export function createAdmin(email: string, password: string): void {
  execFileSync(binary, ['admin', 'create', '--email', email], {
    input: password + '\n',
    env: { ...process.env, MARQUEE_DATABASE_URL: databaseURL },
  });
}

/** signUpViaApi creates an account and leaves the page's context signed in. */
export async function signUpViaApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/v1/user/register', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
}

/** logInViaApi signs the page's context in. */
export async function logInViaApi(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/v1/user/login', { data: { email, password } });
  expect(res.ok()).toBeTruthy();
}

/** collectConsoleErrors records console errors and page errors for later assertion. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** The cookie that remembers cookie consent (see src/features/cookies/consent.ts). */
export const consentCookieName = 'marquee_consent';

/**
 * presetCookieConsent stores an "essential only" consent so the first-visit
 * banner stays out of the way of tests that are not about it.
 */
export async function presetCookieConsent(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: consentCookieName, value: 'v1.a0.p0', url: baseURL }]);
}

/**
 * seriousViolations lists the page's serious and critical accessibility
 * violations (axe), in the parts `include` selects when given (a page that
 * repeats one template thousands of times is read by one of each).
 */
export async function seriousViolations(page: Page, include: string[] = []): Promise<string[]> {
  let axe = new AxeBuilder({ page });
  for (const selector of include) axe = axe.include(selector);
  const results = await axe.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export type OutboxMail = { id: number; kind: string; to: string; subject: string; body: string };

/** outboxMails reads the first pages of the admin outbox (newest first), as admin (a page or anything with an admin's request context). */
export async function outboxMails(admin: Pick<Page, 'request'>, pages = 5): Promise<OutboxMail[]> {
  const all: OutboxMail[] = [];
  for (let p = 1; p <= pages; p++) {
    const res = await admin.request.get(`/api/v1/admin/outbox?status=all&page=${p}`);
    expect(res.ok(), `outbox page ${p}: ${res.status()}`).toBeTruthy();
    const { items } = (await res.json()) as { items: OutboxMail[] };
    all.push(...items);
    if (items.length === 0) break;
  }
  return all;
}

/**
 * confirmByMail opens, in the person's browser, the confirmation link of the
 * newest confirmation e-mail to email, as read by an admin from the outbox:
 * until then no other mail (an invitation sent, a decision e-mail) goes to it.
 */
export async function confirmByMail(admin: Page, person: Page, email: string) {
  const mail = (await outboxMails(admin)).find((m) => m.to === email && m.kind === 'verification');
  expect(mail, `a confirmation e-mail to ${email}`).toBeTruthy();
  const link = mail!.body.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  await person.goto(url.pathname + url.search);
  await expect(person.getByTestId('verify-email-done')).toBeVisible();
}

/** isoInMonths is day `day` of the month `months` from now, "YYYY-MM-DD" (UTC). */
export function isoInMonths(months: number, day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day)).toISOString().slice(0, 10);
}

/** ok fails the test unless the API answered 2xx, and returns the answer's JSON. */
export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The festival fields createApprovedFestival sends (POST /api/v1/festivals). */
export type FestivalDetails = {
  name: string;
  description: string;
  location: string;
  country: string;
  city: string;
  startDate: string;
  endDate: string;
  contactEmail: string;
};

/** What POST /api/v1/festivals answers of a festival that the specs read. */
export type CreatedFestival = { id: number; slug: string; name: string; version: number; startDate: string };

/**
 * createApprovedFestival makes an approved festival through the API: it
 * creates the admin, registers the organiser, creates the festival from
 * details, lets prepare set it up with the organiser's API context
 * (categories, time zone, reminders) before review, and has the admin
 * approve it.
 */
export async function createApprovedFestival(
  baseURL: string,
  people: { organiser: { email: string; password: string }; admin: { email: string; password: string } },
  details: FestivalDetails,
  prepare: (org: APIRequestContext, festival: CreatedFestival) => Promise<void> = async () => {},
): Promise<CreatedFestival> {
  createAdmin(people.admin.email, people.admin.password);
  const org = await request.newContext({ baseURL });
  expect((await org.post('/api/v1/user/register', { data: people.organiser })).ok()).toBeTruthy();
  const created = await org.post('/api/v1/festivals', { data: details });
  expect(created.status()).toBe(201);
  const { festival } = (await created.json()) as { festival: CreatedFestival };
  await prepare(org, festival);
  const adm = await request.newContext({ baseURL });
  expect((await adm.post('/api/v1/user/login', { data: people.admin })).ok()).toBeTruthy();
  expect((await adm.post(`/api/v1/admin/festivals/${festival.id}/approve`)).ok()).toBeTruthy();
  await org.dispose();
  await adm.dispose();
  return festival;
}

/**
 * trackRequests counts the page's requests from now on; the function it
 * returns waits until every one of them has its answer (or failed). Tests
 * wait on it for a page's data instead of 'networkidle', which waits for
 * half a second without requests.
 */
export function trackRequests(page: Page): () => Promise<void> {
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return async () => {
    await expect
      .poll(() => [...inFlight].map((r) => r.url()), { message: 'every request the page made has its answer' })
      .toEqual([]);
  };
}

/**
 * openInApp shows path in a page that already shows the site, as following a
 * link does: the address changes (history.pushState, then popstate, which
 * the app's router follows) and the app renders the next page without
 * loading the document again. A page load costs the app's start-up again
 * (0.6 to 0.75 s a page on an idle two-core machine, against 0.2 to 0.25 s
 * this way, measured), and the page sweeps (public-pages' crawler,
 * cjk-layout) visit some 170 pages a run. The server's answer to a direct
 * visit of path is read with a plain request and returned. openInApp
 * returns once the page on screen is path's, or that of the page path sent
 * the reader to (main's data-path, src/app/NavigationProgress.tsx, is the
 * address), and no navigation is pending; the page's own data may still be
 * on its way.
 */
export async function openInApp(page: Page, path: string): Promise<number> {
  const status = (await page.request.get(path)).status();
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page
    .waitForFunction(() => {
      const main = document.getElementById('main');
      return main !== null && main.dataset.path === window.location.pathname && main.dataset.pending === undefined;
    }, undefined, { timeout: 15_000 })
    .catch(() => {
      throw new Error(`${path}: the app did not show the page (main's data-path is not the address, or a navigation is still pending)`);
    });
  return status;
}

/**
 * consoleErrorsOf records console errors and page errors, except the
 * browser's own report of the 401 that GET /api/v1/me answers for an
 * anonymous visitor (that is how the header learns nobody is signed in).
 */
export function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const anonymousProbe = /status of 401/.test(msg.text()) && new URL(msg.location().url || 'http://x/').pathname === '/api/v1/me';
    if (!anonymousProbe) errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}

/** Text that looks like an i18n key that was never translated, e.g. 'pages.learnMore'. */
const rawKey = /\b(common|pages|contact|cookies|legal|pricing|admin|errors)\.[a-zA-Z]/;
const cjkText = /[\u3040-\u30ff\u3400-\u9fff]/;

/** The html lang attribute of each language the site speaks. */
export const htmlLangs = { en: 'en', ja: 'ja', zh: 'zh-Hans' } as const;

/**
 * expectTranslatedPage checks the public page on screen (route, answered
 * with status) in the language lang: one heading, the language's lang
 * attribute, no not-found or missing content, a title, no untranslated
 * key, and in Japanese and Chinese a heading and title in that language.
 */
export async function expectTranslatedPage(page: Page, route: string, lang: keyof typeof htmlLangs, status: number | undefined) {
  expect(status, route).toBe(200);
  await expect(page.locator('h1'), route).toHaveCount(1);
  await expect(page.locator('html'), route).toHaveAttribute('lang', htmlLangs[lang]);
  await expect(page.getByTestId('not-found'), route).toHaveCount(0);
  await expect(page.getByTestId('content-not-available'), route).toHaveCount(0);
  await expect(page, route).toHaveTitle(/\S.*\| Marquee$/);
  const body = await page.locator('body').innerText();
  expect(body, route).not.toContain('Content not available');
  expect(body.match(rawKey)?.[0] ?? null, `untranslated key on ${route}`).toBeNull();
  if (lang !== 'en') {
    expect(await page.locator('h1').innerText(), `the heading of ${route} is in the chosen language`).toMatch(cjkText);
    expect(await page.title(), `the title of ${route} is in the chosen language`).toMatch(cjkText);
  }
}

/** Every public page of the site (public-pages.spec.ts, cjk-layout.spec.ts). */
export const publicRoutes = [
  '/',
  '/about',
  '/services',
  '/services/technology-solutions',
  '/services/security-services',
  '/services/tax-consultation',
  '/services/custom-software-development',
  '/blogs',
  '/faqs',
  '/marketing',
  '/movies',
  '/contact',
  '/privacy',
  '/terms',
  '/cookies',
  '/pricing',
  '/pricing/basic',
  '/pricing/pro',
  '/pricing/enterprise',
  '/login',
  '/signup',
];
