import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { Festival } from '../../api/festivals';
import { apiErrorText } from '../../lib/apiErrorText';
import { notify } from '../../lib/notify';

/** What a section of the organiser editor needs from the page. */
export interface SectionProps {
  /** The festival as last loaded or saved; its version goes with every save. */
  festival: Festival;
  /** Called with the festival a save returned (new version). */
  onSaved: (festival: Festival) => void;
  /** Called with the server's message when the festival changed elsewhere (409). */
  onConflict: (message: string) => void;
}

/**
 * useSectionSave runs one section's PUT with the festival's version: on
 * success it hands the returned festival to the page and says 'Saved'; a 409
 * goes to the page's conflict alert; other failures become the section's
 * error texts (field errors are the caller's to show, through onFieldErrors;
 * those it cannot show beside an input are listed in the texts).
 */
export function useSectionSave<T>(
  { festival, onSaved, onConflict }: SectionProps,
  save: (slug: string, version: number, body: T) => Promise<Festival>,
  handlers: {
    onSaved: (f: Festival) => void;
    onFieldErrors: (err: ApiError) => void;
    /** Whether the section shows a field's error beside an input; the others go into the section's alert. */
    isShown: (key: string) => boolean;
  },
) {
  const { t } = useTranslation('festivals');
  const mutation = useMutation({
    mutationFn: (body: T) => save(festival.slug, festival.version, body),
    onSuccess: (updated) => {
      handlers.onSaved(updated);
      onSaved(updated);
      void notify('green', t('editor.saved'));
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) {
        onConflict(err.message);
        return;
      }
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) handlers.onFieldErrors(err);
    },
  });
  const err = mutation.error;
  const conflict = err instanceof ApiError && err.status === 409;
  let errorText: string[] | null = null;
  if (mutation.isError && !conflict) {
    if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
      const elsewhere = Object.entries(err.fields).filter(([k]) => !handlers.isShown(k));
      errorText = elsewhere.length === 0 ? [t('editor.fixFields')] : elsewhere.map(([, m]) => m);
    } else {
      errorText = [apiErrorText(err, 'festivals')];
    }
  }
  return { mutation, errorText };
}
