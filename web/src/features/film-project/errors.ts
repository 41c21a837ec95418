import { ApiError } from '../../api/client';
import { apiErrorText } from '../../lib/apiErrorText';

/** fieldErrors returns the server's per-field messages of a failed call (none for other errors). */
export function fieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? err.fields : {};
}

/**
 * errorText is what to say of a failed call: the server's own message for a
 * refusal of the input (it names the problem, in the page's language), else
 * the common translation of its code.
 */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && err.status === 400 && err.message && !/^HTTP \d+$/.test(err.message)) return err.message;
  return apiErrorText(err, 'film-project');
}
