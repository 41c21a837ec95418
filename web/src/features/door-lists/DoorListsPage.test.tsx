import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DoorListsInfo, ListCheckInResult } from '../../api/ticketDoor';
import { renderPage } from '../../test/utils';
import DoorListsPage from './DoorListsPage';

afterEach(() => vi.unstubAllGlobals());

const info = (canUndo: boolean): DoorListsInfo => ({
  festivalName: 'Kyoto Shorts',
  festivalSlug: 'kyoto-shorts',
  timeZone: 'Asia/Tokyo',
  canUndo,
  screenings: [
    { id: 7, title: 'Opening night', venue: 'Hall 1', startsAt: '2030-06-05T10:00:00Z', endsAt: '2030-06-05T12:00:00Z', status: 'scheduled', sold: 40, checkedIn: 3 },
    { id: 8, title: 'Closing gala', venue: 'Hall 2', startsAt: '2030-06-07T10:00:00Z', endsAt: '2030-06-07T12:00:00Z', status: 'scheduled', sold: 10, checkedIn: 0 },
  ],
  lists: [{ id: 3, name: 'Hall 1', screeningIds: [7], sold: 40, checkedIn: 3 }],
});
const holder = { id: 31, holderName: 'Aiko Tanaka', holderEmail: 'aiko@example.com', screeningId: 8, screeningTitle: 'Closing gala', startsAt: '2030-06-07T10:00:00Z', checkedInAt: null };
const answers: Record<string, ListCheckInResult> = {
  OTHER: { result: 'wrong_list', firstUsedAt: null, ticket: holder },
  GOOD: { result: 'valid', firstUsedAt: null, ticket: { ...holder, screeningId: 7, screeningTitle: 'Opening night' } },
};

/** door stubs the API: the festival's info and a check-in answering by code; it records the calls. */
function door(canUndo: boolean) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^https?:\/\/[^/]+/, '');
      const method = (init?.method ?? 'GET').toUpperCase();
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const json = (status: number, b: unknown) => new Response(JSON.stringify(b), { status, headers: { 'Content-Type': 'application/json' } });
      if (method === 'GET' && url === '/api/v1/manage/festivals/kyoto-shorts/check-in') return json(200, info(canUndo));
      if (method === 'POST' && url === '/api/v1/manage/festivals/kyoto-shorts/check-in') return json(200, answers[(body as { code: string }).code]);
      if (method === 'POST' && url.endsWith('/undo'))
        return json(200, { ticketId: 31, screeningId: 7, undoneBy: 'org@example.com', undoneAt: '2030-06-05T10:05:00Z', checkedInAt: '2030-06-05T10:01:00Z' });
      return json(404, { message: 'Not found', code: 'not_found' });
    }),
  );
  renderPage([{ path: '/manage/festivals/:slug/check-in/lists', Component: DoorListsPage }], ['/manage/festivals/kyoto-shorts/check-in/lists']);
  return calls;
}

describe('DoorListsPage', () => {
  it('checks in on the chosen list and refuses another screening clearly; door staff cannot undo or manage lists', async () => {
    const calls = door(false);
    expect(await screen.findByTestId('door-list-counts')).toHaveTextContent('3 checked in / 40 sold');
    expect(screen.queryByTestId('door-list-create')).toBeNull();
    await userEvent.type(screen.getByTestId('door-code'), 'other');
    await userEvent.click(screen.getByTestId('door-check'));
    expect(await screen.findByTestId('door-wrong-list')).toHaveTextContent('This ticket is for Closing gala, which is not on the list Hall 1.');
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ screeningId: 0, listId: 3, code: 'OTHER' });
    await userEvent.type(screen.getByTestId('door-code'), 'good');
    await userEvent.click(screen.getByTestId('door-check'));
    expect(await screen.findByTestId('door-result')).toHaveTextContent('Valid: let them in');
    expect(screen.queryByTestId('door-undo')).toBeNull();
  });

  it('lets the organiser undo a check-in and says who did it', async () => {
    const calls = door(true);
    await userEvent.type(await screen.findByTestId('door-code'), 'good');
    await userEvent.click(screen.getByTestId('door-check'));
    await userEvent.click(await screen.findByTestId('door-undo'));
    expect(await screen.findByTestId('door-undone')).toHaveTextContent('Check-in undone by org@example.com');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/v1/manage/festivals/kyoto-shorts/check-in/tickets/31/undo')).toBe(true);
    expect(screen.getByTestId('door-list-create')).toBeInTheDocument();
  });
});
