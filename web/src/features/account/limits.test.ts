import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { passwordLimits } from './schema';

// The password form's limits are the server's (marquee.PasswordChange), read from the API document.
describe('password change limits', () => {
  it('are the API document', () => {
    expect(passwordLimits.min).toBe(documentLimit('PasswordChange', 'newPassword', 'minLength'));
    expect(passwordLimits.max).toBe(documentLimit('PasswordChange', 'newPassword', 'maxLength'));
  });
});
