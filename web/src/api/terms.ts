import { request, type User } from './client';

export const termsApi = {
  /** POST /api/v1/me/terms: records that the signed-in user accepts the terms; 401 for visitors. */
  accept: () => request<{ user: User }>('POST', '/api/v1/me/terms').then((r) => r.user),
};
