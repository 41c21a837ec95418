import { expect, request, test } from '@playwright/test';
import { collectConsoleErrors, createApprovedFestival, isoInMonths, logInViaApi, ok, presetCookieConsent, uniqueEmail } from './helpers';

// The payout journey (issue 26), from sale to payout: a buyer pays a ticket
// (test mode), the organiser connects a test mode payout account with the
// tax data on a phone in Japanese, an admin pays the festival's balance
// (once: a second pay-now finds nothing), and the organiser's payouts page
// shows it paid. A second account sees nothing of it.

const organiser = { email: uniqueEmail('payouts-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('payouts-admin'), password: 'admin-password-1' };
const buyer = { email: uniqueEmail('payouts-buyer'), password: 'buyer-password-1' };
const stranger = { email: uniqueEmail('payouts-stranger'), password: 'stranger-password-1' };
const card = { country: 'JP', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' } };

type Balance = { availableCents: number; paidCents: number };

let slug = '';

test.beforeAll(async ({ baseURL }) => {
  const festival = await createApprovedFestival(
    baseURL!,
    { organiser, admin },
    {
      name: `Payday Shorts ${Date.now() % 100000}`,
      description: 'Short films, paid out.',
      location: 'Hall 1, Osaka',
      country: 'JP',
      city: 'Osaka',
      startDate: isoInMonths(2, 10),
      endDate: isoInMonths(2, 12),
      contactEmail: 'team@payday.example',
    },
  );
  slug = festival.slug;
  // A screening on sale now; a buyer holds two seats; the screening then
  // ends (the organiser moves it into the past) and the buyer pays the
  // held order: the ticket money is available at once, by the rule's own
  // data (TicketAvailableAt: once the screening has ended).
  const org = await request.newContext({ baseURL });
  await ok(await org.post('/api/v1/user/login', { data: organiser }));
  const now = Date.now();
  // Local times of the festival (Osaka, UTC+9): a UTC time read as Osaka's is earlier still.
  const local = (msFromNow: number) => new Date(now + msFromNow).toISOString().slice(0, 16);
  const hour = 3600_000;
  const screeningInput = {
    title: 'Opening night',
    venue: 'Hall 1',
    startsAt: local(-hour),
    endsAt: `${isoInMonths(2, 10)}T21:00`,
    capacity: 50,
    priceCents: 2000,
    salesStartAt: local(-2 * hour),
    salesEndAt: `${isoInMonths(2, 10)}T18:00`,
  };
  const screening = await ok<{ id: number }>(await org.post(`/api/v1/manage/festivals/${slug}/screenings`, { data: screeningInput }));
  const shopper = await request.newContext({ baseURL });
  await ok(await shopper.post('/api/v1/user/register', { data: buyer }));
  const order = await ok<{ id: number }>(await shopper.post('/api/v1/ticket-orders', { data: { screeningId: screening.id, quantity: 2 } }));
  await ok(
    await org.put(`/api/v1/manage/festivals/${slug}/screenings/${screening.id}`, {
      data: { ...screeningInput, startsAt: local(-3 * hour), endsAt: local(-2 * hour), salesStartAt: local(-4 * hour), salesEndAt: local(-3 * hour) },
    }),
  );
  await ok(await shopper.post(`/api/v1/ticket-orders/${order.id}/pay`, { data: card }));
  const earnings = await ok<{ balance: Balance }>(await org.get(`/api/v1/manage/festivals/${slug}/earnings`));
  expect(earnings.balance.availableCents).toBeGreaterThan(2500);
  await org.dispose();
  await shopper.dispose();
});

test('an organiser connects a payout account, an admin pays the balance once, the organiser sees it paid', async ({ browser, baseURL }) => {
  // The organiser, on a phone in Japanese.
  const context = await browser.newContext({ baseURL, locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(context, baseURL!);
  const page = await context.newPage();
  await logInViaApi(page, organiser.email, organiser.password);
  const before = await ok<{ balance: Balance }>(await page.request.get(`/api/v1/manage/festivals/${slug}/earnings`));
  // The payout account is on the festival's earnings page.
  await page.goto(`/manage/festivals/${slug}/earnings`);
  await expect(page.getByTestId('payout-account-slot').getByRole('heading', { name: '支払い口座' })).toBeVisible();
  await expect(page.getByText('テストモード：実際の銀行口座は接続されず、お金は動きません。')).toBeVisible();
  // Nothing filled in: a message per field, nothing connected.
  await page.getByRole('button', { name: '支払い口座を接続' }).click();
  await expect(page.getByText('正式名称を入力してください')).toBeVisible();
  await expect(page.getByText('税番号を入力してください')).toBeVisible();
  // From here on, no request fails (the refused form above answered 400).
  const errors = collectConsoleErrors(page);
  await page.getByLabel('正式名称').fill('株式会社ペイデイ');
  await page.getByLabel('住所').fill('大阪府大阪市北区1-2-3');
  await page.getByLabel('国').fill('jp');
  await page.getByLabel('税番号').fill('T1234567890123');
  await page.getByRole('button', { name: '支払い口座を接続' }).click();
  // The test mode's onboarding page stands in for Stripe's.
  await expect(page).toHaveURL(/\/payouts\/test-onboarding\?/);
  await expect(page.getByRole('heading', { name: 'テスト用の支払い口座登録' })).toBeVisible();
  await page.getByRole('button', { name: '登録を完了' }).click();
  // Back on the earnings page, the account is active.
  await expect(page).toHaveURL(new RegExp(`/manage/festivals/${slug}/earnings\\?payouts=return`));
  await expect(page.getByTestId('payout-account-status')).toHaveText('有効');
  await expect(page.getByTestId('payout-tax-data')).toContainText('株式会社ペイデイ');
  await expect(page.getByTestId('payout-tax-data')).toContainText('T1234567890123');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Its link opens the festival's payouts: none yet.
  await page.getByTestId('payouts-link').click();
  await expect(page).toHaveURL(new RegExp(`/manage/festivals/${slug}/payouts$`));
  await expect(page.getByTestId('payouts-empty')).toHaveText('まだ支払いはありません。');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The admin pays the festival's available balance; a second pay-now finds nothing left.
  const adminContext = await browser.newContext({ baseURL, locale: 'en-US' });
  await presetCookieConsent(adminContext, baseURL!);
  const adminPage = await adminContext.newPage();
  await logInViaApi(adminPage, admin.email, admin.password);
  await adminPage.goto('/admin/payouts');
  await adminPage.getByLabel('Festival address').fill(slug);
  await adminPage.getByRole('button', { name: 'Pay available balance now' }).click();
  await expect(adminPage.getByTestId('payout-made')).toContainText(/was paid \$\d+\.\d\d\./);
  await expect(adminPage.getByTestId('payouts-table')).toContainText('Paid');
  await adminPage.getByRole('button', { name: 'Pay available balance now' }).click();
  await expect(adminPage.getByRole('alert')).toContainText('The available balance is below the minimum payout');
  await adminPage.getByRole('radiogroup', { name: 'Show payouts' }).getByText('Failed', { exact: true }).click();
  await expect(adminPage.getByTestId('payouts-empty')).toBeVisible();

  // The balance moved once: everything available is now paid.
  const after = await ok<{ balance: Balance }>(await page.request.get(`/api/v1/manage/festivals/${slug}/earnings`));
  expect(after.balance.availableCents).toBe(0);
  expect(after.balance.paidCents).toBe(before.balance.paidCents + before.balance.availableCents);
  const payouts = await ok<{ total: number; items: { status: string; amountCents: number }[] }>(
    await page.request.get(`/api/v1/manage/festivals/${slug}/payouts`),
  );
  expect(payouts.total).toBe(1);
  expect(payouts.items[0]).toMatchObject({ status: 'paid', amountCents: before.balance.availableCents });

  // The organiser's page shows it paid, in Japanese.
  await page.reload();
  await expect(page.getByTestId('payouts-table')).toContainText('支払済み');
  expect(errors).toEqual([]);

  // A second account sees nothing of it.
  const other = await request.newContext({ baseURL });
  await ok(await other.post('/api/v1/user/register', { data: stranger }));
  expect((await other.get(`/api/v1/manage/festivals/${slug}/payout-account`)).status()).toBe(404);
  expect((await other.get(`/api/v1/manage/festivals/${slug}/payouts`)).status()).toBe(404);
  await other.dispose();
  await adminContext.close();
  await context.close();
});
