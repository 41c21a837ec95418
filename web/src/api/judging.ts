import { api, unwrap, type Schemas } from './client';
import type { Criterion } from './festivals';

/**
 * The typed client for a judge's side: the festivals I judge, my queue, my
 * scores and conflicts, and invitations. The types mirror marquee.JudgeFestival,
 * marquee.Assignment and marquee.Invitation (judging.go) as JSON.
 */

/** One festival the signed-in user judges, with progress. */
export type JudgeFestival = Schemas['JudgeFestival'];

/** One submission of my queue: the filmmaker is blank under blind review. */
export type Assignment = Schemas['Assignment'];

/**
 * An assignment with its submission: every one of the queue (a conflict
 * there hides only the film), and one read alone unless in conflict.
 */
export type ScoredAssignment = Assignment & { submission: Schemas['Submission'] };

/** withSubmission tells an assignment that carries its submission. */
export function withSubmission(a: Assignment): a is ScoredAssignment {
  return a.submission !== null;
}

/** What a judge saves for a submission (marquee.ScoreInput). */
export type ScoreInput = Schemas['ScoreInput'];

/** What the invited person sees before accepting. */
export type Invitation = Schemas['Invitation'];

const at = (slug: string, id: number) => ({ params: { path: { slug, id } } });

export const judgingApi = {
  /** GET /api/v1/judge/festivals/{slug}/submissions: my queue. */
  queue: (slug: string) =>
    unwrap(api.GET('/api/v1/judge/festivals/{slug}/submissions', { params: { path: { slug } } })).then((r) =>
      (r.items ?? []).filter(withSubmission),
    ),
  /** GET /api/v1/judge/festivals/{slug}/submissions/{id}: one assignment as a judge sees it. */
  assignment: (slug: string, id: number) => unwrap(api.GET('/api/v1/judge/festivals/{slug}/submissions/{id}', at(slug, id))),
  /** PUT .../submissions/{id}/score: saves my scores; 409 when judging is locked. */
  saveScore: (slug: string, id: number, input: ScoreInput) =>
    unwrap(api.PUT('/api/v1/judge/festivals/{slug}/submissions/{id}/score', { ...at(slug, id), body: input })).then((r) => r.score),
  /** POST .../submissions/{id}/conflict {reason}: declares a conflict of interest. */
  declareConflict: (slug: string, id: number, reason: string) =>
    unwrap(api.POST('/api/v1/judge/festivals/{slug}/submissions/{id}/conflict', { ...at(slug, id), body: { reason } })),
  /** GET /api/v1/judge/invitations/{token}. */
  invitation: (token: string) => unwrap(api.GET('/api/v1/judge/invitations/{token}', { params: { path: { token } } })),
  /** POST /api/v1/judge/invitations/{token}/accept. */
  accept: (token: string) => unwrap(api.POST('/api/v1/judge/invitations/{token}/accept', { params: { path: { token } } })),
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
