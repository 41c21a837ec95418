import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { maxCapacity, screeningSchema } from './schema';

const valid = {
  film: '',
  title: 'Opening night',
  venue: 'Hall 1',
  startsAt: '2030-05-01T19:00',
  endsAt: '2030-05-01T21:00',
  capacity: '100',
  price: '10',
  salesStartAt: '2030-04-01T09:00',
  salesEndAt: '2030-05-01T19:00',
};

function issuesOf(values: typeof valid, field: string) {
  const r = screeningSchema.safeParse(values);
  return r.success ? [] : r.error.issues.filter((i) => i.path[0] === field);
}

// The screening form's limits are the server's (marquee.ScreeningInput), read from the API document:
// the longest text passes, one character more does not.
describe('screening form limits', () => {
  it.each(['title', 'venue'] as const)('%s', (field) => {
    const max = documentLimit('ScreeningInput', field, 'maxLength');
    expect(issuesOf({ ...valid, [field]: 'x'.repeat(max) }, field)).toEqual([]);
    expect(issuesOf({ ...valid, [field]: 'x'.repeat(max + 1) }, field)).not.toEqual([]);
  });

  it('capacity', () => {
    expect(maxCapacity).toBe(documentLimit('ScreeningInput', 'capacity', 'maximum'));
  });
});
