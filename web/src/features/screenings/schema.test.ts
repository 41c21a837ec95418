import { describe, expect, it } from 'vitest';
import { checkScreening, nowLocal, type ScreeningValues } from './schema';

const good: ScreeningValues = {
  film: '',
  title: 'Opening night',
  venue: 'Hall 1',
  startsAt: '2030-06-05T19:00',
  endsAt: '2030-06-05T21:00',
  capacity: '100',
  price: '0',
  salesStartAt: '2030-01-01T09:00',
  salesEndAt: '2030-06-05T19:00',
};

describe('screening form rules', () => {
  it('turns a good form into the API input (a free screening is 0 cents)', () => {
    expect(checkScreening(good)).toStrictEqual({
      ok: true,
      input: {
        title: 'Opening night',
        submissionId: null,
        venue: 'Hall 1',
        startsAt: '2030-06-05T19:00',
        endsAt: '2030-06-05T21:00',
        capacity: 100,
        priceCents: 0,
        salesStartAt: '2030-01-01T09:00',
        salesEndAt: '2030-06-05T19:00',
      },
    });
  });

  it('refuses sales that end after the screening or before they start, and odd prices', () => {
    expect(checkScreening({ ...good, salesEndAt: '2030-06-05T22:00' })).toEqual({ ok: false, errors: { salesEndAt: 'salesAfterEnd' } });
    expect(checkScreening({ ...good, salesEndAt: '2029-12-31T09:00' })).toEqual({ ok: false, errors: { salesEndAt: 'salesEndBeforeStart' } });
    expect(checkScreening({ ...good, price: '-1' })).toEqual({ ok: false, errors: { price: 'priceInvalid' } });
    expect(checkScreening({ ...good, capacity: '0' })).toEqual({ ok: false, errors: { capacity: 'capacityInvalid' } });
  });

  it('reads the wall clock of a zone', () => {
    expect(nowLocal('Asia/Tokyo', new Date('2030-06-05T10:00:00Z'))).toBe('2030-06-05T19:00');
    expect(nowLocal('America/New_York', new Date('2030-01-05T03:30:00Z'))).toBe('2030-01-04T22:30');
  });
});
