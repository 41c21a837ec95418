import { describe, expect, it } from 'vitest';
import { documentLimit } from '../../api/openapiLimits';
import { passwordLimits } from './schema';

// The reset form's limits are the server's (marquee.PasswordReset), read from the API document.
describe('password reset limits', () => {
  it('are the API document', () => {
    expect(passwordLimits.min).toBe(documentLimit('PasswordReset', 'password', 'minLength'));
    expect(passwordLimits.max).toBe(documentLimit('PasswordReset', 'password', 'maxLength'));
  });
});
