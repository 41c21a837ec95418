import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { ReminderForm } from './ReminderForm';
import { choosePreference, daysFromNow, reminder, withToasts } from './testUtils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The toast host is still mounted here: its store update belongs in act.
  act(() => notifications.clean());
});

const posts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

function renderForm(prefill: Parameters<typeof ReminderForm>[0]['prefill'] = null) {
  return renderPage(withToasts(<ReminderForm prefill={prefill} />));
}

describe('ReminderForm', () => {
  it('says what each empty field needs, sends nothing and focuses the first empty one', async () => {
    const fetch = stubApi({ 'POST /api/v1/reminders': { status: 201, body: { reminder: reminder() } } });
    const user = userEvent.setup();
    renderForm();
    const submit = await screen.findByRole('button', { name: 'Set reminder' });

    await user.click(submit);
    const name = screen.getByRole('textbox', { name: /Festival name/ });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription("Enter the festival's name.");
    expect(screen.getByText("Pick the festival's date.")).toBeInTheDocument();
    expect(screen.getByText('Choose when to be reminded.')).toBeInTheDocument();

    await user.type(name, 'Lumière Shorts');
    expect(screen.queryByText("Enter the festival's name.")).not.toBeInTheDocument();
    await choosePreference(user, 'One Week Before');
    expect(screen.queryByText('Choose when to be reminded.')).not.toBeInTheDocument();
    await user.click(submit);
    expect(screen.getByRole('button', { name: /Festival date/ })).toHaveFocus();
    expect(screen.getByText("Pick the festival's date.")).toBeInTheDocument();

    expect(posts(fetch)).toHaveLength(0);
    // The form's own alert (a toast another test file left in the shared host is not this form's).
    expect(within(screen.getByTestId('reminder-form')).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reminder-toast')).not.toBeInTheDocument();
  });

  it('treats a name of spaces only as empty', async () => {
    const date = daysFromNow(30);
    const fetch = stubApi({});
    const user = userEvent.setup();
    renderForm({ festivalSlug: '', festivalName: '', date });
    await user.type(await screen.findByRole('textbox', { name: /Festival name/ }), '   ');
    await choosePreference(user, 'Day of Event');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(posts(fetch)).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /Festival name/ })).toHaveAccessibleDescription("Enter the festival's name.");
  });

  it('sets a reminder picked on the calendar, clears the form and shows the green toast for 3 s', async () => {
    const today = dayjs().format('YYYY-MM-DD');
    const fetch = stubApi({ 'POST /api/v1/reminders': { status: 201, body: { reminder: reminder({ date: today }) } } });
    const show = vi.spyOn(notifications, 'show');
    const user = userEvent.setup();
    renderForm();

    await user.type(await screen.findByRole('textbox', { name: /Festival name/ }), '  Lumière Shorts ');
    await user.click(screen.getByRole('button', { name: /Festival date/ }));
    await user.click(await screen.findByRole('button', { name: dayjs().format('D MMMM YYYY') }));
    await choosePreference(user, 'Day of Event');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));

    const toast = await screen.findByTestId('reminder-toast');
    expect(toast).toHaveTextContent("Your reminder has been set! You'll be notified as requested.");
    expect(within(toast).getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'green', autoClose: 3000 }));

    const [post] = posts(fetch);
    expect(bodyOf(post[1])).toEqual({ festivalName: 'Lumière Shorts', date: today, preference: 'day-of' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Festival name/ })).toHaveValue(''));
    expect(screen.getByRole('button', { name: /Festival date/ })).toHaveTextContent('Pick a date');
    expect(screen.getByRole('combobox', { name: /Notification preference/ })).toHaveValue('');
  });

  it('closes the toast with its close button', async () => {
    stubApi({ 'POST /api/v1/reminders': { status: 201, body: { reminder: reminder() } } });
    const user = userEvent.setup();
    renderForm({ festivalSlug: '', festivalName: 'Lumière Shorts', date: daysFromNow(20) });
    await choosePreference(user, 'One Day Before');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    const toast = await screen.findByTestId('reminder-toast');
    await user.click(within(toast).getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByTestId('reminder-toast')).not.toBeInTheDocument());
  });

  it("shows the server's refusal beside its field and keeps the input", async () => {
    stubApi({
      'POST /api/v1/reminders': {
        status: 400,
        body: {
          message: 'That reminder day has already passed; choose a later option',
          code: 'validation',
          fields: { preference: 'That reminder day has already passed; choose a later option' },
        },
      },
    });
    const user = userEvent.setup();
    renderForm({ festivalSlug: '', festivalName: 'Lumière Shorts', date: daysFromNow(10) });
    await choosePreference(user, 'One Week Before');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));

    const select = screen.getByRole('combobox', { name: /Notification preference/ });
    await waitFor(() => expect(select).toHaveAccessibleDescription(/That reminder day has already passed/));
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /Festival name/ })).toHaveValue('Lumière Shorts');
    expect(screen.queryByTestId('reminder-toast')).not.toBeInTheDocument();
  });

  it('shows an error without a field as an alert', async () => {
    stubApi({ 'POST /api/v1/reminders': 'network' });
    const user = userEvent.setup();
    renderForm({ festivalSlug: '', festivalName: 'Lumière Shorts', date: daysFromNow(10) });
    await choosePreference(user, 'Day of Event');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    expect(await screen.findByTestId('reminder-error')).toHaveTextContent('The reminder could not be set');
  });

  it('offers only the options whose day is still ahead', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderForm({ festivalSlug: '', festivalName: 'Lumière Shorts', date: daysFromNow(3) });
    await user.click(await screen.findByRole('combobox', { name: /Notification preference/ }));
    expect(await screen.findByRole('option', { name: 'One Week Before', hidden: true })).toHaveAttribute('data-combobox-disabled', 'true');
    expect(screen.getByRole('option', { name: 'One Day Before', hidden: true })).not.toHaveAttribute('data-combobox-disabled');
  });

  it('sends the festival slug handed over by a festival page, and drops it when the name is changed', async () => {
    const fetch = stubApi({ 'POST /api/v1/reminders': { status: 201, body: { reminder: reminder() } } });
    const date = daysFromNow(40);
    const user = userEvent.setup();
    renderForm({ festivalSlug: 'lumiere-shorts', festivalName: 'Lumière Shorts', date });
    expect(await screen.findByText("Linked to this festival's page on Marquee.")).toBeInTheDocument();
    await choosePreference(user, 'One Week Before');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    await screen.findByTestId('reminder-toast');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({
      festivalName: 'Lumière Shorts',
      date,
      preference: 'one-week-before',
      festivalSlug: 'lumiere-shorts',
    });
  });

  it('unlinks the festival when the name is edited', async () => {
    const fetch = stubApi({ 'POST /api/v1/reminders': { status: 201, body: { reminder: reminder() } } });
    const date = daysFromNow(40);
    const user = userEvent.setup();
    renderForm({ festivalSlug: 'lumiere-shorts', festivalName: 'Lumière Shorts', date });
    const name = await screen.findByRole('textbox', { name: /Festival name/ });
    await user.clear(name);
    await user.type(name, 'Another Festival');
    expect(screen.queryByText("Linked to this festival's page on Marquee.")).not.toBeInTheDocument();
    await choosePreference(user, 'Day of Event');
    await user.click(screen.getByRole('button', { name: 'Set reminder' }));
    await screen.findByTestId('reminder-toast');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ festivalName: 'Another Festival', date, preference: 'day-of' });
  });
});
