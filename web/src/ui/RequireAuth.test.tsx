import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth, returnPath } from './RequireAuth';
import { useLocation } from 'react-router';
import { renderPage, stubApi } from '../test/utils';
import { sampleUser } from '../test/fixtures/users';

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {returnPath(location.state)}</p>;
}

const routes = [
  { path: '/login', Component: LoginProbe },
  { Component: RequireAuth, children: [{ path: '/submit', element: <p>submit page</p> }] },
];

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('sends a visitor to /login, remembering where they were going', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    const { router } = renderPage(routes, ['/submit?x=1']);
    expect(await screen.findByText('login page from /submit?x=1')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the page to a signed-in user', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: sampleUser } } });
    renderPage(routes, ['/submit']);
    expect(await screen.findByText('submit page')).toBeInTheDocument();
  });

  it('only returns to paths on this site', () => {
    expect(returnPath({ from: { pathname: '//evil.example.com', search: '' } })).toBe('/');
    expect(returnPath({ from: { pathname: 'https://evil.example.com' } })).toBe('/');
    expect(returnPath(null)).toBe('/');
    expect(returnPath({ from: { pathname: '/manage', search: '?a=b' } })).toBe('/manage?a=b');
  });
});
