import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../ui/RequireAuth';
import { useForgetSessionAfterLogout } from '../lib/useSession';
import { Header } from './Header';
import { renderPage, stubApi } from '../test/utils';
import { sampleUser } from '../test/fixtures/users';

function Shell() {
  useForgetSessionAfterLogout();
  return (
    <>
      <Header />
      <Outlet />
    </>
  );
}

const routes = [
  {
    path: '/',
    Component: Shell,
    children: [
      { index: true, element: <p>home page</p> },
      { path: 'login', element: <p>login page</p> },
      { Component: RequireAuth, children: [{ path: 'submit', element: <p>submit page</p> }] },
    ],
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('Header', () => {
  it('offers Login and Sign Up to a visitor, with Explore and Pricing', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('link', { name: 'Explore' })).toHaveAttribute('href', '/marketing');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Marquee home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My account' })).not.toBeInTheDocument();
  });

  it('offers a signed-in user My account next to Logout, in the bar and in the drawer', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: sampleUser } } });
    renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'My account' })).toHaveAttribute('href', '/account');
    expect(within(drawer).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('links a buyer with tickets to My tickets, and door staff to their festival’s check-in', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/tickets': { status: 200, body: { items: [], total: 2, page: 1, perPage: 20 } },
      'GET /api/v1/me/door-festivals': { status: 200, body: { items: [{ slug: 'kyoto-shorts', name: 'Kyoto Shorts' }] } },
    });
    renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'My tickets' })).toHaveAttribute('href', '/tickets');
    expect(await screen.findByRole('link', { name: 'Check-in' })).toHaveAttribute('href', '/manage/festivals/kyoto-shorts/check-in');
  });

  it('keeps My tickets in the drawer, not the full bar, for someone without tickets', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: sampleUser } },
      'GET /api/v1/tickets': { status: 200, body: { items: [], total: 0, page: 1, perPage: 20 } },
    });
    renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'My account' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My tickets' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('link', { name: 'My tickets' })).toHaveAttribute('href', '/tickets');
  });

  it('links a signed-in filmmaker to the festivals and their reminders, an organiser to their festivals', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: sampleUser } } });
    const first = renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'Festivals' })).toHaveAttribute('href', '/festivals');
    expect(screen.getByRole('link', { name: 'Reminders' })).toHaveAttribute('href', '/manage');
    expect(screen.queryByRole('link', { name: 'My festivals' })).not.toBeInTheDocument();
    first.unmount();

    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, role: 'organiser' } } } });
    renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'My festivals' })).toHaveAttribute('href', '/manage');
    expect(screen.getByRole('link', { name: 'Festivals' })).toHaveAttribute('href', '/festivals');
    expect(screen.queryByRole('link', { name: 'Reminders' })).not.toBeInTheDocument();
  });

  it('logs out from a guarded page and lands home, not on /login', async () => {
    let signedIn = true;
    const fetch = stubApi({
      'GET /api/v1/session': () =>
        signedIn ? { status: 200, body: { user: sampleUser } } : { status: 200, body: { user: null } },
      'POST /api/v1/auth/logout': () => {
        signedIn = false;
        return { status: 204 };
      },
    });
    const { router } = renderPage(routes, ['/submit']);
    expect(await screen.findByText('submit page')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toBeNull();
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/v1/auth/logout' && init?.method === 'POST')).toBe(true);
  });

  it('shows admins a link to the admin area', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, role: 'admin' } } } });
    renderPage(routes, ['/']);
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('puts the language menu opened in the drawer above the drawer, so a phone can change the language', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    renderPage(routes, ['/']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('button', { name: 'Language: English' }));
    const item = await screen.findByRole('menuitem', { name: /日本語/ }, { timeout: 4000 });
    // jsdom lays nothing out: compare the stacking the two portalled layers are given.
    const layer = (el: HTMLElement | null, read: (e: HTMLElement) => string) => {
      for (; el; el = el.parentElement) if (read(el)) return Number(read(el));
      return Number.NaN;
    };
    const drawerZ = layer(drawer, (e) => e.style.getPropertyValue('--mb-z-index'));
    const menuZ = layer(item, (e) => e.style.zIndex);
    expect(drawerZ).toBeGreaterThan(0);
    expect(menuZ).toBeGreaterThan(drawerZ);
    await user.click(item);
    expect(await within(drawer).findByRole('button', { name: '言語：日本語' })).toBeInTheDocument();
  });
});
