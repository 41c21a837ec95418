import { request } from './client';
import type { Criterion } from './festivals';
import type { CriterionScore, Film, JudgeScore, Submission } from './manageSubmissions';

/**
 * The typed client for a judge's side: the festivals I judge, my queue, my
 * scores and conflicts, and invitations. The types mirror marquee.JudgeFestival,
 * marquee.Assignment and marquee.Invitation (judging.go) as JSON.
 */

/** One festival the signed-in user judges, with progress. */
export interface JudgeFestival {
  festivalId: number;
  festivalSlug: string;
  festivalName: string;
  judgeId: number;
  assigned: number;
  scored: number;
  locked: boolean;
}

/** One submission of my queue: the filmmaker is blank under blind review. */
export interface Assignment {
  submission: Submission;
  film: Film | null;
  criteria: Criterion[] | null;
  myScore: JudgeScore | null;
  conflict: boolean;
  locked: boolean;
}

/** What a judge saves for a submission (marquee.ScoreInput). */
export interface ScoreInput {
  scores: CriterionScore[];
  comment: string;
  privateNote: string;
}

/** What the invited person sees before accepting. */
export interface Invitation {
  festivalName: string;
  festivalSlug: string;
  email: string;
  /** Whether an account with that e-mail exists (log in) or not (sign up first). */
  hasAccount: boolean;
}

const base = (slug: string) => `/api/v1/judge/festivals/${encodeURIComponent(slug)}`;

export const judgingApi = {
  queue: (slug: string) => request<{ items: Assignment[] }>('GET', `${base(slug)}/submissions`).then((r) => r.items ?? []),
  assignment: (slug: string, id: number) => request<Assignment>('GET', `${base(slug)}/submissions/${id}`),
  /** PUT .../score: 409 when judging is locked or I declared a conflict. */
  saveScore: (slug: string, id: number, input: ScoreInput) =>
    request<{ score: JudgeScore }>('PUT', `${base(slug)}/submissions/${id}/score`, input).then((r) => r.score),
  declareConflict: (slug: string, id: number, reason: string) =>
    request<{ conflict: unknown }>('POST', `${base(slug)}/submissions/${id}/conflict`, { reason }),
  invitation: (token: string) => request<Invitation>('GET', `/api/v1/judge/invitations/${encodeURIComponent(token)}`),
  accept: (token: string) => request<JudgeFestival>('POST', `/api/v1/judge/invitations/${encodeURIComponent(token)}/accept`),
};

/**
 * weightedScore is a judge's weighted score on a 0..100 scale: each
 * criterion's score as a share of its maximum, weighted by its weight
 * (the front end's copy of marquee.WeightedScore, for the live figure).
 */
export function weightedScore(criteria: Criterion[], scores: Record<number, number | undefined>): number | null {
  let total = 0;
  let weights = 0;
  for (const c of criteria) {
    const s = scores[c.id];
    if (s === undefined || c.maxScore <= 0) continue;
    total += (c.weight * s) / c.maxScore;
    weights += c.weight;
  }
  if (weights === 0) return null;
  return (100 * total) / weights;
}
