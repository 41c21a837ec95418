import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import SubmissionsPage from './SubmissionsPage';
import { submission } from './testUtils';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/submissions', Component: SubmissionsPage }];
const page = (items: unknown[], total = items.length) => ({ status: 200, body: { items, total, page: 1, perPage: 20 } });

describe('SubmissionsPage', () => {
  it('lists submissions with translated statuses, award names and shared feedback', async () => {
    stubApi({
      'GET /api/v1/submissions': page([
        submission(),
        submission({ id: 32, status: 'award_winner', awardName: 'Best Short', feedback: ['Beautiful light.'] }),
        submission({ id: 33, status: 'not_selected' }),
      ]),
    });
    renderPage(routes, ['/submissions']);
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByTestId('submission-status')).toHaveTextContent('Submitted');
    expect(within(rows[0]).getByRole('link', { name: 'Kyoto Shorts' })).toHaveAttribute('href', '/festival/kyoto-shorts');
    expect(rows[0]).toHaveTextContent('Fee paid: 30 credits');
    expect(within(rows[0]).getByRole('button', { name: /^Withdraw Night Train/ })).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('submission-status')).toHaveTextContent('Award winner: Best Short');
    expect(within(rows[1]).getByTestId('submission-feedback')).toHaveTextContent('Beautiful light.');
    expect(within(rows[1]).queryByRole('button', { name: /Withdraw/ })).toBeNull();
    expect(within(rows[2]).getByTestId('submission-status')).toHaveTextContent('Not selected');
  });

  it('filters by status through the URL', async () => {
    const api = stubApi({
      'GET /api/v1/submissions?status=selected&page=1': page([submission({ status: 'selected' })]),
      'GET /api/v1/submissions?page=1': page([submission()]),
    });
    const user = userEvent.setup();
    const { router } = renderPage(routes, ['/submissions']);
    await screen.findAllByTestId('submission-row');
    await user.click(screen.getByTestId('status-filter'));
    await user.click(await screen.findByRole('option', { name: 'Selected', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=selected'));
    await waitFor(() => expect(screen.getByTestId('submission-status')).toHaveTextContent('Selected'));
    expect(api.mock.calls.some(([u]) => String(u).endsWith('/api/v1/submissions?status=selected&page=1'))).toBe(true);
  });

  it('withdraws after a confirmation that explains the refund', async () => {
    let withdrawn = false;
    stubApi({
      'GET /api/v1/submissions': () => page([submission(withdrawn ? { status: 'withdrawn', refundedCredits: 30 } : {})]),
      'POST /api/v1/submissions/31/withdraw': () => {
        withdrawn = true;
        return { status: 200, body: { submission: submission({ status: 'withdrawn', refundedCredits: 30 }) } };
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/submissions']);
    await user.click(await screen.findByRole('button', { name: /^Withdraw Night Train/ }));
    expect(await screen.findByTestId('withdraw-refund-note')).toHaveTextContent(
      'If the festival refunds withdrawn entries, the fee returns to your balance.',
    );
    await user.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(screen.getByTestId('submission-status')).toHaveTextContent('Withdrawn'));
    expect(screen.getByTestId('submission-refund')).toHaveTextContent('30 credits returned to your balance');
    expect(screen.queryByRole('button', { name: /^Withdraw Night Train/ })).toBeNull();
  });
});
