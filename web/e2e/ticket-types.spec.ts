import { expect, test } from '@playwright/test';
import { collectConsoleErrors, ok, presetCookieConsent, uniqueEmail } from './helpers';
import { createSellingFestival } from './ticket-setup';

// Ticket types, vouchers and attendee names (issue 27): the organiser adds
// a concession type, asks for attendees' names and creates a voucher; a
// buyer picks a standard and a concession ticket, is told why an unknown
// code is refused, applies the voucher, names both attendees, pays the
// discounted total in test mode and sees the named tickets, which the
// organiser's order list shows; in Japanese at 390 px the buy page reads
// and fits; another organiser sees none of it.

const organiser = { email: uniqueEmail('types-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('types-admin'), password: 'admin-password-1' };
const buyer = { email: uniqueEmail('types-buyer'), password: 'buyer-password-1' };
const stranger = { email: uniqueEmail('types-stranger'), password: 'stranger-password' };
let slug = '';
let screeningId = 0;

test.beforeAll(async ({ baseURL }) => {
  const { festival, screeningIds } = await createSellingFestival(baseURL!, { organiser, admin }, {
    name: `Lantern Nights ${Date.now() % 100000}`,
    description: 'Films by lantern light.',
    location: 'Lantern Hall, Nara',
    city: 'Nara',
    contactEmail: 'team@lantern.example',
    timeZone: 'UTC',
    screenings: [{ title: 'Lantern premiere', venue: 'Hall 1', start: '19:00', end: '21:00', capacity: 20, priceCents: 1200 }],
  });
  slug = festival.slug;
  screeningId = screeningIds[0];
});

test('an organiser offers types and a voucher; a buyer picks two types with the code and named attendees', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await presetCookieConsent(page.context(), baseURL!);

  // The organiser: a concession type, names required, a voucher.
  await ok(await page.request.post('/api/v1/user/login', { data: organiser }));
  await page.goto(`/manage/festivals/${slug}/ticket-offers?screening=${screeningId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ticket types and vouchers' })).toBeVisible();
  await expect(page.getByTestId('type-row')).toHaveCount(1);
  await page.getByTestId('type-name').fill('Concession');
  await page.getByTestId('type-price').fill('8');
  await page.getByTestId('type-quota').fill('5');
  await page.getByTestId('type-add').click();
  await expect(page.getByTestId('type-row')).toHaveCount(2);
  await expect(page.getByTestId('type-row').nth(1)).toContainText('Concession');
  // Edited: its quota goes from 5 to 6.
  await page.getByRole('button', { name: 'Edit Concession' }).click();
  await expect(page.getByTestId('type-quota')).toHaveValue('5');
  await page.getByTestId('type-quota').fill('6');
  await page.getByRole('button', { name: 'Save type' }).click();
  await expect(page.getByTestId('type-row').nth(1).getByRole('cell').nth(2)).toHaveText('6');
  await page.getByTestId('attendee-names').click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/attendee-names') && r.ok());
  await page.getByRole('option', { name: 'Required' }).click();
  await saved;
  await page.getByTestId('voucher-new-code').fill('spring20');
  await page.getByTestId('voucher-value').fill('20');
  await page.getByTestId('voucher-limit').fill('5');
  await page.getByTestId('voucher-create').click();
  const voucherRow = page.getByTestId('voucher-row');
  await expect(voucherRow).toContainText('SPRING20');
  await expect(voucherRow.getByTestId('voucher-used')).toHaveText('0 of 5');
  const types = await ok<{ id: number; name: string }[]>(
    await page.request.get(`/api/v1/manage/festivals/${slug}/screenings/${screeningId}/ticket-types`),
  );
  const standard = types.find((t) => t.name === '')!.id;
  const concession = types.find((t) => t.name === 'Concession')!.id;

  // The buyer: one standard and one concession ticket.
  const buyerContext = await browser.newContext();
  await presetCookieConsent(buyerContext, baseURL!);
  const shopper = await buyerContext.newPage();
  const errors = collectConsoleErrors(shopper);
  await ok(await shopper.request.post('/api/v1/user/register', { data: buyer }));
  await shopper.goto(`/screenings/${screeningId}/buy`);
  await expect(shopper.getByTestId('type-chooser')).toBeVisible();
  await expect(shopper.getByTestId(`qty-${standard}`)).toHaveValue('1');
  await shopper.getByTestId(`qty-${concession}`).fill('1');
  await expect(shopper.getByTestId('buy-total')).toHaveText('Total: $20.00');
  await shopper.getByTestId('voucher-code').fill('NOPE1');
  await shopper.getByTestId('voucher-apply').click();
  await expect(shopper.getByText('This code does not exist')).toBeVisible();
  await shopper.getByTestId('voucher-code').fill('spring20');
  await shopper.getByTestId('voucher-apply').click();
  await expect(shopper.getByTestId('voucher-applied')).toHaveText('Code SPRING20 applied');
  await expect(shopper.getByTestId('buy-total')).toContainText('Discount: −$4.00');
  await expect(shopper.getByTestId('buy-total')).toContainText('Total: $16.00');
  // Names are required: reserving without them says so.
  await shopper.getByRole('button', { name: 'Reserve 2 seats' }).click();
  await expect(shopper.getByText("Enter the attendee's name").first()).toBeVisible();
  await shopper.getByTestId(`attendee-${standard}-0`).fill('Hana Mori');
  await shopper.getByTestId(`attendee-${concession}-0`).fill('Ken Ito');
  await shopper.getByRole('button', { name: 'Reserve 2 seats' }).click();
  await expect(shopper.getByTestId('hold-countdown')).toBeVisible();
  await shopper.getByLabel(/^Card number/).fill('4242 4242 4242 4242');
  await shopper.getByLabel(/^Expiry/).fill('12/34');
  await shopper.getByLabel(/^CVC/).fill('123');
  await shopper.getByLabel(/^Country/).fill('jp');
  await shopper.getByRole('button', { name: 'Pay $16.00' }).click();
  await expect(shopper.getByTestId('buy-success')).toContainText('Your 2 tickets are ready');
  await expect(shopper.getByTestId('ticket-attendee')).toHaveText([/Hana Mori/, /Ken Ito · Concession/]);
  // The refused code's 400 is the only failed request.
  expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  await buyerContext.close();

  // The organiser's list: the order with its attendees, the voucher used once.
  await page.reload();
  await expect(page.getByTestId('order-row')).toHaveCount(1);
  await expect(page.getByTestId('order-row')).toContainText('Hana Mori, Ken Ito');
  await expect(page.getByTestId('order-row')).toContainText('SPRING20');
  await expect(page.getByTestId('voucher-used')).toHaveText('1 of 5');

  // In Japanese on a 390 px phone: the buy page reads and fits; a refused code says why.
  const ja = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(ja, baseURL!);
  await ja.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  const phone = await ja.newPage();
  await ok(await phone.request.post('/api/v1/user/register', { data: { email: uniqueEmail('types-ja'), password: 'buyer-password-2' } }));
  await phone.goto(`/screenings/${screeningId}/buy`);
  await expect(phone.getByTestId('buy-total')).toHaveText('合計：$12.00');
  await expect(phone.getByText('参加者の名前(必須・入場時に表示されます)')).toBeVisible();
  await phone.getByTestId('voucher-code').fill('NOPE1');
  await phone.getByTestId('voucher-apply').click();
  await expect(phone.getByText('このコードは存在しません')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ja.close();

  // Another organiser sees none of it.
  const other = await browser.newContext();
  await presetCookieConsent(other, baseURL!);
  const snoop = await other.newPage();
  await ok(await snoop.request.post('/api/v1/user/register', { data: stranger }));
  expect((await snoop.request.get(`/api/v1/manage/festivals/${slug}/vouchers`)).status()).toBe(404);
  await snoop.goto(`/manage/festivals/${slug}/ticket-offers`);
  await expect(snoop.getByTestId('offers-error')).toBeVisible();
  await expect(snoop.getByText('SPRING20')).toHaveCount(0);
  await other.close();
});
