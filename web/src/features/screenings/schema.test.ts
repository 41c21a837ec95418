import { describe, expect, it } from 'vitest';
import { checkScreening, type ScreeningValues } from './schema';

const values = (price: string): ScreeningValues => ({
  film: '',
  title: 'Opening night',
  venue: 'Hall 1',
  startsAt: '2026-03-15T19:00',
  endsAt: '2026-03-15T21:00',
  capacity: '100',
  price,
  salesStartAt: '2026-03-01T09:00',
  salesEndAt: '2026-03-15T18:00',
});

describe('checkScreening prices in the festival currency', () => {
  it('reads whole yen as yen and refuses decimals', () => {
    const yen = checkScreening(values('1500'), 'jpy');
    expect(yen.ok && yen.input.priceCents).toBe(1500);
    const bad = checkScreening(values('15.00'), 'jpy');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors.price).toBe('priceInvalid');
  });
  it('reads dollars as cents', () => {
    const usd = checkScreening(values('12,50'), 'usd');
    expect(usd.ok && usd.input.priceCents).toBe(1250);
    const plain = checkScreening(values('15'));
    expect(plain.ok && plain.input.priceCents).toBe(1500);
  });
});
