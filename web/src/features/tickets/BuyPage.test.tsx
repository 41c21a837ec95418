import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi, type Answer } from '../../test/utils';
import { pickOption } from '../../test/fixtures/manageSubmissions';
import BuyPage from './BuyPage';
import { order, screening, ticket } from '../../test/fixtures/tickets';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/screenings/:id/buy', Component: BuyPage }];
const config: Answer = { status: 200, body: { provider: 'test' } };

async function chooseTwoAndReserve(user: ReturnType<typeof userEvent.setup>) {
  await pickOption(user, await screen.findByRole('combobox', { name: 'Tickets' }), '2');
  expect(screen.getByTestId('buy-total')).toHaveTextContent('Total: $25.00');
  await user.click(screen.getByRole('button', { name: 'Reserve 2 seats' }));
}

async function payWith(user: ReturnType<typeof userEvent.setup>, number: string) {
  await user.type(await screen.findByLabelText(/^Card number/), number);
  await user.type(screen.getByLabelText(/^Expiry/), '1234');
  await user.type(screen.getByLabelText(/^CVC/), '123');
  await user.type(screen.getByLabelText(/^Country/), 'jp');
  await user.click(screen.getByRole('button', { name: 'Pay $25.00' }));
}

describe('BuyPage', () => {
  it('holds two seats with a countdown, pays in test mode and shows the tickets', async () => {
    const paid = order({
      status: 'paid',
      paidAt: new Date().toISOString(),
      tickets: [ticket({ id: 31 }), ticket({ id: 32, code: 'ZYXWVUTSRQPONMLKJIHGFEDCBA' })],
    });
    const fetch = stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': () => ({ status: 201, body: order() }),
      'POST /api/v1/ticket-orders/5/pay': { status: 200, body: { order: paid } },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    expect(await screen.findByText('Jun 5, 2030, 7:00 PM (Asia/Tokyo)')).toBeInTheDocument();
    expect(screen.getByText('At most 10 in this order')).toBeInTheDocument();
    await chooseTwoAndReserve(user);

    expect(await screen.findByText('2 seats are held for you. Total: $25.00.')).toBeInTheDocument();
    // Ten minutes from the answer, counted down.
    expect(screen.getByTestId('hold-countdown')).toHaveTextContent(/Time left to pay: (10:00|9:\d\d)$/);
    expect(await screen.findByTestId('test-mode-notice')).toBeInTheDocument();
    await payWith(user, '4242424242424242');

    expect(await screen.findByTestId('buy-success')).toHaveTextContent('Your 2 tickets are ready');
    const links = screen.getAllByTestId('ticket-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/tickets/31', '/tickets/32']);

    const created = fetch.mock.calls.find(([url, init]) => String(url) === '/api/v1/ticket-orders' && init?.method === 'POST');
    expect(bodyOf(created?.[1])).toEqual({ screeningId: 7, quantity: 2 });
    const pay = fetch.mock.calls.find(([url]) => String(url) === '/api/v1/ticket-orders/5/pay');
    expect(bodyOf(pay?.[1])).toEqual({ country: 'JP', card: { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } });
  });

  it('sends the company details for the confirmation when given, and refuses a bad VAT id without calling the server', async () => {
    const fetch = stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': () => ({ status: 201, body: order() }),
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await user.click(await screen.findByRole('button', { name: 'Add company details for the receipt' }));
    await user.type(screen.getByLabelText(/^Company name/), 'Kino AB');
    await user.type(screen.getByLabelText(/^VAT ID/), 'S-1');
    await chooseTwoAndReserve(user);
    expect(await screen.findByText(/VAT ID must be a two-letter country prefix/)).toBeInTheDocument();
    const created = () => fetch.mock.calls.filter(([url, init]) => String(url) === '/api/v1/ticket-orders' && init?.method === 'POST');
    expect(created()).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^VAT ID/));
    await user.type(screen.getByLabelText(/^VAT ID/), 'se 5566778899 01');
    await user.click(screen.getByRole('button', { name: 'Reserve 2 seats' }));
    expect(await screen.findByText('2 seats are held for you. Total: $25.00.')).toBeInTheDocument();
    expect(bodyOf(created()[0][1])).toEqual({ screeningId: 7, quantity: 2, buyerCompany: 'Kino AB', buyerVatId: 'SE556677889901' });
  });

  it('shows a declined card’s message and tries again with a new hold', async () => {
    let orders = 0;
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': () => {
        orders++;
        return { status: 201, body: order({ id: 4 + orders }) };
      },
      'POST /api/v1/ticket-orders/5/pay': {
        status: 200,
        body: { order: order({ status: 'failed', failureMessage: 'Your card was declined.' }) },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await chooseTwoAndReserve(user);
    await payWith(user, '4000000000000002');
    const failed = await screen.findByTestId('buy-failed');
    expect(failed).toHaveTextContent('Your card was declined.');
    expect(failed).toHaveTextContent('The seats were released.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('2 seats are held for you. Total: $25.00.')).toBeInTheDocument();
    expect(orders).toBe(2);
  });

  it('says the reservation expired when the server refuses a late payment, and starts again', async () => {
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': { status: 201, body: order() },
      'POST /api/v1/ticket-orders/5/pay': { status: 409, body: { message: 'Your reservation has expired', code: 'conflict' } },
      'GET /api/v1/ticket-orders/5': { status: 200, body: order({ status: 'expired' }) },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await chooseTwoAndReserve(user);
    await payWith(user, '4242424242424242');
    expect(await screen.findByTestId('buy-expired')).toHaveTextContent('Your reservation has expired');
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByRole('button', { name: 'Reserve 2 seats' })).toBeInTheDocument();
  });

  it('says so when the order can no longer be paid, and offers a new order', async () => {
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': { status: 201, body: order() },
      'POST /api/v1/ticket-orders/5/pay': { status: 409, body: { message: 'This order can no longer be paid', code: 'conflict' } },
      'GET /api/v1/ticket-orders/5': { status: 200, body: order({ status: 'cancelled' }) },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await chooseTwoAndReserve(user);
    await payWith(user, '4242424242424242');
    expect(await screen.findByTestId('buy-failed')).toHaveTextContent('This order can no longer be paid');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
  });

  it('says the reservation expired when the countdown runs out', async () => {
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      // A hold that ends a second after it is answered: the page's own timer ends it.
      'POST /api/v1/ticket-orders': () => ({ status: 201, body: order({ holdExpiresAt: new Date(Date.now() + 1000).toISOString() }) }),
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await chooseTwoAndReserve(user);
    expect(await screen.findByTestId('buy-expired', {}, { timeout: 6000 })).toHaveTextContent('The 10 minutes to pay ran out');
    expect(screen.queryByTestId('ticket-pay-form')).toBeNull();
  });

  it('cancels a hold and releases the seats', async () => {
    const fetch = stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'GET /api/v1/payments/config': config,
      'POST /api/v1/ticket-orders': { status: 201, body: order() },
      'POST /api/v1/ticket-orders/5/cancel': { status: 200, body: { order: order({ status: 'cancelled' }) } },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    await chooseTwoAndReserve(user);
    await user.click(await screen.findByRole('button', { name: 'Cancel and release the seats' }));
    expect(await screen.findByText('Your reservation was cancelled and the seats were released.')).toBeInTheDocument();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === '/api/v1/ticket-orders/5/cancel')).toBe(true));
  });

  it('gives free tickets at once and says when a screening sells out meanwhile', async () => {
    let calls = 0;
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening({ priceCents: 0, remaining: 3 }) },
      'POST /api/v1/ticket-orders': () =>
        ++calls === 1
          ? { status: 409, body: { message: 'Only 1 tickets left', code: 'conflict' } }
          : { status: 201, body: order({ status: 'paid', quantity: 1, amountCents: 0, provider: '', tickets: [ticket()] }) },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/buy']);
    expect(await screen.findByText('At most 3 in this order')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get 1 free ticket' }));
    expect(await screen.findByTestId('buy-error')).toHaveTextContent('Only 1 tickets left');
    await user.click(screen.getByRole('button', { name: 'Get 1 free ticket' }));
    expect(await screen.findByTestId('buy-success')).toHaveTextContent('Your ticket is ready');
  });
});
