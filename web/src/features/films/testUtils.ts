import type { Film } from '../../api/films';

/** film builds a Film JSON answer with sensible defaults. */
export function film(over: Partial<Film> = {}): Film {
  return {
    id: 7,
    ownerId: 1,
    title: 'Night Train',
    originalTitle: '夜行列車',
    logline: 'A conductor keeps a secret.',
    synopsis: 'Long synopsis.',
    runtimeMinutes: 14,
    genre: 'Drama',
    country: 'JP',
    language: 'Japanese',
    year: 2025,
    director: 'Aiko Sato',
    credits: [{ name: 'Ken Ito', role: 'Editor' }],
    screenerUrl: 'https://vimeo.com/1',
    screenerPassword: 'secret',
    public: false,
    posterUrl: '',
    posterImages: null,
    activeSubmissions: 0,
    createdAt: '2026-01-10T09:00:00Z',
    updatedAt: '2026-01-10T09:00:00Z',
    ...over,
  };
}
