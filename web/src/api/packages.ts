import { request } from './client';

export type PackageId = 'basic' | 'pro' | 'enterprise';

/** A credit package; name, description and features come in the request's language. */
export interface CreditPackage {
  id: PackageId;
  name: string;
  priceCents: number;
  credits: number;
  description: string;
  features: string[];
}

export const packagesApi = {
  /** GET /api/v1/packages: every package, localised by the Accept-Language header. */
  list: () => request<{ packages: CreditPackage[] }>('GET', '/api/v1/packages').then((r) => r.packages),
  /** GET /api/v1/packages/{id}: one package; rejects with status 404 for an unknown id. */
  get: (id: string) =>
    request<{ package: CreditPackage }>('GET', `/api/v1/packages/${encodeURIComponent(id)}`).then((r) => r.package),
};
