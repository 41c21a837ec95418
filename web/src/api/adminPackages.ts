import { request } from './client';

/** A package's texts in one language. */
export interface PackageText {
  name: string;
  description: string;
  features: string[];
}

export type PackageLanguage = 'en' | 'ja' | 'zh';

/** PUT /api/v1/admin/packages/{id}: applies to new purchases only. */
export interface PackageUpdate {
  priceCents: number;
  credits: number;
  /** Active packages are on /pricing and can be bought; hidden ones not. */
  active: boolean;
  /** The place on the pricing page, from 0. */
  position: number;
  texts: Record<PackageLanguage, PackageText>;
}

/** A package as an admin edits it: every language's texts, hidden ones too. */
export interface PackageEdit extends PackageUpdate {
  id: string;
  updatedAt: string;
}

export const adminPackagesApi = {
  /** GET /api/v1/admin/packages (admins only), in display order. */
  list: () => request<{ packages: PackageEdit[] }>('GET', '/api/v1/admin/packages').then((r) => r.packages),
  /** PUT /api/v1/admin/packages/{id}. */
  update: (id: string, u: PackageUpdate) =>
    request<{ package: PackageEdit }>('PUT', `/api/v1/admin/packages/${encodeURIComponent(id)}`, u).then((r) => r.package),
};
