import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ForgotPasswordPage from './ForgotPasswordPage';
import PrivacyPage from './PrivacyPage';
import ResetPasswordPage from './ResetPasswordPage';
import { renderPage, stubApi } from '../../test/utils';
import { sampleUser } from '../../test/fixtures/users';

afterEach(() => vi.unstubAllGlobals());

const sentMessage = 'If an account uses this address, we have sent it a link to reset the password. Check your inbox.';

function posts(api: ReturnType<typeof stubApi>, path: string) {
  return api.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');
}

describe('ForgotPasswordPage', () => {
  it('checks the address, posts it and shows the one answer', async () => {
    const api = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'POST /api/v1/password-resets': { status: 202, body: { message: sentMessage } },
    });
    renderPage([{ path: '/forgot-password', Component: ForgotPasswordPage }], ['/forgot-password']);
    const submit = await screen.findByRole('button', { name: 'Send the link' });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(posts(api, '/api/v1/password-resets')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ana@example.com' } });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent(sentMessage);
    expect(JSON.parse(String(posts(api, '/api/v1/password-resets')[0][1]?.body))).toEqual({ email: 'ana@example.com' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows the limit when there were too many requests', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'POST /api/v1/password-resets': { status: 429, body: { message: 'Too many password reset requests. Try again later.', code: 'rate_limited' } },
    });
    renderPage([{ path: '/forgot-password', Component: ForgotPasswordPage }], ['/forgot-password']);
    fireEvent.change(await screen.findByLabelText(/Email/), { target: { value: 'ana@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send the link' })));
    expect(await screen.findByTestId('form-error')).toBeInTheDocument();
  });
});

describe('ResetPasswordPage', () => {
  const routes = [{ path: '/reset-password', Component: ResetPasswordPage }];

  it('sets the new password with the token, once both fields agree', async () => {
    const api = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'POST /api/v1/password-resets/confirm': { status: 204 },
    });
    renderPage(routes, ['/reset-password?token=tok_1']);
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'new password 2' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set the new password' })));
    expect(await screen.findByText('The two passwords differ')).toBeInTheDocument();
    expect(posts(api, '/api/v1/password-resets/confirm')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'new password 1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set the new password' })));
    expect(await screen.findByTestId('reset-done')).toHaveTextContent('Your password is changed');
    expect(JSON.parse(String(posts(api, '/api/v1/password-resets/confirm')[0][1]?.body))).toEqual({ token: 'tok_1', password: 'new password 1' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link is dead, and when it is incomplete', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'POST /api/v1/password-resets/confirm': {
        status: 400,
        body: { message: 'This password reset link has expired or was already used. Ask for a new one.', code: 'validation' },
      },
    });
    const { router } = renderPage(routes, ['/reset-password?token=used']);
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: 'new password 1' } });
    fireEvent.change(screen.getByLabelText(/^Repeat the new password/), { target: { value: 'new password 1' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set the new password' })));
    expect(await screen.findByTestId('form-error')).toHaveTextContent('expired or was already used');
    expect(screen.getByRole('link', { name: 'Ask for a new one' })).toHaveAttribute('href', '/forgot-password');
    await act(async () => router.navigate('/reset-password'));
    expect(await screen.findByTestId('reset-missing')).toBeInTheDocument();
  });
});

describe('PrivacyPage', () => {
  const routes = [
    { path: '/account/privacy', Component: PrivacyPage },
    { path: '/', element: <p>home page</p> },
  ];

  it('asks for the data and offers the download of a ready export', async () => {
    const api = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'POST /api/v1/me/exports': { status: 202, body: {} },
    });
    renderPage(routes, ['/account/privacy?export=abc_123']);
    expect(await screen.findByRole('link', { name: 'Download the ZIP file' })).toHaveAttribute('href', '/api/v1/me/exports/abc_123');
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Download my data' })[0]));
    expect(await screen.findByTestId('export-requested')).toBeInTheDocument();
    expect(posts(api, '/api/v1/me/exports')).toHaveLength(1);
  });

  it('shows the hourly limit of exports', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'POST /api/v1/me/exports': {
        status: 429,
        body: { message: 'You asked for your data less than an hour ago. Use the link we e-mailed you, or try again later.', code: 'custom_limit' },
      },
    });
    renderPage(routes, ['/account/privacy']);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Download my data' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('less than an hour ago');
  });

  it('deletes the account only with the password and the typed word, then goes home', async () => {
    let answer: { status: number; body?: unknown } = { status: 400, body: { message: 'Password is incorrect', code: 'validation', fields: { password: 'Password is incorrect' } } };
    const api = stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'POST /api/v1/me/delete': () => answer,
    });
    const { router } = renderPage(routes, ['/account/privacy']);
    const submit = await screen.findByRole('button', { name: 'Delete my account' });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret password' } });
    fireEvent.change(screen.getByLabelText(/^Type DELETE to confirm/), { target: { value: 'delete it' } });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findAllByText('Type DELETE to confirm')).not.toHaveLength(0);
    expect(posts(api, '/api/v1/me/delete')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Type DELETE to confirm/), { target: { value: 'DELETE' } });
    await act(async () => fireEvent.click(submit));
    expect(await screen.findByText('Password is incorrect')).toBeInTheDocument();

    answer = { status: 204 };
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(String(posts(api, '/api/v1/me/delete')[1][1]?.body))).toEqual({ password: 'secret password' });
  });
});
