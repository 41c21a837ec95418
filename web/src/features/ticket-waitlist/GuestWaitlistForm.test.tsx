import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { GuestWaitlistForm } from './GuestWaitlistForm';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/w', Component: () => <GuestWaitlistForm screeningId={7} /> }];

describe('GuestWaitlistForm', () => {
  it('checks the address, then asks for the confirmation e-mail', async () => {
    const fetch = stubApi({ 'POST /api/v1/guest/screenings/7/waitlist': { status: 202, body: { sent: true } } });
    const user = userEvent.setup();
    renderPage(routes, ['/w']);
    await user.type(await screen.findByLabelText(/^E-mail address/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(screen.getByText('Type a valid e-mail address, like name@example.com')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^E-mail address/));
    await user.type(screen.getByLabelText(/^E-mail address/), 'wait@example.com');
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByTestId('guest-waitlist-sent')).toHaveTextContent('Check your e-mail (wait@example.com)');
    const sent = fetch.mock.calls.find(([url]) => String(url) === '/api/v1/guest/screenings/7/waitlist');
    expect(bodyOf(sent?.[1])).toEqual({ email: 'wait@example.com', quantity: 1 });
  });
});
