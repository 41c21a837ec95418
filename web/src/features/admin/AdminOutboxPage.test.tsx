import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '../../api/reminders';
import { renderPage, stubApi } from '../../test/utils';
import AdminOutboxPage from './AdminOutboxPage';

afterEach(() => vi.unstubAllGlobals());

const mail: Mail = {
  id: 3,
  kind: 'reminder',
  to: 'ana@example.com',
  subject: 'Reminder: Lumière Shorts',
  body: 'Hello Ana,\n\nLumière Shorts is one week away.\n\nMarquee',
  language: 'ja',
  status: 'kept',
  attempts: 0,
  lastError: '',
  createdAt: '2026-05-01T09:00:00Z',
  sentAt: null,
};
const failed: Mail = {
  ...mail,
  id: 4,
  to: 'bo@example.com',
  subject: 'Reminder: Night Fest',
  language: 'en',
  status: 'failed',
  attempts: 5,
  lastError: '550 mailbox unavailable',
};
const routes = [{ path: '/admin/outbox', Component: AdminOutboxPage }];
const page = (items: Mail[], total = items.length) => ({ status: 200, body: { items, total, page: 1, perPage: 20 } });

describe('AdminOutboxPage', () => {
  it('explains the outbox and lists the mail', async () => {
    const fetch = stubApi({ 'GET /api/v1/admin/outbox?status=all&page=1': page([mail, failed]) });
    renderPage(routes, ['/admin/outbox']);
    const rows = await screen.findAllByTestId('outbox-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByText(/MARQUEE_SMTP_URL/)).toBeInTheDocument();
    const cells = within(rows[0]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['ana@example.com', 'Reminder: Lumière Shorts', 'Reminder', '日本語', 'Kept']);
    expect(cells[5]).toMatch(/May 1, 2026/);
    expect(cells[6]).toBe('0');
    expect(within(rows[1]).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
    expect(screen.getByTestId('outbox-total')).toHaveTextContent('2 e-mails');
    expect(String(fetch.mock.calls[0][0])).toBe('/api/v1/admin/outbox?status=all&page=1');
  });

  it('asks the server for the chosen status', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/outbox?status=all&page=1': page([mail, failed]),
      'GET /api/v1/admin/outbox?status=failed&page=1': page([failed]),
    });
    renderPage(routes, ['/admin/outbox']);
    await screen.findAllByTestId('outbox-row');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Failed' }));
    await waitFor(() => expect(screen.getAllByTestId('outbox-row')).toHaveLength(1));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/v1/admin/outbox?status=failed&page=1');
    expect(screen.getByRole('radio', { name: 'Failed' })).toBeChecked();
  });

  it('shows the empty state of a filter', async () => {
    stubApi({ 'GET /api/v1/admin/outbox?status=queued&page=1': page([]) });
    renderPage(routes, ['/admin/outbox?status=queued']);
    expect(await screen.findByTestId('outbox-empty')).toHaveTextContent('No e-mails are waiting to be sent.');
  });

  it('opens the full message with its line breaks from a row', async () => {
    stubApi({ 'GET /api/v1/admin/outbox?status=all&page=1': page([mail]) });
    const user = userEvent.setup();
    renderPage(routes, ['/admin/outbox']);
    await user.click(await screen.findByText('ana@example.com'));
    const dialog = await screen.findByRole('dialog', { name: 'Reminder: Lumière Shorts' });
    const body = within(dialog).getByTestId('outbox-body');
    expect(body.textContent).toBe('Hello Ana,\n\nLumière Shorts is one week away.\n\nMarquee');
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(within(dialog).queryByTestId('outbox-last-error')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows a failed message's last error through its View button", async () => {
    stubApi({ 'GET /api/v1/admin/outbox?status=all&page=1': page([failed]) });
    const user = userEvent.setup();
    renderPage(routes, ['/admin/outbox']);
    await user.click(await screen.findByRole('button', { name: 'View the e-mail “Reminder: Night Fest” to bo@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reminder: Night Fest' });
    expect(within(dialog).getByTestId('outbox-last-error')).toHaveTextContent('550 mailbox unavailable');
    expect(within(dialog).getByText('5')).toBeInTheDocument();
  });

  it('pages through the outbox', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/outbox?status=all&page=1': page([mail], 45),
      'GET /api/v1/admin/outbox?status=all&page=2': {
        status: 200,
        body: { items: [{ ...mail, id: 9, subject: 'Second page mail' }], total: 45, page: 2, perPage: 20 },
      },
    });
    renderPage(routes, ['/admin/outbox']);
    await screen.findByTestId('outbox-row');
    const nav = screen.getByRole('navigation', { name: 'Outbox pages' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Second page mail')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/v1/admin/outbox?status=all&page=2');
  });

  it('shows a load error', async () => {
    stubApi({ 'GET /api/v1/admin/outbox?status=all&page=1': { status: 403, body: { message: 'Forbidden', code: 'forbidden' } } });
    renderPage(routes, ['/admin/outbox']);
    const error = await screen.findByTestId('outbox-error');
    expect(error).toHaveTextContent('The outbox could not be loaded.');
    expect(error).toHaveTextContent('You do not have permission to do that.');
  });
});
