import { api, unwrap, type Schemas } from './client';

/** The packages an installation sells (their ids are data, not part of the API document). */
export type PackageId = 'basic' | 'pro' | 'enterprise';

/** A credit package (marquee.Package); name, description and features come in the request's language. */
export type CreditPackage = Schemas['Package'];

export const packagesApi = {
  /** GET /api/v1/packages: every package, localised by the Accept-Language header. */
  list: () => unwrap(api.GET('/api/v1/packages')).then((r) => r.packages),
  /** GET /api/v1/packages/{id}: one package; rejects with status 404 for an unknown id. */
  get: (id: string) => unwrap(api.GET('/api/v1/packages/{id}', { params: { path: { id } } })).then((r) => r.package),
};
