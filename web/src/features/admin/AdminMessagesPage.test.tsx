import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import AdminMessagesPage from './AdminMessagesPage';

afterEach(() => vi.unstubAllGlobals());

const message = {
  id: 7,
  name: 'Lena Park',
  email: 'lena@example.com',
  subject: 'Screening room',
  message: 'Can we book it?',
  createdAt: '2026-05-01T09:30:00Z',
  handledAt: null,
};
const routes = [{ path: '/admin/messages', Component: AdminMessagesPage }];

describe('AdminMessagesPage', () => {
  it('lists open messages by default with a reply link', async () => {
    const fetch = stubApi({ 'GET /api/v1/admin/messages?status=open&page=1': { status: 200, body: { items: [message], total: 1, page: 1, perPage: 50 } } });
    renderPage(routes, ['/admin/messages']);
    const item = await screen.findByTestId('message-item');
    expect(within(item).getByRole('heading', { name: 'Screening room' })).toBeInTheDocument();
    expect(within(item).getByText('Can we book it?')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: /lena@example\.com/ })).toHaveAttribute(
      'href',
      'mailto:lena@example.com?subject=Re%3A%20Screening%20room',
    );
    expect(within(item).getByText(/May 1, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    expect(screen.getByTestId('messages-total')).toHaveTextContent('1 message');
    expect(String(fetch.mock.calls[0][0])).toContain('status=open');
  });

  it('marks a message handled and refetches', async () => {
    let handled = false;
    const fetch = stubApi({
      'GET /api/v1/admin/messages?status=open&page=1': () => ({
        status: 200,
        body: handled ? { items: [], total: 0, page: 1, perPage: 50 } : { items: [message], total: 1, page: 1, perPage: 50 },
      }),
      'PATCH /api/v1/admin/messages/7': () => {
        handled = true;
        return { status: 200, body: { message: { ...message, handledAt: '2026-05-02T00:00:00Z' } } };
      },
    });
    renderPage(routes, ['/admin/messages']);
    await userEvent.setup().click(await screen.findByRole('button', { name: /Mark handled/ }));
    expect(await screen.findByTestId('messages-empty')).toHaveTextContent('No open messages');
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(bodyOf(patch?.[1])).toEqual({ handled: true });
  });

  it('switches to handled messages and offers Reopen', async () => {
    stubApi({
      'GET /api/v1/admin/messages?status=open&page=1': { status: 200, body: { items: [], total: 0, page: 1, perPage: 50 } },
      'GET /api/v1/admin/messages?status=handled&page=1': {
        status: 200,
        body: { items: [{ ...message, handledAt: '2026-05-02T00:00:00Z' }], total: 1, page: 1, perPage: 50 },
      },
    });
    renderPage(routes, ['/admin/messages']);
    await screen.findByTestId('messages-empty');
    await userEvent.setup().click(screen.getByText('Handled'));
    const item = await screen.findByTestId('message-item');
    expect(within(item).getByRole('button', { name: /Reopen/ })).toBeInTheDocument();
    expect(within(item).getByText(/Handled on/)).toBeInTheDocument();
  });

  it('shows an error state with retry', async () => {
    stubApi({ 'GET /api/v1/admin/messages?status=open&page=1': { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } });
    renderPage(routes, ['/admin/messages']);
    const error = await screen.findByTestId('messages-error');
    expect(error).toHaveTextContent('The messages could not be loaded.');
    expect(error).toHaveTextContent('You do not have permission to do this.');
    await waitFor(() => expect(within(error).getByRole('button', { name: 'Try again' })).toBeEnabled());
  });

  it('pages through messages 50 at a time', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/messages?status=open&page=1': { status: 200, body: { items: [message], total: 120, page: 1, perPage: 50 } },
      'GET /api/v1/admin/messages?status=open&page=2': {
        status: 200,
        body: { items: [{ ...message, id: 8, subject: 'Second page' }], total: 120, page: 2, perPage: 50 },
      },
    });
    renderPage(routes, ['/admin/messages']);
    await screen.findByTestId('message-item');
    const nav = screen.getByRole('navigation', { name: 'Message pages' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true);
  });
});
