import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckInResult } from '../../api/tickets';
import { bodyOf, renderPage, stubApi } from '../../test/utils';
import CheckInPage from './CheckInPage';

// The camera: each test says whether it is refused or which codes it "sees".
const camera = vi.hoisted(() => ({
  refuse: false,
  emit: null as null | ((text: string) => void),
  stopped: 0,
}));
vi.mock('./scanning', () => ({
  startScanning(_el: HTMLVideoElement, onText: (text: string) => void) {
    if (camera.refuse) return Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    camera.emit = onText;
    return Promise.resolve(() => camera.stopped++);
  },
}));

beforeEach(() => {
  camera.refuse = false;
  camera.emit = null;
  camera.stopped = 0;
});
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/manage/festivals/:slug/check-in', Component: CheckInPage }];
const info = {
  festivalName: 'Kyoto Shorts',
  festivalSlug: 'kyoto-shorts',
  timeZone: 'Asia/Tokyo',
  screenings: [
    { id: 7, title: 'Opening night', venue: 'Hall 1', startsAt: '2030-06-05T10:00:00Z', endsAt: '2030-06-05T12:00:00Z', status: 'scheduled', sold: 40, checkedIn: 3 },
    { id: 8, title: 'Closing gala', venue: 'Hall 2', startsAt: '2030-06-07T10:00:00Z', endsAt: '2030-06-07T12:00:00Z', status: 'scheduled', sold: 10, checkedIn: 0 },
  ],
};
const holder = { id: 31, holderName: 'Aiko Tanaka', holderEmail: 'aiko@example.com', screeningId: 7, screeningTitle: 'Opening night', startsAt: '2030-06-05T10:00:00Z', checkedInAt: null, attendeeName: '', ticketTypeName: '' };
const answers: Record<string, CheckInResult> = {
  GOOD: { result: 'valid', firstUsedAt: null, ticket: holder },
  USED: { result: 'used', firstUsedAt: '2030-06-05T09:41:00Z', ticket: holder },
  OTHER: { result: 'wrong_screening', firstUsedAt: null, ticket: { ...holder, screeningId: 8, screeningTitle: 'Closing gala', startsAt: '2030-06-07T10:00:00Z' } },
  GONE: { result: 'cancelled', firstUsedAt: null, ticket: holder },
  NOPE: { result: 'unknown', firstUsedAt: null, ticket: null },
};

function stubDoor() {
  return stubApi({
    'GET /api/v1/manage/festivals/kyoto-shorts/check-in': { status: 200, body: info },
    'POST /api/v1/manage/festivals/kyoto-shorts/check-in': (init) => {
      const body = bodyOf(init) as { code?: string; ticketId?: number };
      return { status: 200, body: body.ticketId ? answers.GOOD : answers[body.code ?? ''] ?? answers.NOPE };
    },
    'GET /api/v1/manage/festivals/kyoto-shorts/check-in/holders': {
      status: 200,
      body: { items: [{ ticketId: 31, holderName: 'Aiko Tanaka', holderEmail: 'aiko@example.com', screeningId: 7, screeningTitle: 'Opening night', status: 'valid', checkedInAt: null }] },
    },
  });
}

describe('CheckInPage', () => {
  it('answers each typed code in large type and colour: valid, used, wrong screening, cancelled, unknown', async () => {
    const fetch = stubDoor();
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/check-in']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
    expect(screen.getByTestId('check-in-counts')).toHaveTextContent('3 of 40 checked in');
    const input = screen.getByLabelText('Ticket code');

    const expectations: [string, string, string, RegExp][] = [
      ['good', 'valid', 'Valid', /Aiko Tanaka/],
      ['us-ed', 'used', 'Already used', /First used Jun 5, 2030, 6:41 PM/],
      ['other', 'wrong_screening', 'Not for this screening', /This ticket is for Closing gala, Jun 7, 2030, 7:00 PM/],
      ['gone', 'cancelled', 'Cancelled', /Aiko Tanaka/],
      ['nope', 'unknown', 'Unknown ticket', /Unknown ticket/],
    ];
    for (const [typed, result, verdict, detail] of expectations) {
      await user.type(input, typed);
      await user.click(screen.getByRole('button', { name: 'Check in' }));
      await waitFor(() => expect(screen.getByTestId('check-in-result')).toHaveAttribute('data-result', result));
      expect(screen.getByTestId('check-in-verdict')).toHaveTextContent(verdict);
      expect(screen.getByTestId('check-in-result')).toHaveTextContent(detail);
    }
    // The code goes as typed, normalised: no dashes, upper case, for the chosen screening.
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => bodyOf(init));
    expect(posts[1]).toEqual({ screeningId: 7, code: 'USED' });
  });

  it('scans with the camera, answers a held-up ticket once, and stops the camera when closed', async () => {
    const fetch = stubDoor();
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/check-in']);
    await user.click(await screen.findByRole('button', { name: 'Start camera' }));
    await waitFor(() => expect(camera.emit).not.toBeNull());
    await act(async () => camera.emit!('GOOD'));
    await waitFor(() => expect(screen.getByTestId('check-in-result')).toHaveAttribute('data-result', 'valid'));
    // The same ticket still in front of the camera does not fire again at once.
    await act(async () => camera.emit!('GOOD'));
    await act(async () => camera.emit!('GOOD'));
    const posts = () => fetch.mock.calls.filter(([, init]) => init?.method === 'POST').length;
    expect(posts()).toBe(1);
    await act(async () => camera.emit!('USED'));
    await waitFor(() => expect(screen.getByTestId('check-in-result')).toHaveAttribute('data-result', 'used'));
    expect(posts()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(camera.stopped).toBe(1);
  });

  it('says clearly when the camera permission is refused', async () => {
    camera.refuse = true;
    stubDoor();
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/check-in']);
    await user.click(await screen.findByRole('button', { name: 'Start camera' }));
    expect(await screen.findByTestId('camera-problem')).toHaveTextContent('The camera is blocked.');
  });

  it('finds a holder by name and checks them in by ticket', async () => {
    const fetch = stubDoor();
    const user = userEvent.setup();
    renderPage(routes, ['/manage/festivals/kyoto-shorts/check-in']);
    await user.type(await screen.findByLabelText(/^Name or e-mail/), 'ai');
    const row = await screen.findByTestId('holder-row');
    await user.click(within(row).getByRole('button', { name: 'Check in Aiko Tanaka' }));
    await waitFor(() => expect(screen.getByTestId('check-in-result')).toHaveAttribute('data-result', 'valid'));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(bodyOf(post?.[1])).toEqual({ screeningId: 7, ticketId: 31 });
    const search = fetch.mock.calls.find(([url]) => String(url).includes('/holders'));
    expect(String(search?.[0])).toContain('q=ai&screeningId=7');
  });

  it('says the festival is not found for someone not on its team', async () => {
    stubApi({ 'GET /api/v1/manage/festivals/kyoto-shorts/check-in': { status: 404, body: { message: 'Festival not found', code: 'not_found' } } });
    renderPage(routes, ['/manage/festivals/kyoto-shorts/check-in']);
    expect(await screen.findByTestId('check-in-error')).toHaveTextContent('Festival not found');
  });
});
