import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../lib/useSession';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { festival } from '../../test/fixtures/festivals';
import { film } from '../../test/fixtures/films';
import SubmitFilmPage from './SubmitFilmPage';
import { submission } from './testUtils';
import { sampleUser } from '../../test/fixtures/users';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/submit-film', Component: SubmitFilmPage },
  { path: '/pricing', element: <p>pricing</p> },
];

const kyoto = festival({
  categories: [
    {
      id: 10,
      name: 'Short film',
      description: '',
      deadlines: [{ tier: 'regular', date: '2030-03-01', fee: 30 }],
      current: { tier: 'regular', date: '2030-03-01', fee: 30 },
    },
    {
      id: 11,
      name: 'Animation',
      description: '',
      deadlines: [{ tier: 'early', date: '2030-02-01', fee: 20 }],
      current: { tier: 'early', date: '2030-02-01', fee: 20 },
    },
    { id: 12, name: 'Documentary', description: '', deadlines: [{ tier: 'early', date: '2025-01-10', fee: 10 }], current: null },
  ],
});

const line = (categoryId: number, name: string, fee: number) => ({
  festivalId: 1,
  festivalName: 'Kyoto Shorts',
  categoryId,
  categoryName: name,
  tier: 'regular',
  deadline: '2030-03-01',
  fee,
  discount: 0,
  price: fee,
});

function quoteWith(balance: number) {
  return (init: RequestInit | undefined) => {
    const body = bodyOf(init) as { entries: { categoryId: number }[] };
    const lines = body.entries.map((e) => (e.categoryId === 10 ? line(10, 'Short film', 30) : line(11, 'Animation', 20)));
    const total = lines.reduce((s, l) => s + l.price, 0);
    return { status: 200, body: { lines, total, balance, waiverApplied: false } };
  };
}
const quoteFor = quoteWith(100);

async function chooseTwo(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('checkbox', { name: /Short film/ }));
  await user.click(screen.getByRole('checkbox', { name: /Animation/ }));
}

describe('SubmitFilmPage', () => {
  it('preselects the festival and film, disables closed categories and shows the live quote', async () => {
    const quote = vi.fn(quoteFor);
    stubApi({
      'GET /api/v1/films': { status: 200, body: { items: [film(), film({ id: 8, title: 'Rain' })] } },
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: kyoto } },
      'POST /api/v1/submissions/quote': quote,
    });
    const user = userEvent.setup();
    renderPage(routes, ['/submit-film?festival=kyoto-shorts&film=7']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Submit a film' })).toBeInTheDocument();
    expect(await screen.findByTestId('film-select')).toHaveValue('Night Train (2025)');
    expect(await screen.findByRole('checkbox', { name: /Documentary/ })).toBeDisabled();
    expect(screen.getByText('Regular: 30 credits · deadline Mar 1, 2030')).toBeInTheDocument();
    await chooseTwo(user);
    const table = await screen.findByTestId('quote-table');
    await waitFor(() => expect(within(table).getAllByTestId('quote-line')).toHaveLength(2));
    expect(screen.getByTestId('quote-total')).toHaveTextContent('Total: 50 credits');
    expect(screen.getByTestId('quote-balance')).toHaveTextContent('Your balance: 100 credits');
    expect(screen.getByRole('button', { name: 'Confirm and pay 50 credits' })).toBeEnabled();
    // Debounced: the two quick clicks did not each ask for a quote.
    expect(bodyOf(quote.mock.calls.at(-1)?.[0])).toEqual({
      filmId: 7,
      entries: [
        { festivalId: 1, categoryId: 10 },
        { festivalId: 1, categoryId: 11 },
      ],
    });
  });

  it('keeps the fees of a refused waiver code on screen, shows why and holds the payment', async () => {
    const refused = { status: 400, body: { message: 'Check the form', fields: { waiverCode: 'This waiver code does not apply to these festivals' } } };
    const quote = vi.fn((init: RequestInit | undefined) => ((bodyOf(init) as { waiverCode?: string }).waiverCode ? refused : quoteFor(init)));
    stubApi({
      'GET /api/v1/films': { status: 200, body: { items: [film()] } },
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: kyoto } },
      'POST /api/v1/submissions/quote': quote,
    });
    const user = userEvent.setup();
    renderPage(routes, ['/submit-film?festival=kyoto-shorts']);
    await chooseTwo(user);
    expect(await screen.findByRole('button', { name: 'Confirm and pay 50 credits' })).toBeEnabled();
    await user.type(screen.getByTestId('waiver-input'), 'wrong1');
    expect(await screen.findByText('This waiver code does not apply to these festivals')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId('quote-table')).getAllByTestId('quote-line')).toHaveLength(2));
    expect(screen.queryByRole('status', { name: 'Working out the fees' })).toBeNull();
    expect(screen.getByTestId('quote-total')).toHaveTextContent('Total: 50 credits');
    const pay = screen.getByRole('button', { name: 'Confirm and pay 50 credits' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription('Correct the waiver code, or clear it to pay the full fees.');
    // Clearing the code pays the full fees.
    await user.clear(screen.getByTestId('waiver-input'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm and pay 50 credits' })).toBeEnabled());
    expect(screen.queryByTestId('pay-blocked')).toBeNull();
  });

  it('holds the payment while the balance is below the total, with a link to buy credits', async () => {
    const fetch = stubApi({
      'GET /api/v1/films': { status: 200, body: { items: [film()] } },
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: kyoto } },
      'POST /api/v1/submissions/quote': quoteWith(40),
    });
    const user = userEvent.setup();
    renderPage(routes, ['/submit-film?festival=kyoto-shorts']);
    await chooseTwo(user);
    await waitFor(() => expect(screen.getByTestId('quote-total')).toHaveTextContent('Total: 50 credits'));
    const pay = screen.getByRole('button', { name: 'Confirm and pay 50 credits' });
    expect(pay).toBeDisabled();
    expect(pay).toHaveAccessibleDescription(/These entries cost 50 credits and your balance is 40\./);
    expect(within(screen.getByTestId('pay-blocked')).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing');
    expect(fetch.mock.calls.some(([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/v1/submissions'))).toBe(false);
  });

  it("shows the server's 402 message with a link to buy credits, and nothing else changes", async () => {
    stubApi({
      'GET /api/v1/films': { status: 200, body: { items: [film()] } },
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: kyoto } },
      'POST /api/v1/submissions/quote': quoteFor,
      'POST /api/v1/submissions': {
        status: 402,
        body: { message: 'These entries cost 50 credits; your balance is 40.', code: 'insufficient_credits' },
      },
    });
    const user = userEvent.setup();
    renderPage(routes, ['/submit-film?festival=kyoto-shorts']);
    await chooseTwo(user);
    await user.click(await screen.findByRole('button', { name: 'Confirm and pay 50 credits' }));
    const error = await screen.findByTestId('submit-error');
    expect(error).toHaveTextContent('Not enough credits');
    expect(error).toHaveTextContent('These entries cost 50 credits; your balance is 40.');
    expect(within(error).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('checkbox', { name: /Short film/ })).toBeChecked();
    expect(screen.queryByTestId('submit-done')).toBeNull();
  });

  it('confirms the entries and updates the cached balance', async () => {
    stubApi({
      'GET /api/v1/films': { status: 200, body: { items: [film()] } },
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: kyoto } },
      'POST /api/v1/submissions/quote': quoteFor,
      'POST /api/v1/submissions': {
        status: 201,
        body: {
          submissions: [submission(), submission({ id: 32, categoryId: 11, categoryName: 'Animation', paidCredits: 20 })],
          total: 50,
          balance: 50,
        },
      },
      'GET /api/v1/session': { status: 200, body: { user: { ...sampleUser, credits: 50 } } },
    });
    const user = userEvent.setup();
    const { client } = renderPage(routes, ['/submit-film?festival=kyoto-shorts']);
    client.setQueryData(sessionKey, { ...sampleUser, credits: 100 });
    await chooseTwo(user);
    await user.click(await screen.findByRole('button', { name: 'Confirm and pay 50 credits' }));
    const done = await screen.findByTestId('submit-done');
    expect(within(done).getByTestId('done-entries')).toHaveTextContent('Night Train — Kyoto Shorts, Short film: 30 credits');
    expect(within(done).getByTestId('done-entries')).toHaveTextContent('Animation: 20 credits');
    expect(within(done).getByTestId('done-balance')).toHaveTextContent('Your new balance: 50 credits');
    expect(within(done).getByRole('link', { name: 'See my submissions' })).toHaveAttribute('href', '/submissions');
    expect((client.getQueryData(sessionKey) as { credits: number }).credits).toBe(50);
  });

  it('links to creating a project when there is none', async () => {
    stubApi({
      'GET /api/v1/films': { status: 200, body: { items: [] } },
      'GET /api/v1/festivals/kyoto-shorts': { status: 200, body: { festival: kyoto } },
    });
    renderPage(routes, ['/submit-film?festival=kyoto-shorts']);
    expect(await screen.findByRole('link', { name: 'Create a film project' })).toHaveAttribute('href', '/films/new');
  });
});
