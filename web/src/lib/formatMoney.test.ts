import { describe, expect, it } from 'vitest';
import { currencyDecimals, formatMoney, inputToMinor, minorToInput } from './format';

describe('formatMoney', () => {
  it('writes yen without a minor unit and dollars with cents', () => {
    expect(formatMoney(1500, 'jpy', 'en')).toBe('¥1,500');
    expect(formatMoney(3000, 'jpy', 'ja')).toMatch(/^[¥￥]3,000$/);
    expect(formatMoney(1500, 'usd', 'en')).toBe('$15.00');
    expect(formatMoney(2500, 'eur', 'en')).toBe('€25.00');
    expect(formatMoney(123456, 'cny', 'zh-CN')).toBe('¥1,234.56');
  });
  it('knows each currency minor unit', () => {
    expect(currencyDecimals('jpy')).toBe(0);
    expect(currencyDecimals('usd')).toBe(2);
    expect(currencyDecimals('eur')).toBe(2);
    expect(currencyDecimals('cny')).toBe(2);
  });
});

describe('price fields', () => {
  it('reads whole yen and refuses decimals for JPY', () => {
    expect(inputToMinor('1500', 'jpy')).toBe(1500);
    expect(inputToMinor(' 50 ', 'jpy')).toBe(50);
    expect(inputToMinor('15.00', 'jpy')).toBeNaN();
    expect(inputToMinor('-1', 'jpy')).toBeNaN();
  });
  it('reads dollars and cents', () => {
    expect(inputToMinor('15', 'usd')).toBe(1500);
    expect(inputToMinor('15.5', 'usd')).toBe(1550);
    expect(inputToMinor('15.55', 'usd')).toBe(1555);
    expect(inputToMinor('15.555', 'usd')).toBeNaN();
  });
  it('writes minor units back as the field shows them', () => {
    expect(minorToInput(1500, 'jpy')).toBe('1500');
    expect(minorToInput(1550, 'usd')).toBe('15.50');
  });
});
