import { expect, test } from '@playwright/test';
import { collectConsoleErrors, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

// Issue 11's movies journey without a movie database key (the browser tests'
// server has none): a filmmaker lists a film with a poster, and visitors
// find it in the /movies grid and on its details page.

/** A 1×1 transparent PNG, made here rather than read from a file. */
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

test('a filmmaker lists a film with a poster; visitors see it in the movies grid and its details page', async ({ page, browser, baseURL }) => {
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const title = `Lantern Tide ${Date.now() % 100000}`;
  await signUpViaApi(page, uniqueEmail('movies-filmmaker'), 'filmmaker-password');

  // A film that stays private, made over the API: it must never show.
  const hidden = await page.request.post('/api/v1/films', { data: { title: `${title} (private)`, public: false, credits: [] } });
  expect(hidden.status()).toBe(201);

  // The listed film, with a poster, made on the film page.
  await page.goto('/films/new');
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel('Logline', { exact: true }).fill('Two sisters keep a lighthouse burning through one long winter.');
  await page.getByLabel('Runtime (minutes)').fill('18');
  await page.getByLabel('Year of completion').fill('2025');
  await page.getByLabel('Genre').fill('Drama');
  await page.getByLabel('List this film publicly').check();
  await page.getByTestId('poster-input').setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByTestId('poster-preview')).toBeVisible();
  await page.getByRole('button', { name: 'Create film' }).click();
  await expect(page.getByTestId('film-saved')).toHaveText('Your film project is created.');
  const filmId = Number(new URL(page.url()).pathname.split('/').pop());

  // A visitor (another browser context, signed out) opens /movies.
  const visitorContext = await browser.newContext({ baseURL });
  await presetCookieConsent(visitorContext, baseURL!);
  const visitor = await visitorContext.newPage();
  const visitorErrors = collectConsoleErrors(visitor);
  await visitor.goto('/movies');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Discover Cinematic Gems' })).toBeVisible();
  const card = visitor.getByTestId('movie-card').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card).toContainText('Two sisters keep a lighthouse burning through one long winter.');
  const poster = card.getByTestId('movie-poster');
  await expect(poster).toHaveAttribute('src', /^\/media\/posters\//);
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(visitor.getByTestId('movie-card').filter({ hasText: '(private)' })).toHaveCount(0);
  await expect(visitor.getByTestId('movies-empty')).toHaveCount(0);
  expect(await seriousViolations(visitor)).toEqual([]);

  // View Details opens the film's page.
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/movie/${filmId}$`));
  const details = visitor.getByTestId('movie-details');
  await expect(details.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(details.getByRole('img', { name: `Poster of ${title}` })).toHaveAttribute('src', /^\/media\/posters\//);
  await expect(visitor.getByTestId('movie-overview')).toHaveText('Two sisters keep a lighthouse burning through one long winter.');
  await expect(visitor.getByTestId('movie-release')).toHaveText('2025');
  await expect(visitor.getByTestId('movie-runtime')).toHaveText('18 minutes');
  await expect(visitor.getByTestId('movie-genres')).toHaveText('Drama');
  await expect(visitor).toHaveTitle(`${title} | Marquee`);
  expect(await seriousViolations(visitor)).toEqual([]);

  // The private film's page is not found; the way back leads to the grid.
  const privateId = ((await hidden.json()) as { film: { id: number } }).film.id;
  await visitor.goto(`/movie/${privateId}`);
  await expect(visitor.getByTestId('movie-not-found')).toContainText('This movie was not found.');
  await visitor.getByRole('link', { name: /Back to movies/ }).click();
  await expect(visitor).toHaveURL(/\/movies$/);
  await expect(visitor.getByTestId('movie-card').filter({ hasText: title })).toHaveCount(1);

  await visitorContext.close();

  // A Japanese visitor: the page's own texts in Japanese, the film's as written.
  const jaContext = await browser.newContext({ baseURL, locale: 'ja-JP' });
  await presetCookieConsent(jaContext, baseURL!);
  const ja = await jaContext.newPage();
  await ja.goto('/movies');
  await expect(ja.getByRole('heading', { level: 1, name: '珠玉の映画に出会う' })).toBeVisible();
  const jaCard = ja.getByTestId('movie-card').filter({ hasText: title });
  await jaCard.getByRole('link', { name: '詳細を見る' }).click();
  await expect(ja.getByTestId('movie-runtime')).toHaveText('18分');
  await expect(ja.getByText('製作年')).toBeVisible();
  await jaContext.close();

  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  expect(visitorErrors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});
