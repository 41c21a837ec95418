import { describe, expect, it } from 'vitest';
import { money, slugFromReturn, statusColor, taxFieldErrors } from './format';

describe('slugFromReturn', () => {
  const origin = 'https://marquee.example';
  it('reads the slug of this site’s earnings page', () => {
    expect(slugFromReturn('https://marquee.example/manage/festivals/kyoto-shorts/earnings?payouts=return', origin)).toBe('kyoto-shorts');
    expect(slugFromReturn('/manage/festivals/%E4%BA%AC/earnings', origin)).toBe('京');
  });
  it('refuses other sites, other pages and junk', () => {
    expect(slugFromReturn('https://evil.example/manage/festivals/x/earnings', origin)).toBeNull();
    expect(slugFromReturn('https://marquee.example/manage/festivals/x/judges', origin)).toBeNull();
    expect(slugFromReturn('https://marquee.example/manage/festivals/x/y/earnings', origin)).toBeNull();
    expect(slugFromReturn(null, origin)).toBeNull();
    expect(slugFromReturn('http://[::1', origin)).toBeNull();
  });
});

describe('taxFieldErrors', () => {
  it('keeps the tax form’s fields only', () => {
    expect(taxFieldErrors({ legalName: 'Legal name is required', taxId: 'bad', other: 'x' })).toEqual({
      legalName: 'Legal name is required',
      taxId: 'bad',
    });
    expect(taxFieldErrors(undefined)).toEqual({});
  });
});

describe('money and status', () => {
  it('formats cents in the reader’s language', () => {
    expect(money(9150, 'usd', 'en')).toBe('$91.50');
    expect(money(9150, 'usd', 'ja')).toMatch(/\$91\.50/);
  });
  it('colours each status', () => {
    expect(new Set([statusColor('pending'), statusColor('paid'), statusColor('failed')]).size).toBe(3);
  });
});
