import { request } from './client';

/** How visitors reach the operators of this installation (server configuration). */
export interface SiteInfo {
  supportEmail: string;
  supportPhone: string;
  supportAddress: string;
}

export const siteApi = {
  /** GET /api/v1/site: the support e-mail, phone and postal address. */
  get: () => request<SiteInfo>('GET', '/api/v1/site'),
};
