import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { festivalAnswer, film, judge, page, pickOption, submission } from '../../test/fixtures/manageSubmissions';
import SubmissionDetailPage from './SubmissionDetailPage';
import SubmissionsPage from './SubmissionsPage';

afterEach(() => vi.unstubAllGlobals());

const routes = [
  { path: '/manage/festivals/:slug/submissions', Component: SubmissionsPage },
  { path: '/manage/festivals/:slug/submissions/:id', Component: SubmissionDetailPage },
];
const base = '/api/v1/manage/festivals/kyoto-shorts';

describe('SubmissionsPage', () => {
  it('lists submissions with scores and keeps filters and sort in the URL', async () => {
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/submissions`]: page([submission(), submission({ id: 42, filmTitle: 'Snow', flag: 'needs_review', scores: { judges: 0, weighted: null, calibrated: null, spread: null } })], 2),
    });
    const { router } = renderPage(routes, ['/manage/festivals/kyoto-shorts/submissions?status=submitted&sort=score']);
    const rows = await screen.findAllByTestId('submission-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Rain in Gion');
    expect(rows[0]).toHaveTextContent('aiko@example.com');
    expect(rows[0]).toHaveTextContent('Japan');
    expect(rows[0]).toHaveTextContent('10 credits');
    expect(within(rows[0]).getByTestId('weighted')).toHaveTextContent('72.5');
    expect(within(rows[0]).getByTestId('calibrated')).toHaveTextContent('+0.41');
    expect(within(rows[1]).getByTestId('weighted')).toHaveTextContent('—');
    expect(within(rows[1]).getByTestId('submission-flag')).toHaveTextContent('Needs review');
    expect(screen.getByTestId('submissions-total')).toHaveTextContent('2 submissions');
    expect(fetch).toHaveBeenCalledWith(`${base}/submissions?status=submitted&sort=score&page=1`, expect.anything());
    expect(screen.getByTestId('csv-link')).toHaveAttribute('href', `${base}/submissions.csv`);
    // The section links.
    const nav = screen.getByRole('navigation', { name: 'Festival pages' });
    expect(within(nav).getByRole('link', { name: 'Judges' })).toHaveAttribute('href', '/manage/festivals/kyoto-shorts/judges');
    expect(within(nav).getByRole('link', { name: 'Submissions' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Questions & messages' })).toHaveAttribute('href', '/manage/festivals/kyoto-shorts/submission-tools');

    const user = userEvent.setup();
    await pickOption(user, screen.getByRole('combobox', { name: 'Flag' }), 'No flag');
    await waitFor(() => expect(router.state.location.search).toBe('?status=submitted&sort=score&flag=none'));
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(`${base}/submissions?status=submitted&flag=none&sort=score&page=1`, expect.anything()),
    );
    await user.type(screen.getByRole('textbox', { name: 'Minimum score' }), '60');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('minScore')).toBe('60'));
  });

  it('sends a bulk decision for the selected rows and asks the award name', async () => {
    let decision: unknown;
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/submissions`]: page([submission(), submission({ id: 42, filmTitle: 'Snow' })]),
      [`POST ${base}/submissions/decision`]: (init) => {
        decision = bodyOf(init);
        return { status: 200, body: { items: [submission({ status: 'award_winner' }), submission({ id: 42, status: 'award_winner' })] } };
      },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/submissions']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Rain in Gion' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Snow' }));
    const panel = screen.getByTestId('bulk-panel');
    expect(panel).toHaveTextContent('2 submissions selected');
    await pickOption(user, within(panel).getByRole('combobox', { name: 'Decision' }), 'Award winner');
    await user.click(within(panel).getByRole('checkbox', { name: "Share judges' comments with the filmmaker" }));
    await user.click(within(panel).getByRole('button', { name: 'Apply to 2 submissions' }));
    expect(await within(panel).findByText('Enter the name of the award.')).toBeInTheDocument();
    expect(decision).toBeUndefined();
    await user.type(within(panel).getByRole('textbox', { name: 'Award name' }), 'Grand Prix');
    await user.click(within(panel).getByRole('button', { name: 'Apply to 2 submissions' }));
    await waitFor(() => expect(decision).toEqual({ ids: [41, 42], status: 'award_winner', awardName: 'Grand Prix', shareComments: true }));
  });

  it('filters by the organiser’s own status, shows it on each row, and sets it on the selected rows at once', async () => {
    const sets: unknown[] = [];
    let lists = 0;
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/submissions`]: () => {
        lists++;
        return page([submission(), submission({ id: 42, filmTitle: 'Snow', entryStatus: { id: 5, name: 'finalist', preset: 'finalist' } })]);
      },
      [`GET ${base}/statuses`]: {
        status: 200,
        body: {
          statuses: [
            { id: 5, name: 'finalist', preset: 'finalist', notify: true, note: '', entries: 1 },
            { id: 6, name: 'Shortlist', preset: '', notify: false, note: '', entries: 0 },
          ],
        },
      },
      [`POST ${base}/submissions/entry-status`]: (init) => {
        sets.push(bodyOf(init));
        return { status: 204 };
      },
    });
    const { router } = renderPage(routes, ['/manage/festivals/kyoto-shorts/submissions']);
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('submission-row');
    // A preset's label is in the language; an entry without a status shows none.
    expect(within(rows[1]).getByTestId('row-entry-status')).toHaveTextContent('Finalist');
    expect(within(rows[0]).queryByTestId('row-entry-status')).toBeNull();

    // The filter: in the URL and in the list's request.
    await pickOption(user, screen.getByRole('combobox', { name: 'Your status' }), 'Shortlist');
    await waitFor(() => expect(router.state.location.search).toBe('?entryStatus=6'));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(`${base}/submissions?entryStatus=6&sort=date&page=1`, expect.anything()));

    // The bulk control sets a status on the selection, then clears it; each refreshes the list.
    await user.click(await screen.findByRole('checkbox', { name: 'Select Rain in Gion' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Snow' }));
    const panel = screen.getByTestId('bulk-panel');
    expect(within(panel).getByRole('button', { name: 'Apply to the selection' })).toBeDisabled();
    await pickOption(user, within(panel).getByRole('combobox', { name: 'Set your status' }), 'Shortlist');
    const before = lists;
    await user.click(within(panel).getByRole('button', { name: 'Apply to the selection' }));
    await waitFor(() => expect(sets).toEqual([{ ids: [41, 42], statusId: 6 }]));
    await waitFor(() => expect(lists).toBeGreaterThan(before));
    // The selection is done with: the panel closes.
    await waitFor(() => expect(screen.queryByTestId('bulk-panel')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Select Snow' }));
    await pickOption(user, within(screen.getByTestId('bulk-panel')).getByRole('combobox', { name: 'Set your status' }), 'No status');
    await user.click(within(screen.getByTestId('bulk-panel')).getByRole('button', { name: 'Apply to the selection' }));
    await waitFor(() => expect(sets).toEqual([{ ids: [41, 42], statusId: 6 }, { ids: [42], statusId: 0 }]));
  });

  it('sets a flag from the row menu', async () => {
    let flagged: unknown;
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/submissions`]: page([submission()]),
      [`PUT ${base}/submissions/41/flag`]: (init) => {
        flagged = bodyOf(init);
        return { status: 200, body: { submission: submission({ flag: 'strong_contender' }) } };
      },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/submissions']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Flag Rain in Gion' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Strong contender' }));
    await waitFor(() => expect(flagged).toEqual({ flag: 'strong_contender' }));
  });
});

describe('SubmissionDetailPage', () => {
  it('shows the film, the screener, every judge with scores and the private note label', async () => {
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/submissions/41`]: {
        status: 200,
        body: {
          submission: submission(),
          film: film(),
          scores: [
            {
              judgeId: 3,
              judgeName: 'Mina Judge',
              submissionId: 41,
              scores: [
                { criterionId: 1, score: 8 },
                { criterionId: 2, score: 4 },
              ],
              weighted: 80,
              comment: 'Beautiful light.',
              privateNote: 'Check the music rights.',
              updatedAt: '2030-02-03T00:00:00Z',
            },
          ],
          conflicts: [{ judgeId: 4, judgeName: 'Ren', submissionId: 41, reason: 'My cousin', createdAt: '2030-02-02T00:00:00Z' }],
          judges: [judge()],
        },
      },
    });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/submissions/41']);
    const card = await screen.findByTestId('film-card');
    expect(within(card).getByRole('heading', { name: 'Rain in Gion' })).toBeInTheDocument();
    // The poster as a card of 160 px, from its two sizes.
    const poster = within(card).getByRole('img', { name: 'Poster of Rain in Gion' });
    expect(poster).toHaveAttribute('src', '/media/posters/7-0123456789abcdef-card.jpg');
    expect(poster).toHaveAttribute(
      'srcset',
      '/media/posters/7-0123456789abcdef-card.jpg 400w, /media/posters/7-0123456789abcdef-detail.jpg 1200w',
    );
    expect(poster).toHaveAttribute('sizes', '160px');
    expect(card).toHaveTextContent('A geiko and a rainy night.');
    expect(card).toHaveTextContent('Cinematography: Ken Mori');
    expect(card).toHaveTextContent('14 minutes');
    expect(within(card).getByRole('link', { name: 'https://vimeo.example/123' })).toBeInTheDocument();
    expect(card).toHaveTextContent('gion-2030');
    expect(within(card).getByRole('button', { name: 'Copy the screener password' })).toBeInTheDocument();

    const score = screen.getByTestId('judge-score');
    expect(score).toHaveTextContent('Mina Judge');
    expect(score).toHaveTextContent('Weighted 80.0');
    expect(within(score).getByRole('row', { name: 'Story (weight 3) 8 / 10' })).toBeInTheDocument();
    expect(within(score).getByRole('row', { name: 'Craft (weight 1) 4 / 5' })).toBeInTheDocument();
    expect(score).toHaveTextContent('Beautiful light.');
    expect(within(score).getByTestId('private-note')).toHaveTextContent('Private note (never shown to the filmmaker)Check the music rights.');
    expect(screen.getByTestId('detail-weighted')).toHaveTextContent('72.5');
    expect(screen.getByTestId('detail-spread')).toHaveTextContent('15.0');
    expect(screen.getByTestId('detail-conflict')).toHaveTextContent('Ren: My cousin');
    expect(screen.getByRole('form', { name: 'Decision' })).toBeInTheDocument();
    expect(screen.getByTestId('entry-manage-link')).toHaveAttribute('href', '/manage/festivals/kyoto-shorts/submissions/41/manage');
  });
});
