import { describe, expect, it } from 'vitest';
import type { Category } from '../../api/festivals';
import { callForEntries, submissionState } from './submissionState';

const category = (dates: string[]): Category => ({
  id: 1,
  name: 'Shorts',
  description: '',
  deadlines: dates.map((date, i) => ({ tier: (['early', 'regular', 'late'] as const)[i], date, fee: 10 })),
  current: null,
});

describe('submissionState', () => {
  const cases: [string, Parameters<typeof submissionState>[0], ReturnType<typeof submissionState>][] = [
    ['a deadline ahead is open', { nextDeadline: '2030-01-01', categories: [category(['2030-01-01'])] }, 'open'],
    ['newly approved, no categories: not open yet', { nextDeadline: '', categories: [] }, 'notOpen'],
    ['categories not sent at all: not open yet', { nextDeadline: '' }, 'notOpen'],
    ['categories without deadlines: not open yet', { nextDeadline: '', categories: [category([])] }, 'notOpen'],
    ['a search result whose deadlines passed: closed', { nextDeadline: '', deadlinesAnnounced: true }, 'closed'],
    ['a search result that never announced deadlines: not open yet', { nextDeadline: '', deadlinesAnnounced: false }, 'notOpen'],
    ['every deadline passed: closed', { nextDeadline: '', categories: [category(['2020-01-01', '2020-02-01'])] }, 'closed'],
  ];
  for (const [name, festival, want] of cases) {
    it(name, () => expect(submissionState(festival)).toBe(want));
  }
});

describe('callForEntries', () => {
  const open = (id: number, deadlines: [Category['deadlines'][number]['tier'], string][], current: number): Category => ({
    id,
    name: `Category ${id}`,
    description: '',
    deadlines: deadlines.map(([tier, date]) => ({ tier, date, fee: 10 })),
    current: { tier: deadlines[current][0], date: deadlines[current][1], fee: 10 },
  });

  it('names the last deadline of the open categories and the one tier in force', () => {
    const shorts = open(1, [['early', '2030-01-10'], ['regular', '2030-03-01'], ['late', '2030-04-01']], 0);
    const closed = { ...category(['2020-01-01']), id: 2 };
    expect(callForEntries({ nextDeadline: '2030-01-10', categories: [shorts, closed] })).toEqual({
      finalDeadline: '2030-04-01',
      tiers: ['early'],
      tierEnds: '2030-01-10',
    });
  });

  it('lists each tier in force once, in tier order, ending with the nearest', () => {
    const a = open(1, [['early', '2030-01-10'], ['regular', '2030-03-01']], 1);
    const b = open(2, [['early', '2030-02-01'], ['late', '2030-05-01']], 0);
    const c = open(3, [['early', '2030-02-15']], 0);
    expect(callForEntries({ nextDeadline: '2030-02-01', categories: [a, b, c] })).toEqual({
      finalDeadline: '2030-05-01',
      tiers: ['early', 'regular'],
      tierEnds: '2030-02-01',
    });
  });

  it('is null when closed or when the categories were not sent', () => {
    expect(callForEntries({ nextDeadline: '', categories: [category(['2020-01-01'])] })).toBeNull();
    expect(callForEntries({ nextDeadline: '2030-01-01' })).toBeNull();
  });
});
