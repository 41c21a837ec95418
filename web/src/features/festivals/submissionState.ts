import { deadlineTiers, type DeadlineTier, type Festival } from '../../api/festivals';

/**
 * Where a festival's call for entries stands, as its public page says it:
 * 'open' while some category has a deadline on or after today; 'notOpen'
 * when no category has a deadline at all (a newly approved festival whose
 * organiser has not announced categories yet: it never opened); 'closed'
 * when every deadline has passed.
 */
export type SubmissionState = 'open' | 'notOpen' | 'closed';

/** submissionState is the one rule for the festival page's badge and its 'Next deadline' fact. */
export function submissionState(
  f: Pick<Festival, 'nextDeadline' | 'categories'> & Partial<Pick<Festival, 'deadlinesAnnounced'>>,
): SubmissionState {
  if (f.nextDeadline) return 'open';
  // Search results carry no categories, only whether any deadline was announced.
  const announced = f.categories
    ? f.categories.some((c) => c.deadlines.length > 0)
    : (f.deadlinesAnnounced ?? false);
  return announced ? 'closed' : 'notOpen';
}

/**
 * The call for entries of an open festival as its page states it: the last
 * day any category still takes entries (later tiers run on after the
 * nearest deadline), the fee tiers in force today (one per category, in
 * tier order, without repeats) and the day the first of them ends.
 */
export interface CallForEntries {
  finalDeadline: string;
  tiers: DeadlineTier[];
  tierEnds: string;
}

/** callForEntries reads a full festival's categories; null when closed or when the categories were not sent. */
export function callForEntries(f: Pick<Festival, 'nextDeadline' | 'categories'>): CallForEntries | null {
  const open = (f.categories ?? []).filter((c) => c.current !== null);
  if (!f.nextDeadline || open.length === 0) return null;
  const dates = open.flatMap((c) => c.deadlines.map((d) => d.date));
  const finalDeadline = dates.reduce((a, b) => (b > a ? b : a), f.nextDeadline);
  const current = open.map((c) => c.current!);
  const tiers = deadlineTiers.filter((t) => current.some((d) => d.tier === t));
  const tierEnds = current.map((d) => d.date).reduce((a, b) => (b < a ? b : a));
  return { finalDeadline, tiers, tierEnds };
}
