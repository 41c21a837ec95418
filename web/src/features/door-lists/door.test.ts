import { describe, expect, it } from 'vitest';
import type { CheckInList, ListCheckInResult } from '../../api/ticketDoor';
import { canUndo, chosenList, outcomeColor, screeningNames } from './door';

const list = (id: number, screeningIds: number[]): CheckInList => ({ id, name: `L${id}`, screeningIds, sold: 0, checkedIn: 0 });
const result = (r: ListCheckInResult['result'], withTicket = true): ListCheckInResult => ({
  result: r,
  firstUsedAt: null,
  ticket: withTicket
    ? { id: 9, holderName: 'A', holderEmail: 'a@example.com', screeningId: 1, screeningTitle: 'X', startsAt: '', checkedInAt: null }
    : null,
});

describe('door lists', () => {
  it('colours the answers', () => {
    expect(outcomeColor('valid')).toBe('teal');
    expect(outcomeColor('used')).toBe('orange');
    expect(outcomeColor('wrong_list')).toBe('red');
    expect(outcomeColor('unknown')).toBe('red');
  });
  it('picks the list in the address, else the first', () => {
    const info = { lists: [list(3, [1]), list(5, [2])] };
    expect(chosenList(info, '5')?.id).toBe(5);
    expect(chosenList(info, '7')?.id).toBe(3);
    expect(chosenList(info, null)?.id).toBe(3);
    expect(chosenList({ lists: [] }, '5')).toBeNull();
  });
  it('lets only the organiser undo a check-in that happened', () => {
    expect(canUndo({ canUndo: true }, result('valid'))).toBe(true);
    expect(canUndo({ canUndo: true }, result('used'))).toBe(true);
    expect(canUndo({ canUndo: false }, result('valid'))).toBe(false);
    expect(canUndo({ canUndo: true }, result('wrong_list'))).toBe(false);
    expect(canUndo({ canUndo: true }, result('valid', false))).toBe(false);
    expect(canUndo({ canUndo: true }, null)).toBe(false);
  });
  it('names the screenings of a list', () => {
    const screenings = [
      { id: 1, title: 'Opening', venue: '', startsAt: '', endsAt: '', status: 'scheduled' as const, sold: 0, checkedIn: 0 },
    ];
    expect(screeningNames({ screenings }, list(1, [1, 4]))).toEqual(['Opening', '#4']);
  });
});
