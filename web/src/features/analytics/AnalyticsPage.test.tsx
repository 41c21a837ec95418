import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Analytics } from '../../api/analytics';
import { renderPage, stubApi } from '../../test/utils';
import { festivalAnswer } from '../../test/fixtures/manageSubmissions';
import AnalyticsPage from './AnalyticsPage';

afterEach(() => vi.unstubAllGlobals());

function analytics(over: Partial<Analytics> = {}): Analytics {
  return {
    range: '30d',
    from: '2026-05-03',
    to: '2026-06-01',
    timeZone: 'UTC',
    totalSubmissions: 3,
    submissions: [
      { day: '2026-05-31', count: 2, cumulative: 2 },
      { day: '2026-06-01', count: 1, cumulative: 3 },
    ],
    deadlines: [{ date: '2026-05-31', category: 'Shorts', tier: 'early' }],
    byCategory: [{ key: '4', label: 'Shorts', count: 3 }],
    byCountry: [
      { key: 'JP', label: 'JP', count: 2 },
      { key: 'FR', label: 'FR', count: 1 },
    ],
    byStatus: [{ key: 'in_consideration', label: 'in_consideration', count: 3 }],
    feeIncome: [
      { tier: 'early', submissions: 3, credits: 30 },
      { tier: 'regular', submissions: 0, credits: 0 },
      { tier: 'late', submissions: 0, credits: 0 },
    ],
    totalViews: 120,
    totalVisitors: 45,
    pageViews: [{ day: '2026-06-01', views: 120, visitors: 45 }],
    sources: [
      { key: 'direct', label: 'direct', count: 80 },
      { key: 'search', label: 'search', count: 30 },
      { key: 'news.example', label: 'news.example', count: 10 },
    ],
    campaigns: [
      { id: 7, days: 7, status: 'active', startsAt: '2026-05-30T10:00:00Z', endsAt: '2026-06-06T10:00:00Z', views: 50, visitors: 20, clicks: 4 },
    ],
    tickets: null,
    ...over,
  };
}

const routes = [{ path: '/manage/festivals/:slug/analytics', Component: AnalyticsPage }];

describe('AnalyticsPage', () => {
  it('shows the totals, tables and CSV links, and reloads for another range', async () => {
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      'GET /api/v1/manage/festivals/kyoto-shorts/analytics?range=30d': { status: 200, body: analytics() },
      'GET /api/v1/manage/festivals/kyoto-shorts/analytics?range=7d': { status: 200, body: analytics({ range: '7d', totalViews: 9 }) },
    });
    const { router } = renderPage(routes, ['/manage/festivals/kyoto-shorts/analytics']);
    expect(await screen.findByText('120')).toBeInTheDocument();
    expect(screen.getByText('45')).toBeInTheDocument();
    const sources = screen.getByTestId('analytics-sources');
    expect(within(sources).getByText('Marquee festival search')).toBeInTheDocument();
    expect(within(sources).getByText('news.example')).toBeInTheDocument();
    expect(within(screen.getByTestId('analytics-statuses')).getByText('In consideration')).toBeInTheDocument();
    expect(screen.getByTestId('analytics-campaigns')).toHaveTextContent('7 days from 2026-05-30 (running)');
    expect(screen.getByText(/Deadlines: 2026-05-31 Shorts \(Early\)/)).toBeInTheDocument();
    const csv = within(screen.getByTestId('analytics-views')).getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/v1/manage/festivals/kyoto-shorts/analytics/views.csv?range=30d');
    expect(screen.queryByTestId('analytics-tickets')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    expect(await screen.findByText('9')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?range=7d');
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/analytics?range=7d'))).toBe(true);
  });

  it('says so when the festival is not the organiser’s', async () => {
    stubApi({});
    renderPage(routes, ['/manage/festivals/other/analytics']);
    expect(await screen.findByTestId('manage-error')).toBeInTheDocument();
  });
});
