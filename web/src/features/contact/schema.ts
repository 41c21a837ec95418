import { z } from 'zod';
import { charCount } from '../../lib/text';

/**
 * The contact form's rules, mirroring the server: every text is trimmed, then
 * name 1..100, email a valid address of at most 254, subject 1..200 and
 * message 10..5000 characters. Messages are translation keys under
 * `form.errors` in the contact namespace.
 */
export const contactLimits = {
  name: { max: 100 },
  email: { max: 254 },
  subject: { max: 200 },
  message: { min: 10, max: 5000 },
} as const;

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export const contactFields: ContactField[] = ['name', 'email', 'subject', 'message'];

// A pragmatic address check close to the server's: one @, no spaces, a dot in the domain.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const text = (field: ContactField, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((s) => s.length > 0, { error: `${field}.required`, abort: true })
    .refine((s) => charCount(s) >= min, { error: `${field}.tooShort`, abort: true })
    .refine((s) => charCount(s) <= max, { error: `${field}.tooLong`, abort: true });

export const contactSchema = z.object({
  name: text('name', 1, contactLimits.name.max),
  email: z
    .string()
    .trim()
    .refine((s) => s.length > 0, { error: 'email.required', abort: true })
    .refine((s) => charCount(s) <= contactLimits.email.max, { error: 'email.tooLong', abort: true })
    .refine((s) => emailPattern.test(s), { error: 'email.invalid', abort: true }),
  subject: text('subject', 1, contactLimits.subject.max),
  message: text('message', contactLimits.message.min, contactLimits.message.max),
  // The honeypot: people never see it; the server quietly drops messages that fill it.
  website: z.string(),
});

export type ContactValues = z.input<typeof contactSchema>;
export type ContactPayload = z.output<typeof contactSchema>;

export const emptyContact: ContactValues = { name: '', email: '', subject: '', message: '', website: '' };

export type ContactErrors = Partial<Record<ContactField, string>>;

/**
 * validateContact returns the trimmed payload, or for each invalid field the
 * key of its first problem (e.g. `message.tooShort`).
 */
export function validateContact(
  values: ContactValues,
): { ok: true; data: ContactPayload } | { ok: false; errors: ContactErrors } {
  const result = contactSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    if (contactFields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
