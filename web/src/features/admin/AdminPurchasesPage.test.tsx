import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminTicketOrder } from '../../api/adminTicketOrders';
import type { Purchase, RefundPlan } from '../../api/payments';
import { renderPage, stubApi } from '../../test/utils';
import AdminDashboardPage from './AdminDashboardPage';
import AdminPurchasesPage from './AdminPurchasesPage';

afterEach(() => vi.unstubAllGlobals());

function purchase(over: Partial<Purchase> = {}): Purchase {
  return {
    id: 12,
    userId: 3,
    userEmail: 'buyer@example.com',
    packageId: 'pro',
    packageName: 'Pro',
    credits: 100,
    amountCents: 5000,
    currency: 'usd',
    country: 'US',
    provider: 'test',
    reference: 'test_ch_12',
    status: 'succeeded',
    failureMessage: '',
    refundedCredits: 0,
    refundedCents: 0,
    refundPending: false,
    buyerCompany: '',
    buyerVatId: '',
    language: 'en',
    createdAt: '2026-05-01T09:30:00Z',
    settledAt: '2026-05-01T09:30:01Z',
    refundedAt: null,
    ...over,
  };
}

/** The server's preview of refunding purchase 12 (Pro: $50, 100 credits) at `balance`. */
function plan(balance: number): RefundPlan {
  const take = Math.min(100, balance);
  return {
    purchaseId: 12,
    credits: 100,
    amountCents: 5000,
    currency: 'usd',
    balance,
    spentCredits: 100 - take,
    takeCredits: take,
    refundCents: 50 * take,
    refundable: take > 0,
    retry: false,
  };
}
const preview = 'GET /api/v1/admin/purchases/12/refund-preview';

const routes = [{ path: '/admin/purchases', Component: AdminPurchasesPage }];
const page = (items: Purchase[], total = items.length) => ({ status: 200, body: { items, total, page: 1, perPage: 50 } });

describe('AdminPurchasesPage', () => {
  it('lists purchases with a status filter; only paid ones can be refunded', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/purchases?status=all&page=1': page([
        purchase(),
        purchase({ id: 11, status: 'failed', failureMessage: 'Your card was declined.', reference: 'test_ch_11', buyerCompany: 'ACME GmbH', buyerVatId: 'DE123456789' }),
        purchase({ id: 10, status: 'refunded', refundPending: true, refundedCredits: 60, refundedCents: 3000, reference: 'test_ch_10' }),
      ]),
      'GET /api/v1/admin/purchases?status=refunded&page=1': page([]),
    });
    renderPage(routes, ['/admin/purchases']);
    const rows = await screen.findAllByTestId('purchase-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('buyer@example.com');
    expect(rows[0]).toHaveTextContent('Pro');
    expect(rows[0]).toHaveTextContent('$50');
    expect(within(rows[0]).getByTestId('purchase-status')).toHaveTextContent('Paid');
    expect(within(rows[0]).getByRole('button', { name: 'Refund Pro bought by buyer@example.com' })).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('purchase-status')).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Your card was declined.');
    // The company details the buyer gave, under the address; none when not given.
    expect(within(rows[1]).getByTestId('purchase-company')).toHaveTextContent('ACME GmbH · DE123456789');
    expect(within(rows[0]).queryByTestId('purchase-company')).toBeNull();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    // A refund the provider has not confirmed can be retried.
    expect(within(rows[2]).getByTestId('purchase-status')).toHaveTextContent('Refund pending');
    expect(within(rows[2]).getByTestId('purchase-refunded-amount')).toHaveTextContent('$30');
    expect(within(rows[2]).getByRole('button', { name: 'Retry the refund of Pro bought by buyer@example.com' })).toHaveTextContent('Retry refund');
    expect(screen.getByTestId('purchases-total')).toHaveTextContent('3 purchases');
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();

    await userEvent.setup().click(screen.getByRole('radio', { name: 'Refunded' }));
    expect(await screen.findByTestId('purchases-empty')).toHaveTextContent('No refunded purchases.');
    expect(fetch).toHaveBeenCalledWith('/api/v1/admin/purchases?status=refunded&page=1', expect.anything());
  });

  it('refunds the unspent share after the preview and says what was kept', async () => {
    let refunded = false;
    const done = purchase({ status: 'refunded', refundedCredits: 40, refundedCents: 2000, refundedAt: '2026-05-03T00:00:00Z' });
    const fetch = stubApi({
      'GET /api/v1/admin/purchases?status=all&page=1': () => page([refunded ? done : purchase()]),
      [preview]: { status: 200, body: plan(40) },
      'POST /api/v1/admin/purchases/12/refund': () => {
        refunded = true;
        return { status: 200, body: { purchase: done, uncollected: 60 } };
      },
    });
    renderPage(routes, ['/admin/purchases']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund Pro bought by buyer@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this purchase?' });
    expect(dialog).toHaveTextContent('buyer@example.com paid $50 for Pro (100 credits).');
    expect(await within(dialog).findByTestId('refund-take')).toHaveTextContent('40 credits');
    expect(within(dialog).getByTestId('refund-return')).toHaveTextContent('$20');
    // Nothing is sent before the confirmation.
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund $20' }));

    const result = await screen.findByTestId('refund-result');
    expect(result).toHaveTextContent('Refunded Pro for buyer@example.com: $20 returned, 40 credits taken back.');
    expect(within(result).getByTestId('refund-uncollected')).toHaveTextContent(
      '60 credits had already been spent: their share of the price was not returned.',
    );
    await waitFor(() => expect(within(screen.getByTestId('purchase-row')).getByTestId('purchase-status')).toHaveTextContent('Refunded'));
    expect(screen.queryByRole('button', { name: /^Refund Pro/ })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says nothing about uncollected credits when all were taken back, and cancel sends nothing', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/purchases?status=all&page=1': page([purchase()]),
      [preview]: { status: 200, body: plan(100) },
      'POST /api/v1/admin/purchases/12/refund': {
        status: 200,
        body: { purchase: purchase({ status: 'refunded', refundedCredits: 100, refundedCents: 5000 }), uncollected: 0 },
      },
    });
    renderPage(routes, ['/admin/purchases']);
    const user = userEvent.setup();
    const refund = await screen.findByRole('button', { name: 'Refund Pro bought by buyer@example.com' });
    await user.click(refund);
    // The footer's Cancel (the close button in the corner is named Cancel too).
    await user.click(within(await screen.findByRole('dialog')).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(refund);
    await user.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Refund $50' }));
    expect(await screen.findByTestId('refund-result')).toHaveTextContent('$50 returned, 100 credits taken back.');
    expect(screen.queryByTestId('refund-uncollected')).toBeNull();
  });

  it("shows the server's refusal in the dialog", async () => {
    stubApi({
      'GET /api/v1/admin/purchases?status=all&page=1': page([purchase()]),
      [preview]: { status: 200, body: plan(100) },
      'POST /api/v1/admin/purchases/12/refund': { status: 409, body: { message: 'This purchase is already refunded.', code: 'conflict' } },
    });
    renderPage(routes, ['/admin/purchases']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund Pro bought by buyer@example.com' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Refund $50' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The purchase could not be refunded. This purchase is already refunded.',
    );
  });
});

function ticketOrder(over: Partial<AdminTicketOrder> = {}): AdminTicketOrder {
  return {
    id: 31,
    userId: 4,
    userEmail: 'viewer@example.com',
    festivalSlug: 'lisbon-shorts',
    festivalName: 'Lisbon Shorts',
    screeningId: 7,
    screeningTitle: 'Opening night',
    startsAt: '2026-05-15T19:00:00Z',
    quantity: 2,
    amountCents: 2400,
    currency: 'usd',
    status: 'paid',
    failureMessage: '',
    provider: 'test',
    createdAt: '2026-05-02T10:00:00Z',
    paidAt: '2026-05-02T10:00:05Z',
    refundedAt: null,
    refundable: true,
    ...over,
  };
}
const ticketPage = (items: AdminTicketOrder[]) => ({ status: 200, body: { items, total: items.length, page: 1, perPage: 20 } });

describe('AdminPurchasesPage ticket orders', () => {
  it('lists the ticket orders beside the purchases and refunds a paid one after confirming', async () => {
    let refunded = false;
    const done = ticketOrder({ status: 'refunded', refundable: false, refundedAt: '2026-05-03T00:00:00Z' });
    const fetch = stubApi({
      'GET /api/v1/admin/purchases?status=all&page=1': page([purchase()]),
      'GET /api/v1/admin/ticket-orders?status=all&page=1': () =>
        ticketPage([refunded ? done : ticketOrder(), ticketOrder({ id: 30, status: 'expired', refundable: false, paidAt: null })]),
      'POST /api/v1/admin/ticket-orders/31/refund': () => {
        refunded = true;
        return { status: 200, body: { order: done } };
      },
    });
    renderPage(routes, ['/admin/purchases']);
    const section = await screen.findByRole('region', { name: 'Ticket orders' });
    const rows = await within(section).findAllByTestId('ticket-order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('viewer@example.com');
    expect(rows[0]).toHaveTextContent('Opening night');
    expect(rows[0]).toHaveTextContent('Lisbon Shorts');
    expect(rows[0]).toHaveTextContent('$24');
    expect(within(rows[0]).getByTestId('ticket-order-status')).toHaveTextContent('Paid');
    expect(within(rows[1]).getByTestId('ticket-order-status')).toHaveTextContent('Expired');
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(section).getByTestId('ticket-orders-total')).toHaveTextContent('2 ticket orders');
    // The credit purchases are still listed above.
    expect(screen.getAllByTestId('purchase-row')).toHaveLength(1);

    const user = userEvent.setup();
    await user.click(within(rows[0]).getByRole('button', { name: 'Refund the tickets to Opening night bought by viewer@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this ticket order?' });
    expect(dialog).toHaveTextContent('viewer@example.com paid $24 for 2 tickets to Opening night (Lisbon Shorts).');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Refund $24' }));
    expect(await screen.findByTestId('ticket-refund-result')).toHaveTextContent(
      'Refunded $24 to viewer@example.com for 2 tickets to Opening night.',
    );
    await waitFor(() =>
      expect(within(screen.getAllByTestId('ticket-order-row')[0]).getByTestId('ticket-order-status')).toHaveTextContent('Refunded'),
    );
    expect(screen.queryByRole('button', { name: /^Refund the tickets/ })).toBeNull();
  });

  it("shows the server's refusal of a ticket refund in the dialog", async () => {
    stubApi({
      'GET /api/v1/admin/purchases?status=all&page=1': page([]),
      'GET /api/v1/admin/ticket-orders?status=all&page=1': ticketPage([ticketOrder()]),
      'POST /api/v1/admin/ticket-orders/31/refund': {
        status: 409,
        body: { message: 'Only a paid ticket order with a price can be refunded', code: 'conflict' },
      },
    });
    renderPage(routes, ['/admin/purchases']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Refund the tickets to Opening night/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $24' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The ticket order could not be refunded.');
  });
});

describe('AdminDashboardPage income', () => {
  it('shows the real totals and an income series next to sign-ups', async () => {
    const months = ['2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
    stubApi({
      'GET /api/v1/admin/dashboard': {
        status: 200,
        body: {
          totalUsers: 10,
          totalSubscriptions: 3,
          totalTransactions: 4,
          totalIncomeCents: 15000,
          usersThisMonth: 2,
          signupsByMonth: months.map((month, i) => ({ month, users: i })),
          incomeByMonth: months.map((month, i) => ({ month, amountCents: i === 11 ? 12500 : 0 })),
          ticketOrders: 2,
          ticketIncomeCents: 3600,
          ticketIncomeByMonth: months.map((month, i) => ({ month, amountCents: i === 11 ? 2400 : i === 10 ? 1200 : 0 })),
          ticketIncomeByCurrency: [
            { currency: 'jpy', orders: 1, amountCents: 1500 },
            { currency: 'usd', orders: 2, amountCents: 3600 },
          ],
          commissionCents: 374,
          festivalEarningsCents: 4026,
          creditValueCents: 40,
        },
      },
    });
    renderPage([{ path: '/admin', Component: AdminDashboardPage }], ['/admin']);
    const cards = await screen.findAllByTestId('stat-card');
    expect(cards).toHaveLength(6);
    expect(cards[1]).toHaveTextContent('3');
    expect(cards[2]).toHaveTextContent('4');
    // The income card adds both kinds and says which is which.
    expect(cards[3]).toHaveTextContent('$186');
    expect(within(cards[3]).getByTestId('income-split')).toHaveTextContent('Credit purchases $150 · Tickets in dollars $36');
    // Each currency apart: the yen never added to the dollars.
    expect(within(cards[3]).getByTestId('ticket-currencies')).toHaveTextContent('Ticket sales by currency: ¥1,500 · $36.00');
    // The platform's revenue (commission) beside the festivals' earnings, with the credit value.
    expect(cards[4]).toHaveTextContent('Platform revenue');
    expect(cards[4]).toHaveTextContent('$3.74');
    expect(cards[5]).toHaveTextContent('$40.26');
    expect(within(cards[5]).getByTestId('festival-earnings')).toHaveTextContent('a credit counts $0.40');
    const income = screen.getByTestId('income-table');
    expect(within(income).getByRole('columnheader', { name: 'Credit purchases' })).toBeInTheDocument();
    expect(within(income).getByRole('columnheader', { name: 'Tickets ($)' })).toBeInTheDocument();
    expect(within(income).getByRole('row', { name: 'May 2026 $125 $24' })).toBeInTheDocument();
    expect(within(income).getByRole('row', { name: 'April 2026 $0 $12' })).toBeInTheDocument();
    // The sign-ups table keeps its rows of month and number.
    expect(screen.getByRole('row', { name: 'May 2026 11' })).toBeInTheDocument();
  });
});
