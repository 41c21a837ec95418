import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi, type Answer } from '../../test/utils';
import BuyPage from './BuyPage';
import { order, screening, ticket } from '../../test/fixtures/tickets';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/screenings/:id/buy', Component: BuyPage }];
const config: Answer = { status: 200, body: { provider: 'test' } };

describe('BuyPage: retry and discount code', () => {
  it('keeps the hold after a declined card and pays the same order with another card', async () => {
    let pays = 0;
    let orders = 0;
    const fetch = stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': () => {
        orders++;
        return { status: 201, body: order() };
      },
      'POST /api/v1/ticket-orders/5/pay': () => {
        pays++;
        return pays === 1
          ? { status: 200, body: { order: order({ failureMessage: 'Your card was declined.' }) } }
          : { status: 200, body: { order: order({ status: 'paid', paidAt: new Date().toISOString(), tickets: [ticket({ id: 31 })] }) } };
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await user.click(await screen.findByRole('button', { name: 'Reserve 1 seat' }));
    const number = await screen.findByLabelText(/^Card number/);
    await user.type(number, '4000000000000002');
    await user.type(screen.getByLabelText(/^Expiry/), '1234');
    await user.type(screen.getByLabelText(/^CVC/), '123');
    await user.type(screen.getByLabelText(/^Country/), 'jp');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));

    const declined = await screen.findByTestId('buy-declined');
    expect(declined).toHaveTextContent('Your card was declined.');
    expect(declined).toHaveTextContent('Your seats are still held');
    expect(screen.queryByTestId('buy-failed')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Card number/));
    await user.type(screen.getByLabelText(/^Card number/), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
    expect(await screen.findByTestId('buy-success')).toBeInTheDocument();
    expect(orders).toBe(1);
    const payCalls = fetch.mock.calls.filter(([url]) => String(url) === '/api/v1/ticket-orders/5/pay');
    expect(payCalls).toHaveLength(2);
    expect(bodyOf(payCalls[1][1])).toMatchObject({ card: { number: '4242424242424242' } });
  });

  it('sends a discount code for a screening with only the standard type', async () => {
    const fetch = stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': () => ({ status: 201, body: order({ quantity: 1, amountCents: 1000, discountCents: 250, voucherCode: 'SPRING' }) }),
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await user.type(await screen.findByLabelText(/^Discount code/), ' spring ');
    await user.click(screen.getByRole('button', { name: 'Reserve 1 seat' }));
    expect(await screen.findByText('1 seat is held for you. Total: $10.00.')).toBeInTheDocument();
    const created = fetch.mock.calls.find(([url, init]) => String(url) === '/api/v1/ticket-orders' && init?.method === 'POST');
    expect(bodyOf(created?.[1])).toEqual({ screeningId: 7, quantity: 1, voucherCode: 'spring' });
  });

  it('shows the server’s refusal of a code beside its field', async () => {
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'POST /api/v1/ticket-orders': {
        status: 400,
        body: { message: 'This code has expired', fields: { voucherCode: 'This code has expired' } },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await user.type(await screen.findByLabelText(/^Discount code/), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Reserve 1 seat' }));
    const field = screen.getByLabelText(/^Discount code/);
    expect(await screen.findByText('This code has expired')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('buy-error')).not.toBeInTheDocument();
  });
});
