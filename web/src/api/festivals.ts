import { request } from './client';

/**
 * The typed client for the festival API: registration, discovery, public
 * festival pages, organiser management and admin review. The types mirror
 * marquee.Festival and its parts as the server sends them as JSON.
 */

/** Where a festival stands in the admins' review. Only approved festivals are public. */
export type FestivalStatus = 'pending' | 'approved' | 'rejected';

/** A fee tier of a category's deadlines. */
export type DeadlineTier = 'early' | 'regular' | 'late';

/** The fee tiers in the order their dates must fall. */
export const deadlineTiers: readonly DeadlineTier[] = ['early', 'regular', 'late'];

/** One fee tier: submissions made on or before `date` ("YYYY-MM-DD") pay `fee` credits. */
export interface Deadline {
  tier: DeadlineTier;
  date: string;
  fee: number;
}

/** A competition section of a festival. */
export interface Category {
  id: number;
  name: string;
  description: string;
  /** In tier order. */
  deadlines: Deadline[];
  /** The tier that applies today; null when every deadline has passed. */
  current: Deadline | null;
}

/** One judging criterion of a festival. */
export interface Criterion {
  id: number;
  name: string;
  weight: number;
  maxScore: number;
}

/** The parts of a festival its organiser writes on the registration form and edits later. */
export interface FestivalDetails {
  name: string;
  description: string;
  location: string;
  /** ISO 3166-1 alpha-2, upper case; "" when not given. */
  country: string;
  city: string;
  website: string;
  /** "YYYY-MM-DD". */
  startDate: string;
  /** "YYYY-MM-DD". */
  endDate: string;
  contactEmail: string;
}

/** A film festival registered on Marquee. */
export interface Festival extends FestivalDetails {
  id: number;
  slug: string;
  status: FestivalStatus;
  rejectionReason: string;
  /** Counts saved changes; every edit names the version it started from. */
  version: number;
  /** The earliest deadline on or after today; "" when submissions are closed. */
  nextDeadline: string;
  /** The lowest current fee across the categories; null when closed. */
  minFee: number | null;
  /**
   * Whether any category has a deadline (with nextDeadline "": closed, not
   * "not open yet"). Sent with search results and full reads; absent in
   * lists that do not read categories.
   */
  deadlinesAnnounced?: boolean;
  createdAt: string;
  updatedAt: string;
  reviewedAt: string | null;
  /** Present when one festival is read in full. */
  categories?: Category[];
  /** Present only for its organiser and the admins. */
  criteria?: Criterion[];
  /** Changes to the public facts of an approved festival waiting for (or refused by) an admin; organiser and admins only. */
  revision?: FestivalRevision | null;
}

/** The public facts whose changes wait for an admin once a festival is approved (marquee.FestivalReviewedFields). */
export const reviewedFields = ['name', 'description', 'location', 'country', 'city', 'website', 'contactEmail'] as const;
export type ReviewedField = (typeof reviewedFields)[number];

/** One changed public fact: its approved (public) value and the value waiting for review. */
export interface FieldChange {
  field: ReviewedField;
  old: string;
  new: string;
}

/** A festival's one revision (marquee.FestivalRevision). */
export interface FestivalRevision {
  id: number;
  festivalId: number;
  status: 'pending' | 'rejected';
  /** Against the approved values, in form order. */
  changes: FieldChange[];
  rejectionReason: string;
  createdAt: string;
  reviewedAt: string | null;
}

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
export interface FestivalList {
  items: Festival[];
  total: number;
  page: number;
  perPage: number;
}

/** A category as the organiser saves it; without id it is a new one. */
export interface CategoryInput {
  id?: number;
  name: string;
  description: string;
  deadlines: Deadline[];
}

/** A judging criterion as the organiser saves it; without id it is a new one. */
export interface CriterionInput {
  id?: number;
  name: string;
  weight: number;
  maxScore: number;
}

/** The admins' review filter. */
export type AdminFestivalFilter = FestivalStatus | 'revision' | 'all';

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

const slugPath = (slug: string) => encodeURIComponent(slug);

export const festivalsApi = {
  /** POST /api/v1/festivals: registers a pending festival; 201 {festival}, 400 with field errors. */
  create: (details: FestivalDetails) =>
    request<{ festival: Festival }>('POST', '/api/v1/festivals', details).then((r) => r.festival),
  /** GET /api/v1/festivals: a page of approved festivals (without categories). Public. */
  search: (s: FestivalSearch) => {
    const qs = searchParams(s).toString();
    return request<FestivalList>('GET', qs ? `/api/v1/festivals?${qs}` : '/api/v1/festivals');
  },
  /** GET /api/v1/festivals/{slug}: one approved festival with its categories; 404 otherwise. Public. */
  get: (slug: string) => request<{ festival: Festival }>('GET', `/api/v1/festivals/${slugPath(slug)}`).then((r) => r.festival),
  /** GET /api/v1/manage/festivals: the signed-in user's festivals, any status. */
  mine: () => request<{ items: Festival[] }>('GET', '/api/v1/manage/festivals').then((r) => r.items ?? []),
  /** GET /api/v1/manage/festivals/{slug}: one festival in full for its organiser (or an admin). */
  manage: (slug: string) =>
    request<{ festival: Festival }>('GET', `/api/v1/manage/festivals/${slugPath(slug)}`).then((r) => r.festival),
  /**
   * PUT /api/v1/manage/festivals/{slug}: saves the details; 409 when version is stale. On an approved
   * festival the changed public facts wait for review: {festival (approved values), revision}.
   */
  updateDetails: (slug: string, version: number, details: FestivalDetails) =>
    request<{ festival: Festival; revision: FestivalRevision | null }>(
      'PUT',
      `/api/v1/manage/festivals/${slugPath(slug)}`,
      { version, ...details },
    ).then((r) => ({ ...r.festival, revision: r.revision ?? null })),
  /** PUT /api/v1/manage/festivals/{slug}/categories: replaces the categories and their deadlines. */
  updateCategories: (slug: string, version: number, categories: CategoryInput[]) =>
    request<{ festival: Festival }>('PUT', `/api/v1/manage/festivals/${slugPath(slug)}/categories`, {
      version,
      categories,
    }).then((r) => r.festival),
  /** PUT /api/v1/manage/festivals/{slug}/criteria: replaces the judging criteria. */
  updateCriteria: (slug: string, version: number, criteria: CriterionInput[]) =>
    request<{ festival: Festival }>('PUT', `/api/v1/manage/festivals/${slugPath(slug)}/criteria`, {
      version,
      criteria,
    }).then((r) => r.festival),
};

export const adminFestivalsApi = {
  /** GET /api/v1/admin/festivals?status=&page=: festivals under review, newest first, 20 a page. */
  list: (status: AdminFestivalFilter, page: number) =>
    request<FestivalList>('GET', `/api/v1/admin/festivals?${new URLSearchParams({ status, page: String(page) })}`),
  /** POST /api/v1/admin/festivals/{id}/approve: makes the festival public. */
  approve: (id: number) =>
    request<{ festival: Festival }>('POST', `/api/v1/admin/festivals/${id}/approve`).then((r) => r.festival),
  /** POST /api/v1/admin/festivals/{id}/reject {reason}: rejects with a reason the organiser sees. */
  reject: (id: number, reason: string) =>
    request<{ festival: Festival }>('POST', `/api/v1/admin/festivals/${id}/reject`, { reason }).then((r) => r.festival),
  /** POST /api/v1/admin/festivals/{id}/revision/approve {revisionId}: publishes the changes; 409 when replaced since. */
  approveRevision: (id: number, revisionId: number) =>
    request<{ festival: Festival }>('POST', `/api/v1/admin/festivals/${id}/revision/approve`, { revisionId }).then(
      (r) => r.festival,
    ),
  /** POST /api/v1/admin/festivals/{id}/revision/reject {revisionId, reason}: discards the changes; the organiser reads the reason. */
  rejectRevision: (id: number, revisionId: number, reason: string) =>
    request<{ festival: Festival }>('POST', `/api/v1/admin/festivals/${id}/revision/reject`, { revisionId, reason }).then(
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
