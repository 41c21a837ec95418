import type { NewSubmission, SubmissionFilter } from '../../api/submissions';

/** TanStack Query keys of the filmmaker's submission screens. */
export const submissionsKey = ['submissions'] as const;
export const mySubmissionsKey = (status: SubmissionFilter, page: number) => ['submissions', 'mine', status, page] as const;
export const quoteKey = (body: NewSubmission | null) => ['submissions', 'quote', body] as const;
