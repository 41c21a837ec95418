import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { isoInMonths, pickDate } from '../../test/fixtures/festivals';
import type { ScoreSummary } from '../../api/manageSubmissions';
import { festivalAnswer, judge, page, submission } from '../../test/fixtures/manageSubmissions';
import JudgesPage from './JudgesPage';
import RankingPage from './RankingPage';
import SettingsPage from './SettingsPage';

afterEach(() => vi.unstubAllGlobals());

const base = '/api/v1/manage/festivals/kyoto-shorts';
const settings = { refundOnWithdraw: true, blindReview: false, judgingLocked: false };

describe('JudgesPage', () => {
  it('invites by e-mail, shows progress, and sends each assignment mode', async () => {
    const bodies: unknown[] = [];
    let invited: unknown;
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/judges`]: {
        status: 200,
        body: { items: [judge(), judge({ id: 4, name: '', email: 'new@example.com', status: 'invited', userId: 0, assigned: 0, scored: 0 })] },
      },
      [`GET ${base}/settings`]: { status: 200, body: settings },
      [`GET ${base}/conflicts`]: { status: 200, body: { items: [] } },
      [`GET ${base}/submissions`]: page([submission(), submission({ id: 42, filmTitle: 'Snow' })]),
      [`POST ${base}/judges`]: (init) => {
        invited = bodyOf(init);
        return { status: 201, body: { judge: judge({ id: 5, email: 'ken@example.com', status: 'invited' }) } };
      },
      [`POST ${base}/assignments`]: (init) => {
        bodies.push(bodyOf(init));
        return { status: 200, body: { added: 3 } };
      },
    });
    renderPage([{ path: '/manage/festivals/:slug/judges', Component: JudgesPage }], ['/manage/festivals/kyoto-shorts/judges']);
    const user = userEvent.setup();
    const rows = await screen.findAllByTestId('judge-row');
    expect(within(rows[0]).getByTestId('judge-status')).toHaveTextContent('Active');
    expect(within(rows[0]).getByTestId('judge-progress')).toHaveTextContent('1 of 4 scored');
    expect(within(rows[0]).getByRole('progressbar', { name: 'Progress of Mina Judge' })).toBeInTheDocument();
    expect(within(rows[1]).getByTestId('judge-status')).toHaveTextContent('Invited');

    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'ken@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByTestId('invite-done')).toHaveTextContent('Invitation sent to ken@example.com.');
    expect(invited).toEqual({ email: 'ken@example.com' });

    // No judge selected: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Assign to 0 judges' }));
    expect(await screen.findByText('Select at least one judge in the list above.')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Select Mina Judge' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select new@example.com' }));
    const assign = () => user.click(screen.getByRole('button', { name: 'Assign to 2 judges' }));

    await assign();
    expect(await screen.findByTestId('assign-done')).toHaveTextContent('Added 3 assignments');
    expect(bodies.at(-1)).toEqual({ mode: 'all', judgeIds: [3, 4] });

    await user.click(screen.getByRole('radio', { name: 'By category' }));
    await user.click(screen.getByRole('combobox', { name: 'Categories' }));
    await user.click(await screen.findByRole('option', { name: 'Documentary', hidden: true }));
    await assign();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ mode: 'category', judgeIds: [3, 4], categoryIds: [8] }));

    await user.click(screen.getByRole('radio', { name: 'Specific submissions' }));
    await user.type(screen.getByRole('combobox', { name: 'Submissions' }), 'Snow');
    await user.click(await screen.findByRole('option', { name: /Snow/, hidden: true }));
    await assign();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ mode: 'specific', judgeIds: [3, 4], submissionIds: [42] }));

    await user.click(screen.getByRole('radio', { name: 'Spread evenly' }));
    const per = screen.getByRole('textbox', { name: 'Judges per submission' });
    // Spread evenly gives each submission to one of the judges unless told otherwise.
    expect(per).toHaveValue('1');
    await user.clear(per);
    await user.type(per, '3');
    await assign();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ mode: 'spread', judgeIds: [3, 4], perSubmission: 3 }));
    await user.click(screen.getByRole('radio', { name: 'The submissions I pick' }));
    await assign();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ mode: 'spread', judgeIds: [3, 4], perSubmission: 3, submissionIds: [42] }));
    expect(bodies).toHaveLength(5);
  });

  it('reassigns a conflict and removes a judge after confirmation', async () => {
    const calls: string[] = [];
    let assigned: unknown;
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/judges`]: { status: 200, body: { items: [judge(), judge({ id: 4, name: 'Ren', email: 'ren@example.com' })] } },
      [`GET ${base}/settings`]: { status: 200, body: settings },
      [`GET ${base}/conflicts`]: {
        status: 200,
        body: { items: [{ judgeId: 4, judgeName: 'Ren', submissionId: 41, reason: 'My cousin', createdAt: '2030-02-02T00:00:00Z' }] },
      },
      [`GET ${base}/submissions`]: page([submission()]),
      [`DELETE ${base}/judges/4/submissions/41`]: () => {
        calls.push('unassign');
        return { status: 204 };
      },
      [`POST ${base}/assignments`]: (init) => {
        calls.push('assign');
        assigned = bodyOf(init);
        return { status: 200, body: { added: 1 } };
      },
      [`DELETE ${base}/judges/3`]: () => {
        calls.push('remove');
        return { status: 204 };
      },
      [`PUT ${base}/judging/lock`]: (init) => ({ status: 200, body: { ...settings, judgingLocked: (bodyOf(init) as { locked: boolean }).locked } }),
    });
    renderPage([{ path: '/manage/festivals/:slug/judges', Component: JudgesPage }], ['/manage/festivals/kyoto-shorts/judges']);
    const user = userEvent.setup();
    const row = await screen.findByTestId('conflict-row');
    expect(row).toHaveTextContent('Ren');
    expect(await within(row).findByText('Rain in Gion')).toBeInTheDocument();
    expect(row).toHaveTextContent('My cousin');
    await user.click(within(row).getByRole('button', { name: 'Reassign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reassign this submission' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Another judge' }));
    await user.click(await screen.findByRole('option', { name: 'Mina Judge', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(calls).toEqual(['unassign', 'assign']));
    expect(assigned).toEqual({ mode: 'specific', judgeIds: [3], submissionIds: [41] });

    await user.click(screen.getByRole('button', { name: 'Remove Mina Judge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this judge?' });
    expect(calls).not.toContain('remove');
    await user.click(within(confirm).getByRole('button', { name: 'Remove the judge' }));
    await waitFor(() => expect(calls).toContain('remove'));

    const lock = screen.getByRole('switch', { name: /Lock judging/ });
    await waitFor(() => expect(lock).toBeEnabled());
    await user.click(lock);
    await waitFor(() => expect(lock).toBeChecked());
  });
});

describe('RankingPage', () => {
  const line = (id: number, filmTitle: string, summary: ScoreSummary, rank: number, belowMinimumJudges = false) => ({
    submission: submission({ id, filmTitle }),
    summary,
    rank,
    belowMinimumJudges,
  });
  const rain = { judges: 2, weighted: 80, calibrated: -0.2, spread: 10 };
  const snow = { judges: 2, weighted: 70, calibrated: 0.6, spread: 30 };
  const fog = { judges: 0, weighted: null, calibrated: null, spread: null };
  const answer = (items: unknown[], total: number, page: number) => ({ status: 200, body: { items, total, page, perPage: 50 } });

  it('shows the weighted and calibrated rankings side by side, each paged, with the explanation', async () => {
    const fetch = stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/ranking`]: (_init, url) => {
        const q = new URL(url, 'http://x').searchParams;
        if (q.get('sort') === 'calibrated') {
          return q.get('page') === '2'
            ? answer([line(45, 'Hail', rain, 51)], 51, 2)
            : answer([line(42, 'Snow', snow, 1), line(41, 'Rain', rain, 2), line(43, 'Fog', fog, 0)], 51, 1);
        }
        return answer([line(41, 'Rain', rain, 1), line(42, 'Snow', snow, 2), line(43, 'Fog', fog, 0)], 51, 1);
      },
    });
    renderPage([{ path: '/manage/festivals/:slug/ranking', Component: RankingPage }], ['/manage/festivals/kyoto-shorts/ranking?category=8']);
    const weighted = await screen.findByTestId('ranking-weighted');
    const calibrated = await screen.findByTestId('ranking-calibrated');
    expect(fetch).toHaveBeenCalledWith(`${base}/ranking?category=8&sort=weighted&page=1`, expect.anything());
    expect(fetch).toHaveBeenCalledWith(`${base}/ranking?category=8&sort=calibrated&page=1`, expect.anything());
    expect(within(weighted).getAllByTestId('rank-row').map((r) => r.textContent)).toEqual(['1Rain80.0210.0', '2Snow70.0230.0', '—Fog—0—']);
    expect(within(calibrated).getAllByTestId('rank-row').map((r) => r.textContent)).toEqual(['1Snow+0.60230.0', '2Rain-0.20210.0', '—Fog—0—']);
    expect(screen.getByTestId('calibration-help')).toHaveTextContent(
      "Each judge's scores are compared with that judge's own average, so a harsh judge and a generous judge weigh the same.",
    );
    expect(screen.getByRole('heading', { name: 'Top 10: weighted and calibrated scores' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Documentary');

    // The calibrated table turns its own page; the weighted one stays.
    const user = userEvent.setup();
    const pages = within(calibrated).getByRole('navigation', { name: 'Pages of the calibrated ranking' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(`${base}/ranking?category=8&sort=calibrated&page=2`, expect.anything()));
    await waitFor(() => expect(within(screen.getByTestId('ranking-calibrated')).getAllByTestId('rank-row').map((r) => r.textContent)).toEqual(['51Hail-0.20210.0']));
    expect(within(screen.getByTestId('ranking-weighted')).getAllByTestId('rank-row')).toHaveLength(3);
    expect(fetch).not.toHaveBeenCalledWith(`${base}/ranking?category=8&sort=weighted&page=2`, expect.anything());
  });
});

describe('RankingPage minimum of judges', () => {
  it('marks the lines scored by fewer judges than the festival asks for, and only those', async () => {
    const one = { judges: 1, weighted: 90, calibrated: 0.4, spread: 0 };
    const two = { judges: 2, weighted: 70, calibrated: 0.1, spread: 10 };
    const row = (id: number, filmTitle: string, summary: ScoreSummary, rank: number, below: boolean) => ({
      submission: submission({ id, filmTitle }),
      summary,
      rank,
      belowMinimumJudges: below,
    });
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/ranking`]: {
        status: 200,
        body: { items: [row(51, 'Dawn', one, 1, true), row(52, 'Dusk', two, 2, false)], total: 2, page: 1, perPage: 50 },
      },
    });
    renderPage([{ path: '/manage/festivals/:slug/ranking', Component: RankingPage }], ['/manage/festivals/kyoto-shorts/ranking?category=8']);
    const weighted = await screen.findByTestId('ranking-weighted');
    const rows = await within(weighted).findAllByTestId('rank-row');
    expect(within(rows[0]).getByTestId('below-minimum-judges')).toHaveTextContent('Fewer judges than the minimum');
    expect(within(rows[1]).queryByTestId('below-minimum-judges')).toBeNull();
  });
});

describe('SettingsPage', () => {
  it('saves a switch and creates and deletes waiver codes', async () => {
    let saved: unknown;
    let created: unknown;
    let deleted = false;
    const expires = isoInMonths(2, 15);
    stubApi({
      'GET /api/v1/manage/festivals/kyoto-shorts': festivalAnswer(),
      [`GET ${base}/settings`]: { status: 200, body: settings },
      [`PUT ${base}/settings`]: (init) => {
        saved = bodyOf(init);
        return { status: 200, body: saved };
      },
      [`GET ${base}/waivers`]: {
        status: 200,
        body: { items: [{ id: 2, festivalId: 1, code: 'HALF', percent: 50, usageLimit: 10, used: 3, expiresOn: '2030-05-31', createdAt: '2030-01-01T00:00:00Z' }] },
      },
      [`POST ${base}/waivers`]: (init) => {
        created = bodyOf(init);
        return { status: 201, body: { waiver: { id: 3, festivalId: 1, ...(created as object), used: 0, createdAt: '2030-01-01T00:00:00Z' } } };
      },
      [`DELETE ${base}/waivers/2`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderPage([{ path: '/manage/festivals/:slug/settings', Component: SettingsPage }], ['/manage/festivals/kyoto-shorts/settings']);
    const user = userEvent.setup();
    const blind = await screen.findByRole('switch', { name: /Blind review/ });
    expect(screen.getByRole('switch', { name: /Refund on withdrawal/ })).toBeChecked();
    await user.click(blind);
    await waitFor(() => expect(saved).toEqual({ refundOnWithdraw: true, blindReview: true, judgingLocked: false }));

    const row = await screen.findByTestId('waiver-row');
    expect(row).toHaveTextContent('HALF');
    expect(row).toHaveTextContent('50%');
    expect(row).toHaveTextContent('3 / 10');
    expect(row).toHaveTextContent('May 31, 2030');

    await user.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByText('Choose the last day the code works.')).toBeInTheDocument();
    expect(created).toBeUndefined();
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'friends-30');
    const percent = screen.getByRole('textbox', { name: 'Discount (%)' });
    await user.clear(percent);
    await user.type(percent, '30');
    await pickDate(user, screen.getByRole('button', { name: 'Last day' }), expires);
    await user.click(screen.getByRole('button', { name: 'Create the code' }));
    await waitFor(() => expect(created).toEqual({ code: 'FRIENDS-30', percent: 30, usageLimit: 10, expiresOn: expires }));

    await user.click(screen.getByRole('button', { name: 'Delete the code HALF' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this code?' });
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete the code' }));
    await waitFor(() => expect(deleted).toBe(true));
  });
});
