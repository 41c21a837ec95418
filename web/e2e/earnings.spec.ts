import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createApprovedFestival, isoInMonths, ok, presetCookieConsent, uniqueEmail } from './helpers';

// Organisers get paid (issue 26): a filmmaker's paid entry (20 credits at
// the credits' published value, 40 cents) and a buyer's paid ticket
// ($15.00) show in the festival's earnings with the platform's 8.5 %
// commission as their own lines; the month's statement downloads as CSV
// (with a BOM) and as a PDF, both with the payout account's tax data; the page reads in Japanese on a 390 px phone; a second
// organiser cannot see it.

const organiser = { email: uniqueEmail('earnings-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('earnings-admin'), password: 'admin-password-1' };
const filmmaker = { email: uniqueEmail('earnings-filmmaker'), password: 'filmmaker-password' };
const buyer = { email: uniqueEmail('earnings-buyer'), password: 'buyer-password-1' };
const stranger = { email: uniqueEmail('earnings-stranger'), password: 'stranger-password' };
let slug = '';

test.beforeAll(async ({ baseURL, playwright }) => {
  const festival = await createApprovedFestival(
    baseURL!,
    { organiser, admin },
    {
      name: `Paid Lights ${Date.now() % 100000}`,
      description: 'A festival that gets paid.',
      location: 'Harbour Cinema, Kobe',
      country: 'JP',
      city: 'Kobe',
      startDate: isoInMonths(4, 10),
      endDate: isoInMonths(4, 14),
      contactEmail: 'team@paid.example',
    },
    async (org, f) => {
      await ok(
        await org.put(`/api/v1/manage/festivals/${f.slug}/categories`, {
          data: { version: f.version, categories: [{ name: 'Shorts', description: '', deadlines: [{ tier: 'regular', date: isoInMonths(3, 1), fee: 20 }] }] },
        }),
      );
    },
  );
  slug = festival.slug;
  const org = await playwright.request.newContext({ baseURL });
  await ok(await org.post('/api/v1/user/login', { data: organiser }));
  const day = isoInMonths(4, 11);
  const screening = await ok<{ id: number }>(
    await org.post(`/api/v1/manage/festivals/${slug}/screenings`, {
      data: { title: 'Opening night', venue: 'Hall 1', startsAt: `${day}T19:00`, endsAt: `${day}T21:00`, capacity: 50, priceCents: 1500, salesStartAt: `${isoInMonths(0, 1)}T00:00`, salesEndAt: `${day}T18:00` },
    }),
  );
  const manage = await ok<{ festival: { categories: { id: number }[] } }>(await org.get(`/api/v1/manage/festivals/${slug}`));
  // The payout account's tax data, which the statements show.
  await ok(
    await org.put(`/api/v1/manage/festivals/${slug}/payout-account`, {
      data: { legalName: '神戸ペイドライツ合同会社', address: '1-1 Harbourland, Kobe', country: 'JP', taxId: 'T1234567890123' },
    }),
  );

  // The filmmaker buys credits and pays an entry.
  const fm = await playwright.request.newContext({ baseURL });
  await ok(await fm.post('/api/v1/user/register', { data: filmmaker }));
  await ok(await fm.post('/api/v1/payments', { data: { packageId: 'pro', country: 'US', paymentMethodId: 'pm_card_visa' } }));
  const { film } = await ok<{ film: { id: number } }>(
    await fm.post('/api/v1/films', { data: { title: 'Tide Clock', runtimeMinutes: 9, country: 'JP', screenerUrl: 'https://screeners.example/tide', credits: [] } }),
  );
  await ok(await fm.post('/api/v1/submissions', { data: { filmId: film.id, entries: [{ festivalId: festival.id, categoryId: manage.festival.categories[0].id }] } }));

  // The buyer pays a ticket.
  const buy = await playwright.request.newContext({ baseURL });
  await ok(await buy.post('/api/v1/user/register', { data: buyer }));
  const order = await ok<{ id: number }>(await buy.post('/api/v1/ticket-orders', { data: { screeningId: screening.id, quantity: 1 } }));
  await ok(await buy.post(`/api/v1/ticket-orders/${order.id}/pay`, { data: { country: 'JP', paymentMethodId: 'pm_card_visa' } }));
  await Promise.all([org.dispose(), fm.dispose(), buy.dispose()]);
});

test('a paid entry and a paid ticket show in the earnings with commission; the statement downloads; Japanese on a phone; a second organiser sees nothing', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await presetCookieConsent(page.context(), baseURL!);
  await ok(await page.request.post('/api/v1/user/login', { data: organiser }));
  await page.goto(`/manage/festivals/${slug}/earnings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
  // $8.00 − $0.68 + $15.00 − $1.28, pending until the festival and the screening end.
  await expect(page.getByTestId('balance-pending')).toHaveText('$21.04');
  await expect(page.getByTestId('balance-available')).toHaveText('$0.00');
  await expect(page.getByTestId('earnings-terms')).toContainText('count $0.40 per credit');
  await expect(page.getByTestId('earnings-terms')).toContainText('8.5 %');
  const rows = page.getByTestId('earnings-rows');
  await expect(rows.locator('tr[data-kind="entry_fee"]')).toContainText('$8.00');
  await expect(rows.locator('tr[data-kind="ticket"]')).toContainText('$15.00');
  await expect(rows.locator('tr[data-kind="commission"]')).toHaveCount(2);
  await expect(page.getByTestId('statement-lines').locator('tr[data-line="commission"]')).toContainText('-$1.96');
  await expect(page.getByTestId('statement-lines').locator('tr[data-line="closing"]')).toContainText('$21.04');

  // The statement as CSV, with a BOM and the credit value.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-csv').click()]);
  const csv = readFileSync((await download.path())!);
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = csv.toString('utf8');
  expect(text).toContain('credit_value_cents');
  expect(text).toMatch(/entry_fee,submission:\d+,800,usd/);
  expect(text).toMatch(/commission,ticket_order:\d+,-128,usd/);
  expect(text).toContain('神戸ペイドライツ合同会社,"1-1 Harbourland, Kobe",JP,T1234567890123');
  await expect(page.getByTestId('statement-tax')).toContainText('T1234567890123');

  // The statement as a PDF, from the page's link.
  const pdfUrl = await page.getByTestId('statement-pdf').getAttribute('href');
  expect(pdfUrl).toContain('lang=en');
  const pdf = await page.request.get(pdfUrl!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Japanese on a 390 px phone: the texts from the catalogue, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '収益' })).toBeVisible();
  await expect(page.getByText('保留中', { exact: true })).toBeVisible();
  await expect(page.getByTestId('earnings-terms')).toContainText('1 クレジットあたり');
  await expect(page.getByTestId('earnings-rows').locator('tr[data-kind="entry_fee"]')).toContainText('応募料');
  await expect(page.getByTestId('statement-tax')).toContainText('税番号');
  await expect(page.getByTestId('statement-pdf')).toHaveAttribute('href', /lang=ja/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A second organiser: the page says the festival is not theirs, the API 404.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await presetCookieConsent(other, baseURL!);
  await ok(await second.request.post('/api/v1/user/register', { data: stranger }));
  expect((await second.request.get(`/api/v1/manage/festivals/${slug}/earnings`)).status()).toBe(404);
  expect((await second.request.get(`/api/v1/manage/festivals/${slug}/earnings/statement.csv`)).status()).toBe(404);
  expect((await second.request.get(`/api/v1/manage/festivals/${slug}/earnings/statement.pdf`)).status()).toBe(404);
  await second.goto(`/manage/festivals/${slug}/earnings`);
  await expect(second.getByText('This festival does not exist or is not yours to manage.')).toBeVisible();
  await expect(second.getByTestId('earnings')).toHaveCount(0);
  await other.close();
});
