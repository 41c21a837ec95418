import { api, unwrap } from './client';

/**
 * The password reset links, and each user's own data: its export (a ZIP the
 * server builds and e-mails a link to) and the deletion of the account.
 */
export const privacyApi = {
  /** E-mails a reset link to the account with this address, if any (202; 429 past the limits). */
  requestPasswordReset: (email: string) => unwrap(api.POST('/api/v1/password-resets', { body: { email } })),
  /** Sets a new password with a link's token; every session of the account ends (400 for a dead link). */
  confirmPasswordReset: (token: string, password: string) =>
    unwrap(api.POST('/api/v1/password-resets/confirm', { body: { token, password } })),
  /** Asks for a copy of the signed-in user's data, e-mailed as a link (202; 429 within the hour). */
  requestExport: () => unwrap(api.POST('/api/v1/me/exports')),
  /** Deletes the signed-in user's account, confirmed with their password (204; the session ends). */
  deleteAccount: (password: string) => unwrap(api.POST('/api/v1/me/delete', { body: { password } })),
};

/** exportDownloadUrl is the address of an export's ZIP (the signed-in owner only). */
export function exportDownloadUrl(token: string): string {
  return `/api/v1/me/exports/${encodeURIComponent(token)}`;
}
