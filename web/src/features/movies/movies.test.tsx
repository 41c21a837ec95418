import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Movie, MoviePage } from '../../api/movies';
import i18n from '../../i18n';
import { renderPage, stubApi } from '../../test/utils';
import { releaseText } from './format';
import { nextPage } from './MovieGrid';
import MovieDetailPage from './MovieDetailPage';
import MoviesPage from './MoviesPage';

afterEach(() => vi.unstubAllGlobals());
beforeEach(async () => {
  await i18n.changeLanguage('en');
});

const routes = [
  { path: '/movies', Component: MoviesPage },
  { path: '/movie/:id', Component: MovieDetailPage },
  { path: '/festivals', element: <p>festivals page</p> },
];

function movie(over: Partial<Movie> = {}): Movie {
  return {
    id: 129,
    title: 'Spirited Away',
    overview: 'A girl and the spirits.',
    posterUrl: 'https://image.tmdb.org/t/p/w500/p.jpg',
    releaseDate: '2001-07-20',
    source: 'tmdb',
    ...over,
  };
}

function page(n: number, items: Movie[], total: number, over: Partial<MoviePage> = {}): { status: number; body: MoviePage } {
  return { status: 200, body: { items, total, page: n, perPage: 20, ...over } };
}

describe('movies grid', () => {
  it('shows 20 movies with poster, title, overview and View Details, then more', async () => {
    const first = Array.from({ length: 20 }, (_, i) => movie({ id: i + 1, title: `Movie ${i + 1}` }));
    const fetchMock = stubApi({
      'GET /api/v1/movies/popular?page=1': page(1, first, 21),
      'GET /api/v1/movies/popular?page=2': page(2, [movie({ id: 21, title: 'The Last One', posterUrl: '' })], 21),
    });
    renderPage(routes, ['/movies']);
    const cards = await screen.findAllByTestId('movie-card');
    expect(cards).toHaveLength(20);
    expect(screen.getByRole('heading', { level: 1, name: 'Discover Cinematic Gems' })).toBeInTheDocument();
    expect(within(cards[0]).getByTestId('movie-poster')).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w500/p.jpg');
    expect(within(cards[0]).getByRole('heading', { name: 'Movie 1' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('A girl and the spirits.');
    const details = within(cards[0]).getByRole('link', { name: 'View Details: Movie 1' });
    expect(details).toHaveTextContent('View Details');
    expect(details).toHaveAttribute('href', '/movie/1');
    expect(screen.getByTestId('movies-count')).toHaveTextContent('20 of 21 movies');
    expect(screen.getByTestId('tmdb-notice')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show more movies' }));
    await waitFor(() => expect(screen.getAllByTestId('movie-card')).toHaveLength(21));
    const last = screen.getAllByTestId('movie-card')[20];
    expect(within(last).getByTestId('movie-poster-placeholder')).toHaveTextContent('No poster');
    expect(screen.queryByRole('button', { name: 'Show more movies' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/v1/movies/popular?page=1', '/api/v1/movies/popular?page=2']);
  });

  it("offers a Marquee film's two poster sizes in srcset, sized to the grid's columns", async () => {
    const images = {
      card: { url: '/media/posters/7-00000000000000aa-card.jpg', width: 400, height: 600 },
      detail: { url: '/media/posters/7-00000000000000aa-detail.jpg', width: 1200, height: 1800 },
    };
    stubApi({
      'GET /api/v1/movies/popular?page=1': page(
        1,
        [
          movie({ id: 7, title: 'Tide', posterUrl: images.detail.url, posterImages: images, source: 'marquee' }),
          movie({ id: 8, title: 'Old', posterUrl: '/media/posters/8-00000000000000bb.png', source: 'marquee' }),
        ],
        2,
      ),
    });
    renderPage(routes, ['/movies']);
    const [tide, old] = await screen.findAllByTestId('movie-poster');
    expect(tide).toHaveAttribute('src', images.card.url);
    expect(tide).toHaveAttribute('srcset', `${images.card.url} 400w, ${images.detail.url} 1200w`);
    expect(tide).toHaveAttribute('sizes', '(min-width: 62em) min(25vw, 285px), (min-width: 48em) 33vw, (min-width: 36em) 50vw, 100vw');
    // A poster stored before there were sizes: its one address, no srcset.
    expect(old).toHaveAttribute('src', '/media/posters/8-00000000000000bb.png');
    expect(old).not.toHaveAttribute('srcset');
    expect(old).not.toHaveAttribute('sizes');
  });

  it('says plainly when no film is listed, with links onwards', async () => {
    stubApi({ 'GET /api/v1/movies/popular': page(1, [], 0) });
    renderPage(routes, ['/movies']);
    const empty = await screen.findByTestId('movies-empty');
    expect(within(empty).getByRole('heading', { name: 'No films are listed yet' })).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Browse festivals' })).toHaveAttribute('href', '/festivals');
    expect(screen.queryByTestId('movie-card')).not.toBeInTheDocument();
  });

  it('shows the server message over an empty list when the movie database fails, and tries again', async () => {
    let calls = 0;
    stubApi({
      'GET /api/v1/movies/popular': () =>
        ++calls === 1
          ? page(1, [], 0, { message: 'Movies cannot be loaded right now. Please try again later.' })
          : page(1, [movie()], 1),
    });
    renderPage(routes, ['/movies']);
    const alert = await screen.findByTestId('movies-error');
    expect(alert).toHaveTextContent('Movies could not be loaded.');
    expect(alert).toHaveTextContent('Movies cannot be loaded right now. Please try again later.');
    expect(screen.queryByTestId('movies-empty')).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('movie-card')).toHaveTextContent('Spirited Away');
  });

  it('shows a friendly message when the server cannot be reached', async () => {
    stubApi({ 'GET /api/v1/movies/popular': 'network' });
    renderPage(routes, ['/movies']);
    expect(await screen.findByTestId('movies-error')).toHaveTextContent('Movies could not be loaded.');
  });

  it('asks for a next page only while there are more', () => {
    expect(nextPage({ items: [movie()], total: 41, page: 2, perPage: 20 })).toBe(3);
    expect(nextPage({ items: [movie()], total: 40, page: 2, perPage: 20 })).toBeUndefined();
    expect(nextPage({ items: [], total: 40, page: 1, perPage: 20 })).toBeUndefined();
    expect(nextPage({ items: [], total: 0, page: 1, perPage: 20, message: 'down' })).toBeUndefined();
  });
});

describe('movie details', () => {
  it('marks an English overview standing in for a missing translation as English', async () => {
    stubApi({ 'GET /api/v1/movies/129': { status: 200, body: { movie: movie({ overviewLanguage: 'en' }) } } });
    renderPage(routes, ['/movie/129']);
    expect(await screen.findByTestId('movie-overview')).toHaveAttribute('lang', 'en');
  });

  it('shows poster, title, overview, release date, runtime and genres, and a way back', async () => {
    stubApi({ 'GET /api/v1/movies/129': { status: 200, body: { movie: movie({ runtime: 125, genres: ['Animation', 'Family'] }) } } });
    renderPage(routes, ['/movie/129']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spirited Away' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Poster of Spirited Away' })).toHaveAttribute('src', 'https://image.tmdb.org/t/p/w500/p.jpg');
    expect(screen.getByTestId('movie-overview')).toHaveTextContent('A girl and the spirits.');
    expect(screen.getByTestId('movie-overview')).not.toHaveAttribute('lang');
    expect(screen.getByText('Release date')).toBeInTheDocument();
    expect(screen.getByTestId('movie-release')).toHaveTextContent('July 20, 2001');
    expect(screen.getByTestId('movie-runtime')).toHaveTextContent('125 minutes');
    expect(screen.getByTestId('movie-genres')).toHaveTextContent('AnimationFamily');
    expect(screen.getByRole('link', { name: /Back to movies/ })).toHaveAttribute('href', '/movies');
    await waitFor(() => expect(document.title).toBe('Spirited Away | Marquee'));
  });

  it('shows a Marquee film with its year and leaves out what is unknown', async () => {
    stubApi({
      'GET /api/v1/movies/7': {
        status: 200,
        body: { movie: movie({ id: 7, title: 'Tide', overview: '', posterUrl: '', releaseDate: '2025', source: 'marquee' }) },
      },
    });
    renderPage(routes, ['/movie/7']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tide' })).toBeInTheDocument();
    expect(screen.getByText('Year')).toBeInTheDocument();
    expect(screen.getByTestId('movie-release')).toHaveTextContent('2025');
    expect(screen.getByTestId('movie-overview')).toHaveTextContent('No overview is available for this movie.');
    expect(screen.queryByTestId('movie-runtime')).not.toBeInTheDocument();
    expect(screen.queryByTestId('movie-genres')).not.toBeInTheDocument();
    expect(screen.queryByTestId('tmdb-notice')).not.toBeInTheDocument();
  });

  it("offers a Marquee film's detail poster first on its page, sized to its column", async () => {
    const images = {
      card: { url: '/media/posters/7-00000000000000aa-card.jpg', width: 400, height: 600 },
      detail: { url: '/media/posters/7-00000000000000aa-detail.jpg', width: 1200, height: 1800 },
    };
    stubApi({
      'GET /api/v1/movies/7': {
        status: 200,
        body: { movie: movie({ id: 7, title: 'Tide', posterUrl: images.detail.url, posterImages: images, source: 'marquee' }) },
      },
    });
    renderPage(routes, ['/movie/7']);
    const poster = await screen.findByRole('img', { name: 'Poster of Tide' });
    expect(poster).toHaveAttribute('src', images.detail.url);
    expect(poster).toHaveAttribute('srcset', `${images.card.url} 400w, ${images.detail.url} 1200w`);
    expect(poster).toHaveAttribute('sizes', '(min-width: 48em) 18rem, 100vw');
  });

  it('says when a movie is not found, and when it cannot be loaded', async () => {
    stubApi({
      'GET /api/v1/movies/1': { status: 404, body: { message: 'Movie not found', code: 'not_found' } },
      'GET /api/v1/movies/2': {
        status: 503,
        body: { message: 'Movies cannot be loaded right now. Please try again later.', code: 'unavailable' },
      },
    });
    const { router } = renderPage(routes, ['/movie/1']);
    expect(await screen.findByTestId('movie-not-found')).toHaveTextContent('This movie was not found.');
    await act(async () => {
      await router.navigate('/movie/2');
    });
    const failed = await screen.findByTestId('movie-error');
    expect(failed).toHaveTextContent('This movie could not be loaded.');
    expect(failed).toHaveTextContent('Movies cannot be loaded right now.');
  });

  it('formats release dates in the language, and keeps a bare year', () => {
    expect(releaseText('2001-07-20', 'ja')).toBe('2001年7月20日');
    expect(releaseText('2025', 'zh')).toBe('2025');
    expect(releaseText('', 'en')).toBe('');
  });
});
