import { expect, test } from '@playwright/test';
import { collectConsoleErrors, ok, presetCookieConsent, uniqueEmail } from './helpers';
import { createSellingFestival } from './ticket-setup';

// Self-service tickets (issue 27), in Japanese on a 390 px phone: the
// organiser lets buyers cancel up to 48 hours before a screening, refunded
// minus a fixed fee; a buyer gives a discount code on a screening that has
// only the standard type, pays with a declined test card, retries with a
// good one on the same order (the seats stay held) and gets the tickets;
// then cancels on the ticket's page and sees the amount refunded, and the
// ticket is no longer valid; a second account sees none of it.

const organiser = { email: uniqueEmail('self-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('self-admin'), password: 'admin-password-1' };
const buyer = { email: uniqueEmail('self-buyer'), password: 'buyer-password-1' };
const stranger = { email: uniqueEmail('self-stranger'), password: 'stranger-password' };
let slug = '';
let screeningId = 0;

test.beforeAll(async ({ baseURL }) => {
  const { festival, screeningIds } = await createSellingFestival(
    baseURL!,
    { organiser, admin },
    {
      name: `Harbour Lights ${Date.now() % 100000}`,
      description: 'Films by the harbour.',
      location: 'Harbour Hall, Kobe',
      city: 'Kobe',
      contactEmail: 'team@harbour.example',
      timeZone: 'UTC',
      screenings: [{ title: 'Harbour premiere', venue: 'Hall 2', start: '19:00', end: '21:00', capacity: 20, priceCents: 1200 }],
    },
    async (org, f) => {
      await ok(await org.post(`/api/v1/manage/festivals/${f.slug}/vouchers`, { data: { code: 'harbour10', kind: 'percent', value: 10, usageLimit: 5 } }));
    },
  );
  slug = festival.slug;
  screeningId = screeningIds[0];
});

test('a buyer retries a declined card on the same order, then cancels and sees the refund; nobody else sees it', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const phone = { locale: 'ja-JP', viewport: { width: 390, height: 844 } };
  const fits = async (p: import('@playwright/test').Page) =>
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The organiser, in Japanese on a phone: "minus a fee" of $3, 48 hours before.
  const orgContext = await browser.newContext(phone);
  await presetCookieConsent(orgContext, baseURL!);
  await orgContext.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  const org = await orgContext.newPage();
  await ok(await org.request.post('/api/v1/user/login', { data: organiser }));
  await org.goto(`/manage/festivals/${slug}/screenings`);
  const policy = org.getByTestId('cancellation-policy');
  await expect(policy.getByRole('heading', { name: '購入者によるキャンセル' })).toBeVisible();
  await policy.getByRole('switch', { name: '購入者がチケットをキャンセルできる' }).check({ force: true });
  await policy.getByTestId('policy-cutoff').fill('48');
  await policy.getByTestId('policy-refund').click();
  await org.getByRole('option', { name: '定額の手数料を差し引いて返金' }).click();
  await policy.getByTestId('policy-fee').fill('3');
  await policy.getByTestId('policy-save').click();
  await expect(policy.getByTestId('policy-saved')).toHaveText('キャンセルのルールを保存しました。');
  await fits(org);
  const saved = await ok<{ refund: string; feeCents: number; cutoffHours: number }>(
    await org.request.get(`/api/v1/manage/festivals/${slug}/cancellation-policy`),
  );
  expect(saved).toMatchObject({ refund: 'fixed_fee', feeCents: 300, cutoffHours: 48 });
  await orgContext.close();

  // The buyer: a discount code on the standard-only form, a declined card, a retry, the tickets.
  const buyerContext = await browser.newContext(phone);
  await presetCookieConsent(buyerContext, baseURL!);
  await buyerContext.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  const shopper = await buyerContext.newPage();
  const errors = collectConsoleErrors(shopper);
  await ok(await shopper.request.post('/api/v1/user/register', { data: buyer }));
  await shopper.goto(`/screenings/${screeningId}/buy`);
  await expect(shopper.getByTestId('type-chooser')).toHaveCount(0);
  await shopper.getByTestId('quantity').click();
  await shopper.getByRole('option', { name: '2', exact: true }).click();
  await expect(shopper.getByTestId('buy-total')).toHaveText('合計：$24.00');
  await shopper.getByLabel(/^割引コード/).fill('harbour10');
  await shopper.getByRole('button', { name: '2席を確保' }).click();
  await expect(shopper.getByTestId('hold-countdown')).toBeVisible();
  await shopper.getByLabel(/^カード番号/).fill('4000 0000 0000 0002');
  await shopper.getByLabel(/^有効期限/).fill('12/34');
  await shopper.getByLabel(/^CVC/).fill('123');
  await shopper.getByLabel(/^国/).fill('jp');
  await shopper.getByRole('button', { name: '$21.60を支払う' }).click();
  const declined = shopper.getByTestId('buy-declined');
  await expect(declined).toContainText('カードが拒否されました。');
  await expect(declined).toContainText('座席は引き続き確保されています');
  await expect(shopper.getByTestId('hold-countdown')).toBeVisible();
  await fits(shopper);
  await shopper.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await shopper.getByRole('button', { name: '$21.60を支払う' }).click();
  await expect(shopper.getByTestId('buy-success')).toBeVisible();
  await expect(shopper.getByTestId('ticket-link')).toHaveCount(2);
  const orders = await shopper.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /\/api\/v1\/ticket-orders$/.test(n)));
  expect(orders).toHaveLength(1);

  // The ticket's page: the rule, the amount, the confirmation, the refund.
  await shopper.getByTestId('ticket-link').first().click();
  const section = shopper.getByTestId('self-cancel');
  await expect(section).toContainText('手数料$3.00を差し引いて返金します');
  await expect(section.getByTestId('self-cancel-amount')).toHaveText('返金額：$18.60');
  await fits(shopper);
  await section.getByTestId('self-cancel-open').click();
  const dialog = shopper.getByRole('dialog', { name: 'この注文をキャンセルしますか？' });
  await expect(dialog).toContainText('チケット2枚は無効になります');
  await dialog.getByRole('button', { name: 'キャンセルして$18.60を返金' }).click();
  await expect(shopper.getByTestId('self-cancel-done')).toContainText('$18.60をカードに返金しました。');
  await expect(shopper.getByTestId('ticket')).toContainText('キャンセル');
  const ticketId = Number(new URL(shopper.url()).pathname.split('/').pop());
  const ticket = await ok<{ orderId: number }>(await shopper.request.get(`/api/v1/tickets/${ticketId}`));
  const order = await ok<{ status: string; refundedCents: number }>(await shopper.request.get(`/api/v1/ticket-orders/${ticket.orderId}`));
  expect(order).toMatchObject({ status: 'refunded', refundedCents: 1860 });
  expect(errors).toEqual([]);
  await buyerContext.close();

  // A second account: the order and the ticket are not found, its list is empty.
  const other = await browser.newContext(phone);
  await presetCookieConsent(other, baseURL!);
  await other.addInitScript(() => window.localStorage.setItem('selectedLanguage', 'ja'));
  const snoop = await other.newPage();
  await ok(await snoop.request.post('/api/v1/user/register', { data: stranger }));
  expect((await snoop.request.get(`/api/v1/ticket-orders/${ticket.orderId}`)).status()).toBe(404);
  expect((await snoop.request.post(`/api/v1/ticket-orders/${ticket.orderId}/self-cancel`)).status()).toBe(404);
  expect((await snoop.request.get(`/api/v1/manage/festivals/${slug}/cancellation-policy`)).status()).toBe(404);
  await snoop.goto(`/tickets/${ticketId}`);
  expect((await snoop.request.get(`/api/v1/tickets/${ticketId}`)).status()).toBe(404);
  await expect(snoop.getByTestId('ticket-error')).toBeVisible();
  await expect(snoop.getByTestId('self-cancel')).toHaveCount(0);
  await other.close();
});
