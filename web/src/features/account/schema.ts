import { z } from 'zod';
import { charCount } from '../../lib/text';

/**
 * The change-password form's rules, mirroring the server: every field is
 * required; the new password has 8..256 characters (counted as code points,
 * like the server), differs from the current one, and is typed twice alike.
 * Messages are translation keys under `account.password.errors` (common).
 */
export const passwordLimits = { min: 8, max: 256 } as const;

export type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
export const passwordFields: PasswordField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export type PasswordValues = Record<PasswordField, string>;
export const emptyPasswordValues: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };


// No rule aborts: the cross-field rules then run even when a field already
// failed, so every field shows its own problem at once. Each field's rules
// exclude one another, so a field has at most one problem.
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().refine((s) => s !== '', { error: 'currentRequired' }),
    newPassword: z
      .string()
      .refine((s) => s.trim() !== '', { error: 'newRequired' })
      .refine((s) => s.trim() === '' || charCount(s) >= passwordLimits.min, { error: 'tooShort' })
      .refine((s) => charCount(s) <= passwordLimits.max, { error: 'tooLong' }),
    confirmPassword: z.string().refine((s) => s !== '', { error: 'confirmRequired' }),
  })
  .refine((v) => v.currentPassword === '' || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: 'sameAsCurrent',
  })
  .refine((v) => v.confirmPassword === '' || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    error: 'mismatch',
  });

export type PasswordErrors = Partial<Record<PasswordField, string>>;

/** validatePasswordChange returns the values, or for each invalid field the key of its first problem. */
export function validatePasswordChange(
  values: PasswordValues,
): { ok: true; data: PasswordValues } | { ok: false; errors: PasswordErrors } {
  const result = changePasswordSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: PasswordErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as PasswordField;
    if (passwordFields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/**
 * The server's field messages that have a translation (key under
 * `account.password.errors`); any other server text is shown as it is.
 */
export const knownServerMessages: Record<string, string> = {
  'Current password is incorrect': 'currentIncorrect',
  'Current password is required': 'currentRequired',
  'Password is required': 'newRequired',
  'Password must be at least 8 characters': 'tooShort',
  'Password must be at most 256 characters': 'tooLong',
};
