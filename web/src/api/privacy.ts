import { request } from './client';

/** The answer to a reset request: the same whether the address has an account or not. */
export interface PasswordResetRequested {
  message: string;
}

/**
 * The password reset links, and each user's own data: its export (a ZIP the
 * server builds and e-mails a link to) and the deletion of the account.
 */
export const privacyApi = {
  /** E-mails a reset link to the account with this address, if any (202; 429 past the limits). */
  requestPasswordReset: (email: string) =>
    request<PasswordResetRequested>('POST', '/api/v1/password-resets', { email }),
  /** Sets a new password with a link's token; every session of the account ends (400 for a dead link). */
  confirmPasswordReset: (token: string, password: string) =>
    request<void>('POST', '/api/v1/password-resets/confirm', { token, password }),
  /** Asks for a copy of the signed-in user's data, e-mailed as a link (202; 429 within the hour). */
  requestExport: () => request<Record<string, never>>('POST', '/api/v1/me/exports', {}),
  /** Deletes the signed-in user's account, confirmed with their password (204; the session ends). */
  deleteAccount: (password: string) => request<void>('POST', '/api/v1/me/delete', { password }),
};

/** exportDownloadUrl is the address of an export's ZIP (the signed-in owner only). */
export function exportDownloadUrl(token: string): string {
  return `/api/v1/me/exports/${encodeURIComponent(token)}`;
}
