import { api, unwrap } from './client';

export const termsApi = {
  /** POST /api/v1/me/terms: records that the signed-in user accepts the terms; 401 for visitors. */
  accept: () => unwrap(api.POST('/api/v1/me/terms')).then((r) => r.user),
};
