import { useSearchParams } from 'react-router';

/**
 * useListParams reads a list's status filter and page from the
 * URL (`?status=&page=`); the default filter and page 1 stay out of the URL.
 * With `replace`, a filter change replaces the history entry instead of
 * adding one.
 */
export function useListParams<T extends string>(filters: readonly T[], fallback: T, { replace = false } = {}) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = filters.includes(raw as T) ? (raw as T) : fallback;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setStatus = (value: T) => {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (value === fallback) next.delete('status');
    else next.set('status', value);
    setParams(next, { replace });
  };
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p === 1) next.delete('page');
    else next.set('page', String(p));
    setParams(next);
  };
  return { status, page, setStatus, setPage };
}
