import { api, unwrap, type Schemas } from './client';

/**
 * The typed client of the movies pages (GET /api/v1/movies/popular and
 * GET /api/v1/movies/{id}). The server answers from The Movie Database when
 * it has a key for it, otherwise with the films listed on Marquee; the key
 * never reaches the browser.
 */

/** One movie of the grid or the details page (marquee.Movie). */
export type Movie = Schemas['Movie'];

/** Where a movie comes from: The Movie Database, or a film listed on Marquee. */
export type MovieSource = Movie['source'];

/** A page of the grid; `message` is set when the movie database could not be reached (the page is then empty). */
export type MoviePage = Schemas['MoviePage'];

/** The size of a page of the grid, as the server's marquee.MoviesPerPage. */
export const moviesPerPage = 20;

export const moviesApi = {
  /** GET /api/v1/movies/popular?page=: 20 movies a page, in the page's language. */
  popular: (page: number) => unwrap(api.GET('/api/v1/movies/popular', { params: { query: { page } } })),
  /** GET /api/v1/movies/{id}: {movie}; 404 when the catalogue has none, 503 when the movie database cannot be reached. */
  get: (id: number | string) =>
    unwrap(api.GET('/api/v1/movies/{id}', { params: { path: { id: Number(id) } } })).then((r) => r.movie),
};
