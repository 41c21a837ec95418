import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../api/audit';
import { renderPage, stubApi } from '../../test/utils';
import { auditChanges } from '../../ui/auditChanges';
import AdminAuditPage from './AdminAuditPage';

afterEach(() => vi.unstubAllGlobals());

/** pickOption opens a Mantine Select and picks the option called name. */
async function pickOption(combobox: HTMLElement, name: string) {
  await userEvent.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await userEvent.click(within(listbox).getByRole('option', { name, hidden: true }));
}

function entry(over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 2,
    actorId: 1,
    actorEmail: 'root@example.com',
    action: 'user.credit_adjust',
    targetType: 'user',
    targetId: '7',
    festivalId: null,
    festivalSlug: '',
    before: { credits: 0 },
    after: { credits: 10, delta: 10, reason: 'Festival prize' },
    ip: '203.0.113.5',
    createdAt: '2026-05-01T09:30:00Z',
    ...over,
  };
}

const routes = [{ path: '/admin/audit', Component: AdminAuditPage }];
const page = (items: AuditEntry[], total = items.length, totalCapped = false) => ({
  status: 200,
  body: { items, total, totalCapped, page: 1, perPage: 50 },
});

describe('auditChanges', () => {
  it('lists only the fields that differ, and every field of a side alone', () => {
    expect(auditChanges({ before: { role: 'filmmaker', email: 'a@b' }, after: { role: 'admin', email: 'a@b' } })).toEqual([
      { key: 'role', before: 'filmmaker', after: 'admin' },
    ]);
    expect(auditChanges({ before: null, after: { client: '1.2.3.4' } })).toEqual([{ key: 'client', before: undefined, after: '1.2.3.4' }]);
  });
});

describe('AdminAuditPage', () => {
  it('shows each entry with its translated action and a compact diff', async () => {
    stubApi({
      'GET /api/v1/admin/audit?page=1': page([
        entry(),
        entry({ id: 1, actorId: null, actorEmail: '', action: 'login.rate_limited', targetType: 'account', targetId: 'v@example.com', before: null, after: { client: '198.51.100.4' } }),
      ]),
    });
    renderPage(routes, ['/admin/audit']);
    const table = await screen.findByTestId('audit-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Credits adjusted');
    expect(rows[1]).toHaveTextContent('root@example.com');
    expect(rows[1]).toHaveTextContent('credits: 0 → 10');
    expect(rows[1]).toHaveTextContent('reason: Festival prize');
    expect(rows[1]).toHaveTextContent('203.0.113.5');
    expect(rows[2]).toHaveTextContent('Login locked after failures');
    expect(rows[2]).toHaveTextContent('(no one signed in)');
    expect(screen.getByTestId('audit-total')).toHaveTextContent('2 entries');
  });

  it("filters by action and actor, and shows '10,000+'", async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/audit?page=1': page([entry()], 10000, true),
      'GET /api/v1/admin/audit?page=1&action=package.update': page([entry({ action: 'package.update', targetType: 'package', targetId: 'pro' })]),
      'GET /api/v1/admin/audit?page=1&actor=root&action=package.update': page([]),
    });
    renderPage(routes, ['/admin/audit']);
    expect(await screen.findByText('10,000+ entries')).toBeInTheDocument();
    await pickOption(screen.getByRole('combobox', { name: 'Action' }), 'Package edited');
    expect(await screen.findByText('package pro')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Actor' }), 'root');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    const urls = fetch.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/v1/admin/audit?page=1&actor=root&action=package.update');
    // Read only: nothing but GETs.
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("filters by festival, typed or picked from an entry's festival", async () => {
    const decision = entry({
      id: 5,
      actorEmail: 'org@example.com',
      action: 'submission.decide',
      targetType: 'submission',
      targetId: '41',
      festivalId: 3,
      festivalSlug: 'kyoto-shorts',
      before: { status: 'submitted' },
      after: { status: 'selected' },
    });
    const fetch = stubApi({
      'GET /api/v1/admin/audit?page=1': page([decision, entry()]),
      'GET /api/v1/admin/audit?page=1&festival=kyoto-shorts': page([decision]),
      'GET /api/v1/admin/audit?page=1&festival=osaka': page([]),
    });
    renderPage(routes, ['/admin/audit']);
    const table = await screen.findByTestId('audit-table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Decision made');
    await userEvent.click(within(table).getByRole('button', { name: "Show only kyoto-shorts's entries" }));
    expect(await screen.findByText('1 entry')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Festival' })).toHaveValue('kyoto-shorts');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Festival' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Festival' }), 'osaka');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    const urls = fetch.mock.calls.map(([u]) => String(u));
    expect(urls).toContain('/api/v1/admin/audit?page=1&festival=kyoto-shorts');
    expect(urls).toContain('/api/v1/admin/audit?page=1&festival=osaka');
  });

  it("opens filtered by a link's target", async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/audit?page=1&targetType=user&targetId=7': page([entry()]),
    });
    renderPage(routes, ['/admin/audit?targetType=user&targetId=7']);
    expect(await screen.findByText('user 7')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Target ID' })).toHaveValue('7');
    expect(fetch.mock.calls.map(([u]) => String(u))).toEqual(['/api/v1/admin/audit?page=1&targetType=user&targetId=7']);
  });
});
