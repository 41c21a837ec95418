import { useSearchParams } from 'react-router';
import type { ReceivedFilter, ReceivedSort } from '../../api/manageSubmissions';

/** The orders the received list can take. */
export const sorts: ReceivedSort[] = ['date', 'score', 'calibrated'];
const filterKeys = ['category', 'status', 'country', 'flag', 'minScore', 'maxScore', 'entryStatus'] as const;
type FilterKey = (typeof filterKeys)[number];

/** useReceivedFilter reads the list's filters, sort and page from the URL; empty ones stay out of it. */
export function useReceivedFilter() {
  const [params, setParams] = useSearchParams();
  const rawSort = params.get('sort') as ReceivedSort | null;
  const filter: Required<Pick<ReceivedFilter, FilterKey>> & { sort: ReceivedSort; page: number } = {
    category: params.get('category') ?? '',
    status: params.get('status') ?? '',
    country: params.get('country') ?? '',
    flag: params.get('flag') ?? '',
    minScore: params.get('minScore') ?? '',
    maxScore: params.get('maxScore') ?? '',
    entryStatus: params.get('entryStatus') ?? '',
    sort: rawSort && sorts.includes(rawSort) ? rawSort : 'date',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  const change = (values: Partial<Record<FilterKey | 'sort', string>>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('page');
        for (const [k, v] of Object.entries(values)) {
          if (!v || (k === 'sort' && v === 'date')) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );
  };
  const setPage = (p: number) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (p === 1) next.delete('page');
      else next.set('page', String(p));
      return next;
    });
  const clear = () => setParams(new URLSearchParams(), { replace: true });
  const filtered = filterKeys.some((k) => filter[k] !== '');
  return { filter, change, setPage, clear, filtered };
}
