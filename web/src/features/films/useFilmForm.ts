import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Film, FilmDetails } from '../../api/films';
import { emptyFilm, filmFields, filmValues, validateFilm, type FilmField, type FilmValues } from './schema';

/** A field's problem: a translation key from our rules, or the server's message. */
export type Problem = { key?: string; text?: string };

/**
 * useFilmForm holds the film form's values, the problems shown beside each
 * field (re-checked while typing after a first attempt) and the focus on the
 * first failing field. `set` keeps its identity across renders, so that
 * memoised inputs such as the long country list do not re-render on every
 * keystroke.
 */
export function useFilmForm(film: Film | undefined) {
  const { t } = useTranslation('films');
  const [values, setValues] = useState<FilmValues>(() => (film ? filmValues(film) : emptyFilm));
  const [problems, setProblems] = useState<Partial<Record<FilmField, Problem>>>({});
  // The values as last set (two changes before a render both count) and
  // whether a first attempt was made; every change below sets both.
  const latest = useRef({ values, attempted: false });
  const refs = useRef<Partial<Record<FilmField, HTMLElement | null>>>({});
  const refSetters = useRef<Partial<Record<FilmField, (el: HTMLElement | null) => void>>>({});

  const set = useCallback(<K extends keyof FilmValues>(field: K, value: FilmValues[K]) => {
    const next = { ...latest.current.values, [field]: value };
    latest.current.values = next;
    setValues(next);
    if (!latest.current.attempted || !(filmFields as readonly string[]).includes(field)) return;
    const result = validateFilm(next);
    const key = result.ok ? undefined : result.errors[field as FilmField];
    setProblems((p) => ({ ...p, [field]: key ? { key } : undefined }));
  }, []);

  const focusFirst = (fields: string[]) => {
    const first = filmFields.find((f) => fields.includes(f));
    if (first) refs.current[first]?.focus();
  };

  /** validate checks every field: the film's details, or null with the problems shown and the first one focused. */
  const validate = (): FilmDetails | null => {
    latest.current.attempted = true;
    const result = validateFilm(latest.current.values);
    if (!result.ok) {
      setProblems(Object.fromEntries(Object.entries(result.errors).map(([f, key]) => [f, { key }])));
      focusFirst(Object.keys(result.errors));
      return null;
    }
    setProblems({});
    return result.data;
  };

  /** showProblems shows the server's refusals beside their fields and focuses the first. */
  const showProblems = (fields: Partial<Record<FilmField, Problem>>) => {
    setProblems(fields);
    focusFirst(Object.keys(fields));
  };

  const errorOf = (f: FilmField) => {
    const p = problems[f];
    if (!p) return undefined;
    return p.text ?? t(`form.errors.${p.key}`);
  };

  const refFor = (f: FilmField) =>
    (refSetters.current[f] ??= (el: HTMLElement | null) => {
      refs.current[f] = el;
    });

  return { values, set, validate, showProblems, errorOf, refFor };
}
