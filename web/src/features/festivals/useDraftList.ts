import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Festival } from '../../api/festivals';
import { serverErrors, type PathErrors } from './editorSchema';
import { useSectionSave, type SectionProps } from './useSectionSave';

/** numberInputValue turns a Mantine NumberInput value into a number, or '' while the input is empty. */
export const numberInputValue = (v: number | string): number | '' => (typeof v === 'number' ? v : v === '' ? '' : Number(v));

/**
 * useDraftList is the editing state of a list section of the organiser editor
 * (categories, criteria): the rows being edited, their errors (checked again
 * on every change once a save was tried), the save with the festival's
 * version, and a submit that validates first and focuses the first failing
 * input (marked with data-path).
 */
export function useDraftList<D, I>(
  props: SectionProps,
  options: {
    /** The rows to edit for a loaded or saved festival. */
    fromFestival: (f: Festival) => D[];
    validate: (drafts: D[]) => PathErrors;
    toInput: (drafts: D[]) => I;
    save: (slug: string, version: number, body: I) => Promise<Festival>;
    /** Whether the section shows a field's server error beside an input. */
    isShown: (key: string) => boolean;
  },
) {
  const { t } = useTranslation('festivals');
  const [drafts, setDrafts] = useState<D[]>(() => options.fromFestival(props.festival));
  const [errors, setErrors] = useState<PathErrors>({});
  const [attempted, setAttempted] = useState(false);

  const { mutation, errorText } = useSectionSave<I>(props, options.save, {
    onSaved: (f) => {
      setDrafts(options.fromFestival(f));
      setErrors({});
      setAttempted(false);
    },
    onFieldErrors: (err) => setErrors(serverErrors(err.fields)),
    isShown: options.isShown,
  });

  const patch = (i: number, change: Partial<D>) => {
    const next = drafts.map((d, j) => (j === i ? { ...d, ...change } : d));
    setDrafts(next);
    if (attempted) setErrors(options.validate(next));
  };
  // Rows move when one is added or removed: their errors no longer fit.
  const resize = (next: D[]) => {
    setDrafts(next);
    setErrors(attempted ? options.validate(next) : {});
  };

  const errorOf = (key: string) => {
    const e = errors[key];
    if (!e) return undefined;
    return e.text ?? t(`editor.errors.${e.key}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    setAttempted(true);
    const found = options.validate(drafts);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.querySelector<HTMLElement>(`[data-path="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    mutation.mutate(options.toInput(drafts));
  };

  return { drafts, errors, busy: mutation.isPending, errorText, patch, resize, errorOf, submit };
}
