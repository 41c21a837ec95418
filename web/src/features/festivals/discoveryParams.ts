import type { FestivalSearch, FestivalSort } from '../../api/festivals';
import { countryCodes } from '../../lib/countries';
import { monthRange } from '../../lib/dates';

/**
 * The discovery page keeps its whole state in the URL so that a search can
 * be shared and the back button walks through it: q, country, month
 * (YYYY-MM), open (1), category, maxFee, sort and page.
 */
export interface DiscoveryFilters {
  q: string;
  country: string;
  month: string;
  open: boolean;
  category: string;
  maxFee: string;
  /** The sort the user chose; '' for the default. */
  sort: FestivalSort | '';
  page: number;
}

export type FilterParam = 'q' | 'country' | 'month' | 'open' | 'category' | 'maxFee' | 'sort' | 'page';

const sorts: FestivalSort[] = ['deadline', 'start', 'relevance'];
const countrySet = new Set<string>(countryCodes);

/** readFilters reads the filters from the URL, dropping values the API would refuse. */
export function readFilters(params: URLSearchParams): DiscoveryFilters {
  const country = (params.get('country') ?? '').toUpperCase();
  const month = params.get('month') ?? '';
  const maxFee = params.get('maxFee') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: params.get('q') ?? '',
    country: countrySet.has(country) ? country : '',
    month: monthRange(month) ? month : '',
    open: params.get('open') === '1' || params.get('open') === 'true',
    category: params.get('category') ?? '',
    maxFee: /^\d{1,9}$/.test(maxFee) ? maxFee : '',
    sort: sorts.includes(sort as FestivalSort) ? (sort as FestivalSort) : '',
    page: Number.isFinite(page) && page > 1 ? page : 1,
  };
}

/** effectiveSort is the order results come in: the chosen one, else relevance for a query, else deadline. */
export function effectiveSort(f: Pick<DiscoveryFilters, 'q' | 'sort'>): FestivalSort {
  const hasQuery = f.q.trim() !== '';
  if (f.sort === 'relevance' && !hasQuery) return 'deadline';
  return f.sort || (hasQuery ? 'relevance' : 'deadline');
}

/** toSearch turns the filters into the API's search. */
export function toSearch(f: DiscoveryFilters): FestivalSearch {
  const range = monthRange(f.month);
  return {
    q: f.q.trim() || undefined,
    country: f.country || undefined,
    from: range?.from,
    to: range?.to,
    open: f.open || undefined,
    category: f.category.trim() || undefined,
    maxFee: f.maxFee === '' ? undefined : Number(f.maxFee),
    sort: effectiveSort(f),
    page: f.page,
  };
}

/**
 * withChanges returns the URL parameters with some filters changed ('' or
 * null removes one); any change but a page change goes back to page 1.
 */
export function withChanges(params: URLSearchParams, changes: Partial<Record<FilterParam, string | null>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  if (!('page' in changes)) next.delete('page');
  // Relevance needs a query.
  if (!(next.get('q') ?? '').trim() && next.get('sort') === 'relevance') next.delete('sort');
  return next;
}
