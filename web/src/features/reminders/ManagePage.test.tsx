import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { choosePreference, daysFromNow, reminder, withToasts } from './testUtils';
import ManagePage from './ManagePage';


afterEach(() => {
  vi.unstubAllGlobals();
  // The toast host is still mounted here: its store update belongs in act.
  act(() => notifications.clean());
});

// The festivals list is another feature with its own tests; here it only has to be placed.
const routes = [{ path: '/manage', element: withToasts(<ManagePage festivals={<section data-testid="my-festivals" />} />) }];

describe('ManagePage', () => {
  it("shows the seed's title, the form, the reminders and the user's festivals", async () => {
    stubApi({ 'GET /api/v1/reminders': { status: 200, body: { items: [reminder()] } } });
    const { container } = renderPage(routes, ['/manage']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Your Festival Reminders' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Manage Your Festival Reminders | Marquee'));
    const section = container.querySelector('section#reminders');
    expect(section).toContainElement(screen.getByTestId('reminder-form'));
    expect(screen.getByRole('combobox', { name: /Notification preference/ })).toHaveAttribute('placeholder', 'Select reminder time');
    expect(await screen.findByTestId('reminder-item')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download calendar (.ics)' })).toBeInTheDocument();
    expect(screen.getByTestId('my-festivals')).toBeInTheDocument();
  });

  it("fills the form from a festival page's 'Remind me' link, focuses what is left, and sends the slug", async () => {
    const date = daysFromNow(45);
    let created = false;
    const fetch = stubApi({
      'GET /api/v1/reminders': () => ({ status: 200, body: { items: created ? [reminder({ date })] : [] } }),
      'POST /api/v1/reminders': () => {
        created = true;
        return { status: 201, body: { reminder: reminder({ date }) } };
      },
    });
    const user = userEvent.setup();
    const { router } = renderPage(routes, [
      `/manage?festival=lumiere-shorts&name=${encodeURIComponent('Lumière Shorts')}&date=${date}`,
    ]);

    const preference = await screen.findByRole('combobox', { name: /Notification preference/ });
    expect(screen.getByRole('textbox', { name: /Festival name/ })).toHaveValue('Lumière Shorts');
    expect(screen.getByRole('button', { name: /Festival date/ })).not.toHaveTextContent('Pick a date');
    await waitFor(() => expect(preference).toHaveFocus());

    await choosePreference(user, 'One Week Before');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    await screen.findByTestId('reminder-toast');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      festivalName: 'Lumière Shorts',
      date,
      preference: 'one-week-before',
      festivalSlug: 'lumiere-shorts',
    });

    // The hand-over is spent: the address loses it, the form stays clear and the list shows the new reminder.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: /Festival name/ })).toHaveValue('');
    expect(await screen.findByTestId('reminder-item')).toBeInTheDocument();
  });

  it('ignores a malformed date in the link and focuses the date', async () => {
    stubApi({ 'GET /api/v1/reminders': { status: 200, body: { items: [] } } });
    renderPage(routes, ['/manage?festival=x&name=Night%20Fest&date=2026-02-31']);
    const dateButton = await screen.findByRole('button', { name: /Festival date/ });
    expect(dateButton).toHaveTextContent('Pick a date');
    await waitFor(() => expect(dateButton).toHaveFocus());
  });
});
