import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LoginPage from './LoginPage';
import { renderPage, stubApi } from '../../test/utils';
import { sampleUser } from '../../test/fixtures/users';

const unauthorized = { status: 200, body: { user: null } };

function renderLogin(state?: unknown) {
  return renderPage(
    [
      { path: '/login', Component: LoginPage },
      { path: '/signup', element: <p>signup page</p> },
      { path: '/', element: <p>home page</p> },
      { path: '/submit', element: <p>submit page</p> },
    ],
    [{ pathname: '/login', state }],
  );
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText(/^Email/), email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('LoginPage', () => {
  it('has labelled email and password inputs and a link to sign up', async () => {
    stubApi({ 'GET /api/v1/session': unauthorized });
    renderLogin();
    const email = await screen.findByLabelText(/^Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('requires both fields without calling the server', async () => {
    const fetch = stubApi({ 'GET /api/v1/session': unauthorized });
    renderLogin();
    await fillAndSubmit('ana@example.com', '');
    expect(await screen.findByRole('alert')).toHaveTextContent('Both fields are required');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the server's message for wrong credentials", async () => {
    stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/login': { status: 401, body: { message: 'Invalid email or password', code: 'invalid_credentials' } },
    });
    renderLogin();
    await fillAndSubmit('ana@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('shows an untranslated server message as is, and field errors beside the field', async () => {
    stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/login': {
        status: 418,
        body: { message: 'Something specific', fields: { email: 'Enter a valid email address' } },
      },
    });
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something specific');
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    stubApi({ 'GET /api/v1/session': unauthorized, 'POST /api/v1/user/login': { status: 500 } });
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('reports a network failure', async () => {
    stubApi({ 'GET /api/v1/session': unauthorized, 'POST /api/v1/user/login': 'network' });
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal Error Occurred. Try Again Later.');
  });

  it('signs in and returns to the page the guard came from', async () => {
    const fetch = stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/login': { status: 200, body: { user: sampleUser, token: 'opaque' } },
    });
    const { router } = renderLogin({ from: { pathname: '/submit', search: '?tab=1' } });
    await fillAndSubmit(' ana@example.com ', 'secret-password');
    expect(await screen.findByText('submit page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/submit?tab=1');
    const login = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(login?.[1]?.body))).toEqual({ email: 'ana@example.com', password: 'secret-password' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
  });

  it('goes home after login when no page asked for it', async () => {
    stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/login': { status: 200, body: { user: sampleUser, token: 'opaque' } },
    });
    renderLogin();
    await fillAndSubmit('ana@example.com', 'secret-password');
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });

  it('sends a signed-in user home', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: sampleUser } } });
    renderLogin();
    await waitFor(() => expect(screen.getByText('home page')).toBeInTheDocument());
  });
});
