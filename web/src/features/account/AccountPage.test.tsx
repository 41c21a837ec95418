import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/client';
import { RequireAuth } from '../../ui/RequireAuth';
import { bodyOf, renderPage, stubApi, type Answer } from '../../test/utils';
import AccountPage from './AccountPage';
import { sampleUser } from '../../test/fixtures/users';

const routes = [
  {
    path: '/',
    children: [
      { Component: RequireAuth, children: [{ path: 'account', Component: AccountPage }] },
      { path: 'login', element: <p>login page</p> },
    ],
  },
];

function renderAccount(user: User | null = sampleUser, password?: Answer | ((init: RequestInit | undefined) => Answer)) {
  const fetch = stubApi({
    'GET /api/v1/session': { status: 200, body: { user } },
    ...(password ? { 'POST /api/v1/me/password': password } : {}),
  });
  const utils = renderPage(routes, ['/account']);
  return { ...utils, fetch };
}

const posts = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'POST');

const longDate = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(iso));

async function fill(current: string, next: string, confirm: string) {
  const user = userEvent.setup();
  const submit = await screen.findByRole('button', { name: 'Change password' });
  if (current) await user.type(screen.getByLabelText(/^Current password/), current);
  if (next) await user.type(screen.getByLabelText(/^New password/), next);
  if (confirm) await user.type(screen.getByLabelText(/^Confirm new password/), confirm);
  await user.click(submit);
  return user;
}

/** The message Mantine shows under a field, found through the input's aria-describedby. */
function messageOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

afterEach(() => vi.unstubAllGlobals());

describe('AccountPage', () => {
  it('shows the profile from the session, with a link to the terms when not yet accepted', async () => {
    renderAccount({ ...sampleUser, name: 'Ana Film', credits: 1200 });
    expect(await screen.findByRole('heading', { level: 1, name: 'My account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My account | Marquee'));
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Ana Film');
    expect(screen.getByTestId('profile-email')).toHaveTextContent('ana@example.com');
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Filmmaker');
    expect(screen.getByTestId('profile-credits')).toHaveTextContent('1,200');
    const since = screen.getByTestId('profile-member-since');
    expect(since).toHaveTextContent('Member since');
    expect(since).toHaveTextContent(longDate(sampleUser.createdAt));
    const terms = screen.getByTestId('profile-terms');
    expect(terms).toHaveTextContent('Not accepted yet.');
    expect(within(terms).getByRole('link', { name: 'Read the Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('heading', { level: 2, name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByText('At least 8 characters')).toBeInTheDocument();
  });

  it('shows the acceptance date of the terms, the role label and a missing name', async () => {
    renderAccount({ ...sampleUser, name: '', role: 'organiser', termsAcceptedAt: '2025-03-04T12:00:00Z' });
    const terms = await screen.findByTestId('profile-terms');
    expect(terms).toHaveTextContent(`Accepted on ${longDate('2025-03-04T12:00:00Z')}`);
    expect(within(terms).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('profile-role')).toHaveTextContent('Organiser');
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Not provided');
  });

  it('sends a visitor to the login page', async () => {
    renderAccount(null);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('requires every field without calling the server', async () => {
    const { fetch } = renderAccount();
    await fill('', '', '');
    expect(messageOf(screen.getByLabelText(/^Current password/))).toContain('Current password is required');
    expect(messageOf(screen.getByLabelText(/^New password/))).toContain('New password is required');
    expect(messageOf(screen.getByLabelText(/^Confirm new password/))).toContain('Please confirm your new password');
    expect(screen.getByLabelText(/^Current password/)).toHaveFocus();
    expect(posts(fetch)).toHaveLength(0);
  });

  it('checks length, match and difference on the client, beside each field', async () => {
    const { fetch } = renderAccount();
    const user = await fill('old-password', 'short', 'shorty');
    const current = screen.getByLabelText(/^Current password/);
    const next = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    expect(messageOf(next)).toContain('Password must be at least 8 characters');
    expect(next).toHaveAttribute('aria-invalid', 'true');
    expect(next).toHaveFocus();
    expect(messageOf(confirm)).toContain('The passwords do not match');
    expect(current).not.toHaveAttribute('aria-invalid');

    // Same as the current password (and now matching its confirmation).
    await user.clear(next);
    await user.type(next, 'old-password');
    await user.clear(confirm);
    await user.type(confirm, 'old-password');
    expect(messageOf(next)).toContain('The new password must be different from the current one');
    expect(confirm).not.toHaveAttribute('aria-invalid');

    // Too long.
    await user.clear(next);
    await user.click(next);
    await user.paste('x'.repeat(257));
    expect(messageOf(next)).toContain('Password must be at most 256 characters');
    expect(posts(fetch)).toHaveLength(0);
  });

  it("shows the server's 'Current password is incorrect' beside the current password", async () => {
    const { fetch } = renderAccount(sampleUser, {
      status: 400,
      body: {
        message: 'Current password is incorrect',
        code: 'validation',
        fields: { currentPassword: 'Current password is incorrect' },
      },
    });
    await fill('wrong-password', 'brand-new-password', 'brand-new-password');
    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(messageOf(current)).toContain('Current password is incorrect');
    expect(current).toHaveFocus();
    expect(screen.queryByTestId('password-success')).not.toBeInTheDocument();
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ currentPassword: 'wrong-password', newPassword: 'brand-new-password' });
    // The values stay, so the user can correct the one field.
    expect(screen.getByLabelText(/^New password/)).toHaveValue('brand-new-password');
  });

  it("shows an unknown server field message as it is", async () => {
    renderAccount(sampleUser, {
      status: 400,
      body: { message: 'Password is too common', code: 'validation', fields: { newPassword: 'Password is too common' } },
    });
    await fill('old-password', 'password1234', 'password1234');
    const next = screen.getByLabelText(/^New password/);
    await waitFor(() => expect(messageOf(next)).toContain('Password is too common'));
  });

  it('shows a form-level message for other failures', async () => {
    renderAccount(sampleUser, { status: 429, body: { message: 'Too many requests', code: 'rate_limited' } });
    await fill('old-password', 'brand-new-password', 'brand-new-password');
    expect(await screen.findByTestId('form-error')).toHaveTextContent(
      'Too many attempts. Please wait a moment and try again.',
    );
  });

  it('sends the user to log in again when the session has ended', async () => {
    renderAccount(sampleUser, { status: 401, body: { message: 'Please log in', code: 'unauthorized' } });
    await fill('old-password', 'brand-new-password', 'brand-new-password');
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('is busy while sending, then clears the form and confirms that other sessions were signed out', async () => {
    // The password call answers only once the busy state has been seen.
    let answer: (status: number) => void = () => {};
    const answered = new Promise<number>((resolve) => (answer = resolve));
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/v1/session')) return new Response(JSON.stringify({ user: sampleUser }), { status: 200 });
      // The page also lists the user's purchases and credit ledger: empty pages, not empty bodies.
      if (url.includes('/api/v1/me/purchases') || url.includes('/api/v1/me/ledger')) {
        return new Response(JSON.stringify({ items: [], total: 0, page: 1, perPage: 20 }), { status: 200 });
      }
      return new Response(null, { status: await answered });
    });
    vi.stubGlobal('fetch', fetch);
    renderPage(routes, ['/account']);
    await fill('old-password', 'brand-new-password', 'brand-new-password');
    const button = screen.getByRole('button', { name: 'Change password' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(screen.getByTestId('password-form')).toHaveAttribute('aria-busy', 'true');

    answer(204);
    const success = await screen.findByTestId('password-success');
    expect(success).toHaveTextContent('Password changed');
    expect(success).toHaveTextContent('signed out on your other devices and browsers');
    expect(button).toBeEnabled();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).not.toHaveAttribute('aria-invalid');
    expect(fetch).toHaveBeenCalledWith('/api/v1/me/password', expect.objectContaining({ method: 'POST' }));
  });
});
