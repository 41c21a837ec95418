import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FestivalRevision } from '../../api/festivals';
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
const revision: FestivalRevision = {
  id: 31,
  festivalId: 4,
  status: 'pending',
  changes: [
    { field: 'name', old: 'Kyoto Shorts', new: 'Kyoto Prize Draw' },
    { field: 'website', old: 'https://kyoto-shorts.example.jp', new: 'https://evil.example.net' },
  ],
  rejectionReason: '',
  createdAt: '2026-05-02T09:30:00Z',
  reviewedAt: null,
};
const approved = festival({ id: 4, status: 'approved', revision });
const queue = (items = [approved]) => ({ status: 200, body: { items, total: items.length, page: 1, perPage: 20 } });
const key = 'GET /api/v1/admin/festivals?status=revision&page=1';
const posts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AdminFestivalsPage: changes to review', () => {
  it('lists festivals with pending changes: each changed field with its public and proposed value', async () => {
    const fetch = stubApi({ [key]: queue() });
    renderPage(routes, ['/admin/festivals?status=revision']);
    const row = await screen.findByTestId('admin-festival-row');
    expect(screen.getByRole('radio', { name: 'Changes' })).toBeChecked();
    expect(within(row).getByTestId('revision-badge')).toHaveTextContent('Changes to review');
    const changes = within(row).getAllByTestId('revision-change');
    expect(changes).toHaveLength(2);
    expect(changes[0]).toHaveTextContent('Festival Name');
    expect(changes[0]).toHaveTextContent('PublicKyoto Shorts');
    expect(changes[0]).toHaveTextContent('ProposedKyoto Prize Draw');
    expect(changes[1]).toHaveTextContent('Proposedhttps://evil.example.net');
    // An approved festival is not approved again; its changes are.
    expect(within(row).queryByRole('button', { name: 'Approve Kyoto Shorts' })).toBeNull();
    expect(String(fetch.mock.calls[0][0])).toBe('/api/v1/admin/festivals?status=revision&page=1');
  });

  it('approves the changes it shows, naming the revision', async () => {
    let done = false;
    const fetch = stubApi({
      [key]: () => (done ? queue([]) : queue()),
      'POST /api/v1/admin/festivals/4/revision/approve': () => {
        done = true;
        return { status: 200, body: { festival: { ...approved, name: 'Kyoto Prize Draw', revision: undefined } } };
      },
    });
    renderPage(routes, ['/admin/festivals?status=revision']);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Approve the changes to Kyoto Shorts' }));
    expect(await screen.findByText('The changes to Kyoto Prize Draw are approved and now public.')).toBeInTheDocument();
    expect(await screen.findByTestId('admin-festivals-empty')).toHaveTextContent('No changes are waiting for review.');
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ revisionId: 31 });
  });

  it('rejects the changes with a reason', async () => {
    const fetch = stubApi({
      [key]: queue(),
      'POST /api/v1/admin/festivals/4/revision/reject': {
        status: 200,
        body: { festival: { ...approved, revision: { ...revision, status: 'rejected', rejectionReason: 'No.' } } },
      },
    });
    renderPage(routes, ['/admin/festivals?status=revision']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Reject the changes to Kyoto Shorts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the changes to Kyoto Shorts' });
    await user.type(within(dialog).getByLabelText(/^Reason for the organiser/), 'Not the festival name.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject festival' }));
    expect(await screen.findByText('The changes were rejected. Kyoto Shorts keeps its approved details.')).toBeInTheDocument();
    expect(bodyOf(posts(fetch)[0][1])).toEqual({ revisionId: 31, reason: 'Not the festival name.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
