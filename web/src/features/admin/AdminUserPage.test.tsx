import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, UserDetail } from '../../api/adminUsers';
import { renderPage, stubApi } from '../../test/utils';
import AdminUserPage from './AdminUserPage';

afterEach(() => vi.unstubAllGlobals());

/** pickOption opens a Mantine Select and picks the option called name. */
async function pickOption(combobox: HTMLElement, name: string) {
  await userEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await userEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

function user(over: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 7,
    email: 'film@example.com',
    name: 'Fiona Film',
    role: 'filmmaker',
    credits: 5,
    createdAt: '2026-05-01T09:30:00Z',
    emailVerified: true,
    disabledAt: null,
    termsAcceptedAt: null,
    ...over,
  };
}

function detail(over: Partial<UserDetail> = {}): UserDetail {
  return {
    user: user(),
    festivals: [{ id: 3, slug: 'cardiff', name: 'Cardiff Animation', status: 'approved', createdAt: '2026-05-02T09:30:00Z' }],
    purchases: [],
    ledger: [{ id: 1, userId: 7, delta: 5, reason: 'adjustment', reference: 'admin:1', note: 'Welcome gift', createdAt: '2026-05-03T09:30:00Z' }],
    sessions: [{ id: 9, createdAt: '2026-05-04T09:30:00Z', expiresAt: '2026-06-03T09:30:00Z', userAgent: 'Firefox', ip: '198.51.100.7' }],
    ...over,
  };
}

const routes = [{ path: '/admin/users/:id', Component: AdminUserPage }];

describe('AdminUserPage', () => {
  it('shows the profile, festivals, ledger with reasons and sessions', async () => {
    stubApi({ 'GET /api/v1/admin/users/7': { status: 200, body: detail() } });
    renderPage(routes, ['/admin/users/7']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fiona Film' })).toBeInTheDocument();
    expect(screen.getByTestId('user-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('user-credits')).toHaveTextContent('5');
    expect(screen.getByText('Cardiff Animation')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-ledger')).getByText('Welcome gift')).toBeInTheDocument();
    expect(within(screen.getByTestId('user-sessions')).getByText('198.51.100.7')).toBeInTheDocument();
    expect(screen.getByText('No purchases.')).toBeInTheDocument();
  });

  it('says so when the user does not exist', async () => {
    stubApi({ 'GET /api/v1/admin/users/99': { status: 404, body: { message: 'User not found', code: 'not_found' } } });
    renderPage(routes, ['/admin/users/99']);
    expect(await screen.findByText('There is no user with this number.')).toBeInTheDocument();
  });

  it('adjusts credits only with a reason, then shows the new balance', async () => {
    let current = detail();
    const fetch = stubApi({
      'GET /api/v1/admin/users/7': () => ({ status: 200, body: current }),
      'POST /api/v1/admin/users/7/credits': (init) => {
        const body = JSON.parse(String(init?.body)) as { delta: number; reason: string };
        current = detail({ user: user({ credits: 5 + body.delta }) });
        return { status: 200, body: { user: current.user } };
      },
    });
    renderPage(routes, ['/admin/users/7']);
    const form = await screen.findByRole('form', { name: 'Adjust credits' });
    await userEvent.type(within(form).getByLabelText(/Credits \(\+ or −\)/), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credits' }));
    expect(await screen.findByText('A reason is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await userEvent.type(within(form).getByLabelText(/Reason/), 'Festival prize');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credits' }));
    expect(await screen.findByText('Done: the balance is now 15 credits.')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ delta: 10, reason: 'Festival prize' });
    await waitFor(() => expect(screen.getByTestId('user-credits')).toHaveTextContent('15'));
  });

  it("shows the server's refusal of an adjustment below zero", async () => {
    const msg = 'This would take the balance below 0: the user has 5 credits';
    stubApi({
      'GET /api/v1/admin/users/7': { status: 200, body: detail() },
      'POST /api/v1/admin/users/7/credits': { status: 400, body: { message: msg, code: 'validation', fields: { delta: msg } } },
    });
    renderPage(routes, ['/admin/users/7']);
    const form = await screen.findByRole('form', { name: 'Adjust credits' });
    await userEvent.type(within(form).getByLabelText(/Credits \(\+ or −\)/), '-6');
    await userEvent.type(within(form).getByLabelText(/Reason/), 'Correction');
    await userEvent.click(within(form).getByRole('button', { name: 'Adjust credits' }));
    // The field says why; the notice above asks to correct it.
    expect(await within(form).findByText(msg)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
  });

  it('disables after confirming, changes the role, ends sessions and sends a reset e-mail', async () => {
    let current = detail();
    const fetch = stubApi({
      'GET /api/v1/admin/users/7': () => ({ status: 200, body: current }),
      'POST /api/v1/admin/users/7/disable': () => {
        current = detail({ user: user({ disabledAt: '2026-05-05T09:30:00Z' }), sessions: [] });
        return { status: 200, body: { user: current.user } };
      },
      'PUT /api/v1/admin/users/7/role': { status: 200, body: { user: user({ role: 'organiser' }) } },
      'DELETE /api/v1/admin/users/7/sessions': { status: 200, body: { ended: 1 } },
      'POST /api/v1/admin/users/7/password-reset': { status: 202, body: {} },
    });
    renderPage(routes, ['/admin/users/7']);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('The account is disabled and every session has ended.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('user-status')).toHaveTextContent('Disabled'));
    expect(screen.getByRole('button', { name: 'Enable account' })).toBeInTheDocument();

    await pickOption(screen.getByRole('combobox', { name: 'Role' }), 'Organiser');
    await userEvent.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('The role is now Organiser.')).toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls.find(([, i]) => i?.method === 'PUT')?.[1]?.body))).toEqual({ role: 'organiser' });

    await userEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    expect(await screen.findByText('1 session ended.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send password-reset e-mail' }));
    expect(await screen.findByText('A password-reset e-mail is on its way to film@example.com.')).toBeInTheDocument();
  });
});
