/**
 * The typed client for Marquee's API. Every call goes to the page's own origin
 * with the session cookie; errors arrive as ApiError with the server's
 * message, machine code and per-field messages.
 */

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

/**
 * request performs one JSON call and returns the decoded body. A Blob (a
 * File) body is sent as it is, with its own type (uploads of raw bytes).
 */
export async function request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const raw = body instanceof Blob;
  if (raw) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  const lang = document.documentElement.lang;
  if (lang) headers['Accept-Language'] = lang;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: raw ? body : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, { message: 'Network error', code: 'network' });
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(res.status, {
      message: typeof err.message === 'string' ? err.message : `HTTP ${res.status}`,
      code: err.code,
      fields: err.fields,
    });
  }
  return data as T;
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

export type Role = 'filmmaker' | 'organiser' | 'admin';

/** The signed-in user as the server describes them. */
export interface User {
  id: number;
  email: string;
  name: string;
  role: Role;
  credits: number;
  createdAt: string;
  termsAcceptedAt?: string | null;
  /** Whether the user confirmed their address; until then Marquee mails them nothing else. */
  emailVerified?: boolean;
}

export interface Credentials {
  email: string;
  password: string;
  name?: string;
}

export const authApi = {
  /** The current user; rejects with status 401 when nobody is signed in. */
  me: () => request<{ user: User }>('GET', '/api/v1/me').then((r) => r.user),
  signUp: (c: Credentials) => request<{ user: User }>('POST', '/api/v1/user/register', c).then((r) => r.user),
  logIn: (c: Credentials) => request<{ user: User; token: string }>('POST', '/api/v1/user/login', c).then((r) => r.user),
  logOut: () => request<void>('POST', '/api/v1/auth/logout'),
  /** Sends the signed-in user a new confirmation link (429 past 5 an hour). */
  requestVerification: () => request<void>('POST', '/api/v1/me/verification'),
  /** Confirms an address with the token of its link; signs nobody in. */
  verifyEmail: (token: string) => request<{ verified: boolean }>('POST', '/api/v1/verify-email', { token }),
  changePassword: (currentPassword: string, newPassword: string) =>
    request<void>('POST', '/api/v1/me/password', { currentPassword, newPassword }),
};
