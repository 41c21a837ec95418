import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../api/client';
import { renderPage, stubApi } from '../../test/utils';
import AdminUsersPage from './AdminUsersPage';

afterEach(() => vi.unstubAllGlobals());

function user(id: number): User {
  return { id, email: `seed-${id}@example.test`, name: `Filmmaker ${id}`, role: 'filmmaker', credits: 0, createdAt: '2026-05-01T09:30:00Z', termsAcceptedAt: null, emailVerified: true, disabledAt: null };
}

const routes = [{ path: '/admin/users', Component: AdminUsersPage }];

describe('AdminUsersPage', () => {
  it("shows an exact total, and '10,000+' when the server stopped counting", async () => {
    stubApi({
      'GET /api/v1/admin/users?page=1': { status: 200, body: { items: [user(2), user(1)], total: 2, page: 1, perPage: 50 } },
      'GET /api/v1/admin/users?page=1&q=example': {
        status: 200,
        body: { items: [user(9)], total: 10000, totalCapped: true, page: 1, perPage: 50 },
      },
    });
    renderPage(routes, ['/admin/users']);
    expect(await screen.findByTestId('users-total')).toHaveTextContent('2 users');
    await userEvent.type(screen.getByRole('searchbox'), 'example');
    expect(await screen.findByText('10,000+ users')).toBeInTheDocument();
    expect(screen.getByText('seed-9@example.test')).toBeInTheDocument();
  });

  it('filters by role and shows credits, status and a link to each user', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/users?page=1': { status: 200, body: { items: [user(2), user(1)], total: 2, page: 1, perPage: 50 } },
      'GET /api/v1/admin/users?page=1&role=admin': {
        status: 200,
        body: { items: [{ ...user(3), role: 'admin', credits: 1200, disabledAt: '2026-05-02T09:30:00Z' }], total: 1, totalCapped: true, page: 1, perPage: 50 },
      },
    });
    renderPage(routes, ['/admin/users']);
    expect(await screen.findByRole('link', { name: 'Filmmaker 2' })).toHaveAttribute('href', '/admin/users/2');
    const role = screen.getByRole('combobox', { name: 'Role' });
    await userEvent.click(role);
    await waitFor(() => expect(role.getAttribute('aria-controls')).toBeTruthy());
    await userEvent.click(within(document.getElementById(role.getAttribute('aria-controls')!)!).getByRole('option', { name: 'Admin', hidden: true }));
    const row = (await screen.findByText('seed-3@example.test')).closest('tr')!;
    expect(row).toHaveTextContent('1,200');
    expect(row).toHaveTextContent('Disabled');
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/v1/admin/users?page=1&role=admin');
  });
});
