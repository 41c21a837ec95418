import { api, rawBody, unwrap, type Schemas } from './client';
import type { Film } from './films';

/**
 * The typed client for what festivals ask of a film project beyond its
 * details (PUT /api/v1/films/{id}/specs, the stills), a festival's entry
 * rules (its terms and eligibility limits), a filmmaker's saved festivals
 * and a selected film's laurel. The types mirror marquee.FilmSpecs,
 * marquee.FilmStill, marquee.EntryRules and marquee.SavedFestival as JSON.
 */

/** The premiere a film would have: a stronger one meets a weaker requirement ("" when not given). */
export type PremiereStatus = Exclude<Schemas['PremiereStatus'], ''>;
export const premiereStatuses: readonly PremiereStatus[] = ['world', 'international', 'national', 'none'];

/** The sound formats the server takes (marquee.FilmSounds). */
export const filmSounds = ['mono', 'stereo', '5.1', '7.1', 'atmos', 'other'] as const;

/** A screening of the film at a festival, and the award it won there ("" for none). */
export type FilmHistoryEntry = Schemas['FilmHistoryEntry'];

/** A film's trailer, technical specs, flags, premiere status and festival history. */
export type FilmSpecs = Schemas['FilmSpecs'];

/** One still of a film, in its two sizes. */
export type FilmStill = Schemas['FilmStill'];

/** A film as the film project pages read it: the film, its specs and stills. */
export type FilmProject = Film;

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
export type EntryLimits = Schemas['EntryLimits'];

/** A festival's rules and terms and its limits. */
export type EntryRules = Schemas['EntryRules'];

/** A festival of a filmmaker's watch list, with its next deadline. */
export type SavedFestival = Schemas['SavedFestival'];

const filmId = (id: number | string) => ({ params: { path: { id: Number(id) } } });
const festival = (slug: string) => ({ params: { path: { slug } } });

export const filmProjectsApi = {
  /** GET /api/v1/films/{id}: the film with its specs and stills. */
  get: (id: number | string) => unwrap(api.GET('/api/v1/films/{id}', filmId(id))).then((r) => r.film),
  /** PUT /api/v1/films/{id}/specs: {film}; 400 with a message per field. */
  saveSpecs: (id: number, s: FilmSpecs) =>
    unwrap(api.PUT('/api/v1/films/{id}/specs', { ...filmId(id), body: s })).then((r) => r.film),
  /** POST /api/v1/films/{id}/stills with the image's bytes: {film}; as a poster upload (415, 413, 429); at most 10. */
  addStill: (id: number, image: Blob) =>
    unwrap(
      api.POST('/api/v1/films/{id}/stills', {
        ...filmId(id),
        body: image as unknown as string,
        ...rawBody,
        headers: { 'Content-Type': image.type || 'application/octet-stream' },
      }),
    ).then((r) => r.film),
  /** PUT /api/v1/films/{id}/stills/order: {film}; ids names every still once. */
  orderStills: (id: number, ids: number[]) =>
    unwrap(api.PUT('/api/v1/films/{id}/stills/order', { ...filmId(id), body: { ids } })).then((r) => r.film),
  /** DELETE /api/v1/films/{id}/stills/{stillId}: {film}. */
  deleteStill: (id: number, still: number) =>
    unwrap(api.DELETE('/api/v1/films/{id}/stills/{stillId}', { params: { path: { id, stillId: still } } })).then((r) => r.film),
  /** GET /api/v1/festivals/{slug}/entry-rules: an approved festival's rules, for anyone. */
  entryRules: (slug: string) => unwrap(api.GET('/api/v1/festivals/{slug}/entry-rules', festival(slug))),
  /** GET /api/v1/manage/festivals/{slug}/entry-rules: the organiser's. */
  managedEntryRules: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/entry-rules', festival(slug))),
  /** PUT /api/v1/manage/festivals/{slug}/entry-rules: the rules as saved; 400 with a message per field. */
  saveEntryRules: (slug: string, r: EntryRules) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/entry-rules', { ...festival(slug), body: r })),
  /** GET /api/v1/saved-festivals: the caller's, by next deadline. */
  saved: () => unwrap(api.GET('/api/v1/saved-festivals')).then((r) => r.items ?? []),
  /** PUT /api/v1/saved-festivals/{slug}: 204. */
  save: (slug: string) => unwrap(api.PUT('/api/v1/saved-festivals/{slug}', festival(slug))).then(() => undefined),
  /** DELETE /api/v1/saved-festivals/{slug}: 204. */
  unsave: (slug: string) => unwrap(api.DELETE('/api/v1/saved-festivals/{slug}', festival(slug))).then(() => undefined),
  /** The address of a selected submission's laurel download (GET /api/v1/submissions/{id}/laurel/{format}). */
  laurelUrl: (submission: number, format: 'svg' | 'png') => `/api/v1/submissions/${submission}/laurel/${format}`,
};

/** The query key of a film project (the film with its specs and stills). */
export const filmProjectKey = (id: string) => ['film-project', id] as const;

/** The query key of a festival's public entry rules. */
export const entryRulesKey = (slug: string) => ['entry-rules', slug] as const;

/** The query key of a managed festival's entry rules. */
export const managedEntryRulesKey = (slug: string) => ['manage', slug, 'entry-rules'] as const;

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
