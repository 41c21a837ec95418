import { api, unwrap, type Schemas } from './client';

/** A package's texts in one language. */
export type PackageText = Schemas['PackageText'];

export type PackageLanguage = 'en' | 'ja' | 'zh';

/** PUT /api/v1/admin/packages/{id}: applies to new purchases only (marquee.PackageUpdate; texts by language). */
export type PackageUpdate = Schemas['PackageUpdate'];

/** A package as an admin edits it: every language's texts, hidden ones too. */
export type PackageEdit = Schemas['PackageEdit'];

export const adminPackagesApi = {
  /** GET /api/v1/admin/packages (admins only), in display order. */
  list: () => unwrap(api.GET('/api/v1/admin/packages')).then((r) => r.packages),
  /** PUT /api/v1/admin/packages/{id}. */
  update: (id: string, u: PackageUpdate) =>
    unwrap(api.PUT('/api/v1/admin/packages/{id}', { params: { path: { id } }, body: u })).then((r) => r.package),
};
