import { api, unwrap, type Schemas } from './client';

/**
 * The typed client for the festival API: registration, discovery, public
 * festival pages, organiser management and admin review. The types mirror
 * marquee.Festival and its parts as the server sends them as JSON.
 */

/** Where a festival stands in the admins' review. Only approved festivals are public. */
export type FestivalStatus = Schemas['FestivalStatus'];

/** A fee tier of a category's deadlines. */
export type DeadlineTier = Schemas['DeadlineTier'];

/** The fee tiers in the order their dates must fall. */
export const deadlineTiers: readonly DeadlineTier[] = ['early', 'regular', 'late'];

/** One fee tier: submissions made on or before `date` ("YYYY-MM-DD") pay `fee` credits. */
export type Deadline = Schemas['Deadline'];

/** A competition section of a festival. */
export type Category = Schemas['Category'];

/** One judging criterion of a festival. */
export type Criterion = Schemas['Criterion'];

/** The parts of a festival its organiser writes on the registration form and edits later. */
export type FestivalDetails = Schemas['FestivalDetails'];

/** A film festival registered on Marquee. */
export type Festival = Schemas['Festival'];

/** The public facts whose changes wait for an admin once a festival is approved (marquee.FestivalReviewedFields). */
export const reviewedFields = ['name', 'description', 'location', 'country', 'city', 'website', 'contactEmail'] as const;
export type ReviewedField = (typeof reviewedFields)[number];

/** One changed public fact: its approved (public) value and the value waiting for review. */
export type FieldChange = Schemas['FieldChange'];

/** A festival's one revision (marquee.FestivalRevision). */
export type FestivalRevision = Schemas['FestivalRevision'];

/** The orders of a festival search. */
export type FestivalSort = 'deadline' | 'start' | 'relevance';

/** A discovery search of the approved festivals. Empty values are left out of the request. */
export interface FestivalSearch {
  q?: string;
  country?: string;
  /** Festival dates overlap [from, to] ("YYYY-MM-DD"). */
  from?: string;
  to?: string;
  /** Only festivals with a deadline on or after today. */
  open?: boolean;
  category?: string;
  maxFee?: number;
  sort?: FestivalSort;
  page?: number;
  perPage?: number;
}

/** One page of a festival search or listing. */
export type FestivalList = Schemas['PageFestival'];

/** A category as the organiser saves it; without id it is a new one. */
export type CategoryInput = Schemas['CategoryInput'];

/** A judging criterion as the organiser saves it; without id it is a new one. */
export type CriterionInput = Schemas['CriterionInput'];

/** The admins' review filter. */
export type AdminFestivalFilter = FestivalStatus | 'revision' | 'all';

/** searchQuery is a search's query parameters, in searchParams' order, those left empty left out. */
function searchQuery(s: FestivalSearch) {
  return {
    q: s.q?.trim() || undefined,
    country: s.country || undefined,
    from: s.from || undefined,
    to: s.to || undefined,
    open: s.open ? true : undefined,
    category: s.category?.trim() || undefined,
    maxFee: s.maxFee !== undefined && Number.isFinite(s.maxFee) ? s.maxFee : undefined,
    sort: s.sort || undefined,
    page: s.page && s.page > 1 ? s.page : undefined,
    perPage: s.perPage || undefined,
  };
}

/** searchParams turns a search into the query string of GET /api/v1/festivals. */
export function searchParams(s: FestivalSearch): URLSearchParams {
  const p = new URLSearchParams();
  const q = s.q?.trim();
  if (q) p.set('q', q);
  if (s.country) p.set('country', s.country);
  if (s.from) p.set('from', s.from);
  if (s.to) p.set('to', s.to);
  if (s.open) p.set('open', 'true');
  const category = s.category?.trim();
  if (category) p.set('category', category);
  if (s.maxFee !== undefined && Number.isFinite(s.maxFee)) p.set('maxFee', String(s.maxFee));
  if (s.sort) p.set('sort', s.sort);
  if (s.page && s.page > 1) p.set('page', String(s.page));
  if (s.perPage) p.set('perPage', String(s.perPage));
  return p;
}

const slugParam = (slug: string) => ({ params: { path: { slug } } });
const idParam = (id: number) => ({ params: { path: { id } } });

export const festivalsApi = {
  /** POST /api/v1/festivals: registers a festival (pending review); 201 {festival}. */
  create: (details: FestivalDetails) => unwrap(api.POST('/api/v1/festivals', { body: details })).then((r) => r.festival),
  /** GET /api/v1/festivals?…: the approved festivals matching a search. */
  search: (s: FestivalSearch) => unwrap(api.GET('/api/v1/festivals', { params: { query: searchQuery(s) } })),
  /** GET /api/v1/festivals/{slug}: an approved festival's public page. */
  get: (slug: string) => unwrap(api.GET('/api/v1/festivals/{slug}', slugParam(slug))).then((r) => r.festival),
  /** GET /api/v1/manage/festivals: the festivals I organise. */
  mine: () => unwrap(api.GET('/api/v1/manage/festivals')).then((r) => r.items ?? []),
  /** GET /api/v1/manage/festivals/{slug}: a festival I manage, in full. */
  manage: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}', slugParam(slug))).then((r) => r.festival),
  /** PUT /api/v1/manage/festivals/{slug}: the details over the version read (409 when stale); the revision waiting for review, if any. */
  updateDetails: (slug: string, version: number, details: FestivalDetails) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}', { ...slugParam(slug), body: { version, ...details } })).then(
      (r): Festival => ({ ...r.festival, revision: r.revision ?? undefined }),
    ),
  /** PUT /api/v1/manage/festivals/{slug}/categories {version, categories}. */
  updateCategories: (slug: string, version: number, categories: CategoryInput[]) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/categories', { ...slugParam(slug), body: { version, categories } })).then(
      (r) => r.festival,
    ),
  /** PUT /api/v1/manage/festivals/{slug}/criteria {version, criteria}. */
  updateCriteria: (slug: string, version: number, criteria: CriterionInput[]) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/criteria', { ...slugParam(slug), body: { version, criteria } })).then(
      (r) => r.festival,
    ),
};

export const adminFestivalsApi = {
  /** GET /api/v1/admin/festivals?status=&page=: festivals under review, newest first, 20 a page. */
  list: (status: AdminFestivalFilter, page: number) =>
    unwrap(api.GET('/api/v1/admin/festivals', { params: { query: { status, page } } })),
  /** POST /api/v1/admin/festivals/{id}/approve: makes the festival public. */
  approve: (id: number) => unwrap(api.POST('/api/v1/admin/festivals/{id}/approve', idParam(id))).then((r) => r.festival),
  /** POST /api/v1/admin/festivals/{id}/reject {reason}: rejects with a reason the organiser sees. */
  reject: (id: number, reason: string) =>
    unwrap(api.POST('/api/v1/admin/festivals/{id}/reject', { ...idParam(id), body: { reason } })).then((r) => r.festival),
  /** POST /api/v1/admin/festivals/{id}/revision/approve {revisionId}: publishes the changes; 409 when replaced since. */
  approveRevision: (id: number, revisionId: number) =>
    unwrap(api.POST('/api/v1/admin/festivals/{id}/revision/approve', { ...idParam(id), body: { revisionId } })).then(
      (r) => r.festival,
    ),
  /** POST /api/v1/admin/festivals/{id}/revision/reject {revisionId, reason}: discards the changes; the organiser reads the reason. */
  rejectRevision: (id: number, revisionId: number, reason: string) =>
    unwrap(api.POST('/api/v1/admin/festivals/{id}/revision/reject', { ...idParam(id), body: { revisionId, reason } })).then(
      (r) => r.festival,
    ),
};

/** TanStack Query keys of the festival screens. */
export const myFestivalsKey = ['festivals', 'mine'] as const;
export const manageFestivalKey = (slug: string) => ['festivals', 'manage', slug] as const;
export const publicFestivalKey = (slug: string) => ['festivals', 'public', slug] as const;
export const festivalSearchKey = (s: FestivalSearch) => ['festivals', 'search', s] as const;
export const adminFestivalsKey = (status: AdminFestivalFilter, page: number) =>
  ['admin', 'festivals', status, page] as const;
