/**
 * releaseText is a movie's release date for people: a year as it is
 * (films listed on Marquee know only their year), a full date in the
 * language's long form, "" when unknown.
 */
export function releaseText(date: string, language: string): string {
  if (/^\d{4}$/.test(date)) return date;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return '';
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(d);
}

/** moviesKey and movieKey are the TanStack Query keys of the movies pages, per language (the server answers in it). */
export const moviesKey = (language: string) => ['movies', 'popular', language] as const;
export const movieKey = (id: string, language: string) => ['movies', 'movie', id, language] as const;
