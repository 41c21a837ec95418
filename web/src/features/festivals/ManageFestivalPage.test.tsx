import { Notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Festival } from '../../api/festivals';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import ManageFestivalPage from './ManageFestivalPage';
import { festival, isoInMonths, pickDate } from '../../test/fixtures/festivals';

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
const full = (over: Partial<Festival> = {}) =>
  festival({
    categories: [
      {
        id: 10,
        name: 'Short film',
        description: 'Up to 30 minutes',
        deadlines: [{ tier: 'early', date: '2030-01-10', fee: 20 }],
        current: { tier: 'early', date: '2030-01-10', fee: 20 },
      },
    ],
    criteria: [{ id: 7, name: 'Story', weight: 2, maxScore: 10 }],
    ...over,
  });
const puts = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([, init]) => init?.method === 'PUT');

describe('ManageFestivalPage', () => {
  it('explains a rejection, saves with the version and carries the new version to the next save', async () => {
    const rejected = full({ status: 'rejected', rejectionReason: 'Please add the venue address.' });
    const fetch = stubApi({
      [`GET ${url}`]: { status: 200, body: { festival: rejected } },
      [`PUT ${url}`]: (init) => {
        const body = bodyOf(init) as Record<string, unknown>;
        return { status: 200, body: { festival: { ...rejected, ...body, version: 4, status: 'pending', rejectionReason: '' } } };
      },
      [`PUT ${url}/criteria`]: { status: 200, body: { festival: full({ version: 5, status: 'pending' }) } },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    const banner = await screen.findByTestId('status-banner');
    expect(banner).toHaveTextContent('Reason: Please add the venue address.');
    expect(banner).toHaveTextContent('Saving the details sends the festival back for review.');
    expect(screen.getByRole('heading', { level: 1, name: 'Kyoto Shorts' })).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    const location = screen.getByLabelText(/^Location/);
    expect(location).toHaveValue('Kyoto Cinema, Kyoto');
    await user.clear(location);
    await user.type(location, 'Kyoto Cinema, 1 Sanjo');
    await user.click(screen.getByRole('button', { name: 'Save details' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('status-banner')).toHaveTextContent('Awaiting review'));
    expect(bodyOf(puts(fetch)[0][1])).toEqual({
      version: 3,
      name: 'Kyoto Shorts',
      description: 'Short films\nfrom everywhere.',
      location: 'Kyoto Cinema, 1 Sanjo',
      country: 'JP',
      city: 'Kyoto',
      website: 'https://kyoto-shorts.example.jp',
      startDate: '2030-06-05',
      endDate: '2030-06-07',
      contactEmail: 'team@kyoto-shorts.example.jp',
    });

    await user.click(screen.getByRole('tab', { name: 'Judging criteria' }));
    await user.click(screen.getByRole('button', { name: 'Save criteria' }));
    await waitFor(() => expect(puts(fetch)).toHaveLength(2));
    expect(bodyOf(puts(fetch)[1][1])).toEqual({ version: 4, criteria: [{ id: 7, name: 'Story', weight: 2, maxScore: 10 }] });
  });

  it('shows a conflict with a Reload button that fetches the latest version', async () => {
    let latest = false;
    const conflict =
      'This festival was changed in another tab or by someone else. Reload it to see the latest version, then make your change again.';
    const fetch = stubApi({
      [`GET ${url}`]: () => ({
        status: 200,
        body: { festival: latest ? full({ version: 6, name: 'Kyoto Shorts 2030' }) : full() },
      }),
      [`PUT ${url}`]: (init) =>
        (bodyOf(init) as { version: number }).version === 6
          ? { status: 200, body: { festival: full({ version: 7, name: 'Kyoto Shorts 2030' }) } }
          : { status: 409, body: { message: conflict, code: 'conflict' } },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Save details' }));
    const alert = await screen.findByTestId('conflict');
    expect(alert).toHaveTextContent(conflict);
    expect(alert).toHaveAttribute('role', 'alert');

    latest = true;
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('conflict')).toBeNull());
    expect(screen.getByLabelText(/^Festival Name/)).toHaveValue('Kyoto Shorts 2030');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(puts(fetch).map(([, init]) => (bodyOf(init) as { version: number }).version)).toEqual([3, 6]);
  });

  it("shows a deadline's server error beside the right input", async () => {
    stubApi({
      [`GET ${url}`]: { status: 200, body: { festival: full() } },
      [`PUT ${url}/categories`]: {
        status: 400,
        body: {
          message: 'Deadlines must be before the festival starts',
          code: 'validation',
          fields: { 'categories.0.deadlines.early.date': 'Deadlines must be before the festival starts' },
        },
      },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Categories & deadlines' }));
    await user.click(screen.getByRole('button', { name: 'Save categories' }));
    const category = screen.getByTestId('category-editor');
    await waitFor(() =>
      expect(within(category).getByLabelText(/^Early deadline/)).toHaveAccessibleDescription(
        'Deadlines must be before the festival starts',
      ),
    );
    expect(within(category).getByLabelText(/^Regular deadline/)).not.toHaveAccessibleDescription(/Deadlines/);
    expect(screen.getByTestId('section-error')).toHaveTextContent('Please correct the fields marked below.');
  });

  it('checks categories before saving and sends new ones with their tiers', async () => {
    const fetch = stubApi({
      [`GET ${url}`]: { status: 200, body: { festival: full() } },
      [`PUT ${url}/categories`]: { status: 200, body: { festival: full({ version: 4 }) } },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Categories & deadlines' }));
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    await user.click(screen.getByRole('button', { name: 'Save categories' }));
    const added = screen.getAllByTestId('category-editor')[1];
    expect(within(added).getByLabelText(/^Category name/)).toHaveAccessibleDescription('Category name is required.');
    expect(within(added).getByText('Add at least one deadline.')).toBeInTheDocument();
    expect(puts(fetch)).toHaveLength(0);

    const deadline = isoInMonths(1, 15);
    await user.type(within(added).getByLabelText(/^Category name/), 'Animation');
    await pickDate(user, within(added).getByLabelText(/^Regular deadline/), deadline);
    await user.type(within(added).getByLabelText(/^Regular fee/), '25');
    await user.click(screen.getByRole('button', { name: 'Save categories' }));
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(bodyOf(puts(fetch)[0][1])).toEqual({
      version: 3,
      categories: [
        { id: 10, name: 'Short film', description: 'Up to 30 minutes', deadlines: [{ tier: 'early', date: '2030-01-10', fee: 20 }] },
        { name: 'Animation', description: '', deadlines: [{ tier: 'regular', date: deadline, fee: 25 }] },
      ],
    });
  });

  it('adds and removes judging criteria', async () => {
    const fetch = stubApi({
      [`GET ${url}`]: { status: 200, body: { festival: full() } },
      [`PUT ${url}/criteria`]: { status: 200, body: { festival: full({ version: 4 }) } },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts']);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('tab', { name: 'Judging criteria' }));
    await user.click(screen.getByRole('button', { name: 'Add criterion' }));
    const rows = screen.getAllByTestId('criterion-editor');
    await user.type(within(rows[1]).getByLabelText(/^Criterion name/), 'Sound');
    const weight = within(rows[1]).getByLabelText(/^Weight/);
    await user.clear(weight);
    await user.type(weight, '3');
    await user.click(within(rows[0]).getByRole('button', { name: 'Remove Story' }));
    await user.click(screen.getByRole('button', { name: 'Save criteria' }));
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    expect(bodyOf(puts(fetch)[0][1])).toEqual({ version: 3, criteria: [{ name: 'Sound', weight: 3, maxScore: 10 }] });
  });

  it('says when the festival is not found (or not the user’s)', async () => {
    stubApi({});
    renderPage(routes, ['/manage/festivals/someone-elses']);
    const missing = await screen.findByTestId('editor-not-found');
    expect(within(missing).getByRole('link', { name: 'Back to your festivals' })).toHaveAttribute('href', '/manage');
  });
});
