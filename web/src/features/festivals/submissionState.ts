import type { Festival } from '../../api/festivals';

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
