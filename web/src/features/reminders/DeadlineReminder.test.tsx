import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category } from '../../api/festivals';
import i18n from '../../i18n';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import {
  allowedPreferences,
  DeadlineReminderButton,
  parseRemind,
  PendingDeadlineReminder,
  remindValue,
  upcomingDeadlines,
} from './DeadlineReminder';
import { reminder, withToasts } from './testUtils';

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

const docs: Category = {
  id: 10,
  name: 'Documentary',
  description: '',
  deadlines: [
    { tier: 'early', date: '2020-01-10', fee: 10 },
    { tier: 'regular', date: '2040-03-01', fee: 20 },
    { tier: 'late', date: '2040-04-01', fee: 30 },
  ],
  current: { tier: 'regular', date: '2040-03-01', fee: 20 },
};

const signedIn = {
  status: 200,
  body: { user: { id: 12, email: 'mina@example.com', name: 'Mina', role: 'filmmaker', credits: 0, createdAt: '2030-01-01T00:00:00Z' } },
};
const visitor = { status: 200, body: { user: null } };

function renderButton(path = '/festival/kyoto-shorts') {
  return renderPage(
    [
      { path: '/festival/:slug', element: withToasts(<DeadlineReminderButton slug="kyoto-shorts" category={docs} />) },
      { path: '/login', element: <p>login page</p> },
      { path: '/signup', element: <p>signup page</p> },
    ],
    [path],
  );
}

describe('deadline reminder helpers', () => {
  it('carries a choice through the sign-in and refuses anything else', () => {
    const v = remindValue({ categoryId: 10, tier: 'late', preference: 'one-week-before' });
    expect(v).toBe('10.late.one-week-before');
    expect(parseRemind(v)).toEqual({ categoryId: 10, tier: 'late', preference: 'one-week-before' });
    for (const bad of [null, '', '10.late', '0.late.day-of', 'x.late.day-of', '10.final.day-of', '10.late.someday', '10.late.day-of.x']) {
      expect(parseRemind(bad)).toBeNull();
    }
  });

  it('offers only coming deadlines and the options whose day has not passed', () => {
    expect(upcomingDeadlines(docs, '2040-03-01').map((d) => d.tier)).toEqual(['regular', 'late']);
    expect(upcomingDeadlines(docs, '2040-04-02')).toEqual([]);
    expect(allowedPreferences('2040-03-01', '2040-02-20')).toEqual(['day-of', 'one-day-before', 'one-week-before']);
    expect(allowedPreferences('2040-03-01', '2040-02-28')).toEqual(['day-of', 'one-day-before']);
    expect(allowedPreferences('2040-03-01', '2040-03-01')).toEqual(['day-of']);
  });
});

describe('DeadlineReminderButton', () => {
  it('asks a visitor to sign in and brings them back with their choice', async () => {
    stubApi({ 'GET /api/v1/session': visitor });
    const user = userEvent.setup();
    const { router } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Remind me of a deadline of Documentary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deadline reminder: Documentary' });
    // The passed early deadline is not offered; the first coming one is chosen.
    const deadlines = within(dialog).getAllByRole('radio', { name: /deadline:/ });
    expect(deadlines.map((r) => r.getAttribute('value'))).toEqual(['regular', 'late']);
    expect(within(dialog).getByRole('radio', { name: 'Regular deadline: March 1, 2040' })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'Late deadline: April 1, 2040' }));
    await user.click(within(dialog).getByRole('radio', { name: 'One week before' }));
    expect(within(dialog).getByTestId('deadline-reminder-sign-in')).toHaveTextContent('Sign in to get an e-mail before this deadline');
    expect(within(dialog).queryByRole('button', { name: 'Set reminder' })).toBeNull();
    await user.click(within(dialog).getByRole('link', { name: 'Sign in to set this reminder' }));
    await screen.findByText('login page');
    expect(router.state.location.state).toEqual({
      from: { pathname: '/festival/kyoto-shorts', search: '?remind=10.late.one-week-before' },
    });
  });

  it('sets a signed-in user’s reminder of the chosen deadline', async () => {
    const api = stubApi({
      'GET /api/v1/session': signedIn,
      'POST /api/v1/reminders': {
        status: 201,
        body: { reminder: reminder({ categoryId: 10, categoryName: 'Documentary', tier: 'regular', date: '2040-03-01' }) },
      },
    });
    const user = userEvent.setup();
    renderButton();
    await user.click(await screen.findByRole('button', { name: 'Remind me of a deadline of Documentary' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Set reminder' }));
    expect(await within(dialog).findByTestId('deadline-reminder-set')).toHaveTextContent(
      'Reminder set: Regular deadline for Documentary (March 1, 2040). We will e-mail you before it.',
    );
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ festivalSlug: 'kyoto-shorts', categoryId: 10, tier: 'regular', preference: 'one-day-before' });
    expect(within(dialog).getByRole('link', { name: 'See your reminders' })).toHaveAttribute('href', '/manage#reminders');
  });

  it('shows why the server refused, in the reader’s language', async () => {
    stubApi({
      'GET /api/v1/session': signedIn,
      'POST /api/v1/reminders': {
        status: 409,
        body: { message: 'この締切のリマインダーはすでに設定されています。', code: 'conflict' },
      },
    });
    await i18n.changeLanguage('ja');
    try {
      const user = userEvent.setup();
      renderButton();
      await user.click(await screen.findByRole('button', { name: '「Documentary」の締切をリマインド' }));
      const dialog = await screen.findByRole('dialog', { name: '締切リマインダー：Documentary' });
      expect(within(dialog).getByRole('radio', { name: '通常締切：2040年3月1日' })).toBeChecked();
      await user.click(await within(dialog).findByRole('button', { name: 'リマインダーを設定' }));
      const error = await within(dialog).findByTestId('deadline-reminder-error');
      expect(error).toHaveTextContent('リマインダーを設定できませんでした。');
      expect(error).toHaveTextContent('この締切のリマインダーはすでに設定されています。');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows nothing when every deadline of the category has passed', async () => {
    stubApi({ 'GET /api/v1/session': visitor });
    renderPage(
      <DeadlineReminderButton slug="kyoto-shorts" category={{ ...docs, deadlines: [docs.deadlines[0]], current: null }} />,
    );
    await waitFor(() => expect(screen.queryByText('loading translations')).toBeNull());
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('PendingDeadlineReminder', () => {
  it('sets the reminder chosen before signing in, once, and clears it from the address', async () => {
    const api = stubApi({
      'GET /api/v1/session': signedIn,
      'POST /api/v1/reminders': {
        status: 201,
        body: { reminder: reminder({ categoryId: 10, categoryName: 'Documentary', tier: 'late', date: '2040-04-01' }) },
      },
    });
    const { router } = renderPage(
      [{ path: '/festival/:slug', element: withToasts(<PendingDeadlineReminder slug="kyoto-shorts" categories={[docs]} />) }],
      ['/festival/kyoto-shorts?remind=10.late.one-week-before'],
    );
    expect(await screen.findByTestId('deadline-reminder-saved')).toHaveTextContent(
      'Reminder set: Late deadline for Documentary (April 1, 2040). We will e-mail you before it.',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const posts = api.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0][1])).toEqual({ festivalSlug: 'kyoto-shorts', categoryId: 10, tier: 'late', preference: 'one-week-before' });
  });

  it('does nothing for a visitor, and drops a choice naming no category of the festival', async () => {
    const api = stubApi({ 'GET /api/v1/session': visitor });
    renderPage(
      [{ path: '/festival/:slug', element: <PendingDeadlineReminder slug="kyoto-shorts" categories={[docs]} /> }],
      ['/festival/kyoto-shorts?remind=10.late.day-of'],
    );
    await waitFor(() => expect(api).toHaveBeenCalled());
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const signed = stubApi({ 'GET /api/v1/session': signedIn });
    const { router } = renderPage(
      [{ path: '/festival/:slug', element: <PendingDeadlineReminder slug="kyoto-shorts" categories={[docs]} /> }],
      ['/festival/kyoto-shorts?remind=99.late.day-of'],
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(signed.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
