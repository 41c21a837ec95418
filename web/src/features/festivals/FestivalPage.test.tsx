import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderPage, stubApi } from '../../test/utils';
import FestivalPage, { remindMeLink } from './FestivalPage';
import { festival } from '../../test/fixtures/festivals';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/festival/:slug', Component: FestivalPage }];
const withCategories = festival({
  categories: [
    {
      id: 10,
      name: 'Short film',
      description: 'Up to 30 minutes',
      deadlines: [
        { tier: 'early', date: '2030-01-10', fee: 20 },
        { tier: 'regular', date: '2030-03-01', fee: 30 },
        { tier: 'late', date: '2030-04-01', fee: 45 },
      ],
      current: { tier: 'regular', date: '2030-03-01', fee: 30 },
    },
    {
      id: 11,
      name: 'Documentary',
      description: '',
      deadlines: [{ tier: 'early', date: '2025-01-10', fee: 10 }],
      current: null,
    },
  ],
});

describe('FestivalPage', () => {
  it('shows the festival, its categories with the current tier, and Remind me', async () => {
    stubApi({ 'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: withCategories } } });
    renderPage(routes, ['/festival/kyoto-shorts']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kyoto Shorts' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kyoto Shorts | Marquee'));
    expect(screen.getByTestId('festival-description').textContent).toBe('Short films\nfrom everywhere.');
    expect(screen.getByText('June 5, 2030')).toBeInTheDocument();
    // The place follows the list's rule: city and the country named in the page's language.
    expect(screen.getByText('Kyoto, Japan')).toBeInTheDocument();
    expect(screen.getByText(/· Kyoto, Japan$/)).toBeInTheDocument();
    expect(screen.queryByText(/Kyoto Cinema/)).toBeNull();
    const site = screen.getByRole('link', { name: /^kyoto-shorts\.example\.jp/ });
    expect(site).toHaveAttribute('href', 'https://kyoto-shorts.example.jp');
    expect(site).toHaveAttribute('target', '_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'team@kyoto-shorts.example.jp' })).toHaveAttribute(
      'href',
      'mailto:team@kyoto-shorts.example.jp',
    );

    const rows = within(screen.getByTestId('categories-table')).getAllByTestId('category-row');
    expect(within(rows[0]).getByRole('rowheader', { name: 'Short film' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Up to 30 minutes');
    expect(rows[0]).toHaveTextContent('Regular: 30 credits');
    expect(rows[0]).toHaveTextContent('then Late: 45 credits until Apr 1, 2030');
    expect(rows[0]).not.toHaveTextContent('Early');
    expect(rows[0]).toHaveTextContent('Mar 1, 2030');
    expect(rows[1]).toHaveTextContent('Submissions closed');

    // Entries run on to the late tier's deadline; today's tier ends sooner.
    expect(screen.getByTestId('open-until')).toHaveTextContent('Open for submissions until Apr 1, 2030');
    expect(screen.getByTestId('current-tier')).toHaveTextContent('Current tier: Regular, until Mar 1, 2030');
    expect(screen.getByRole('link', { name: 'Submit a film' })).toHaveAttribute('href', '/submit-film?festival=kyoto-shorts');
    expect(screen.getByRole('link', { name: 'Remind me' })).toHaveAttribute(
      'href',
      '/manage?festival=kyoto-shorts&name=Kyoto+Shorts&date=2030-06-05#reminders',
    );
  });

  it('says a newly approved festival without categories is not open yet (not closed)', async () => {
    stubApi({
      'GET /api/v1/festivals/kyoto-shorts': {
        status: 200,
        body: { festival: festival({ categories: [], nextDeadline: '', minFee: null, website: '' }) },
      },
    });
    renderPage(routes, ['/festival/kyoto-shorts']);
    expect(await screen.findByTestId('no-categories')).toBeInTheDocument();
    expect(screen.getByTestId('submission-state')).toHaveTextContent('Submissions not open yet');
    expect(screen.getAllByText('Submissions not open yet')).toHaveLength(2);
    expect(screen.queryByText('Submissions closed')).toBeNull();
    expect(screen.queryByRole('link', { name: /opens in a new tab/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Submit a film' })).toBeNull();
  });

  it('shows a not-found state with a way back to the festivals', async () => {
    stubApi({});
    renderPage(routes, ['/festival/unknown']);
    const missing = await screen.findByTestId('festival-not-found');
    expect(within(missing).getByRole('heading', { level: 1, name: 'Festival not found' })).toBeInTheDocument();
    expect(within(missing).getByRole('link', { name: 'Browse festivals' })).toHaveAttribute('href', '/festivals');
  });

  it('speaks the reader’s language: dates, country names and labels', async () => {
    stubApi({ 'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: withCategories } } });
    await i18n.changeLanguage('ja');
    try {
      renderPage(routes, ['/festival/kyoto-shorts']);
      expect(await screen.findByRole('link', { name: 'リマインドする' })).toBeInTheDocument();
      expect(screen.getByText('2030年6月5日')).toBeInTheDocument();
      expect(screen.getByText('Kyoto, 日本')).toBeInTheDocument();
      expect(screen.getAllByTestId('category-row')[0]).toHaveTextContent('通常：30 クレジット');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('encodes names and slugs in any script in the Remind me link', () => {
    const href = remindMeLink({ slug: '東京-映画祭', name: '東京映画祭 & more', startDate: '2031-01-02' });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/manage');
    expect(url.hash).toBe('#reminders');
    expect(Object.fromEntries(url.searchParams)).toEqual({ festival: '東京-映画祭', name: '東京映画祭 & more', date: '2031-01-02' });
  });
});
