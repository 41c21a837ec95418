import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import { RemindersList } from './RemindersList';
import { reminder, withToasts } from './testUtils';

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast host is still mounted here: its store update belongs in act.
  act(() => notifications.clean());
});

describe('RemindersList', () => {
  it('lists reminders with festival link, date, option and send state, plus the calendar download', async () => {
    stubApi({
      'GET /api/v1/reminders': {
        status: 200,
        body: {
          items: [
            reminder(),
            reminder({
              id: 2,
              festivalName: 'Garage Cinema Night',
              festivalSlug: '',
              date: '2026-01-10',
              preference: 'day-of',
              sendAt: '2026-01-10T09:00:00Z',
              sentAt: '2026-01-10T09:00:04Z',
            }),
          ],
        },
      },
    });
    renderPage(<RemindersList />);
    const items = await screen.findAllByTestId('reminder-item');
    expect(items).toHaveLength(2);

    const linked = items[0];
    expect(within(linked).getByRole('link', { name: 'Lumière Shorts' })).toHaveAttribute('href', '/festival/lumiere-shorts');
    expect(within(linked).getByText(/May 20, 2031/)).toBeInTheDocument();
    expect(within(linked).getByText(/One Day Before/)).toBeInTheDocument();
    expect(within(linked).getByTestId('reminder-send-state')).toHaveTextContent(/^Sends on May 19, 2031/);

    const plain = items[1];
    expect(within(plain).queryByRole('link')).not.toBeInTheDocument();
    expect(within(plain).getByRole('heading', { name: 'Garage Cinema Night' })).toBeInTheDocument();
    expect(within(plain).getByText(/Day of Event/)).toBeInTheDocument();
    expect(within(plain).getByText('Sent')).toBeInTheDocument();

    const ics = screen.getByRole('link', { name: 'Download calendar (.ics)' });
    expect(ics).toHaveAttribute('href', '/api/v1/reminders.ics?lang=en');
    expect(ics).toHaveAttribute('download');
  });

  it('says when a due reminder has not gone out yet', async () => {
    stubApi({
      'GET /api/v1/reminders': {
        status: 200,
        body: { items: [reminder({ sendAt: new Date(Date.now() - 60_000).toISOString() })] },
      },
    });
    renderPage(<RemindersList />);
    expect(await screen.findByTestId('reminder-send-state')).toHaveTextContent('Sending shortly');
  });

  it('shows the empty state without a calendar link', async () => {
    stubApi({ 'GET /api/v1/reminders': { status: 200, body: { items: [] } } });
    renderPage(<RemindersList />);
    expect(await screen.findByTestId('reminders-empty')).toHaveTextContent('You have no reminders yet.');
    expect(screen.queryByRole('link', { name: 'Download calendar (.ics)' })).not.toBeInTheDocument();
  });

  it('deletes a reminder with DELETE, confirms it and refreshes the list', async () => {
    let deleted = false;
    const fetch = stubApi({
      'GET /api/v1/reminders': () => ({
        status: 200,
        body: { items: deleted ? [reminder({ id: 2, festivalName: 'Other Fest' })] : [reminder(), reminder({ id: 2, festivalName: 'Other Fest' })] },
      }),
      'DELETE /api/v1/reminders/1': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderPage(withToasts(<RemindersList />));
    await user.click(await screen.findByRole('button', { name: 'Delete the reminder for Lumière Shorts' }));

    expect(await screen.findByTestId('reminder-deleted-toast')).toHaveTextContent('The reminder for Lumière Shorts was deleted.');
    await waitFor(() => expect(screen.getAllByTestId('reminder-item')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Other Fest' })).toBeInTheDocument();
    const methods = fetch.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(methods).toContain('DELETE /api/v1/reminders/1');
    expect(methods.filter((m) => m === 'GET /api/v1/reminders').length).toBeGreaterThanOrEqual(2);
  });

  it('reports a failed delete', async () => {
    stubApi({
      'GET /api/v1/reminders': { status: 200, body: { items: [reminder()] } },
      'DELETE /api/v1/reminders/1': { status: 404, body: { message: 'Reminder not found', code: 'not_found' } },
    });
    const user = userEvent.setup();
    renderPage(withToasts(<RemindersList />));
    await user.click(await screen.findByRole('button', { name: 'Delete the reminder for Lumière Shorts' }));
    expect(await screen.findByText('The reminder could not be deleted. That reminder no longer exists.')).toBeInTheDocument();
  });

  it('shows a load error with retry', async () => {
    stubApi({ 'GET /api/v1/reminders': 'network' });
    renderPage(<RemindersList />);
    const error = await screen.findByTestId('reminders-error');
    expect(error).toHaveTextContent('Your reminders could not be loaded.');
    expect(within(error).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
