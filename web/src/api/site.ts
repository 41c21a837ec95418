import { api, unwrap, type Schemas } from './client';

/** How visitors reach the operators of this installation (server configuration). */
export type SiteInfo = Schemas['SiteAnswer'];

export const siteApi = {
  /** GET /api/v1/site: the support e-mail, phone and postal address. */
  get: () => unwrap(api.GET('/api/v1/site')),
};
