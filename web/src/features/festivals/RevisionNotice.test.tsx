import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FestivalRevision } from '../../api/festivals';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import ManageFestivalPage from './ManageFestivalPage';
import { festival } from '../../test/fixtures/festivals';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  {
    path: '/manage/festivals/:slug',
    element: (
      <>
        <Notifications />
        <ManageFestivalPage />
      </>
    ),
  },
];
const url = '/api/v1/manage/festivals/kyoto-shorts';
const approved = festival({ status: 'approved', categories: [], criteria: [] });
const pending: FestivalRevision = {
  id: 9,
  festivalId: 1,
  status: 'pending',
  changes: [{ field: 'name', old: 'Kyoto Shorts', new: 'Kyoto Short Film Week' }],
  rejectionReason: '',
  createdAt: '2026-05-02T09:30:00Z',
  reviewedAt: null,
};
const puts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('the editor of an approved festival', () => {
  it('says a rename waits for review, shows the pending value and keeps it in the form', async () => {
    const fetch = stubApi({
      [`GET ${url}`]: { status: 200, body: { festival: approved } },
      [`PUT ${url}`]: { status: 200, body: { festival: { ...approved, version: 4, revision: pending }, revision: pending } },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    expect(await screen.findByTestId('revision-hint')).toHaveTextContent("wait for an admin's review");
    const user = userEvent.setup({ delay: null });
    const name = screen.getByLabelText(/^Festival name/i);
    await user.clear(name);
    await user.type(name, 'Kyoto Short Film Week');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    const notice = await screen.findByTestId('revision-notice');
    expect(notice).toHaveTextContent('Changes waiting for review');
    expect(notice).toHaveTextContent('the public page shows the approved values');
    expect(notice).toHaveTextContent('PublicKyoto Shorts');
    expect(notice).toHaveTextContent('ProposedKyoto Short Film Week');
    // The heading is the public (approved) name; the form keeps the proposal.
    expect(screen.getByRole('heading', { level: 1, name: 'Kyoto Shorts' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/^Festival name/i)).toHaveValue('Kyoto Short Film Week'));
    expect((bodyOf(puts(fetch)[0][1]) as { name: string }).name).toBe('Kyoto Short Film Week');
  });

  it('opens with the pending values in the form', async () => {
    stubApi({ [`GET ${url}`]: { status: 200, body: { festival: { ...approved, revision: pending } } } });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    expect(await screen.findByTestId('revision-notice')).toHaveTextContent('Changes waiting for review');
    expect(screen.getByLabelText(/^Festival name/i)).toHaveValue('Kyoto Short Film Week');
  });

  it('shows the reason of rejected changes and the approved values in the form', async () => {
    const rejected = { ...pending, status: 'rejected' as const, rejectionReason: 'Keep the registered name' };
    stubApi({ [`GET ${url}`]: { status: 200, body: { festival: { ...approved, revision: rejected } } } });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    const notice = await screen.findByTestId('revision-notice');
    expect(notice).toHaveTextContent('Your changes were not approved');
    expect(notice).toHaveTextContent('Reason: Keep the registered name');
    expect(screen.getByLabelText(/^Festival name/i)).toHaveValue('Kyoto Shorts');
  });
});
