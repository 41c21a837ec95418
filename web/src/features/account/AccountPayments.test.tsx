import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry, Purchase } from '../../api/payments';
import { RequireAuth } from '../../ui/RequireAuth';
import { renderPage, stubApi } from '../../test/utils';
import AccountPage from './AccountPage';
import ReceiptPage from './ReceiptPage';
import { sampleUser } from '../../test/fixtures/users';

const routes = [
  {
    path: '/',
    children: [
      {
        Component: RequireAuth,
        children: [
          { path: 'account', Component: AccountPage },
          { path: 'account/receipts/:id', Component: ReceiptPage },
        ],
      },
      { path: 'login', element: <p>login page</p> },
    ],
  },
];

function purchase(over: Partial<Purchase> = {}): Purchase {
  return {
    id: 7,
    userId: 1,
    userEmail: 'ana@example.com',
    packageId: 'pro',
    packageName: 'Pro',
    credits: 100,
    amountCents: 5000,
    currency: 'usd',
    country: 'US',
    provider: 'test',
    reference: 'test_ch_7',
    status: 'succeeded',
    failureMessage: '',
    refundedCredits: 0,
    refundedCents: 0,
    refundPending: false,
    buyerCompany: '',
    buyerVatId: '',
    language: 'en',
    createdAt: '2025-05-01T10:00:00Z',
    settledAt: '2025-05-01T10:00:01Z',
    refundedAt: null,
    ...over,
  };
}

const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  id: 1,
  userId: 1,
  delta: 100,
  reason: 'purchase',
  reference: 'test_ch_7',
  createdAt: '2025-05-01T10:00:01Z',
  ...over,
});

const longDate = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso));

afterEach(() => vi.unstubAllGlobals());

describe('AccountPage purchases and ledger', () => {
  it('lists purchases with date, package, amount, credits, status and receipt, and pages through them', async () => {
    const fetch = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, credits: 150 } } },
      'GET /api/v1/me/purchases?page=1': {
        status: 200,
        body: {
          items: [purchase(), purchase({ id: 6, packageName: 'Basic', credits: 50, amountCents: 2500, status: 'failed', createdAt: '2025-04-01T10:00:00Z' })],
          total: 60,
          page: 1,
          perPage: 50,
        },
      },
      'GET /api/v1/me/purchases?page=2': {
        status: 200,
        body: { items: [purchase({ id: 2, packageName: 'VIP', credits: 250, amountCents: 10000, status: 'refunded' })], total: 60, page: 2, perPage: 50 },
      },
      'GET /api/v1/me/ledger': { status: 200, body: { items: [], total: 0, page: 1, perPage: 50 } },
    });
    renderPage(routes, ['/account']);
    expect(await screen.findByTestId('profile-credits')).toHaveTextContent('150');
    const table = await screen.findByTestId('purchases-table');
    const rows = within(table).getAllByTestId('purchase-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(longDate('2025-05-01T10:00:00Z'));
    expect(rows[0]).toHaveTextContent('Pro');
    expect(rows[0]).toHaveTextContent('$50');
    expect(rows[0]).toHaveTextContent('100');
    expect(within(rows[0]).getByTestId('purchase-status')).toHaveTextContent('Paid');
    expect(within(rows[1]).getByTestId('purchase-status')).toHaveTextContent('Failed');
    expect(within(rows[0]).getByRole('link', { name: `Receipt for Pro on ${longDate('2025-05-01T10:00:00Z')}` })).toHaveAttribute(
      'href',
      '/account/receipts/7',
    );
    expect(screen.getByTestId('ledger-empty')).toHaveTextContent('No changes to your credits yet.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('VIP')).toBeInTheDocument();
    expect(within(screen.getByTestId('purchases-table')).getByTestId('purchase-status')).toHaveTextContent('Refunded');
    expect(fetch).toHaveBeenCalledWith('/api/v1/me/purchases?page=2', expect.anything());
  });

  it('lists the ledger with the reason in words, the signed change and the reference', async () => {
    const fetch = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/me/purchases': { status: 200, body: { items: [], total: 0, page: 1, perPage: 50 } },
      'GET /api/v1/me/ledger?page=1': {
        status: 200,
        body: {
          items: [
            entry({ id: 3, delta: -100, reason: 'refund', reference: 'refund_7' }),
            entry({ id: 2, delta: 5, reason: 'adjustment', reference: 'admin' }),
            entry({ id: 1 }),
          ],
          total: 51,
          page: 1,
          perPage: 50,
        },
      },
      'GET /api/v1/me/ledger?page=2': { status: 200, body: { items: [entry({ id: 0, reference: 'first_one' })], total: 51, page: 2, perPage: 50 } },
    });
    renderPage(routes, ['/account']);
    const table = await screen.findByTestId('ledger-table');
    const rows = within(table).getAllByTestId('ledger-row');
    expect(rows[0]).toHaveTextContent('Refund');
    expect(within(rows[0]).getByTestId('ledger-delta')).toHaveTextContent('\u2212100');
    expect(rows[0]).toHaveTextContent('refund_7');
    expect(rows[1]).toHaveTextContent('Adjustment');
    expect(within(rows[1]).getByTestId('ledger-delta')).toHaveTextContent('+5');
    expect(rows[2]).toHaveTextContent('Purchase');
    expect(within(rows[2]).getByTestId('ledger-delta')).toHaveTextContent('+100');
    expect(screen.getByTestId('purchases-empty')).toHaveTextContent('You have not bought any credits yet.');

    const nav = screen.getByRole('navigation', { name: 'Credit history pages' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('first_one')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/me/ledger?page=2', expect.anything());
  });

  it('shows an error with a retry when the purchases cannot load', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/me/purchases': { status: 500, body: { message: 'Internal error', code: 'internal' } },
      'GET /api/v1/me/ledger': { status: 200, body: { items: [], total: 0, page: 1, perPage: 50 } },
    });
    renderPage(routes, ['/account']);
    const error = await screen.findByTestId('purchases-error');
    expect(error).toHaveTextContent('Your purchases could not be loaded.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('ReceiptPage', () => {
  it('shows a printable receipt: seller, buyer, package, credits, amount, date, reference, status', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/me/purchases/7': { status: 200, body: { purchase: purchase() } },
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage(routes, ['/account/receipts/7']);
    const receipt = await screen.findByTestId('receipt');
    expect(within(receipt).getByRole('heading', { level: 1, name: 'Receipt' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-seller')).toHaveTextContent('Marquee');
    expect(screen.getByTestId('receipt-buyer')).toHaveTextContent('ana@example.com');
    expect(screen.getByTestId('receipt-package')).toHaveTextContent('Pro');
    expect(screen.getByTestId('receipt-credits')).toHaveTextContent('100');
    expect(screen.getByTestId('receipt-amount')).toHaveTextContent('$50 (USD)');
    expect(screen.getByTestId('receipt-date')).toHaveTextContent(longDate('2025-05-01T10:00:01Z'));
    expect(screen.getByTestId('receipt-reference')).toHaveTextContent('test_ch_7');
    expect(screen.getByTestId('receipt-status')).toHaveTextContent('Paid');
    expect(screen.getByTestId('receipt-country')).toHaveTextContent('United States (US)');
    // No company details were given: no such rows.
    expect(screen.queryByTestId('receipt-company')).toBeNull();
    expect(screen.queryByTestId('receipt-vat-id')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: /Back to my account/ })).toHaveAttribute('href', '/account');
  });

  it("shows the buyer's company and VAT id when given", async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/me/purchases/7': { status: 200, body: { purchase: purchase({ buyerCompany: 'ACME GmbH', buyerVatId: 'DE123456789' }) } },
    });
    renderPage(routes, ['/account/receipts/7']);
    expect(await screen.findByTestId('receipt-company')).toHaveTextContent('ACME GmbH');
    expect(screen.getByTestId('receipt-vat-id')).toHaveTextContent('DE123456789');
  });

  it('says how much a refund returned, or that it is still in progress', async () => {
    let p = purchase({ status: 'refunded', refundedCredits: 60, refundedCents: 3000, refundedAt: '2025-05-03T10:00:00Z' });
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/me/purchases/7': () => ({ status: 200, body: { purchase: p } }),
    });
    const view = renderPage(routes, ['/account/receipts/7']);
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent(
      `Refunded · $30 refunded on ${longDate('2025-05-03T10:00:00Z')} (60 credits taken back)`,
    );
    view.unmount();
    p = purchase({ status: 'refunded', refundedCredits: 60, refundedCents: 3000, refundPending: true });
    renderPage(routes, ['/account/receipts/7']);
    expect(await screen.findByTestId('receipt-status')).toHaveTextContent('Refunded · refund in progress');
  });

  it("is not found for someone else's or an unknown purchase", async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/me/purchases/99': { status: 404, body: { message: 'Purchase not found', code: 'not_found' } },
    });
    renderPage(routes, ['/account/receipts/99']);
    const notFound = await screen.findByTestId('not-found');
    expect(within(notFound).getByRole('heading', { name: 'Receipt not found' })).toBeInTheDocument();
    expect(within(notFound).getByRole('link', { name: 'Back to my account' })).toHaveAttribute('href', '/account');
    expect(screen.queryByTestId('receipt')).toBeNull();
  });

  it('is not found for an id that is not a number, without asking the server', async () => {
    const fetch = stubApi({ 'GET /api/v1/session': { status: 200, body: { user: sampleUser } } });
    renderPage(routes, ['/account/receipts/abc']);
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/me/purchases'))).toBe(false);
  });
});
