import { expect, request, test } from '@playwright/test';
import { ok, outboxMails, presetCookieConsent, uniqueEmail } from './helpers';
import { createSellingFestival } from './ticket-setup';

// Tickets at the door (issue 27): a buyer pays a ticket in test mode and
// downloads it as a PDF (its QR payload inside; a second account gets
// 404); a sold-out screening's waiting list is offered the seat a
// cancellation gives back (the waiter, in Japanese on a 390 px phone,
// takes and pays it); the organiser makes a check-in list, checks the
// ticket in on it (another screening's ticket is refused), sees the counts
// change and undoes the check-in.

const organiser = { email: uniqueEmail('door-organiser'), password: 'organiser-password' };
const admin = { email: uniqueEmail('door-admin'), password: 'admin-password-1' };
const buyer = { email: uniqueEmail('door-buyer'), password: 'buyer-password-1' };
const waiter = { email: uniqueEmail('door-waiter'), password: 'waiter-password-1' };
const stranger = { email: uniqueEmail('door-stranger'), password: 'stranger-password-1' };
const card = { country: 'JP', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } };
let slug = '';
let hall = 0;
let small = 0;

test.beforeAll(async ({ baseURL }) => {
  const screening = (title: string, capacity: number, start: string) => ({ title, venue: 'Harbour Cinema', start, end: '23:00', capacity, priceCents: 1250 });
  const { festival, screeningIds } = await createSellingFestival(baseURL!, { organiser, admin }, {
    name: `Door Days ${Date.now() % 100000}`,
    description: 'Films at two doors.',
    location: 'Kobe',
    city: 'Kobe',
    contactEmail: 'team@door.example',
    timeZone: 'Asia/Tokyo',
    screenings: [screening('Opening night', 50, '19:00'), screening('夜の川', 1, '20:00')],
  });
  slug = festival.slug;
  [hall, small] = screeningIds;
});

test('a PDF ticket, a waiting-list offer after a cancellation, and check-in on a list with undo', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);

  // The buyer pays a ticket in test mode and downloads its PDF from the ticket page.
  const buyerContext = await browser.newContext();
  await presetCookieConsent(buyerContext, baseURL!);
  const shopper = await buyerContext.newPage();
  await ok(await shopper.request.post('/api/v1/user/register', { data: buyer }));
  const order = await ok<{ id: number }>(await shopper.request.post('/api/v1/ticket-orders', { data: { screeningId: hall, quantity: 1 } }));
  const paid = await ok<{ order: { tickets: { id: number; code: string }[] } }>(
    await shopper.request.post(`/api/v1/ticket-orders/${order.id}/pay`, { data: card }),
  );
  const ticket = paid.order.tickets[0];
  await shopper.goto(`/tickets/${ticket.id}`);
  const [download] = await Promise.all([shopper.waitForEvent('download'), shopper.getByTestId('ticket-pdf').click()]);
  expect(download.suggestedFilename()).toBe(`marquee-ticket-${ticket.id}.pdf`);
  const pdfPath = await download.path();
  const { readFileSync } = await import('node:fs');
  const pdf = readFileSync(pdfPath);
  expect(pdf.length).toBeGreaterThan(1000);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.includes(ticket.code)).toBeTruthy(); // the QR code's payload, also the PDF's subject
  const direct = await shopper.request.get(`/api/v1/tickets/${ticket.id}/ticket.pdf`);
  expect(direct.headers()['content-type']).toBe('application/pdf');
  expect(Number(direct.headers()['content-length'])).toBe((await direct.body()).length);

  // A second account cannot download it.
  const other = await request.newContext({ baseURL });
  await ok(await other.post('/api/v1/user/register', { data: stranger }));
  expect((await other.get(`/api/v1/tickets/${ticket.id}/ticket.pdf`)).status()).toBe(404);
  await other.dispose();

  // The small screening's one seat is held by the buyer: sold out. The
  // waiter (Japanese, 390 px) joins its waiting list from the buy page.
  const hold = await ok<{ id: number }>(await shopper.request.post('/api/v1/ticket-orders', { data: { screeningId: small, quantity: 1 } }));
  const waiterContext = await browser.newContext({ locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await presetCookieConsent(waiterContext, baseURL!);
  const phone = await waiterContext.newPage();
  await ok(await phone.request.post('/api/v1/user/register', { data: waiter }));
  await phone.goto(`/screenings/${small}/buy`);
  await phone.getByTestId('waitlist-link').click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText('キャンセル待ち：夜の川');
  await phone.getByTestId('waitlist-join').click();
  await expect(phone.getByTestId('waitlist-waiting')).toContainText('あなたが次の順番です');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The buyer cancels the hold: the seat is offered to the waiter by e-mail.
  await ok(await shopper.request.post(`/api/v1/ticket-orders/${hold.id}/cancel`));
  const adminPage = await browser.newPage();
  await ok(await adminPage.request.post('/api/v1/user/login', { data: admin }));
  const offerMail = (await outboxMails(adminPage, 2)).find((m) => m.kind === 'waitlist-offer' && m.to === waiter.email);
  expect(offerMail, 'an offer e-mail to the waiter').toBeTruthy();
  expect(offerMail!.subject).toBe('空席のご案内：夜の川');
  const link = new URL(offerMail!.body.match(/https?:\/\/\S+\/waitlist\/offers\/\S+/)![0]);
  await adminPage.close();

  // The waiter opens the offer, takes the seat and pays it.
  await phone.goto(link.pathname);
  await expect(phone.getByTestId('offer-open')).toContainText('1席をあと');
  await phone.getByTestId('offer-claim').click();
  await expect(phone.getByTestId('buy-held')).toBeVisible();
  await phone.getByLabel(/^カード番号/).fill('4242 4242 4242 4242');
  await phone.getByLabel(/^有効期限/).fill('12/34');
  await phone.getByLabel(/^CVC/).fill('123');
  await phone.getByLabel(/^国/).fill('jp');
  await phone.getByTestId('buy-held').getByRole('button', { name: /を支払う/ }).click();
  await expect(phone.getByTestId('buy-success')).toBeVisible();
  const waiterTickets = await ok<{ items: { code: string; screening: { id: number } }[] }>(await phone.request.get('/api/v1/tickets'));
  const smallCode = waiterTickets.items.find((t) => t.screening.id === small)!.code;
  await waiterContext.close();
  await buyerContext.close();

  // The organiser makes a check-in list for the opening night and checks in on it.
  const orgContext = await browser.newContext();
  await presetCookieConsent(orgContext, baseURL!);
  const door = await orgContext.newPage();
  await ok(await door.request.post('/api/v1/user/login', { data: organiser }));
  await door.goto(`/manage/festivals/${slug}/check-in`);
  await door.getByTestId('check-in-lists-link').click();
  await expect(door.getByTestId('no-lists')).toBeVisible();
  await door.getByTestId('door-list-name').fill('Hall 1');
  await door.getByRole('checkbox', { name: /^Opening night/ }).check();
  await door.getByTestId('door-list-create').click();
  await expect(door.getByTestId('door-list-counts')).toHaveText('0 checked in / 1 sold');

  await door.getByTestId('door-code').fill(smallCode);
  await door.getByTestId('door-check').click();
  await expect(door.getByTestId('door-result')).toContainText('Not on this list');
  await expect(door.getByTestId('door-wrong-list')).toContainText('not on the list Hall 1');

  await door.getByTestId('door-code').fill(ticket.code.toLowerCase());
  await door.getByTestId('door-check').click();
  await expect(door.getByTestId('door-result')).toContainText('Valid');
  await expect(door.getByTestId('door-list-counts')).toHaveText('1 checked in / 1 sold');

  await door.getByTestId('door-undo').click();
  await expect(door.getByTestId('door-undone')).toContainText(`Check-in undone by ${organiser.email}`);
  await expect(door.getByTestId('door-list-counts')).toHaveText('0 checked in / 1 sold');
  await orgContext.close();
});
