import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { FestivalDetails } from '../../api/festivals';
import { detailsFields, validateDetails, type DetailsField } from './schema';

/** A field's problem: a translation key from our rules, or a message from the server. */
export type FieldProblem = { key?: string; text?: string };

/** What useDetailsForm hands to FestivalDetailsFields and to the page that submits. */
export interface DetailsForm {
  values: FestivalDetails;
  set: (field: DetailsField, value: string) => void;
  /** The text to show beside a field, if any. */
  errorOf: (field: DetailsField) => string | undefined;
  /** Registers a field's element so that the first failing field can take the focus. */
  refFor: (field: DetailsField) => (el: HTMLElement | null) => void;
  /** Validates; returns the normalised details, or null after showing the problems. */
  validate: () => FestivalDetails | null;
  /** Shows a failed call's field errors beside the fields; true when it had any. */
  showServerErrors: (err: unknown) => boolean;
  /** Replaces every value and forgets every problem. */
  reset: (values: FestivalDetails) => void;
}

/**
 * useDetailsForm holds the festival details form: values, the problems shown
 * beside each field (re-checked while typing after a first attempt), and the
 * focus on the first failing field. Pass `today` to refuse a start in the past.
 */
export function useDetailsForm(initial: FestivalDetails, { today = null }: { today?: string | null } = {}): DetailsForm {
  const { t } = useTranslation('festivals');
  const [values, setValues] = useState<FestivalDetails>(initial);
  const [problems, setProblems] = useState<Partial<Record<DetailsField, FieldProblem>>>({});
  const refs = useRef<Partial<Record<DetailsField, HTMLElement | null>>>({});
  // `set` and `refFor` keep their identity across renders (through these refs), so that
  // memoised inputs such as the long country list do not re-render on every keystroke.
  // `latest` holds the values (every change below sets both) and whether a first
  // attempt was made (fields are re-checked while typing from then on).
  const latest = useRef({ values: initial, attempted: false });
  const refSetters = useRef<Partial<Record<DetailsField, (el: HTMLElement | null) => void>>>({});

  const focusFirst = (fields: string[]) => {
    const first = detailsFields.find((f) => fields.includes(f));
    if (first) refs.current[first]?.focus();
  };

  const set = useCallback((field: DetailsField, value: string) => {
    const next = { ...latest.current.values, [field]: value };
    latest.current.values = next;
    setValues(next);
    if (!latest.current.attempted) return;
    const result = validateDetails(next, { today });
    setProblems((prev) => {
      const out = { ...prev };
      // Dates depend on each other: re-check both when one changes.
      const touched: DetailsField[] = field === 'startDate' || field === 'endDate' ? ['startDate', 'endDate'] : [field];
      for (const f of touched) {
        const key = result.ok ? undefined : result.errors[f];
        out[f] = key ? { key } : undefined;
      }
      return out;
    });
  }, [today]);

  const validate = () => {
    latest.current.attempted = true;
    const result = validateDetails(values, { today });
    if (result.ok) {
      setProblems({});
      return result.data;
    }
    setProblems(Object.fromEntries(Object.entries(result.errors).map(([f, key]) => [f, { key }])));
    focusFirst(Object.keys(result.errors));
    return null;
  };

  const showServerErrors = (err: unknown) => {
    if (!(err instanceof ApiError)) return false;
    const known = Object.keys(err.fields).filter((f) => detailsFields.includes(f as DetailsField));
    if (known.length === 0) return false;
    setProblems(Object.fromEntries(known.map((f) => [f, { text: err.fields[f] }])));
    focusFirst(known);
    return true;
  };

  const reset = useCallback((next: FestivalDetails) => {
    latest.current = { values: next, attempted: false };
    setValues(next);
    setProblems({});
  }, []);

  const errorOf = (field: DetailsField) => {
    const p = problems[field];
    if (!p) return undefined;
    if (p.text) return p.text;
    return t(`form.errors.${p.key}`);
  };

  const refFor = (field: DetailsField) =>
    (refSetters.current[field] ??= (el: HTMLElement | null) => {
      refs.current[field] = el;
    });

  return { values, set, errorOf, refFor, validate, showServerErrors, reset };
}
