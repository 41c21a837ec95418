import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Assignment } from '../../api/judging';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import { film, submission } from '../../test/fixtures/manageSubmissions';
import InvitationPage from './InvitationPage';
import JudgeHomePage from './JudgeHomePage';
import JudgeQueuePage from './JudgeQueuePage';
import JudgeScorePage from './JudgeScorePage';

afterEach(() => vi.unstubAllGlobals());

const base = '/api/v1/judge/festivals/kyoto-shorts';
const criteria = [
  { id: 1, name: 'Story', weight: 3, maxScore: 10 },
  { id: 2, name: 'Craft', weight: 1, maxScore: 5 },
];
const festivals = {
  status: 200,
  body: { items: [{ festivalId: 1, festivalSlug: 'kyoto-shorts', festivalName: 'Kyoto Shorts', judgeId: 3, assigned: 4, scored: 1, locked: false }] },
};

function assignment(over: Partial<Assignment> = {}): Assignment {
  return { submission: submission({ scores: undefined }), film: film(), criteria, myScore: null, conflict: false, locked: false, ...over };
}

const routes = [
  { path: '/judge', Component: JudgeHomePage },
  { path: '/judge/:slug', Component: JudgeQueuePage },
  { path: '/judge/:slug/:submissionId', Component: JudgeScorePage },
  { path: '/judge/invitations/:token', Component: InvitationPage },
  { path: '/login', element: <p>login page</p> },
  { path: '/signup', element: <p>signup page</p> },
];

describe('judge pages', () => {
  it('lists my festivals with progress and my queue with scored and unscored filters', async () => {
    const scored = assignment({
      submission: submission({ id: 42, filmTitle: 'Snow', scores: undefined }),
      film: film({ id: 6, title: 'Snow' }),
      myScore: { judgeId: 3, judgeName: '', submissionId: 42, scores: [], weighted: 64, comment: '', privateNote: '', updatedAt: '' },
    });
    const conflicted = assignment({ submission: submission({ id: 43, filmTitle: 'Fog', scores: undefined }), film: null, conflict: true });
    stubApi({
      'GET /api/v1/judge/festivals': festivals,
      [`GET ${base}/submissions`]: { status: 200, body: { items: [assignment(), scored, conflicted] } },
    });
    const { router } = renderPage(routes, ['/judge']);
    const user = userEvent.setup();
    const item = await screen.findByTestId('judge-festival');
    expect(item).toHaveTextContent('1 of 4 scored');
    expect(within(item).getByRole('progressbar', { name: 'Your progress in Kyoto Shorts' })).toBeInTheDocument();
    await user.click(within(item).getByRole('link', { name: 'Kyoto Shorts' }));

    const rows = await screen.findAllByTestId('queue-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByTestId('my-score')).toHaveTextContent('Not scored');
    expect(within(rows[1]).getByTestId('my-score')).toHaveTextContent('64.0');
    expect(within(rows[2]).getByTestId('conflict-badge')).toHaveTextContent('Conflict declared');
    await user.click(screen.getByRole('radio', { name: 'Scored' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-row')).toHaveLength(1));
    expect(router.state.location.search).toBe('?show=scored');
    await user.click(screen.getByRole('radio', { name: 'Not scored' }));
    await waitFor(() => expect(screen.getAllByTestId('queue-row')[0]).toHaveTextContent('Rain in Gion'));
    expect(screen.getAllByTestId('queue-row')).toHaveLength(1);
  });

  it('scores each criterion with a live weighted score, saves, and moves through the queue', async () => {
    let saved: unknown;
    stubApi({
      [`GET ${base}/submissions`]: {
        status: 200,
        body: { items: [assignment(), assignment({ submission: submission({ id: 42, filmTitle: 'Snow' }), film: film({ title: 'Snow' }) })] },
      },
      [`GET ${base}/submissions/41`]: { status: 200, body: assignment() },
      [`PUT ${base}/submissions/41/score`]: (init) => {
        saved = bodyOf(init);
        return { status: 200, body: { score: { judgeId: 3, judgeName: 'Mina', submissionId: 41, ...(saved as object), weighted: 72.5, updatedAt: '' } } };
      },
    });
    renderPage(routes, ['/judge/kyoto-shorts/41']);
    const user = userEvent.setup();
    const story = await screen.findByRole('textbox', { name: 'Story (weight 3, 0–10)' });
    const card = screen.getByTestId('film-card');
    expect(card).toHaveTextContent('A geiko and a rainy night.');
    expect(within(card).getByRole('link', { name: 'https://vimeo.example/123' })).toBeInTheDocument();
    expect(card).toHaveTextContent('gion-2030');
    expect(screen.getByTestId('live-score')).toHaveTextContent('Weighted score: —');

    await user.type(story, '8');
    // 8/10 with weight 3 alone: 80.
    expect(screen.getByTestId('live-score')).toHaveTextContent('Weighted score: 80.0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give a score for every criterion.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Craft (weight 1, 0–5)' }), '3');
    // (3·0.8 + 1·0.6) / 4 = 75.
    expect(screen.getByTestId('live-score')).toHaveTextContent('Weighted score: 75.0');
    await user.type(screen.getByRole('textbox', { name: /^Comment/ }), 'Lovely.');
    await user.type(screen.getByRole('textbox', { name: /^Private note/ }), 'Too long.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('saved')).toHaveTextContent('Saved');
    expect(saved).toEqual({
      scores: [
        { criterionId: 1, score: 8 },
        { criterionId: 2, score: 3 },
      ],
      comment: 'Lovely.',
      privateNote: 'Too long.',
    });
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/judge/kyoto-shorts/42');
  });

  it('is read-only with a notice while judging is locked', async () => {
    const fetch = stubApi({
      [`GET ${base}/submissions`]: { status: 200, body: { items: [assignment({ locked: true })] } },
      [`GET ${base}/submissions/41`]: {
        status: 200,
        body: assignment({
          locked: true,
          myScore: { judgeId: 3, judgeName: '', submissionId: 41, scores: [{ criterionId: 1, score: 6 }, { criterionId: 2, score: 5 }], weighted: 70, comment: '', privateNote: '', updatedAt: '' },
        }),
      },
    });
    renderPage(routes, ['/judge/kyoto-shorts/41']);
    expect(await screen.findByTestId('score-locked')).toHaveTextContent('Judging is locked');
    expect(screen.getByRole('textbox', { name: 'Story (weight 3, 0–10)' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Story (weight 3, 0–10)' })).toHaveValue('6');
    expect(screen.getByTestId('live-score')).toHaveTextContent('70.0');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('declares a conflict with a reason, after which the film cannot be scored', async () => {
    let reason: unknown;
    stubApi({
      [`GET ${base}/submissions`]: { status: 200, body: { items: [assignment()] } },
      [`GET ${base}/submissions/41`]: { status: 200, body: assignment() },
      [`POST ${base}/submissions/41/conflict`]: (init) => {
        reason = bodyOf(init);
        return { status: 201, body: { conflict: { judgeId: 3, submissionId: 41, reason: 'My cousin' } } };
      },
    });
    renderPage(routes, ['/judge/kyoto-shorts/41']);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Declare a conflict of interest' }));
    await user.click(screen.getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByText('Say why, in a few words.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Reason/ }), 'My cousin');
    await user.click(screen.getByRole('button', { name: 'Declare the conflict' }));
    expect(await screen.findByTestId('conflict-declared')).toHaveTextContent('You cannot score this submission.');
    expect(reason).toEqual({ reason: 'My cousin' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows a declared conflict when the server hides the submission', async () => {
    stubApi({
      [`GET ${base}/submissions`]: { status: 200, body: { items: [assignment({ conflict: true, film: null })] } },
      [`GET ${base}/submissions/41`]: { status: 404, body: { message: 'Not found', code: 'not_found' } },
    });
    renderPage(routes, ['/judge/kyoto-shorts/41']);
    expect(await screen.findByTestId('conflict-declared')).toBeInTheDocument();
  });
});

describe('InvitationPage', () => {
  const invitation = (hasAccount: boolean) => ({
    status: 200,
    body: { festivalName: 'Kyoto Shorts', festivalSlug: 'kyoto-shorts', email: 'mina@example.com', hasAccount },
  });
  const user = (email: string) => ({
    status: 200,
    body: { user: { id: 12, email, name: 'Mina', role: 'filmmaker', credits: 0, createdAt: '2030-01-01T00:00:00Z' } },
  });

  it('signed out without an account: prefers sign-up and keeps the way back', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'GET /api/v1/judge/invitations/tok123': invitation(false),
    });
    const { router } = renderPage(routes, ['/judge/invitations/tok123']);
    expect(await screen.findByRole('heading', { name: 'Judge Kyoto Shorts' })).toBeInTheDocument();
    expect(screen.getByText(/The invitation was sent to mina@example.com/)).toBeInTheDocument();
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Create an account', 'Log in']);
    await userEvent.setup().click(links[0]);
    await screen.findByText('signup page');
    expect(router.state.location.state).toEqual({ from: { pathname: '/judge/invitations/tok123', search: '' } });
  });

  it('signed out with an account: offers to log in first', async () => {
    stubApi({
      'GET /api/v1/session': { status: 200, body: { user: null } },
      'GET /api/v1/judge/invitations/tok123': invitation(true),
    });
    renderPage(routes, ['/judge/invitations/tok123']);
    await screen.findByRole('heading', { name: 'Judge Kyoto Shorts' });
    expect(screen.getAllByRole('link').map((l) => l.textContent)).toEqual(['Log in', 'Create an account']);
  });

  it('signed in with the invited e-mail: accepts and goes to the queue', async () => {
    let accepted = false;
    stubApi({
      'GET /api/v1/session': user('Mina@example.com'),
      'GET /api/v1/judge/invitations/tok123': invitation(true),
      'POST /api/v1/judge/invitations/tok123/accept': () => {
        accepted = true;
        return { status: 200, body: festivals.body.items[0] };
      },
      'GET /api/v1/judge/festivals': festivals,
      [`GET ${base}/submissions`]: { status: 200, body: { items: [] } },
    });
    const { router } = renderPage(routes, ['/judge/invitations/tok123']);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/judge/kyoto-shorts'));
    expect(accepted).toBe(true);
  });

  it("signed in with another e-mail: shows the server's refusal", async () => {
    stubApi({
      'GET /api/v1/session': user('other@example.com'),
      'GET /api/v1/judge/invitations/tok123': invitation(true),
      'POST /api/v1/judge/invitations/tok123/accept': {
        status: 403,
        body: { message: 'This invitation was sent to another e-mail address.', code: 'forbidden' },
      },
    });
    renderPage(routes, ['/judge/invitations/tok123']);
    expect(await screen.findByTestId('invitation-other-email')).toHaveTextContent('You are signed in as other@example.com.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByTestId('accept-error')).toHaveTextContent('This invitation was sent to another e-mail address.');
  });
});
