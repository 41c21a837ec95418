import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { order } from '../../test/fixtures/tickets';
import GuestOrderPage from './GuestOrderPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/orders/guest/:token', Component: GuestOrderPage }];
const rule = { enabled: true, cutoffHours: 48, refund: 'fixed_fee' as const, feeCents: 300, feePercent: 0 };
const paid = order({
  guest: true,
  status: 'paid',
  paidAt: new Date().toISOString(),
  selfCancel: { allowed: true, deadline: '2030-06-03T10:00:00Z', refundCents: 2200, rule },
});

describe('GuestOrderPage', () => {
  it('lets a guest cancel their paid order by its link, confirming with the amount refunded', async () => {
    const fetch = stubApi({
      'GET /api/v1/guest/orders/tok': { status: 200, body: paid },
      'POST /api/v1/guest/orders/tok/self-cancel': {
        status: 200,
        body: { order: order({ guest: true, status: 'refunded', paidAt: paid.paidAt, refundedCents: 2200 }) },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/orders/guest/tok']);
    const section = await screen.findByTestId('self-cancel');
    expect(section).toHaveTextContent('The festival refunds cancelled orders minus a fee of $3.00.');
    expect(within(section).getByTestId('self-cancel-amount')).toHaveTextContent('You get back: $22.00');
    await user.click(within(section).getByRole('button', { name: 'Cancel my order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund $22.00' }));
    expect(await screen.findByTestId('self-cancel-done')).toHaveTextContent('$22.00 has been refunded to your card.');
    expect(screen.queryByTestId('guest-tickets')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url) === '/api/v1/guest/orders/tok/self-cancel')).toHaveLength(1);
  });

  it('offers no cancellation when the festival allows none', async () => {
    stubApi({ 'GET /api/v1/guest/orders/tok': { status: 200, body: order({ guest: true, status: 'paid', paidAt: paid.paidAt }) } });
    renderPage(routes, ['/orders/guest/tok']);
    expect(await screen.findByTestId('guest-tickets')).toBeInTheDocument();
    expect(screen.queryByTestId('self-cancel')).not.toBeInTheDocument();
  });
});
