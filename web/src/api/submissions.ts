import { api, unwrap, type Schemas } from './client';

/**
 * The typed client for a filmmaker's submissions: quote, submit, list and
 * withdraw. The types mirror marquee.Submission, marquee.SubmissionQuote
 * and marquee.SubmitResult as JSON. (The organiser's and judges' calls
 * live in their own files.)
 */

/** Where a submission stands. */
export type SubmissionStatus = Schemas['SubmissionStatus'];

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
export type Submission = Schemas['Submission'];

/** One category of one festival to enter. */
export type SubmissionEntry = Schemas['SubmissionEntry'];

/** The body of a quote and of a submission. */
export type NewSubmission = Schemas['NewSubmission'];

/** The price of one entry. */
export type QuoteLine = Schemas['QuoteLine'];

/** What entering would cost. */
export type SubmissionQuote = Schemas['SubmissionQuote'];

/** What submitting answers. */
export type SubmitResult = Schemas['SubmitResult'];

/** The most entries one request may carry (marquee.SubmissionEntriesMax). */
export const submissionEntriesMax = 20;

/** The filter of the filmmaker's list: a status, or every one. */
export type SubmissionFilter = SubmissionStatus | '';

export const submissionsApi = {
  /** POST /api/v1/submissions/quote: the fees the entries would cost now (waiver applied), and my balance. */
  quote: (ns: NewSubmission) => unwrap(api.POST('/api/v1/submissions/quote', { body: ns })),
  /** POST /api/v1/submissions: 201 {submissions, total, balance}; 402 when the balance is short. */
  submit: (ns: NewSubmission) => unwrap(api.POST('/api/v1/submissions', { body: ns })),
  /** GET /api/v1/submissions?status=&page=: my submissions, newest first. */
  mine: (status: SubmissionFilter, page: number) =>
    unwrap(api.GET('/api/v1/submissions', { params: { query: { status: status || undefined, page } } })),
  /** POST /api/v1/submissions/{id}/withdraw. */
  withdraw: (id: number) =>
    unwrap(api.POST('/api/v1/submissions/{id}/withdraw', { params: { path: { id } } })).then((r) => r.submission),
};
