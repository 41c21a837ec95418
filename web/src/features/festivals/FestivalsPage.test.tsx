import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../test/utils';
import FestivalsPage from './FestivalsPage';
import { festival } from '../../test/fixtures/festivals';

afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/festivals', Component: FestivalsPage }];
const open = festival();
const closed = festival({ id: 2, slug: '映画祭-2', name: '東京映画祭', city: '', country: 'JP', location: 'Tokyo', nextDeadline: '', minFee: null, deadlinesAnnounced: true });
const page = (items = [open, closed], total = items.length) => ({ status: 200, body: { items, total, page: 1, perPage: 20 } });
const searches = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/v1/festivals'));

describe('FestivalsPage', () => {
  it('lists festivals as cards: name linking to the public page, place, dates, deadline and fee, Closed or Not open yet', async () => {
    const free = festival({ id: 3, slug: 'free-fest', name: 'Free Fest', minFee: 0 });
    const fresh = festival({ id: 4, slug: 'fresh', name: 'Fresh Fest', nextDeadline: '', minFee: null, deadlinesAnnounced: false });
    stubApi({ 'GET /api/v1/festivals': page([open, closed, free, fresh]) });
    renderPage(routes, ['/festivals']);
    const cards = await screen.findAllByTestId('festival-card');
    expect(cards).toHaveLength(4);
    expect(cards[3]).toHaveTextContent('Not open yet');
    expect(cards[3]).not.toHaveTextContent('Closed');
    expect(cards[2]).toHaveTextContent('free to enter');
    expect(within(cards[0]).getByRole('heading', { level: 3, name: 'Kyoto Shorts' })).toBeInTheDocument();
    expect(within(cards[0]).getByRole('link', { name: 'Kyoto Shorts' })).toHaveAttribute('href', '/festival/kyoto-shorts');
    expect(cards[0]).toHaveTextContent('Kyoto, Japan');
    expect(cards[0]).toHaveTextContent('Jun 5 – 7, 2030');
    expect(cards[0]).toHaveTextContent('Next deadline: Mar 1, 2030');
    expect(cards[0]).toHaveTextContent('from 20 credits');
    expect(cards[1]).toHaveTextContent('Closed');
    expect(cards[1]).toHaveTextContent('Japan');
    expect(within(cards[1]).getByRole('link', { name: '東京映画祭' })).toHaveAttribute(
      'href',
      `/festival/${encodeURIComponent('映画祭-2')}`,
    );
    expect(screen.getByRole('heading', { level: 2, name: '4 festivals' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Discover Festivals' })).toBeInTheDocument();
  });

  it('reads every filter from the URL and asks the API for it', async () => {
    const fetch = stubApi({ 'GET /api/v1/festivals': page([open], 41) });
    renderPage(routes, ['/festivals?q=映画&country=jp&month=2030-02&open=1&category=Short&maxFee=30&sort=start&page=2']);
    await screen.findByTestId('festival-card');
    const url = new URL(searches(fetch)[0], 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: '映画',
      country: 'JP',
      from: '2030-02-01',
      to: '2030-02-28',
      open: 'true',
      category: 'Short',
      maxFee: '30',
      sort: 'start',
      page: '2',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('映画');
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveValue('Japan');
    expect(screen.getByRole('switch', { name: 'Open for submissions' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Category' })).toHaveValue('Short');
    expect(screen.getByRole('textbox', { name: /Maximum fee/ })).toHaveValue('30');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Start date');
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(nav).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('debounces typing, writes the query to the URL, goes back to page 1 and sorts by relevance', async () => {
    const fetch = stubApi({ 'GET /api/v1/festivals': page() });
    const { router } = renderPage(routes, ['/festivals?page=3']);
    await screen.findAllByTestId('festival-card');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'kyoto');
    await waitFor(() => expect(router.state.location.search).toBe('?q=kyoto'));
    await waitFor(() => expect(searches(fetch).at(-1)).toBe('/api/v1/festivals?q=kyoto&sort=relevance'));
    // One search for the page, one for the finished word: none per keystroke.
    expect(searches(fetch)).toHaveLength(2);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Relevance');
  });

  it('offers relevance only with a query', async () => {
    stubApi({ 'GET /api/v1/festivals': page() });
    renderPage(routes, ['/festivals']);
    await screen.findAllByTestId('festival-card');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Next deadline');
    await userEvent.setup({ delay: null }).click(screen.getByRole('combobox', { name: 'Sort by' }));
    expect(await screen.findByRole('option', { name: 'Relevance', hidden: true })).toHaveAttribute('data-combobox-disabled', 'true');
  });

  it('keeps filters in the history: a switch pushes, the back button restores', async () => {
    const fetch = stubApi({ 'GET /api/v1/festivals': page() });
    const { router } = renderPage(routes, ['/festivals?country=FR']);
    await screen.findAllByTestId('festival-card');
    await userEvent.setup({ delay: null }).click(screen.getByRole('switch', { name: 'Open for submissions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?country=FR&open=1'));
    await waitFor(() => expect(searches(fetch).some((u) => u.includes('open=true'))).toBe(true));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Open for submissions' })).not.toBeChecked());
    expect(router.state.location.search).toBe('?country=FR');
  });

  it('shows an empty state that offers to clear the filters', async () => {
    stubApi({ 'GET /api/v1/festivals': page([]) });
    renderPage(routes, ['/festivals?q=nothing']);
    const empty = await screen.findByTestId('festivals-empty');
    expect(empty).toHaveTextContent('No festivals match your search.');
    expect(within(empty).getByRole('link', { name: 'Clear filters' })).toHaveAttribute('href', '/festivals');
    expect(screen.getByRole('heading', { level: 2, name: '0 festivals' })).toBeInTheDocument();
  });

  it('shows a loading skeleton, then an error with a retry', async () => {
    let fail = true;
    stubApi({
      'GET /api/v1/festivals': () =>
        fail ? { status: 500, body: { message: 'Internal error. Please try again later.', code: 'internal' } } : page(),
    });
    renderPage(routes, ['/festivals']);
    expect(await screen.findByTestId('festivals-loading')).toHaveTextContent('Loading festivals...');
    const error = await screen.findByTestId('festivals-error');
    expect(error).toHaveTextContent('The festivals could not be loaded.');
    fail = false;
    await userEvent.setup({ delay: null }).click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('festival-card')).toHaveLength(2);
  });

  it('pages through results with the page in the URL', async () => {
    const fetch = stubApi({ 'GET /api/v1/festivals': page([open], 45) });
    const { router } = renderPage(routes, ['/festivals']);
    await screen.findByTestId('festival-card');
    const nav = screen.getByRole('navigation', { name: 'Result pages' });
    await userEvent.setup({ delay: null }).click(within(nav).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(searches(fetch).at(-1)).toBe('/api/v1/festivals?sort=deadline&page=2'));
  });
});
