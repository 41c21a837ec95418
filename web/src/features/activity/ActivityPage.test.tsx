import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FestivalActivity } from '../../api/audit';
import { renderPage, stubApi } from '../../test/utils';
import { festivalAnswer } from '../../test/fixtures/manageSubmissions';
import ActivityPage from './ActivityPage';

afterEach(() => vi.unstubAllGlobals());

function entry(over: Partial<FestivalActivity> = {}): FestivalActivity {
  return {
    id: 3,
    actor: 'organiser',
    action: 'submission.decide',
    targetType: 'submission',
    targetId: '41',
    before: { status: 'in_consideration' },
    after: { status: 'award_winner', awardName: 'Best Short' },
    createdAt: '2026-05-01T09:30:00Z',
    ...over,
  };
}

const routes = [{ path: '/manage/festivals/:slug/activity', Component: ActivityPage }];
const page = (items: FestivalActivity[], total = items.length, p = 1) => ({
  status: 200,
  body: { items, total, totalCapped: false, page: p, perPage: 50 },
});

describe('ActivityPage', () => {
  it("shows each entry's actor, action, linked target and change in words", async () => {
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      'GET /api/v1/manage/festivals/kyoto-shorts/activity?page=1': page([
        entry(),
        entry({ id: 2, actor: 'judge', action: 'judge.conflict', targetType: 'submission', targetId: '42', before: null, after: { judgeId: 5 } }),
        entry({
          id: 1,
          actor: 'admin',
          action: 'festival.settings',
          targetType: 'festival',
          targetId: '1',
          before: { blindReview: false },
          after: { blindReview: true },
        }),
      ]),
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/activity']);
    const table = await screen.findByTestId('activity-table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Organiser');
    expect(rows[1]).toHaveTextContent('Decision made');
    expect(rows[1]).toHaveTextContent('Status: In consideration → Award winner');
    expect(rows[1]).toHaveTextContent('Award: Best Short');
    expect(within(rows[1]).getByRole('link', { name: 'Submission 41' })).toHaveAttribute(
      'href',
      '/manage/festivals/kyoto-shorts/submissions/41',
    );
    expect(rows[2]).toHaveTextContent('A judge');
    expect(rows[2]).toHaveTextContent('Conflict of interest declared');
    expect(rows[3]).toHaveTextContent('Marquee team');
    expect(rows[3]).toHaveTextContent('Blind review: No → Yes');
    expect(within(rows[3]).getByRole('link', { name: 'The festival' })).toHaveAttribute('href', '/manage/festivals/kyoto-shorts');
    expect(screen.getByTestId('activity-total')).toHaveTextContent('3 entries');
    // The section's link is current; the page only reads.
    expect(within(screen.getByTestId('manage-nav')).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    expect(fetch.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it('says in words how the cancellation rule changed', async () => {
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      'GET /api/v1/manage/festivals/kyoto-shorts/activity?page=1': page([
        entry({
          action: 'festival.cancellation_policy',
          targetType: 'festival',
          targetId: '1',
          before: { enabled: false },
          after: { enabled: true, cutoffHours: 48, refund: 'fixed_fee', feeCents: 300 },
        }),
      ]),
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/activity']);
    const table = await screen.findByTestId('activity-table');
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('Cancellation rule changed');
    expect(row).toHaveTextContent('Buyers may cancel: No → Yes');
    expect(row).toHaveTextContent('Cut-off (hours before): 48');
    expect(row).toHaveTextContent('Refund: Minus a fixed fee');
    expect(row).toHaveTextContent('Fee (minor units): 300');
  });

  it('pages through a long trail', async () => {
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      'GET /api/v1/manage/festivals/kyoto-shorts/activity?page=1': page([entry()], 51),
      'GET /api/v1/manage/festivals/kyoto-shorts/activity?page=2': page(
        [entry({ id: 1, action: 'waiver.create', targetType: 'waiver', targetId: '9', before: null, after: { code: 'PRESS', percent: 50 } })],
        51,
        2,
      ),
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/activity']);
    expect(await screen.findByText('51 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Waiver code created')).toBeInTheDocument();
    expect(screen.getByText('Waiver code 9')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([u]) => String(u))).toContain('/api/v1/manage/festivals/kyoto-shorts/activity?page=2');
  });

  it('says when there is nothing yet, and when the trail could not be loaded', async () => {
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      'GET /api/v1/manage/festivals/kyoto-shorts/activity?page=1': page([]),
    });
    const first = renderPage(routes, ['/manage/festivals/kyoto-shorts/activity']);
    expect(await screen.findByTestId('activity-empty')).toHaveTextContent('Nothing has been changed yet.');
    first.unmount();
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      'GET /api/v1/manage/festivals/kyoto-shorts/activity?page=1': { status: 500, body: { message: 'boom', code: 'internal' } },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/activity']);
    expect(await screen.findByTestId('activity-error')).toHaveTextContent('The activity could not be loaded');
  });

  it('is not found for a festival that is not the caller’s', async () => {
    stubApi({});
    renderPage(routes, ['/manage/festivals/other/activity']);
    expect(await screen.findByTestId('manage-error')).toBeInTheDocument();
  });
});
