import { ApiError } from '../../api/client';
import { apiErrorText } from '../../lib/apiErrorText';

/**
 * privacyErrorMessage is the text for a failed privacy call: the server's
 * own message (already in the request's language) when it names the problem
 * — a dead reset link, the hourly export limit, the festivals that block a
 * deletion — rather than the generic text of its code; else apiErrorText.
 */
export function privacyErrorMessage(err: unknown, fallback: string): string {
  if (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    Object.keys(err.fields).length === 0 &&
    err.message !== '' &&
    !/^HTTP \d+$/.test(err.message)
  ) {
    return err.message;
  }
  return apiErrorText(err, 'common', fallback);
}
