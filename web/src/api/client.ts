/**
 * The typed client for Marquee's API, generated from the server's API
 * document (openapi-fetch over schema.d.ts). Every call goes to the page's
 * own origin with the session cookie; errors arrive as ApiError with the
 * server's message, machine code and per-field messages.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

/** The JSON error body every failing API call returns. */
export interface ApiErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly fields: Record<string, string>;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API document's types (generated from web/src/api/openapi.json: `make openapi`). */
export type Schemas = components['schemas'];

/**
 * send is the one place a request leaves: the page's origin, the session
 * cookie, the page's language as Accept-Language; a JSON body is sent as
 * its text and a file (a Blob) as it is, with its own type. It calls the
 * global fetch when the request is made (tests replace it).
 */
async function send(req: Request): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const type = req.headers.get('Content-Type');
  let body: string | Blob | undefined;
  if (req.body !== null) {
    if (type === 'application/json') {
      body = await req.text();
      headers['Content-Type'] = type;
    } else {
      headers['Content-Type'] = type || 'application/octet-stream';
      body = new Blob([await req.arrayBuffer()], { type: headers['Content-Type'] });
    }
  }
  const lang = document.documentElement.lang;
  if (lang) headers['Accept-Language'] = lang;
  const url = new URL(req.url);
  return globalThis.fetch(url.pathname + url.search, { method: req.method, headers, credentials: 'same-origin', body });
}

/**
 * api is the typed client of every route (openapi-fetch over the generated
 * `paths`): `api.GET('/api/v1/films/{id}', { params: { path: { id } } })`.
 * Its answers go through `unwrap`.
 */
export const api = createClient<paths>({
  baseUrl: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  fetch: send,
});

/** A file sent as the body of an upload, as it is. */
export const rawBody = { bodySerializer: (b: unknown) => b as Blob } as const;

/**
 * unwrap turns an openapi-fetch answer into its data, or throws ApiError
 * with the server's message, code and fields (status 0 for a network
 * failure).
 */
export async function unwrap<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  let res: { data?: D; error?: unknown; response: Response };
  try {
    res = await call;
  } catch {
    throw new ApiError(0, { message: 'Network error', code: 'network' });
  }
  if (!res.response.ok) {
    const err = (res.error && typeof res.error === 'object' ? res.error : {}) as Partial<ApiErrorBody>;
    throw new ApiError(res.response.status, {
      message: typeof err.message === 'string' ? err.message : `HTTP ${res.response.status}`,
      code: err.code,
      fields: err.fields,
    });
  }
  return res.data as D;
}

/** One page of a list, the shape of every paged list of the API: {items, total, page, perPage}. */
export interface Page<T> {
  items: T[];
  /** Every match, on all pages (at most 10,000 when totalCapped). */
  total: number;
  /** Set when the server stopped counting at total (shown as '10,000+'). */
  totalCapped?: boolean;
  /** The page number, from 1. */
  page: number;
  perPage: number;
}

/** pageCount is how many pages a list of total items has (at least 1). */
export function pageCount(list: { total: number; perPage: number } | undefined): number {
  if (!list || list.perPage <= 0) return 1;
  return Math.max(1, Math.ceil(list.total / list.perPage));
}

export type Role = Schemas['Role'];

/** The signed-in user as the server describes them (marquee.User). */
export type User = Schemas['User'];

/** What signing up sends (marquee.NewUser: name optional) and signing in (email and password). */
export type Credentials = Schemas['NewUser'];

export const authApi = {
  /** GET /api/v1/session: {user}, or {user: null} for a visitor (no 401, so no console noise). */
  session: () => unwrap(api.GET('/api/v1/session')),
  /** The current user; rejects with status 401 when nobody is signed in. */
  me: () => unwrap(api.GET('/api/v1/me')).then((r) => r.user),
  signUp: (c: Credentials) => unwrap(api.POST('/api/v1/user/register', { body: c })).then((r) => r.user),
  logIn: (c: Credentials) =>
    unwrap(api.POST('/api/v1/user/login', { body: { email: c.email, password: c.password } })).then((r) => r.user),
  logOut: () => unwrap(api.POST('/api/v1/auth/logout')),
  /** Sends the signed-in user a new confirmation link (429 past 5 an hour). */
  requestVerification: () => unwrap(api.POST('/api/v1/me/verification')),
  /** Confirms an address with the token of its link; signs nobody in. */
  verifyEmail: (token: string) => unwrap(api.POST('/api/v1/verify-email', { body: { token } })),
  changePassword: (currentPassword: string, newPassword: string) =>
    unwrap(api.POST('/api/v1/me/password', { body: { currentPassword, newPassword } })),
};
