import { describe, expect, it } from 'vitest';
import type { Category } from '../../api/festivals';
import { submissionState } from './submissionState';

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
