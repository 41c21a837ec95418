import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('formatPrice', () => {
  it('shows whole dollars without cents and other amounts with them', () => {
    expect(formatPrice(2500, 'en')).toBe('$25');
    expect(formatPrice(10000, 'en')).toBe('$100');
    expect(formatPrice(2550, 'en')).toBe('$25.50');
  });
  it("follows the reader's locale", () => {
    expect(formatPrice(5000, 'ja')).toMatch(/^\$50$|^US\$50$/);
    expect(formatPrice(5000, 'zh-Hans')).toMatch(/US\$50|\$50/);
  });
});
