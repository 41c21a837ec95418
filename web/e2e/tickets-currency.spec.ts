import { expect, test } from '@playwright/test';
import { collectConsoleErrors, ok, outboxMails, presetCookieConsent, uniqueEmail } from './helpers';
import { createSellingFestival } from './ticket-setup';

// Ticket currencies (issue 27): an organiser reading Japanese on a 390 px
// phone sets the festival to yen, adds a ticket type at ¥1,500 (whole
// yen: no decimals); a buyer buys two and sees ¥3,000 on the buy page, on
// the held order and in the confirmation e-mail; the organiser's earnings
// are in yen; a second account sees none of it.

const organiser = { email: uniqueEmail('yen-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('yen-admin'), password: 'admin-password-1' };
const buyer = { email: uniqueEmail('yen-buyer'), password: 'buyer-password-1' };
const stranger = { email: uniqueEmail('yen-stranger'), password: 'stranger-password' };
/** Intl writes the yen sign full width in Japanese (￥), e-mails half width (¥). */
const yen = (n: string) => new RegExp(`[¥￥]${n}`);
let slug = '';
let screeningId = 0;

test.beforeAll(async ({ baseURL }) => {
  const { festival, screeningIds } = await createSellingFestival(baseURL!, { organiser, admin }, {
    name: `Yen Nights ${Date.now() % 100000}`,
    description: 'Films paid in yen.',
    location: 'Kumo Hall, Osaka',
    city: 'Osaka',
    contactEmail: 'team@yen.example',
    timeZone: 'UTC',
    screenings: [{ title: '雲の上映', venue: 'Hall 1', start: '19:00', end: '21:00', capacity: 20, priceCents: 1200 }],
  });
  slug = festival.slug;
  screeningId = screeningIds[0];
});

test('an organiser sells in yen; a buyer pays ¥3,000 for two; the earnings are in yen; a stranger sees nothing', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const ja = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(ja, baseURL!);
  await ja.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));

  // The organiser, in Japanese at 390 px: the festival's currency becomes JPY.
  const page = await ja.newPage();
  await ok(await page.request.post('/api/v1/user/login', { data: organiser }));
  await page.goto(`/manage/festivals/${slug}/screenings`);
  await expect(page.getByTestId('currency-select')).toBeVisible();
  await expect(page.locator('#screenings-currency')).toHaveText('チケットの通貨');
  await page.getByTestId('currency-select').click();
  await page.getByRole('option', { name: /^JPY/ }).click();
  await page.getByTestId('currency-save').click();
  await expect(page.getByTestId('currency-saved')).toHaveText('チケットはJPYで販売されます。');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A ticket type at ¥1,500: the price field takes whole yen.
  await page.goto(`/manage/festivals/${slug}/ticket-offers?screening=${screeningId}`);
  await expect(page.getByTestId('type-row')).toHaveCount(1);
  await page.getByTestId('type-name').fill('一般');
  await page.getByTestId('type-price').fill('1500');
  await page.getByTestId('type-add').click();
  await expect(page.getByTestId('type-row')).toHaveCount(2);
  await expect(page.getByTestId('type-row').nth(1)).toContainText(yen('1,500'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const types = await ok<{ id: number; name: string; priceCents: number }[]>(
    await page.request.get(`/api/v1/manage/festivals/${slug}/screenings/${screeningId}/ticket-types`),
  );
  const standard = types.find((t) => t.name === '')!.id;
  const full = types.find((t) => t.name === '一般')!;
  expect(full.priceCents).toBe(1500);
  // Once sold, the currency stays (checked after the sale below).

  // The buyer, also in Japanese at 390 px: two tickets of ¥1,500.
  const shopper = await ja.browser()!.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(shopper, baseURL!);
  await shopper.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  const buy = await shopper.newPage();
  const errors = collectConsoleErrors(buy);
  await ok(await buy.request.post('/api/v1/user/register', { data: buyer }));
  await buy.goto(`/screenings/${screeningId}/buy`);
  await expect(buy.getByTestId('type-chooser')).toBeVisible();
  await buy.getByTestId(`qty-${standard}`).fill('0');
  await buy.getByTestId(`qty-${full.id}`).fill('2');
  await expect(buy.getByTestId('buy-total')).toHaveText(yen('3,000'));
  await expect(buy.getByTestId('buy-total')).not.toContainText('30.00');
  const created = buy.waitForResponse((r) => r.url().endsWith('/api/v1/ticket-orders') && r.request().method() === 'POST');
  await buy.getByRole('button', { name: /2席/ }).click();
  const held = (await (await created).json()) as { id: number; amountCents: number; currency: string };
  expect(held).toMatchObject({ amountCents: 3000, currency: 'jpy' });
  await expect(buy.getByTestId('buy-held')).toContainText(yen('3,000'));
  await buy.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await buy.getByLabel(/^有効期限/).fill('12/34');
  await buy.getByLabel(/^CVC/).fill('123');
  await buy.getByLabel(/^国/).fill('jp');
  await buy.getByRole('button', { name: yen('3,000') }).click();
  await expect(buy.getByTestId('buy-success')).toBeVisible();
  expect(await buy.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
  const order = await ok<{ amountCents: number; currency: string; status: string }>(await buy.request.get(`/api/v1/ticket-orders/${held.id}`));
  expect(order).toMatchObject({ amountCents: 3000, currency: 'jpy', status: 'paid' });
  await shopper.close();

  // The confirmation e-mail says ¥3,000.
  const adminPage = await browser.newPage();
  await ok(await adminPage.request.post('/api/v1/user/login', { data: admin }));
  const mail = (await outboxMails(adminPage, 3)).find((m) => m.kind === 'ticket-confirmation' && m.to === buyer.email);
  expect(mail, 'a ticket confirmation to the buyer').toBeTruthy();
  expect(mail!.body).toContain('¥3,000');
  await adminPage.close();

  // The currency cannot change now; the earnings are in yen (¥3,000 less 8.5 %: ¥2,745 pending).
  const refused = await page.request.put(`/api/v1/manage/festivals/${slug}/currency`, { data: { currency: 'usd' } });
  expect(refused.status()).toBe(400);
  await page.goto(`/manage/festivals/${slug}/earnings`);
  await expect(page.getByTestId('balance-pending')).toHaveText(yen('2,745'));
  await expect(page.getByTestId('earnings')).toContainText(yen('3,000'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ja.close();

  // A second account sees none of it.
  const other = await browser.newContext();
  await presetCookieConsent(other, baseURL!);
  const second = await other.newPage();
  await ok(await second.request.post('/api/v1/user/register', { data: stranger }));
  expect((await second.request.put(`/api/v1/manage/festivals/${slug}/currency`, { data: { currency: 'eur' } })).status()).toBe(404);
  expect((await second.request.get(`/api/v1/manage/festivals/${slug}/earnings`)).status()).toBe(404);
  expect((await second.request.get(`/api/v1/manage/festivals/${slug}/screenings`)).status()).toBe(404);
  await second.goto(`/manage/festivals/${slug}/earnings`);
  await expect(second.getByTestId('earnings')).toHaveCount(0);
  await other.close();
});
