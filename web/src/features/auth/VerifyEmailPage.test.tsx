import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import VerifyEmailPage from './VerifyEmailPage';
import { renderPage, stubApi } from '../../test/utils';
import { sampleUser } from '../../test/fixtures/users';

const routes = [{ path: '/verify-email', Component: VerifyEmailPage }];

afterEach(() => vi.unstubAllGlobals());

describe('VerifyEmailPage', () => {
  it('posts the token once and says the address is confirmed', async () => {
    const api = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'POST /api/v1/verify-email': { status: 200, body: { verified: true } },
    });
    renderPage(routes, ['/verify-email?token=abc_123']);
    expect(await screen.findByTestId('verify-email-done')).toHaveTextContent('Your e-mail address is confirmed');
    const posts = api.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0][1]?.body))).toEqual({ token: 'abc_123' });
  });

  it('offers a new link to a signed-in unconfirmed user when the link is dead', async () => {
    const api = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, emailVerified: false } } },
      'POST /api/v1/verify-email': { status: 400, body: { message: 'This confirmation link has expired or was already used', code: 'validation' } },
      'POST /api/v1/me/verification': { status: 204 },
    });
    renderPage(routes, ['/verify-email?token=used']);
    expect(await screen.findByTestId('verify-email-failed')).toHaveTextContent('expired or was already used');
    fireEvent.click(await screen.findByRole('button', { name: 'Resend the link' }));
    expect(await screen.findByText('A new link is on its way to ana@example.com.')).toBeInTheDocument();
    expect(api.mock.calls.some(([url, init]) => String(url).endsWith('/api/v1/me/verification') && init?.method === 'POST')).toBe(true);
  });

  it('asks a visitor to log in when the link is dead, and posts nothing without a token', async () => {
    const api = stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    renderPage(routes, ['/verify-email']);
    expect(await screen.findByTestId('verify-email-failed')).toHaveTextContent('This link is incomplete');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false));
  });
});
