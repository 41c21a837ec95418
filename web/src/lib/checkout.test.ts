import { describe, expect, it } from 'vitest';
import { checkPayment } from './checkout';

describe('checkPayment', () => {
  it.each([
    ['jp', 'ok', { ok: true, code: 'JP' }],
    ['', 'ok', { ok: false, problem: 'incomplete' }],
    ['JP', 'missing', { ok: false, problem: 'incomplete' }],
    ['XX', 'ok', { ok: false, problem: 'country' }],
    ['XX', 'invalid', { ok: false, problem: 'country' }],
    ['JP', 'invalid', { ok: false, problem: 'card' }],
  ] as const)('country %j with a card that is %s', (country, card, want) => {
    expect(checkPayment(country, card)).toEqual(want);
  });
});
