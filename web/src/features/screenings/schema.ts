import { z } from 'zod';
import type { ManagedScreening, ScreeningInput } from '../../api/tickets';
import { inputToMinor, minorToInput } from '../../lib/format';

/** The namespace of the organiser's screening pages. */
export const ns = 'screenings';

/** The form as typed: local "YYYY-MM-DDTHH:MM" times in the festival's zone, the price in the currency (12.50). */
export interface ScreeningValues {
  /** '' for a title of one's own, else a submission id. */
  film: string;
  title: string;
  venue: string;
  startsAt: string;
  endsAt: string;
  capacity: string;
  price: string;
  salesStartAt: string;
  salesEndAt: string;
}

export type ScreeningField = keyof ScreeningValues;

const localTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The most seats one screening may have (the server's limit too). */
export const maxCapacity = 100000;

/**
 * screeningSchema checks the form before it is sent and turns it into the
 * API's input. Messages are translation keys under `form.errors`; the
 * server checks everything again (capacity below what is sold, the zone).
 */
export const screeningSchema = z
  .object({
    film: z.string(),
    title: z.string().trim().max(200, { error: 'titleTooLong' }),
    venue: z
      .string()
      .trim()
      .min(1, { error: 'venueRequired' })
      .max(200, { error: 'venueTooLong' }),
    startsAt: z.string().regex(localTime, { error: 'timeRequired' }),
    endsAt: z.string().regex(localTime, { error: 'timeRequired' }),
    capacity: z
      .string()
      .trim()
      .regex(/^\d+$/, { error: 'capacityInvalid' })
      .refine((s) => Number(s) >= 1 && Number(s) <= maxCapacity, { error: 'capacityInvalid' }),
    price: z
      .string()
      .trim()
      .regex(/^\d{1,6}([.,]\d{1,2})?$/, { error: 'priceInvalid' }),
    salesStartAt: z.string().regex(localTime, { error: 'timeRequired' }),
    salesEndAt: z.string().regex(localTime, { error: 'timeRequired' }),
  })
  .superRefine((v, ctx) => {
    if (v.film === '' && v.title === '') ctx.addIssue({ code: 'custom', path: ['title'], message: 'titleRequired' });
    // Local times of one zone in one format compare as text.
    if (localTime.test(v.startsAt) && localTime.test(v.endsAt) && v.endsAt <= v.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'endBeforeStart' });
    }
    if (localTime.test(v.salesStartAt) && localTime.test(v.salesEndAt) && v.salesEndAt <= v.salesStartAt) {
      ctx.addIssue({ code: 'custom', path: ['salesEndAt'], message: 'salesEndBeforeStart' });
    }
    if (localTime.test(v.salesEndAt) && localTime.test(v.endsAt) && v.salesEndAt > v.endsAt) {
      ctx.addIssue({ code: 'custom', path: ['salesEndAt'], message: 'salesAfterEnd' });
    }
  })
  .transform(
    (v): ScreeningInput => ({
      title: v.title,
      submissionId: v.film === '' ? null : Number(v.film),
      venue: v.venue,
      startsAt: v.startsAt,
      endsAt: v.endsAt,
      capacity: Number(v.capacity),
      priceCents: Math.round(Number(v.price.replace(',', '.')) * 100),
      salesStartAt: v.salesStartAt,
      salesEndAt: v.salesEndAt,
    }),
  );

/**
 * checkScreening answers the API's input, or the translation key of each
 * field's first problem. The price is read in the festival's currency's
 * units: whole yen for JPY (no decimals), 12.50 for the others.
 */
export function checkScreening(
  values: ScreeningValues,
  currency = 'usd',
): { ok: true; input: ScreeningInput } | { ok: false; errors: Partial<Record<ScreeningField, string>> } {
  const result = screeningSchema.safeParse(values);
  const priceCents = inputToMinor(values.price.replace(',', '.'), currency);
  if (result.success && !Number.isNaN(priceCents)) return { ok: true, input: { ...result.data, priceCents } };
  const errors: Partial<Record<ScreeningField, string>> = Number.isNaN(priceCents) ? { price: 'priceInvalid' } : {};
  if (result.success) return { ok: false, errors };
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ScreeningField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The API's field names and the form field each belongs to. */
export const serverField: Record<string, ScreeningField> = {
  title: 'title',
  submissionId: 'film',
  venue: 'venue',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  capacity: 'capacity',
  priceCents: 'price',
  salesStartAt: 'salesStartAt',
  salesEndAt: 'salesEndAt',
};

/** nowLocal is the current wall-clock time in a zone as "YYYY-MM-DDTHH:MM". */
export function nowLocal(timeZone: string, now = new Date()): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return now.toISOString().slice(0, 16);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** emptyScreening is a new screening's form: sales open now in the festival's zone. */
export function emptyScreening(timeZone: string): ScreeningValues {
  return {
    film: '',
    title: '',
    venue: '',
    startsAt: '',
    endsAt: '',
    capacity: '',
    price: '0',
    salesStartAt: nowLocal(timeZone),
    salesEndAt: '',
  };
}

/** valuesOf is the form of an existing screening. */
export function valuesOf(s: ManagedScreening): ScreeningValues {
  return {
    film: s.submissionId === null ? '' : String(s.submissionId),
    title: s.submissionId === null ? s.title : '',
    venue: s.venue,
    startsAt: s.startsLocal,
    endsAt: s.endsLocal,
    capacity: String(s.capacity),
    price: minorToInput(s.priceCents, s.currency),
    salesStartAt: s.salesStartLocal,
    salesEndAt: s.salesEndLocal,
  };
}
