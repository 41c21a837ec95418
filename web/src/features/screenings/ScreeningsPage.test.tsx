import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManagedScreening } from '../../api/tickets';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { festivalAnswer, pickOption } from '../../test/fixtures/manageSubmissions';
import { screening } from '../../test/fixtures/tickets';
import ScreeningsPage from './ScreeningsPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/manage/festivals/:slug/screenings', Component: ScreeningsPage }];
const base = '/api/v1/manage/festivals/kyoto-shorts';

function managedScreening(over: Partial<ManagedScreening> = {}): ManagedScreening {
  return {
    ...screening(),
    sold: 40,
    held: 2,
    checkedIn: 12,
    incomeCents: 50000,
    startsLocal: '2030-06-05T19:00',
    endsLocal: '2030-06-05T21:00',
    salesStartLocal: '2030-01-01T09:00',
    salesEndLocal: '2030-06-05T19:00',
    cancelledAt: null,
    remaining: 58,
    ...over,
  };
}

function stub(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    [`GET ${base}`]: festivalAnswer(),
    [`GET ${base}/screenings`]: { status: 200, body: { timeZone: 'Asia/Tokyo', timeZoneChosen: true, currency: 'usd', items: [managedScreening()] } },
    [`GET ${base}/screening-films`]: { status: 200, body: { items: [{ submissionId: 12, title: 'Paper Moon' }] } },
    [`GET ${base}/door-staff`]: { status: 200, body: { items: [] } },
    ...extra,
  });
}

describe('ScreeningsPage', () => {
  it('lists the screenings with sold, checked in, remaining and income in the festival’s zone', async () => {
    stub();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    const row = await screen.findByTestId('screening-row');
    expect(screen.getByRole('columnheader', { name: 'Starts (Asia/Tokyo)' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Jun 5, 2030, 7:00 PM');
    expect(within(row).getByTestId('screening-sold')).toHaveTextContent('40 of 100');
    expect(within(row).getByTestId('screening-checked-in')).toHaveTextContent('12');
    expect(within(row).getByTestId('screening-remaining')).toHaveTextContent('58');
    expect(within(row).getByTestId('screening-income')).toHaveTextContent('$500.00');
    expect(screen.getByRole('link', { name: 'Check-in' })).toHaveAttribute('href', '/manage/festivals/kyoto-shorts/check-in');
  });

  it('checks the form with the locale’s messages before sending, then creates the screening in local times and cents', async () => {
    const fetch = stub({ [`POST ${base}/screenings`]: { status: 201, body: managedScreening({ id: 9, title: 'Paper Moon' }) } });
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    await user.click(await screen.findByRole('button', { name: 'New screening' }));
    const form = await screen.findByRole('form', { name: 'New screening' });
    expect(within(form).getByTestId('screening-zone-note')).toHaveTextContent('All times are local to the festival: Asia/Tokyo.');
    await user.clear(within(form).getByLabelText(/^Price per ticket/));
    await user.type(within(form).getByLabelText(/^Price per ticket/), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Create screening' }));
    expect(await within(form).findByText('Enter a title or choose a film.')).toBeInTheDocument();
    expect(within(form).getByText('Enter the venue.')).toBeInTheDocument();
    expect(within(form).getAllByText('Enter a date and time.')).toHaveLength(2);
    expect(within(form).getByText('Enter a number of seats from 1 to 100,000.')).toBeInTheDocument();
    expect(within(form).getByText('Enter a price such as 12 or 12.50 (0 for free).')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await pickOption(user, within(form).getByRole('combobox', { name: 'Film' }), 'Paper Moon');
    await user.type(within(form).getByLabelText(/^Venue/), 'Hall 1');
    await user.type(within(form).getByLabelText(/^Starts/), '2030-06-05T21:00');
    await user.type(within(form).getByLabelText(/^Ends/), '2030-06-05T19:00');
    await user.type(within(form).getByLabelText(/^Seats/), '120');
    await user.clear(within(form).getByLabelText(/^Price per ticket/));
    await user.type(within(form).getByLabelText(/^Price per ticket/), '12.5');
    await user.clear(within(form).getByLabelText(/^Sales start/));
    await user.type(within(form).getByLabelText(/^Sales start/), '2030-01-01T09:00');
    await user.click(within(form).getByRole('button', { name: 'Create screening' }));
    expect(await within(form).findByText('The end must be after the start.')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText(/^Ends/));
    await user.type(within(form).getByLabelText(/^Ends/), '2030-06-05T23:00');
    await user.click(within(form).getByRole('button', { name: 'Create screening' }));
    expect(await screen.findByTestId('screenings-saved')).toHaveTextContent('“Paper Moon” was created.');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({
      title: '',
      submissionId: 12,
      venue: 'Hall 1',
      startsAt: '2030-06-05T21:00',
      endsAt: '2030-06-05T23:00',
      capacity: 120,
      priceCents: 1250,
      salesStartAt: '2030-01-01T09:00',
      // Left empty: sales end when the screening starts.
      salesEndAt: '2030-06-05T21:00',
    });
  });

  it('shows the server’s field error (capacity below what is sold)', async () => {
    stub({
      [`PUT ${base}/screenings/7`]: {
        status: 400,
        body: { message: 'Please correct the fields marked below.', code: 'invalid', fields: { capacity: 'Capacity cannot be below the 42 seats sold or held' } },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    await user.click(await screen.findByRole('button', { name: 'Edit Opening night' }));
    const form = await screen.findByRole('form', { name: 'Edit screening' });
    expect(within(form).getByLabelText(/^Title/)).toHaveValue('Opening night');
    expect(within(form).getByLabelText(/^Price per ticket/)).toHaveValue('12.50');
    await user.clear(within(form).getByLabelText(/^Seats/));
    await user.type(within(form).getByLabelText(/^Seats/), '10');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Capacity cannot be below the 42 seats sold or held')).toBeInTheDocument();
  });

  it('cancels a screening after a confirmation that says paid tickets are refunded and holders e-mailed', async () => {
    const fetch = stub({ [`POST ${base}/screenings/7/cancel`]: { status: 200, body: managedScreening({ status: 'cancelled' }) } });
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    await user.click(await screen.findByRole('button', { name: 'Cancel the screening Opening night' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this screening?' });
    expect(dialog).toHaveTextContent('Every paid ticket (40) will be refunded and the holders e-mailed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the screening' }));
    expect(await screen.findByTestId('screenings-saved')).toHaveTextContent('“Opening night” was cancelled.');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === `${base}/screenings/7/cancel`)).toBe(true));
  });

  it('warns before a new time zone moves the local times of scheduled screenings', async () => {
    stub();
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    await screen.findByTestId('screening-row');
    expect(screen.queryByTestId('time-zone-moves')).not.toBeInTheDocument();
    await pickOption(user, screen.getByRole('combobox', { name: 'Festival time zone' }), 'Europe/Paris');
    expect(screen.getByTestId('time-zone-moves')).toHaveTextContent(
      'The scheduled screening keeps its moment in time: its local time changes with the zone. Check it after saving Europe/Paris.',
    );
  });

  it('says when the zone is the default of the festival’s place, not one the organiser chose', async () => {
    stub({ [`GET ${base}/screenings`]: { status: 200, body: { timeZone: 'Asia/Tokyo', timeZoneChosen: false, currency: 'usd', items: [] } } });
    const first = renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    expect(await screen.findByTestId('time-zone-from-place')).toHaveTextContent(
      "Asia/Tokyo is the zone of the festival's country and city. Save another if its screenings take place elsewhere.",
    );
    expect(screen.getByRole('combobox', { name: 'Festival time zone' })).toHaveValue('Asia/Tokyo');
    first.unmount();
    stub();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    await screen.findByTestId('screening-row');
    expect(screen.queryByTestId('time-zone-from-place')).not.toBeInTheDocument();
  });

  it('adds door staff by e-mail and shows an unknown address’s error', async () => {
    stub({
      [`POST ${base}/door-staff`]: {
        status: 400,
        body: { message: 'Please correct the fields marked below.', code: 'invalid', fields: { email: 'No account uses this e-mail address' } },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/screenings']);
    expect(await screen.findByTestId('no-door-staff')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail of their account'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Add door staff' }));
    expect(await screen.findByText('No account uses this e-mail address')).toBeInTheDocument();
  });
});
