import type { FilmHistoryEntry, FilmSpecs } from '../../api/filmProjects';

/** The specs form's values: lists as the filmmaker types them. */
export interface SpecsValues {
  trailerUrl: string;
  completionDate: string;
  aspectRatio: string;
  sound: string;
  shootingFormat: string;
  /** Comma- or line-separated. */
  languages: string;
  subtitles: string;
  firstTime: boolean;
  student: boolean;
  premiere: FilmSpecs['premiere'];
  history: { festival: string; year: string; award: string }[];
}

/** toValues turns saved specs into the form's values. */
export function toValues(s: FilmSpecs): SpecsValues {
  return {
    trailerUrl: s.trailerUrl,
    completionDate: s.completionDate,
    aspectRatio: s.aspectRatio,
    sound: s.sound,
    shootingFormat: s.shootingFormat,
    languages: s.languages.join(', '),
    subtitles: s.subtitles.join(', '),
    firstTime: s.firstTime,
    student: s.student,
    premiere: s.premiere,
    history: s.history.map((h) => ({ festival: h.festival, year: h.year ? String(h.year) : '', award: h.award })),
  };
}

/** splitList reads a typed list: entries separated by commas (also the ideographic ones) or lines, trimmed, empty ones dropped. */
export function splitList(s: string): string[] {
  return s
    .split(/[,，、\n]/)
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * toSpecs turns the form's values into the body the server takes: lists
 * split, history rows with nothing in them left out, years as numbers (0
 * when not a number, which the server refuses with its own message).
 */
export function toSpecs(v: SpecsValues): FilmSpecs {
  const history: FilmHistoryEntry[] = v.history
    .filter((h) => h.festival.trim() || h.award.trim() || h.year.trim())
    .map((h) => ({ festival: h.festival.trim(), award: h.award.trim(), year: /^\d{4}$/.test(h.year.trim()) ? Number(h.year.trim()) : 0 }));
  return {
    trailerUrl: v.trailerUrl.trim(),
    completionDate: v.completionDate.trim(),
    aspectRatio: v.aspectRatio.trim(),
    sound: v.sound,
    shootingFormat: v.shootingFormat.trim(),
    languages: splitList(v.languages),
    subtitles: splitList(v.subtitles),
    firstTime: v.firstTime,
    student: v.student,
    premiere: v.premiere,
    history,
  };
}

/** moveId returns ids with the one at index moved by delta (-1 up, +1 down), unchanged at the ends. */
export function moveId(ids: number[], index: number, delta: -1 | 1): number[] {
  const to = index + delta;
  if (index < 0 || index >= ids.length || to < 0 || to >= ids.length) return ids;
  const out = [...ids];
  [out[index], out[to]] = [out[to], out[index]];
  return out;
}
