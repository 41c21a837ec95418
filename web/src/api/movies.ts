import { request, type Page } from './client';
import type { PosterImages } from './films';

/**
 * The typed client of the movies pages (GET /api/v1/movies/popular and
 * GET /api/v1/movies/{id}). The server answers from The Movie Database when
 * it has a key for it, otherwise with the films listed on Marquee; the key
 * never reaches the browser. The types mirror marquee.Movie as JSON.
 */

/** Where a movie comes from: The Movie Database, or a film listed on Marquee. */
export type MovieSource = 'tmdb' | 'marquee';

/** One movie of the grid or the details page. */
export interface Movie {
  id: number;
  title: string;
  overview: string;
  /** "en" when the overview is the English one standing in for a missing translation. */
  overviewLanguage?: string;
  /** An absolute URL or a path on this site; "" when there is none. */
  posterUrl: string;
  /** A film listed on Marquee: its poster's two sizes (absent for The Movie Database's movies). */
  posterImages?: PosterImages;
  /** YYYY-MM-DD, or only YYYY (films listed on Marquee); "" when unknown. */
  releaseDate: string;
  /** Minutes; absent when unknown. */
  runtime?: number;
  genres?: string[];
  source: MovieSource;
}

/** A page of the grid; `message` is set when the movie database could not be reached (the page is then empty). */
export interface MoviePage extends Page<Movie> {
  message?: string;
}

/** The size of a page of the grid, as the server's marquee.MoviesPerPage. */
export const moviesPerPage = 20;

export const moviesApi = {
  /** GET /api/v1/movies/popular?page=: 20 movies a page, in the page's language. */
  popular: (page: number) => request<MoviePage>('GET', `/api/v1/movies/popular?page=${page}`),
  /** GET /api/v1/movies/{id}: {movie}; 404 when the catalogue has none, 503 when the movie database cannot be reached. */
  get: (id: number | string) =>
    request<{ movie: Movie }>('GET', `/api/v1/movies/${encodeURIComponent(String(id))}`).then((r) => r.movie),
};
