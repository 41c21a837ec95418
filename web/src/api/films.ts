import { request } from './client';

/**
 * The typed client for a filmmaker's film projects (GET/POST /api/v1/films,
 * GET/PUT/DELETE /api/v1/films/{id}, PUT /api/v1/films/{id}/poster). The
 * types mirror marquee.Film and marquee.FilmDetails as JSON.
 */

/** One person of a film and what they did. */
export interface FilmCredit {
  name: string;
  role: string;
}

/** What a filmmaker writes about a film. */
export interface FilmDetails {
  title: string;
  originalTitle: string;
  logline: string;
  synopsis: string;
  /** Minutes; 0 when not given. */
  runtimeMinutes: number;
  genre: string;
  /** ISO 3166-1 alpha-2, upper case; "" when not given. */
  country: string;
  /** The spoken language, free text. */
  language: string;
  /** Year of completion; 0 when not given. */
  year: number;
  director: string;
  credits: FilmCredit[];
  /** Private: only the owner, the organisers of festivals it is submitted to and their assigned judges see it. */
  screenerUrl: string;
  screenerPassword: string;
  /** Lists the film on the public movies pages. */
  public: boolean;
}

/** One size of a poster, as marquee.PosterImage: its address and pixel size. */
export interface PosterImage {
  url: string;
  width: number;
  height: number;
}

/**
 * The two sizes the server writes every poster in (marquee.PosterImages):
 * the card (at most 400 × 600, for lists) and the detail (at most
 * 1200 × 1800, for a film's page); `srcset` offers both.
 */
export interface PosterImages {
  card: PosterImage;
  detail: PosterImage;
}

/** A filmmaker's project. */
export interface Film extends FilmDetails {
  id: number;
  ownerId: number;
  /** Where the poster is served ("" when there is none): its detail size, or a poster stored before there were sizes. */
  posterUrl: string;
  /** The poster's two sizes; null when there is none or it was stored before there were sizes (posterUrl alone). */
  posterImages: PosterImages | null;
  /** Submissions not withdrawn; the film cannot be deleted while there are any. */
  activeSubmissions: number;
  createdAt: string;
  updatedAt: string;
}

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

export const filmsApi = {
  /** GET /api/v1/films: the signed-in user's films, newest first. */
  list: () => request<{ items: Film[] }>('GET', '/api/v1/films').then((r) => r.items ?? []),
  /** GET /api/v1/films/{id}: one film (everything, to its owner); 404 otherwise. */
  get: (id: number | string) =>
    request<{ film: Film }>('GET', `/api/v1/films/${encodeURIComponent(String(id))}`).then((r) => r.film),
  /** POST /api/v1/films: 201 {film}; 400 with field errors. */
  create: (d: FilmDetails) => request<{ film: Film }>('POST', '/api/v1/films', d).then((r) => r.film),
  /** PUT /api/v1/films/{id}: replaces the details; 400 with field errors. */
  update: (id: number, d: FilmDetails) => request<{ film: Film }>('PUT', `/api/v1/films/${id}`, d).then((r) => r.film),
  /** DELETE /api/v1/films/{id}: 204; 409 while a submission of it is active. */
  remove: (id: number) => request<void>('DELETE', `/api/v1/films/${id}`),
  /**
   * PUT /api/v1/films/{id}/poster with the image's bytes: {film}; 415 for what does not decode as
   * JPEG, PNG, WebP or GIF, 413 over 5 MB or 25 megapixels, 429 (Retry-After) when the server is busy.
   */
  uploadPoster: (id: number, image: Blob) =>
    request<{ film: Film }>('PUT', `/api/v1/films/${id}/poster`, image).then((r) => r.film),
};

/** TanStack Query keys of the film screens. */
export const filmsKey = ['films'] as const;
export const filmKey = (id: number | string) => ['films', String(id)] as const;
