import { api, rawBody, unwrap, type Schemas } from './client';

/**
 * The typed client for a filmmaker's film projects (GET/POST /api/v1/films,
 * GET/PUT/DELETE /api/v1/films/{id}, PUT /api/v1/films/{id}/poster). The
 * types mirror marquee.Film and marquee.FilmDetails as JSON.
 */

/** One person of a film and what they did. */
export type FilmCredit = Schemas['FilmCredit'];

/** What a filmmaker writes about a film. */
export type FilmDetails = Schemas['FilmDetails'];

/** One size of a poster, as marquee.PosterImage: its address and pixel size. */
export type PosterImage = Schemas['PosterImage'];

/**
 * The two sizes the server writes every poster in (marquee.PosterImages):
 * the card (at most 400 × 600, for lists) and the detail (at most
 * 1200 × 1800, for a film's page); `srcset` offers both.
 */
export type PosterImages = Schemas['PosterImages'];

/** A filmmaker's project. */
export type Film = Schemas['Film'];

/** Film limits, as marquee's constants. */
export const filmLimits = {
  title: 200,
  logline: 300,
  synopsis: 5000,
  runtime: 1000,
  genre: 100,
  language: 100,
  director: 200,
  credits: 50,
  creditName: 200,
  creditRole: 100,
  screener: 500,
  yearMin: 1888,
  /** The largest poster accepted: 5 MB. */
  posterBytes: 5 << 20,
} as const;

/** The poster types the server accepts (it decodes the bytes and writes them again). */
export const posterTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

const filmId = (id: number | string) => ({ params: { path: { id: Number(id) } } });

export const filmsApi = {
  /** GET /api/v1/films: the signed-in user's films, newest first. */
  list: () => unwrap(api.GET('/api/v1/films')).then((r) => r.items ?? []),
  /** GET /api/v1/films/{id}: one film (everything, to its owner); 404 otherwise. */
  get: (id: number | string) => unwrap(api.GET('/api/v1/films/{id}', filmId(id))).then((r) => r.film),
  /** POST /api/v1/films: 201 {film}; 400 with field errors. */
  create: (d: FilmDetails) => unwrap(api.POST('/api/v1/films', { body: d })).then((r) => r.film),
  /** PUT /api/v1/films/{id}: replaces the details; 400 with field errors. */
  update: (id: number, d: FilmDetails) => unwrap(api.PUT('/api/v1/films/{id}', { ...filmId(id), body: d })).then((r) => r.film),
  /** DELETE /api/v1/films/{id}: 204; 409 while a submission of it is active. */
  remove: (id: number) => unwrap(api.DELETE('/api/v1/films/{id}', filmId(id))),
  /**
   * PUT /api/v1/films/{id}/poster with the image's bytes: {film}; 415 for what does not decode as
   * JPEG, PNG, WebP or GIF, 413 over 5 MB or 25 megapixels, 429 (Retry-After) when the server is busy.
   */
  uploadPoster: (id: number, image: Blob) =>
    unwrap(
      api.PUT('/api/v1/films/{id}/poster', {
        ...filmId(id),
        body: image as unknown as string,
        ...rawBody,
        headers: { 'Content-Type': image.type || 'application/octet-stream' },
      }),
    ).then((r) => r.film),
};

/** TanStack Query keys of the film screens. */
export const filmsKey = ['films'] as const;
export const filmKey = (id: number | string) => ['films', String(id)] as const;
