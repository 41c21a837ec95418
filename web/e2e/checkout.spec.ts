import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors, presetCookieConsent, seriousViolations, signUpViaApi, uniqueEmail } from './helpers';

// The checkout in test mode (the server's default when no Stripe key is set):
// our own card form and Stripe's documented test cards, no real charge.

const password = 'buyer-password-1';

test.beforeEach(async ({ context, baseURL }) => {
  await presetCookieConsent(context, baseURL!);
});

/** The balance as the server holds it. */
async function serverBalance(page: Page): Promise<number> {
  const res = await page.request.get('/api/v1/session');
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { user: { credits: number } | null };
  expect(body.user, 'still signed in').not.toBeNull();
  return body.user!.credits;
}

const balanceText = (n: number) => `Your current balance: ${n} ${n === 1 ? 'credit' : 'credits'}`;

async function fillCard(page: Page, { number, expiry = '12/34', cvc = '123', country = 'us' }: { number: string; expiry?: string; cvc?: string; country?: string }) {
  await page.getByLabel(/^Card number/).fill(number);
  await page.getByLabel(/^Expiry/).fill(expiry);
  await page.getByLabel(/^CVC/).fill(cvc);
  await page.getByLabel(/^Country/).fill(country);
}

/** Opens the Pro checkout for a fresh signed-in user and returns the balance before buying. */
async function openProCheckout(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await signUpViaApi(page, email, password);
  const before = await serverBalance(page);
  await page.goto('/pricing/pro');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByTestId('checkout-package-name')).toHaveText('Pro');
  await expect(page.getByTestId('test-mode-notice')).toContainText('Test mode: no real charge');
  await expect(page.getByTestId('checkout-balance')).toHaveText(balanceText(before));
  return { email, before };
}

test('buy Pro with 4242…: success, 100 more credits at once, still signed in, and a receipt', async ({ page }) => {
  // A long journey (checkout, receipt, reload, account) with four axe runs:
  // on a busy machine it outlasts the default 30 s while every step is fine.
  test.setTimeout(90_000);
  const errors = collectConsoleErrors(page);
  const { email, before } = await openProCheckout(page, 'buy-pro');
  const pay = page.getByRole('button', { name: 'Pay $50' });
  await expect(pay).toBeEnabled();
  await expect(page.getByLabel(/^Country/)).toHaveAttribute('placeholder', 'Country (e.g., US, IN)');
  expect(await seriousViolations(page)).toEqual([]);

  await fillCard(page, { number: '4242 4242 4242 4242', country: 'us' });
  await expect(page.getByLabel(/^Country/)).toHaveValue('US');
  // Company details for the receipt, behind their disclosure (issue 26).
  await page.getByRole('button', { name: 'Add company details for the receipt' }).click();
  await page.getByLabel(/^Company name/).fill('ACME Filmverleih GmbH');
  await page.getByLabel(/^VAT ID/).fill('de 123 456 789');
  await pay.click();

  const message = page.getByTestId('payment-message');
  await expect(message).toContainText('Payment successful! 🎉');
  await expect(page.getByTestId('checkout-balance')).toHaveText(balanceText(before + 100));
  await expect(message).toContainText(`Your new balance: ${before + 100} credits`);
  expect(await serverBalance(page)).toBe(before + 100);
  expect(await seriousViolations(page)).toEqual([]);

  // The receipt: package, amount, buyer and the payment's reference.
  await message.getByRole('link', { name: 'View your receipt' }).click();
  await expect(page).toHaveURL(/\/account\/receipts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByTestId('receipt-seller')).toContainText('Marquee');
  await expect(page.getByTestId('receipt-buyer')).toContainText(email);
  await expect(page.getByTestId('receipt-company')).toContainText('ACME Filmverleih GmbH');
  await expect(page.getByTestId('receipt-vat-id')).toContainText('DE123456789');
  await expect(page.getByTestId('receipt-package')).toContainText('Pro');
  await expect(page.getByTestId('receipt-amount')).toContainText('$50');
  await expect(page.getByTestId('receipt-credits')).toContainText('100');
  await expect(page.getByTestId('receipt-status')).toContainText('Paid');
  await expect(page.getByTestId('receipt-reference')).not.toHaveText(/^Payment reference\s*$/);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Still signed in after a reload: the session was never dropped.
  await page.reload();
  await expect(page.getByTestId('receipt-package')).toContainText('Pro');
  await page.goto('/pricing/pro');
  await expect(page).toHaveURL(/\/pricing\/pro$/);
  await expect(page.getByTestId('checkout-balance')).toHaveText(balanceText(before + 100));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();

  // The account lists the purchase and the ledger's +100.
  await page.goto('/account');
  await expect(page.getByTestId('profile-credits')).toContainText(String(before + 100));
  const purchase = page.getByTestId('purchase-row').first();
  await expect(purchase).toContainText('Pro');
  await expect(purchase).toContainText('$50');
  await expect(purchase.getByTestId('purchase-status')).toHaveText('Paid');
  const ledger = page.getByTestId('ledger-row').first();
  await expect(ledger).toContainText('Purchase');
  await expect(ledger.getByTestId('ledger-delta')).toHaveText('+100');

  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});

test("a declined card shows the provider's message and grants nothing", async ({ page }) => {
  const { before } = await openProCheckout(page, 'declined');
  await fillCard(page, { number: '4000 0000 0000 0002', country: 'IN' });
  await page.getByRole('button', { name: 'Pay $50' }).click();
  const message = page.getByTestId('payment-message');
  await expect(message).toHaveText('Your card was declined.');
  await expect(page.getByRole('button', { name: 'Pay $50' })).toBeEnabled();
  await expect(page.getByTestId('checkout-balance')).toHaveText(balanceText(before));
  expect(await serverBalance(page)).toBe(before);
  await expect(page.getByText('Payment successful! 🎉')).toHaveCount(0);
});

test("an empty country shows 'Please fill all details.' and sends nothing", async ({ page }) => {
  const { before } = await openProCheckout(page, 'no-country');
  const payments: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/payments') payments.push(r.url());
  });
  await fillCard(page, { number: '4242 4242 4242 4242', country: '' });
  await page.getByRole('button', { name: 'Pay $50' }).click();
  await expect(page.getByTestId('payment-message')).toHaveText('Please fill all details.');
  expect(payments).toEqual([]);
  expect(await serverBalance(page)).toBe(before);
  const purchases = await (await page.request.get('/api/v1/me/purchases')).json();
  expect(purchases.total).toBe(0);
});

test('a visitor is sent to log in and comes back to the same checkout', async ({ page }) => {
  const email = uniqueEmail('visitor-buyer');
  await signUpViaApi(page, email, password);
  await page.request.post('/api/v1/auth/logout');

  await page.goto('/pricing/enterprise');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/pricing\/enterprise$/);
  await expect(page.getByRole('button', { name: 'Pay $100' })).toBeVisible();
});
