import i18n from 'i18next';
import { ApiError } from '../api/client';

/** isNetworkError is true when the call got no answer from the server at all (a failed fetch). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/**
 * apiErrorText turns a failed API call into text for the user: the
 * translation `errors.<code>` of the feature namespace (worded for that page),
 * else of the shared `common` namespace, else the server's own message, else
 * `fallback` (by default `errors.generic` of the feature namespace).
 */
export function apiErrorText(err: unknown, ns: string, fallback?: string): string {
  const code = err instanceof ApiError ? err.code : undefined;
  if (code) {
    for (const n of [ns, 'common']) {
      const key = `errors.${code}`;
      if (i18n.exists(key, { ns: n })) return i18n.t(key, { ns: n });
    }
  }
  if (err instanceof ApiError && err.status !== 0 && err.message && !/^HTTP \d+$/.test(err.message)) return err.message;
  return fallback ?? i18n.t('errors.generic', { ns });
}
