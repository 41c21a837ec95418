import { request } from './client';
import type { DeadlineTier } from './festivals';
import type { Film, PosterImages } from './films';

/**
 * The typed client for what festivals ask of a film project beyond its
 * details (PUT /api/v1/films/{id}/specs, the stills), a festival's entry
 * rules (its terms and eligibility limits), a filmmaker's saved festivals
 * and a selected film's laurel. The types mirror marquee.FilmSpecs,
 * marquee.FilmStill, marquee.EntryRules and marquee.SavedFestival as JSON.
 */

/** The premiere a film would have: a stronger one meets a weaker requirement. */
export type PremiereStatus = 'world' | 'international' | 'national' | 'none';
export const premiereStatuses: readonly PremiereStatus[] = ['world', 'international', 'national', 'none'];

/** The sound formats the server takes (marquee.FilmSounds). */
export const filmSounds = ['mono', 'stereo', '5.1', '7.1', 'atmos', 'other'] as const;

/** A screening of the film at a festival, and the award it won there ("" for none). */
export interface FilmHistoryEntry {
  festival: string;
  year: number;
  award: string;
}

/** A film's trailer, technical specs, flags, premiere status and festival history. */
export interface FilmSpecs {
  /** An https address; "" for none. */
  trailerUrl: string;
  /** YYYY-MM-DD; "" when not given. */
  completionDate: string;
  aspectRatio: string;
  /** One of filmSounds, or "". */
  sound: string;
  shootingFormat: string;
  languages: string[];
  /** The languages of its subtitles; empty: none. */
  subtitles: string[];
  firstTime: boolean;
  student: boolean;
  /** "" when not given. */
  premiere: PremiereStatus | '';
  history: FilmHistoryEntry[];
}

/** One still of a film, in its two sizes. */
export interface FilmStill {
  id: number;
  images: PosterImages;
}

/** A film as the film project pages read it: the film, its specs and stills. */
export type FilmProject = Film & { specs: FilmSpecs; stills: FilmStill[] };

/** Film project limits, as marquee's constants. */
export const projectLimits = {
  stills: 10,
  languages: 10,
  history: 50,
  text: 200,
  aspectRatio: 20,
  shootingFormat: 100,
  trailer: 500,
} as const;

/** Limits a festival (or a category) sets on the films it takes; zero values set none. */
export interface EntryLimits {
  minRuntime: number;
  maxRuntime: number;
  /** YYYY-MM-DD; "" for any. */
  completedAfter: string;
  /** ISO codes; empty for any. */
  countries: string[];
  /** The premiere required; "" for none. */
  premiere: PremiereStatus | '';
}

/** A festival's rules and terms and its limits. */
export interface EntryRules {
  terms: string;
  limits: EntryLimits;
  categories: { categoryId: number; limits: EntryLimits }[];
}

/** A festival of a filmmaker's watch list, with its next deadline. */
export interface SavedFestival {
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  city: string;
  country: string;
  /** YYYY-MM-DD; "" when no deadline is left. */
  nextDeadline: string;
  categoryId: number;
  categoryName: string;
  tier: DeadlineTier | '';
  savedAt: string;
}

const film = (id: number) => `/api/v1/films/${id}`;

export const filmProjectsApi = {
  /** GET /api/v1/films/{id}: the film with its specs and stills. */
  get: (id: number | string) =>
    request<{ film: FilmProject }>('GET', `/api/v1/films/${encodeURIComponent(String(id))}`).then((r) => r.film),
  /** PUT /api/v1/films/{id}/specs: {film}; 400 with a message per field. */
  saveSpecs: (id: number, s: FilmSpecs) => request<{ film: FilmProject }>('PUT', `${film(id)}/specs`, s).then((r) => r.film),
  /** POST /api/v1/films/{id}/stills with the image's bytes: {film}; as a poster upload (415, 413, 429); at most 10. */
  addStill: (id: number, image: Blob) => request<{ film: FilmProject }>('POST', `${film(id)}/stills`, image).then((r) => r.film),
  /** PUT /api/v1/films/{id}/stills/order: {film}; ids names every still once. */
  orderStills: (id: number, ids: number[]) =>
    request<{ film: FilmProject }>('PUT', `${film(id)}/stills/order`, { ids }).then((r) => r.film),
  /** DELETE /api/v1/films/{id}/stills/{stillId}: {film}. */
  deleteStill: (id: number, still: number) =>
    request<{ film: FilmProject }>('DELETE', `${film(id)}/stills/${still}`).then((r) => r.film),
  /** GET /api/v1/festivals/{slug}/entry-rules: an approved festival's rules, for anyone. */
  entryRules: (slug: string) => request<EntryRules>('GET', `/api/v1/festivals/${encodeURIComponent(slug)}/entry-rules`),
  /** GET /api/v1/manage/festivals/{slug}/entry-rules: the organiser's. */
  managedEntryRules: (slug: string) =>
    request<EntryRules>('GET', `/api/v1/manage/festivals/${encodeURIComponent(slug)}/entry-rules`),
  /** PUT /api/v1/manage/festivals/{slug}/entry-rules: the rules as saved; 400 with a message per field. */
  saveEntryRules: (slug: string, r: EntryRules) =>
    request<EntryRules>('PUT', `/api/v1/manage/festivals/${encodeURIComponent(slug)}/entry-rules`, r),
  /** GET /api/v1/saved-festivals: the caller's, by next deadline. */
  saved: () => request<{ items: SavedFestival[] }>('GET', '/api/v1/saved-festivals').then((r) => r.items ?? []),
  /** PUT /api/v1/saved-festivals/{slug}: 204. */
  save: (slug: string) => request<void>('PUT', `/api/v1/saved-festivals/${encodeURIComponent(slug)}`),
  /** DELETE /api/v1/saved-festivals/{slug}: 204. */
  unsave: (slug: string) => request<void>('DELETE', `/api/v1/saved-festivals/${encodeURIComponent(slug)}`),
  /** The address of a selected submission's laurel download. */
  laurelUrl: (submission: number, format: 'svg' | 'png') => `/api/v1/submissions/${submission}/laurel/${format}`,
};

/** The query keys of the saved festivals. */
export const savedFestivalsKey = ['saved-festivals'] as const;

/**
 * eligibilityMessages returns the messages of a refusal for failed entry
 * limits (fields "eligibility.<entry>.<rule>"), in entry then rule order;
 * empty for any other error.
 */
export function eligibilityMessages(fields: Record<string, string>): string[] {
  return Object.keys(fields)
    .filter((k) => k.startsWith('eligibility.'))
    .sort((a, b) => {
      const [, ea, ra] = a.split('.');
      const [, eb, rb] = b.split('.');
      return Number(ea) - Number(eb) || ruleOrder.indexOf(ra) - ruleOrder.indexOf(rb);
    })
    .map((k) => fields[k]);
}

const ruleOrder = ['runtime', 'completion', 'country', 'premiere'];
