import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminDashboardPage from '../features/admin/AdminDashboardPage';
import AdminLayout from './AdminLayout';
import { renderPage, stubApi } from '../test/utils';
import { sampleUser } from '../test/fixtures/users';

const routes = [
  { path: '/login', element: <p>login page</p> },
  { path: '/admin', Component: AdminLayout, children: [{ index: true, Component: AdminDashboardPage }] },
];

const admin = { ...sampleUser, id: 9, name: 'Root', email: 'root@example.com', role: 'admin' as const };

const months = Array.from({ length: 12 }, (_, i) => ({ month: `2025-${String(i + 1).padStart(2, '0')}`, users: i }));

afterEach(() => vi.unstubAllGlobals());

describe('AdminLayout', () => {
  it('sends a visitor to /login', async () => {
    stubApi({ 'GET /api/v1/session': { status: 200, body: { user: null } } });
    renderPage(routes, ['/admin']);
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('refuses a signed-in non-admin, asking the server rather than the browser', async () => {
    window.localStorage.setItem('Admin', 'Done');
    const fetch = stubApi({ 'GET /api/v1/session': { status: 200, body: { user: sampleUser } } });
    renderPage(routes, ['/admin']);
    const page = await screen.findByTestId('admin-forbidden');
    expect(page).toHaveTextContent('You do not have access to the admin area');
    expect(within(page).getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/admin/'))).toBe(false);
    window.localStorage.clear();
  });

  it('shows an admin the shell and the dashboard with real figures', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: admin } },
      'GET /api/v1/admin/dashboard': {
        status: 200,
        body: {
          totalUsers: 1234,
          totalSubscriptions: 7,
          totalTransactions: 9,
          totalIncomeCents: 250000,
          usersThisMonth: 11,
          signupsByMonth: months,
        },
      },
    });
    renderPage(routes, ['/admin']);
    expect(await screen.findByText('Super Administrator')).toBeInTheDocument();
    expect(screen.getByText('root@example.com')).toBeInTheDocument();
    const dashboard = screen.getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
    expect(screen.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/admin/pricing');
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/admin/messages');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('$2,500')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByText('Total Income')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User Statistics' })).toBeInTheDocument();
    // The accessible table behind the chart has the real monthly figures.
    expect(screen.getByRole('cell', { name: 'December 2025' }).nextSibling).toHaveTextContent('11');
  });

  it("shows 'Error: {message}' when the dashboard fails", async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: admin } },
      'GET /api/v1/admin/dashboard': { status: 500, body: { message: 'database is down' } },
    });
    renderPage(routes, ['/admin']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: database is down');
  });
});
