import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { festival } from '../../test/fixtures/festivals';
import AdminFestivalsPage from './AdminFestivalsPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  {
    path: '/admin/festivals',
    element: (
      <>
        <Notifications />
        <AdminFestivalsPage />
      </>
    ),
  },
];
const pending = festival({ id: 4, status: 'pending', reviewedAt: null, createdAt: '2026-05-01T09:30:00Z' });
const list = (items = [pending], total = items.length) => ({ status: 200, body: { items, total, page: 1, perPage: 20 } });
const posts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AdminFestivalsPage', () => {
  it('lists pending festivals by default with location, dates, status and submission date', async () => {
    const fetch = stubApi({ 'GET /api/v1/admin/festivals?status=pending&page=1': list() });
    renderPage(routes, ['/admin/festivals']);
    const row = await screen.findByTestId('admin-festival-row');
    expect(within(row).getByRole('rowheader', { name: /Kyoto Shorts/ })).toBeInTheDocument();
    expect(row).toHaveTextContent('Kyoto Cinema, Kyoto');
    expect(row).toHaveTextContent('Jun 5 – 7, 2030');
    expect(row).toHaveTextContent('Pending review');
    expect(row).toHaveTextContent('May 1, 2026');
    expect(screen.getByRole('radio', { name: 'Pending' })).toBeChecked();
    expect(screen.getByTestId('festivals-total')).toHaveTextContent('1 festival');
    expect(String(fetch.mock.calls[0][0])).toBe('/api/v1/admin/festivals?status=pending&page=1');
  });

  it('approves a festival, says so and refreshes the list', async () => {
    let approved = false;
    const fetch = stubApi({
      'GET /api/v1/admin/festivals?status=pending&page=1': () => (approved ? list([]) : list()),
      'POST /api/v1/admin/festivals/4/approve': () => {
        approved = true;
        return { status: 200, body: { festival: { ...pending, status: 'approved' } } };
      },
    });
    renderPage(routes, ['/admin/festivals']);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Approve Kyoto Shorts' }));
    expect(await screen.findByText('Kyoto Shorts is approved and now public.')).toBeInTheDocument();
    expect(await screen.findByTestId('admin-festivals-empty')).toHaveTextContent('No festivals are waiting for review.');
    expect(posts(fetch)).toHaveLength(1);
  });

  it('rejects only with a reason, which it sends', async () => {
    const fetch = stubApi({
      'GET /api/v1/admin/festivals?status=pending&page=1': list(),
      'POST /api/v1/admin/festivals/4/reject': (init) => ({
        status: 200,
        body: { festival: { ...pending, status: 'rejected', rejectionReason: (bodyOf(init) as { reason: string }).reason } },
      }),
    });
    renderPage(routes, ['/admin/festivals']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reject Kyoto Shorts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Kyoto Shorts' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject festival' }));
    const reason = within(dialog).getByLabelText(/^Reason for the organiser/);
    expect(reason).toHaveAccessibleDescription(expect.stringContaining('Please give a reason.'));
    expect(posts(fetch)).toHaveLength(0);

    await user.type(reason, '  The dates are missing.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject festival' }));
    expect(await screen.findByText('Kyoto Shorts was rejected.')).toBeInTheDocument();
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ reason: 'The dates are missing.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason error in the dialog", async () => {
    stubApi({
      'GET /api/v1/admin/festivals?status=pending&page=1': list(),
      'POST /api/v1/admin/festivals/4/reject': {
        status: 400,
        body: { message: 'Reason must be at most 1,000 characters', code: 'validation', fields: { reason: 'Reason must be at most 1,000 characters' } },
      },
    });
    renderPage(routes, ['/admin/festivals']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reject Kyoto Shorts' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^Reason for the organiser/), 'No.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject festival' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Reason for the organiser/)).toHaveAccessibleDescription(
        expect.stringContaining('Reason must be at most 1,000 characters'),
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('filters by status and pages with the URL', async () => {
    const rejected = festival({ id: 5, name: 'Old Fest', status: 'rejected', rejectionReason: 'Duplicate entry' });
    const fetch = stubApi({
      'GET /api/v1/admin/festivals?status=pending&page=1': list(),
      'GET /api/v1/admin/festivals?status=rejected&page=1': list([rejected], 45),
      'GET /api/v1/admin/festivals?status=rejected&page=2': list([{ ...rejected, id: 6, name: 'Second page' }], 45),
    });
    const { router } = renderPage(routes, ['/admin/festivals']);
    await screen.findByTestId('admin-festival-row');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Rejected'));
    const row = await screen.findByText('Old Fest');
    expect(row.closest('tr')).toHaveTextContent('Reason: Duplicate entry');
    expect(within(row.closest('tr')!).queryByRole('button', { name: /^Reject/ })).toBeNull();
    expect(within(row.closest('tr')!).getByRole('button', { name: 'Approve Old Fest' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Festival pages' });
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Second page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=rejected&page=2');
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('status=rejected&page=2'))).toBe(true);
  });
});
