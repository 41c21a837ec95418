import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './schema';

const valid = { currentPassword: 'old-password', newPassword: 'brand-new-password', confirmPassword: 'brand-new-password' };

describe('validatePasswordChange', () => {
  it('accepts a valid change as it is (passwords are not trimmed)', () => {
    const values = { currentPassword: ' old ', newPassword: ' new password ', confirmPassword: ' new password ' };
    expect(validatePasswordChange(values)).toEqual({ ok: true, data: values });
    expect(validatePasswordChange(valid).ok).toBe(true);
  });

  it('gives each field at most one problem, the first that applies', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      ok: false,
      errors: { currentPassword: 'currentRequired', newPassword: 'newRequired', confirmPassword: 'confirmRequired' },
    });
    expect(validatePasswordChange({ ...valid, newPassword: '        ', confirmPassword: '        ' })).toEqual({
      ok: false,
      errors: { newPassword: 'newRequired' },
    });
    expect(validatePasswordChange({ ...valid, newPassword: 'short', confirmPassword: 'other' })).toEqual({
      ok: false,
      errors: { newPassword: 'tooShort', confirmPassword: 'mismatch' },
    });
  });

  it('counts characters, not UTF-16 units, for the limits', () => {
    const emoji7 = '🎬'.repeat(7);
    expect(validatePasswordChange({ ...valid, newPassword: emoji7, confirmPassword: emoji7 })).toMatchObject({
      errors: { newPassword: 'tooShort' },
    });
    const max = 'é'.repeat(256);
    expect(validatePasswordChange({ ...valid, newPassword: max, confirmPassword: max }).ok).toBe(true);
    const over = 'é'.repeat(257);
    expect(validatePasswordChange({ ...valid, newPassword: over, confirmPassword: over })).toMatchObject({
      errors: { newPassword: 'tooLong' },
    });
  });

  it('wants a new password different from the current one', () => {
    expect(
      validatePasswordChange({ currentPassword: 'same-password', newPassword: 'same-password', confirmPassword: 'same-password' }),
    ).toEqual({ ok: false, errors: { newPassword: 'sameAsCurrent' } });
  });
});
