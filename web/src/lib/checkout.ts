import { z } from 'zod';
import { ApiError } from '../api/client';
import type { TestCard } from '../api/payments';
import { countryCodes } from './countries';

/** The server's field keys for a card problem; their messages are the provider's, shown as they are. */
export const cardFieldKeys = ['card.number', 'card.expiry', 'card.cvc', 'card'] as const;

/** CardError carries a card provider's own message (Stripe's), shown to the buyer as it is. */
export class CardError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardError';
  }
}

const countries = new Set<string>(countryCodes);

/** normaliseCountry is what the country input holds: trimmed, upper case, letters only, at most two. */
export function normaliseCountry(value: string): string {
  return value.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2);
}

/** isCountryCode reports whether code is one of the ISO 3166 two-letter codes the server accepts. */
export function isCountryCode(code: string): boolean {
  return countries.has(code);
}

/** What a card form's check says: complete, fields missing, or a field malformed (shown beside it). */
export type CardCheck = 'ok' | 'missing' | 'invalid';

/**
 * checkPayment is every card payment's check before it is sent (credits
 * and tickets): the country typed and the card form's own check. It gives
 * the country code to send, or the problem: 'incomplete' (card or country
 * missing), 'country' (not an ISO code) or 'card' (the form shows which
 * field).
 */
export function checkPayment(
  country: string,
  card: CardCheck,
): { ok: true; code: string } | { ok: false; problem: 'incomplete' | 'country' | 'card' } {
  const code = normaliseCountry(country);
  if (card === 'missing' || code === '') return { ok: false, problem: 'incomplete' };
  if (!isCountryCode(code)) return { ok: false, problem: 'country' };
  if (card === 'invalid') return { ok: false, problem: 'card' };
  return { ok: true, code };
}

/** The test mode's card form as typed. */
export interface TestCardValues {
  number: string;
  expiry: string;
  cvc: string;
}

export const emptyTestCard: TestCardValues = { number: '', expiry: '', cvc: '' };

/** formatCardNumber groups the digits by four as the buyer types (at most 19 digits). */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** formatExpiry keeps MM/YY: digits only, with the slash after the month. */
export function formatExpiry(value: string, previous = ''): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace works.
  if (previous.endsWith('/') && value === previous.slice(0, -1)) return digits.slice(0, 1);
  if (digits.length >= 3) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && value.length > previous.length) return `${digits}/`;
  return digits;
}

const testCardSchema = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .refine((s) => /^\d{12,19}$/.test(s), { error: 'number' }),
  expiry: z
    .string()
    .trim()
    .regex(/^(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, { error: 'expiry' }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: 'cvc' }),
});

export type TestCardField = keyof TestCardValues;

/**
 * checkTestCard turns the test form into the card the API takes, or says
 * which fields are missing (the seed's 'Please fill all details.') or
 * malformed. The number's checksum and the expiry date are the server's to judge.
 */
export function checkTestCard(
  values: TestCardValues,
): { ok: true; card: TestCard } | { ok: false; missing: boolean; invalid: TestCardField[] } {
  const missing = (Object.keys(values) as TestCardField[]).some((k) => values[k].trim() === '');
  if (missing) return { ok: false, missing: true, invalid: [] };
  const result = testCardSchema.safeParse(values);
  if (!result.success) {
    const invalid = [...new Set(result.error.issues.map((i) => i.path[0] as TestCardField))];
    return { ok: false, missing: false, invalid };
  }
  const [month, year] = result.data.expiry.split('/').map((s) => Number(s.trim()));
  return {
    ok: true,
    card: {
      number: result.data.number,
      expMonth: month,
      expYear: year < 100 ? 2000 + year : year,
      cvc: result.data.cvc,
    },
  };
}

/** The card message the server gave as a field error (the provider's, shown as is), if any. */
export function cardFieldMessage(err: unknown): string | null {
  if (!(err instanceof ApiError)) return null;
  for (const key of cardFieldKeys) {
    const text = err.fields[key];
    if (text) return text;
  }
  return null;
}
