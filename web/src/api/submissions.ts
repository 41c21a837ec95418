import { request, type Page } from './client';
import type { DeadlineTier } from './festivals';

/**
 * The typed client for a filmmaker's submissions: quote, submit, list and
 * withdraw. The types mirror marquee.Submission, marquee.SubmissionQuote
 * and marquee.SubmitResult as JSON. (The organiser's and judges' calls
 * live in their own files.)
 */

/** Where a submission stands. */
export type SubmissionStatus =
  | 'submitted'
  | 'in_consideration'
  | 'selected'
  | 'not_selected'
  | 'finalist'
  | 'award_winner'
  | 'withdrawn';

/** Every status, in the order a submission moves through them. */
export const submissionStatuses: readonly SubmissionStatus[] = [
  'submitted',
  'in_consideration',
  'selected',
  'not_selected',
  'finalist',
  'award_winner',
  'withdrawn',
];

/** The statuses a filmmaker may still withdraw from (no decision yet). */
export const undecidedStatuses: readonly SubmissionStatus[] = ['submitted', 'in_consideration'];

/** One film in one category of one festival. */
export interface Submission {
  id: number;
  filmId: number;
  filmTitle: string;
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  categoryId: number;
  categoryName: string;
  filmmakerId: number;
  filmmakerName: string;
  filmmakerEmail: string;
  country: string;
  tier: DeadlineTier;
  /** The tier's fee; paidCredits is what was taken after a waiver. */
  feeCredits: number;
  paidCredits: number;
  waiverCode: string;
  /** What a withdrawal gave back. */
  refundedCredits: number;
  status: SubmissionStatus;
  awardName: string;
  /** The festival team's own flag; never shown to the filmmaker. */
  flag: string;
  /** The judges' comments the organiser shared; empty otherwise. */
  feedback: string[] | null;
  language: string;
  createdAt: string;
  decidedAt: string | null;
  withdrawnAt: string | null;
  /** When the filmmaker accepted the festival's rules and terms (null when it had none). */
  rulesAcceptedAt?: string | null;
}

/** One category of one festival to enter. */
export interface SubmissionEntry {
  festivalId: number;
  categoryId: number;
}

/** The body of a quote and of a submission. */
export interface NewSubmission {
  filmId: number;
  entries: SubmissionEntry[];
  waiverCode?: string;
  /** The filmmaker's explicit acceptance of the festivals' rules and terms (required when one has them). */
  acceptRules?: boolean;
}

/** The price of one entry. */
export interface QuoteLine {
  festivalId: number;
  festivalName: string;
  categoryId: number;
  categoryName: string;
  tier: DeadlineTier;
  /** The tier's date, "YYYY-MM-DD". */
  deadline: string;
  fee: number;
  /** From the waiver. */
  discount: number;
  price: number;
}

/** What entering would cost. */
export interface SubmissionQuote {
  lines: QuoteLine[];
  total: number;
  balance: number;
  /** Whether the waiver code lowered any price. */
  waiverApplied: boolean;
}

/** What submitting answers. */
export interface SubmitResult {
  submissions: Submission[];
  total: number;
  balance: number;
}

/** The most entries one request may carry (marquee.SubmissionEntriesMax). */
export const submissionEntriesMax = 20;

/** The filter of the filmmaker's list: a status, or every one. */
export type SubmissionFilter = SubmissionStatus | '';

export const submissionsApi = {
  /** POST /api/v1/submissions/quote: prices the entries; writes nothing. */
  quote: (ns: NewSubmission) => request<SubmissionQuote>('POST', '/api/v1/submissions/quote', ns),
  /** POST /api/v1/submissions: 201; 402 insufficient_credits (nothing written) with a message naming total and balance. */
  submit: (ns: NewSubmission) => request<SubmitResult>('POST', '/api/v1/submissions', ns),
  /** GET /api/v1/submissions?status=&page=: the user's own, newest first, 20 a page. */
  mine: (status: SubmissionFilter, page: number) => {
    const p = new URLSearchParams();
    if (status) p.set('status', status);
    p.set('page', String(page));
    return request<Page<Submission>>('GET', `/api/v1/submissions?${p.toString()}`);
  },
  /** POST /api/v1/submissions/{id}/withdraw: {submission} (refundedCredits > 0 when refunded). */
  withdraw: (id: number) =>
    request<{ submission: Submission }>('POST', `/api/v1/submissions/${id}/withdraw`).then((r) => r.submission),
};
