import { expect, request, test, type Page } from '@playwright/test';
import { confirmByMail, ok, outboxMails, presetCookieConsent, seriousViolations, uniqueEmail } from './helpers';
import { createSellingFestival } from './ticket-setup';

// Tickets without an account (issue 27): a visitor in Japanese on a 390 px
// phone buys two tickets as a guest, opens the e-mailed link, sees the QR
// codes and downloads a PDF; a second visitor with a wrong token, or the
// link of another order, sees nothing of it; the visitor later signs up
// with the address, confirms it, and finds the order in their tickets. A
// second visitor joins a sold-out screening's waiting list, confirms the
// address by e-mail, is offered the seat a cancellation frees, and buys it
// as a guest. A third guest cancels their paid order through its link
// under the festival's rule and sees the amount refunded.

const organiser = { email: uniqueEmail('guest-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('guest-admin'), password: 'admin-password-1' };
const guestEmail = uniqueEmail('guest-buyer');
const waiterEmail = uniqueEmail('guest-waiter');
let hall = 0;
let small = 0;

test.beforeAll(async ({ baseURL }) => {
  const screening = (title: string, capacity: number, start: string) => ({ title, venue: 'Deer Park Cinema', start, end: '23:00', capacity, priceCents: 1250 });
  const { screeningIds } = await createSellingFestival(baseURL!, { organiser, admin }, {
    name: `Guest Days ${Date.now() % 100000}`,
    description: 'Films for everyone.',
    location: 'Nara',
    city: 'Nara',
    contactEmail: 'team@guest.example',
    timeZone: 'Asia/Tokyo',
    screenings: [screening('鹿の夜', 50, '19:00'), screening('小さな部屋', 1, '20:00')],
  }, async (org, f) => {
    await ok(
      await org.put(`/api/v1/manage/festivals/${f.slug}/cancellation-policy`, {
        data: { enabled: true, cutoffHours: 48, refund: 'fixed_fee', feeCents: 300, feePercent: 0 },
      }),
    );
  });
  [hall, small] = screeningIds;
});

/** payInJapanese pays the held guest order on the page with the test card. */
async function payInJapanese(page: Page) {
  await expect(page.getByTestId('guest-held')).toBeVisible();
  await page.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await page.getByLabel(/^有効期限/).fill('12/34');
  await page.getByLabel(/^CVC/).fill('123');
  await page.getByLabel(/^国/).fill('jp');
  await page.getByTestId('guest-held').getByRole('button', { name: /を支払う/ }).click();
  await expect(page.getByTestId('guest-tickets')).toBeVisible();
}

/** mailLink is the path of the newest link after marker in a mail of kind to address. */
async function mailLink(adminPage: Page, to: string, kind: string, marker: string): Promise<string> {
  const mail = (await outboxMails(adminPage, 2)).find((m) => m.kind === kind && m.to === to);
  expect(mail, `a ${kind} e-mail to ${to}`).toBeTruthy();
  const link = mail!.body.match(new RegExp(`https?://\\S+${marker}\\S+`))?.[0];
  expect(link, `a ${marker} link in ${mail!.body}`).toBeTruthy();
  return new URL(link!).pathname;
}

test('a guest buys two tickets, opens the e-mailed link, and later finds them in a new account', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phoneContext = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(phoneContext, baseURL!);
  const phone = await phoneContext.newPage();

  // The festival's screening, without an account: name, address, two seats.
  await phone.goto(`/screenings/${hall}/guest`);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('アカウントなしで購入');
  await phone.getByTestId('guest-reserve').click();
  await expect(phone.getByText('お名前を入力してください')).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByTestId('guest-quantity').click();
  await phone.getByRole('option', { name: '2', exact: true }).click();
  await phone.getByTestId('guest-name').fill('山田 花子');
  await phone.getByTestId('guest-email').fill(guestEmail);
  await phone.getByTestId('guest-reserve').click();
  await expect(phone).toHaveURL(/\/orders\/guest\/[A-Za-z0-9_-]{40,}$/);
  await payInJapanese(phone);
  await expect(phone.getByTestId('guest-ticket')).toHaveCount(2);

  // The confirmation e-mail (in Japanese) has the order's own link.
  const adminPage = await browser.newPage();
  await ok(await adminPage.request.post('/api/v1/user/login', { data: admin }));
  const mails = await outboxMails(adminPage, 2);
  const confirmation = mails.find((m) => m.kind === 'ticket-confirmation' && m.to === guestEmail);
  expect(confirmation!.subject).toContain('鹿の夜');
  const orderPath = await mailLink(adminPage, guestEmail, 'ticket-confirmation', '/orders/guest/');
  const token = orderPath.split('/').pop()!;

  await phone.goto(orderPath);
  await expect(phone.getByTestId('guest-ticket')).toHaveCount(2);
  await expect(phone.getByTestId('guest-ticket').first().locator('svg, canvas, img').first()).toBeVisible();
  const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByTestId('guest-ticket-pdf').first().click()]);
  const { readFileSync } = await import('node:fs');
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(phone)).toEqual([]);

  // A second visitor: a wrong token shows a clear page; their own order's link opens nothing of this one.
  const strangerContext = await browser.newContext({ locale: 'ja-JP' });
  await presetCookieConsent(strangerContext, baseURL!);
  const stranger = await strangerContext.newPage();
  const wrong = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
  await stranger.goto(`/orders/guest/${wrong}`);
  await expect(stranger.getByTestId('guest-link-error')).toContainText('このリンクは正しくないか、有効期限が切れています');
  const mine = await ok<{ tickets: { id: number }[] }>(await phone.request.get(`/api/v1/guest/orders/${token}`));
  const api = await request.newContext({ baseURL });
  const theirs = await ok<{ token: string }>(
    await api.post('/api/v1/guest/ticket-orders', { data: { screeningId: hall, quantity: 1, name: 'Other', email: uniqueEmail('guest-other') } }),
  );
  expect((await api.get(`/api/v1/guest/orders/${theirs.token}/tickets/${mine.tickets[0].id}/ticket.pdf`)).status()).toBe(404);
  expect((await api.get(`/api/v1/guest/orders/${wrong}`)).status()).toBe(404);
  await api.dispose();
  await strangerContext.close();

  // Later: an account with the address, confirmed, lists the order's tickets.
  await ok(await phone.request.post('/api/v1/user/register', { data: { email: guestEmail, password: 'guest-password-1' } }));
  await confirmByMail(adminPage, phone, guestEmail);
  await phone.goto('/tickets');
  await expect(phone.getByTestId('ticket-row')).toHaveCount(2);
  await adminPage.close();
  await phoneContext.close();
});

test('a visitor joins a sold-out waiting list, confirms by e-mail, and buys the freed seat as a guest', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  // Another guest holds the only seat: sold out.
  const api = await request.newContext({ baseURL });
  const hold = await ok<{ token: string }>(
    await api.post('/api/v1/guest/ticket-orders', { data: { screeningId: small, quantity: 1, name: 'Holder', email: uniqueEmail('guest-holder') } }),
  );

  const phoneContext = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(phoneContext, baseURL!);
  const phone = await phoneContext.newPage();
  await phone.goto(`/screenings/${small}/guest`);
  await expect(phone.getByTestId('guest-unavailable')).toHaveText('完売');
  await phone.getByTestId('guest-waitlist-link').click();
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByTestId('guest-waitlist-email').fill(waiterEmail);
  await phone.getByTestId('guest-waitlist-join').click();
  await expect(phone.getByTestId('guest-waitlist-sent')).toContainText(waiterEmail);

  const adminPage = await browser.newPage();
  await ok(await adminPage.request.post('/api/v1/user/login', { data: admin }));
  await phone.goto(await mailLink(adminPage, waiterEmail, 'waitlist-guest-confirm', '/waitlist/guest/'));
  await expect(phone.getByTestId('guest-waitlist-waiting')).toContainText('あなたが次の順番です');
  expect(await seriousViolations(phone)).toEqual([]);

  // The hold is cancelled: the seat is offered to the confirmed visitor by e-mail.
  await ok(await api.post(`/api/v1/guest/orders/${hold.token}/cancel`));
  await phone.goto(await mailLink(adminPage, waiterEmail, 'waitlist-offer', '/waitlist/guest-offers/'));
  await expect(phone.getByTestId('offer-open')).toContainText('1席をあと');
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByTestId('offer-name').fill('佐藤 次郎');
  await phone.getByTestId('offer-claim').click();
  await expect(phone).toHaveURL(/\/orders\/guest\//);
  await payInJapanese(phone);
  await expect(phone.getByTestId('guest-ticket')).toHaveCount(1);
  await adminPage.close();
  await phoneContext.close();
  await api.dispose();
});

test('a guest cancels their paid order through its link and sees the refund', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const phoneContext = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(phoneContext, baseURL!);
  const phone = await phoneContext.newPage();
  await phone.goto(`/screenings/${hall}/guest`);
  await phone.getByTestId('guest-name').fill('鈴木 一郎');
  await phone.getByTestId('guest-email').fill(uniqueEmail('guest-canceller'));
  await phone.getByTestId('guest-reserve').click();
  await expect(phone).toHaveURL(/\/orders\/guest\/[A-Za-z0-9_-]{40,}$/);
  const token = new URL(phone.url()).pathname.split('/').pop()!;
  await payInJapanese(phone);

  // The festival's rule (minus a $3.00 fee) and the amount, on the guest's page.
  const section = phone.getByTestId('self-cancel');
  await expect(section).toContainText('手数料$3.00を差し引いて返金');
  await expect(section.getByTestId('self-cancel-amount')).toHaveText('返金額：$9.50');
  expect(await seriousViolations(phone)).toEqual([]);
  await section.getByRole('button', { name: '注文をキャンセルする' }).click();
  const dialog = phone.getByRole('dialog', { name: 'この注文をキャンセルしますか？' });
  await dialog.getByRole('button', { name: 'キャンセルして$9.50を返金' }).click();
  await expect(phone.getByTestId('self-cancel-done')).toContainText('$9.50をカードに返金しました');
  await expect(phone.getByTestId('guest-ticket')).toHaveCount(0);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The link, opened again, says the same; a wrong token cancels nothing.
  await phone.reload();
  await expect(phone.getByTestId('self-cancel-done')).toContainText('$9.50');
  const api = await request.newContext({ baseURL });
  expect((await api.post(`/api/v1/guest/orders/${token.slice(0, -3)}xyz/self-cancel`)).status()).toBe(404);
  await api.dispose();
  await phoneContext.close();
});
