import type { Submission } from '../../api/submissions';

/** submission builds a Submission JSON answer with sensible defaults. */
export function submission(over: Partial<Submission> = {}): Submission {
  return {
    id: 31,
    filmId: 7,
    filmTitle: 'Night Train',
    festivalId: 1,
    festivalSlug: 'kyoto-shorts',
    festivalName: 'Kyoto Shorts',
    categoryId: 10,
    categoryName: 'Short film',
    filmmakerId: 1,
    filmmakerName: 'Ana',
    filmmakerEmail: 'ana@example.com',
    country: 'JP',
    tier: 'regular',
    feeCredits: 30,
    paidCredits: 30,
    waiverCode: '',
    refundedCredits: 0,
    status: 'submitted',
    awardName: '',
    flag: '',
    feedback: [],
    language: 'en',
    createdAt: '2026-02-01T09:00:00Z',
    decidedAt: null,
    withdrawnAt: null,
    rulesAcceptedAt: null,
    ...over,
  };
}
