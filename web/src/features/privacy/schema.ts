import { z } from 'zod';
import { charCount } from '../../lib/text';

/**
 * The privacy pages' form rules, mirroring the server's: an e-mail address
 * to send a reset link to; a new password of 8..256 characters (counted as
 * code points) typed twice alike; the deletion's password and its typed
 * confirmation word. Messages are keys under `errors` (privacy namespace).
 */
export const passwordLimits = { min: 8, max: 256 } as const;


export const forgotSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((s) => s !== '', { error: 'emailRequired' })
    .refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), { error: 'emailInvalid' }),
});

export const resetSchema = z
  .object({
    password: z
      .string()
      .refine((s) => s.trim() !== '', { error: 'passwordRequired' })
      .refine((s) => s.trim() === '' || charCount(s) >= passwordLimits.min, { error: 'tooShort' })
      .refine((s) => charCount(s) <= passwordLimits.max, { error: 'tooLong' }),
    confirm: z.string(),
  })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], error: 'mismatch' });

/** deleteSchema needs the password and the confirmation word typed exactly (any case). */
export function deleteSchema(word: string) {
  return z.object({
    password: z.string().refine((s) => s !== '', { error: 'passwordRequired' }),
    confirm: z.string().refine((s) => s.trim().toLowerCase() === word.toLowerCase(), { error: 'confirmWord' }),
  });
}

/** fieldErrors returns, for each invalid field, the key of its first problem. */
export function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (!out[field]) out[field] = issue.message;
  }
  return out;
}
