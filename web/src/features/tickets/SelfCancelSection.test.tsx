import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { order, ticket } from '../../test/fixtures/tickets';
import TicketPage from './TicketPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/tickets/:id', Component: TicketPage }];
const rule = { enabled: true, cutoffHours: 48, refund: 'fixed_fee' as const, feeCents: 300, feePercent: 0 };
const paid = (allowed: boolean) =>
  order({
    status: 'paid',
    paidAt: new Date().toISOString(),
    selfCancel: { allowed, deadline: '2030-06-03T10:00:00Z', refundCents: 2200, rule },
  });

describe('SelfCancelSection', () => {
  it('shows the rule and the amount, confirms with the amount and says what was refunded', async () => {
    let cancelled = false;
    const fetch = stubApi({
      'GET /api/v1/tickets/31': () => ({ status: 200, body: ticket({ status: cancelled ? 'cancelled' : 'valid' }) }),
      'GET /api/v1/ticket-orders/5': { status: 200, body: paid(true) },
      'POST /api/v1/ticket-orders/5/self-cancel': () => {
        cancelled = true;
        return { status: 200, body: { order: order({ status: 'refunded', refundedCents: 2200 }) } };
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/tickets/31']);
    const section = await screen.findByTestId('self-cancel');
    expect(section).toHaveTextContent('The festival refunds cancelled orders minus a fee of $3.00.');
    expect(section).toHaveTextContent('You can cancel until Jun 3, 2030, 7:00 PM');
    expect(within(section).getByTestId('self-cancel-amount')).toHaveTextContent('You get back: $22.00');
    await user.click(within(section).getByRole('button', { name: 'Cancel my order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('Your 2 tickets for Opening night will no longer be valid.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund $22.00' }));
    expect(await screen.findByTestId('self-cancel-done')).toHaveTextContent('$22.00 has been refunded to your card.');
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/v1/ticket-orders/5/self-cancel')).toHaveLength(1);
  });

  it('says cancelling has closed after the cut-off, with no button', async () => {
    stubApi({
      'GET /api/v1/tickets/31': { status: 200, body: ticket() },
      'GET /api/v1/ticket-orders/5': { status: 200, body: paid(false) },
    });
    renderPage(routes, ['/tickets/31']);
    expect(await screen.findByTestId('self-cancel-closed')).toHaveTextContent('Cancelling closed on Jun 3, 2030, 7:00 PM');
    expect(screen.queryByRole('button', { name: 'Cancel my order' })).not.toBeInTheDocument();
  });

  it('shows nothing when the festival does not let buyers cancel', async () => {
    stubApi({
      'GET /api/v1/tickets/31': { status: 200, body: ticket() },
      'GET /api/v1/ticket-orders/5': { status: 200, body: order({ status: 'paid' }) },
    });
    renderPage(routes, ['/tickets/31']);
    expect(await screen.findByTestId('ticket')).toBeInTheDocument();
    expect(screen.queryByTestId('self-cancel')).not.toBeInTheDocument();
  });
});
