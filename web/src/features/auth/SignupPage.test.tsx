import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignupPage from './SignupPage';
import { renderPage, stubApi } from '../../test/utils';
import { sampleUser } from '../../test/fixtures/users';

const unauthorized = { status: 200, body: { user: null } };

function renderSignup() {
  return renderPage(
    [
      { path: '/signup', Component: SignupPage },
      { path: '/login', element: <p>login page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    ['/signup'],
  );
}

async function fillAndSubmit(fields: { name?: string; email?: string; password?: string }) {
  const user = userEvent.setup();
  await screen.findByLabelText(/^Email/);
  if (fields.name) await user.type(screen.getByLabelText(/^Name/), fields.name);
  if (fields.email) await user.type(screen.getByLabelText(/^Email/), fields.email);
  if (fields.password) await user.type(screen.getByLabelText(/^Password/), fields.password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

afterEach(() => vi.unstubAllGlobals());

describe('SignupPage', () => {
  it('has an optional name, an email input of email type and a link to login', async () => {
    stubApi({ 'GET /api/v1/session': unauthorized });
    renderSignup();
    expect(await screen.findByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Name/)).not.toBeRequired();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it("says 'Please fill in all fields' when email or password is missing", async () => {
    const fetch = stubApi({ 'GET /api/v1/session': unauthorized });
    renderSignup();
    await fillAndSubmit({ email: 'new@example.com' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('shows a taken email', async () => {
    stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/register': { status: 409, body: { message: 'Email already exists', code: 'email_taken' } },
    });
    renderSignup();
    await fillAndSubmit({ email: 'taken@example.com', password: 'long-enough' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Email already exists');
  });

  it('shows server field errors beside the field', async () => {
    stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/register': {
        status: 400,
        body: {
          message: 'Password must be at least 8 characters',
          code: 'validation',
          fields: { password: 'Password must be at least 8 characters' },
        },
      },
    });
    renderSignup();
    await fillAndSubmit({ email: 'new@example.com', password: 'short' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please correct the fields marked below.');
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/Password must be at least 8 characters/);
  });

  it("falls back to 'Registration failed'", async () => {
    stubApi({ 'GET /api/v1/session': unauthorized, 'POST /api/v1/user/register': { status: 502 } });
    renderSignup();
    await fillAndSubmit({ email: 'new@example.com', password: 'long-enough' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration failed');
  });

  it('reports a network failure with the seed text', async () => {
    stubApi({ 'GET /api/v1/session': unauthorized, 'POST /api/v1/user/register': 'network' });
    renderSignup();
    await fillAndSubmit({ email: 'new@example.com', password: 'long-enough' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Email already exists or an internal error occurred. Try again later.',
    );
  });

  it('creates the account with the name and goes home signed in', async () => {
    const fetch = stubApi({
      'GET /api/v1/session': unauthorized,
      'POST /api/v1/user/register': { status: 201, body: { user: sampleUser } },
    });
    renderSignup();
    await fillAndSubmit({ name: 'Ana', email: 'ana@example.com', password: 'long-enough' });
    expect(await screen.findByText('home page')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ name: 'Ana', email: 'ana@example.com', password: 'long-enough' });
  });
});
