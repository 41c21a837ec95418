import { z } from 'zod';
import { filmLimits, posterTypes, type Film, type FilmDetails } from '../../api/films';
import { countryCodes } from '../../lib/countries';
import { charCount } from '../../lib/text';

/**
 * The film form as typed (numbers as text), its rules mirroring the
 * server's limits (marquee.Film*Max), and its conversion to FilmDetails.
 * Problems are translation keys under `form.errors` of the films namespace.
 */

/** One credits row as typed; `key` keeps React's identity of the row. */
export interface CreditRow {
  key: number;
  name: string;
  role: string;
}

export interface FilmValues {
  title: string;
  originalTitle: string;
  logline: string;
  synopsis: string;
  runtimeMinutes: string;
  genre: string;
  country: string;
  language: string;
  year: string;
  director: string;
  credits: CreditRow[];
  screenerUrl: string;
  screenerPassword: string;
  public: boolean;
}

/** The fields beside which a problem can show, in form order. */
export const filmFields = [
  'title',
  'originalTitle',
  'logline',
  'synopsis',
  'runtimeMinutes',
  'genre',
  'country',
  'language',
  'year',
  'director',
  'credits',
  'screenerUrl',
  'screenerPassword',
] as const;

export type FilmField = (typeof filmFields)[number];

let rowKey = 0;
/** newCreditRow is an empty credits row with a fresh key. */
export function newCreditRow(name = '', role = ''): CreditRow {
  rowKey++;
  return { key: rowKey, name, role };
}

export const emptyFilm: FilmValues = {
  title: '',
  originalTitle: '',
  logline: '',
  synopsis: '',
  runtimeMinutes: '',
  genre: '',
  country: '',
  language: '',
  year: '',
  director: '',
  credits: [],
  screenerUrl: '',
  screenerPassword: '',
  public: false,
};

/** filmValues fills the form from a saved film. */
export function filmValues(f: Film): FilmValues {
  return {
    title: f.title,
    originalTitle: f.originalTitle,
    logline: f.logline,
    synopsis: f.synopsis,
    runtimeMinutes: f.runtimeMinutes ? String(f.runtimeMinutes) : '',
    genre: f.genre,
    country: f.country,
    language: f.language,
    year: f.year ? String(f.year) : '',
    director: f.director,
    credits: (f.credits ?? []).map((c) => newCreditRow(c.name, c.role)),
    screenerUrl: f.screenerUrl,
    screenerPassword: f.screenerPassword,
    public: f.public,
  };
}

const countries = new Set<string>(countryCodes);

const text = (max: number, key: string) =>
  z
    .string()
    .transform((s) => s.trim())
    .refine((s) => charCount(s) <= max, { error: key });

const whole = (min: number, max: number, key: string) =>
  z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s === '' || (/^\d+$/.test(s) && Number(s) >= min && Number(s) <= max), { error: key })
    .transform((s) => (s === '' ? 0 : Number(s)));

function validUrl(s: string): boolean {
  if (s === '') return true;
  if (charCount(s) > filmLimits.screener || /\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

function schema(thisYear: number) {
  return z.object({
    title: z
      .string()
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { error: 'title.required', abort: true })
      .refine((s) => charCount(s) <= filmLimits.title, { error: 'title.tooLong' }),
    originalTitle: text(filmLimits.title, 'originalTitle.tooLong'),
    logline: text(filmLimits.logline, 'logline.tooLong'),
    synopsis: z
      .string()
      .transform((s) => s.replaceAll('\r\n', '\n').trim())
      .refine((s) => charCount(s) <= filmLimits.synopsis, { error: 'synopsis.tooLong' }),
    runtimeMinutes: whole(1, filmLimits.runtime, 'runtimeMinutes.range'),
    genre: text(filmLimits.genre, 'genre.tooLong'),
    country: z.string().refine((s) => s === '' || countries.has(s), { error: 'country.invalid' }),
    language: text(filmLimits.language, 'language.tooLong'),
    year: whole(filmLimits.yearMin, thisYear + 5, 'year.range'),
    director: text(filmLimits.director, 'director.tooLong'),
    credits: z
      .array(z.object({ name: z.string(), role: z.string() }))
      .transform((rows) =>
        rows.map((r) => ({ name: r.name.trim(), role: r.role.trim() })).filter((r) => r.name !== '' || r.role !== ''),
      )
      .refine((rows) => rows.length <= filmLimits.credits, { error: 'credits.tooMany', abort: true })
      .refine((rows) => rows.every((r) => r.name !== ''), { error: 'credits.nameRequired', abort: true })
      .refine((rows) => rows.every((r) => charCount(r.name) <= filmLimits.creditName && charCount(r.role) <= filmLimits.creditRole), {
        error: 'credits.tooLong',
      }),
    screenerUrl: z
      .string()
      .transform((s) => s.trim())
      .refine(validUrl, { error: 'screenerUrl.invalid' }),
    screenerPassword: z.string().refine((s) => charCount(s) <= filmLimits.screener, { error: 'screenerPassword.tooLong' }),
    public: z.boolean(),
  });
}

export type FilmCheck = { ok: true; data: FilmDetails } | { ok: false; errors: Partial<Record<FilmField, string>> };

/** validateFilm checks the form and returns the details to send, or a translation key per failing field. */
export function validateFilm(values: FilmValues, thisYear = new Date().getFullYear()): FilmCheck {
  const result = schema(thisYear).safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: Partial<Record<FilmField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FilmField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** serverField maps a server's field key (title, credits[2].name, credits.2.role) to the form's field. */
export function serverField(key: string): FilmField | null {
  const base = key.split(/[.[]/)[0];
  return (filmFields as readonly string[]).includes(base) ? (base as FilmField) : null;
}

export type PosterProblem = 'type' | 'size';

/** checkPoster refuses a file the server would: not JPEG, PNG, WebP or GIF, or over 5 MB (it also decodes it: a damaged file or one over 25 megapixels is refused there). */
export function checkPoster(file: File): PosterProblem | null {
  if (!(posterTypes as readonly string[]).includes(file.type)) return 'type';
  if (file.size > filmLimits.posterBytes) return 'size';
  return null;
}
