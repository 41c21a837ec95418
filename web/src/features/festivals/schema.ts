import { z } from 'zod';
import type { FestivalDetails } from '../../api/festivals';
import { countryCodes } from '../../lib/countries';
import { charCount } from '../../lib/text';

/**
 * The festival details rules, mirroring the server (marquee.FestivalDetails
 * .Validate): every text trimmed, name 3..200 characters, description at most
 * 5,000, location required (at most 200), country an ISO code or empty, city
 * at most 100, website an http(s) address, both dates required and the end
 * not before the start, a valid contact e-mail. A new festival also may not
 * start in the past. Messages are translation keys under `form.errors` of the
 * festivals namespace.
 */
export const detailsLimits = {
  name: { min: 3, max: 200 },
  description: { max: 5000 },
  location: { max: 200 },
  city: { max: 100 },
  website: { max: 500 },
  email: { max: 254 },
} as const;

export type DetailsField = keyof FestivalDetails;

/** The fields in form order: the seed's six, then the optional three. */
export const detailsFields: DetailsField[] = [
  'name',
  'description',
  'location',
  'startDate',
  'endDate',
  'contactEmail',
  'country',
  'city',
  'website',
];

export const emptyDetails: FestivalDetails = {
  name: '',
  description: '',
  location: '',
  country: '',
  city: '',
  website: '',
  startDate: '',
  endDate: '',
  contactEmail: '',
};

// Close to the server's check: no spaces or angle brackets, one @, a dot in the domain.
const emailPattern = /^[^\s@<>]+@[^\s@<>.]+(\.[^\s@<>.]+)+$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const countries = new Set<string>(countryCodes);

function validWebsite(s: string): boolean {
  if (charCount(s) > detailsLimits.website.max || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

const trimmed = z.string().transform((s) => s.trim());

function detailsSchema(today: string | null) {
  return z.object({
      name: trimmed
        .refine((s) => s.length > 0, { error: 'name.required', abort: true })
        .refine((s) => charCount(s) >= detailsLimits.name.min && charCount(s) <= detailsLimits.name.max, {
          error: 'name.length',
        }),
      description: z
        .string()
        .transform((s) => s.replaceAll('\r\n', '\n').trim())
        .refine((s) => charCount(s) <= detailsLimits.description.max, { error: 'description.tooLong' }),
      location: trimmed
        .refine((s) => s.length > 0, { error: 'location.required', abort: true })
        .refine((s) => charCount(s) <= detailsLimits.location.max, { error: 'location.tooLong' }),
      country: trimmed
        .transform((s) => s.toUpperCase())
        .refine((s) => s === '' || countries.has(s), { error: 'country.invalid' }),
      city: trimmed.refine((s) => charCount(s) <= detailsLimits.city.max, { error: 'city.tooLong' }),
      website: trimmed.refine((s) => s === '' || validWebsite(s), { error: 'website.invalid' }),
      startDate: trimmed
        .refine((s) => s.length > 0, { error: 'startDate.required', abort: true })
        .refine((s) => isoDate.test(s), { error: 'startDate.invalid', abort: true })
        .refine((s) => today === null || s >= today, { error: 'startDate.past' }),
      endDate: trimmed
        .refine((s) => s.length > 0, { error: 'endDate.required', abort: true })
        .refine((s) => isoDate.test(s), { error: 'endDate.invalid' }),
      contactEmail: trimmed
        .refine((s) => s.length > 0, { error: 'contactEmail.required', abort: true })
        .refine((s) => charCount(s) <= detailsLimits.email.max && emailPattern.test(s), { error: 'contactEmail.invalid' }),
    });
}

export type DetailsErrors = Partial<Record<DetailsField, string>>;

/**
 * validateDetails returns the normalised details, or for each invalid field
 * the key of its first problem (e.g. `name.length`). Pass `today`
 * ("YYYY-MM-DD") to refuse a start date in the past, as registration does.
 */
export function validateDetails(
  values: FestivalDetails,
  { today = null }: { today?: string | null } = {},
): { ok: true; data: FestivalDetails } | { ok: false; errors: DetailsErrors } {
  const result = detailsSchema(today).safeParse(values);
  const errors: DetailsErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as DetailsField;
    if (detailsFields.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  // Checked apart from the schema so that it shows whatever else fails.
  const start = values.startDate.trim();
  const end = values.endDate.trim();
  if (!errors.endDate && isoDate.test(start) && isoDate.test(end) && end < start) errors.endDate = 'endDate.beforeStart';
  if (result.success && Object.keys(errors).length === 0) return { ok: true, data: result.data };
  return { ok: false, errors };
}
