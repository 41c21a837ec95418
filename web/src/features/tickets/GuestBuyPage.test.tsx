import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { pickOption } from '../../test/fixtures/manageSubmissions';
import { order, screening } from '../../test/fixtures/tickets';
import GuestBuyPage from './GuestBuyPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/screenings/:id/guest', Component: GuestBuyPage },
  { path: '/orders/guest/:token', Component: () => <p>order page</p> },
];

describe('GuestBuyPage', () => {
  it('checks the name and address, then holds the seats and opens the order by its link', async () => {
    const fetch = stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'POST /api/v1/guest/ticket-orders': () => ({ status: 201, body: { order: order({ guest: true }), token: 'tok-123' } }),
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/guest']);
    await pickOption(user, await screen.findByRole('combobox', { name: 'Tickets' }), '2');
    await user.click(screen.getByRole('button', { name: 'Reserve 2 seats' }));
    expect(screen.getByText('Type your name')).toBeInTheDocument();
    expect(screen.getByText('Type a valid e-mail address, like name@example.com')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url) === '/api/v1/guest/ticket-orders')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Your name/ }), 'Hanako Yamada');
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'hanako@example.com');
    await user.click(screen.getByRole('button', { name: 'Reserve 2 seats' }));
    expect(await screen.findByText('order page')).toBeInTheDocument();
    const created = fetch.mock.calls.find(([url]) => String(url) === '/api/v1/guest/ticket-orders');
    expect(bodyOf(created?.[1])).toEqual({ screeningId: 7, quantity: 2, name: 'Hanako Yamada', email: 'hanako@example.com' });
  });

  it('shows the server’s message under its field', async () => {
    stubApi({
      'GET /api/v1/screenings/7': { status: 200, body: screening() },
      'POST /api/v1/guest/ticket-orders': {
        status: 400,
        body: { code: 'validation', message: 'Type a valid e-mail address, like name@example.com', fields: { email: 'That address cannot be used' } },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/screenings/7/guest']);
    await user.type(await screen.findByRole('textbox', { name: /^Your name/ }), 'Hanako');
    await user.type(screen.getByRole('textbox', { name: /^E-mail address/ }), 'x@example.invalid');
    await user.click(screen.getByRole('button', { name: 'Reserve 1 seat' }));
    expect(await screen.findByText('That address cannot be used')).toBeInTheDocument();
  });

  it('offers the waiting list when sold out', async () => {
    stubApi({ 'GET /api/v1/screenings/7': { status: 200, body: screening({ remaining: 0, soldOut: true }) } });
    renderPage(routes, ['/screenings/7/guest']);
    expect(await screen.findByTestId('guest-waitlist-link')).toHaveAttribute('href', '/screenings/7/guest-waitlist');
  });
});
