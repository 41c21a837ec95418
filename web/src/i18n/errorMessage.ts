import type { i18n as I18n } from 'i18next';
import { ApiError } from '../api/client';

/** True when the error is a failed fetch (no answer from the server at all). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0;
}

/** True when the server answered with an error body that carries its own message. */
function hasServerMessage(err: ApiError): boolean {
  return err.status !== 0 && err.message !== '' && !/^HTTP \d+$/.test(err.message);
}

/**
 * apiErrorMessage is the text to show for a failed API call: the translation of
 * `errors.<code>` (common namespace) when one exists, else the server's own
 * message, else `fallback`.
 */
export function apiErrorMessage(i18n: I18n, err: unknown, fallback: string): string {
  if (!(err instanceof ApiError)) return fallback;
  if (err.code && i18n.exists(`errors.${err.code}`, { ns: 'common' })) {
    return i18n.t(`errors.${err.code}`, { ns: 'common' });
  }
  return hasServerMessage(err) ? err.message : fallback;
}
