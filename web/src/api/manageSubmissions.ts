import type { Film, FilmCredit } from './films';
import type { Submission as BaseSubmission } from './submissions';
import { request, type Page } from './client';
import type { Criterion } from './festivals';

/**
 * The typed client for a festival organiser's side of submissions and
 * judging, under /api/v1/manage/festivals/{slug}: the received submissions,
 * decisions, flags, settings, waiver codes, judges, assignments, conflicts
 * and rankings. The types mirror marquee.Submission, marquee.Film and the
 * judging types (submission.go, judging.go, film.go) as JSON.
 */

/** Where a submission stands (marquee.SubmissionStatus). */
export type SubmissionStatus =
  | 'submitted'
  | 'in_consideration'
  | 'selected'
  | 'not_selected'
  | 'finalist'
  | 'award_winner'
  | 'withdrawn';

/** Every status, in the order of the filters. */
export const submissionStatuses: readonly SubmissionStatus[] = [
  'submitted',
  'in_consideration',
  'selected',
  'not_selected',
  'finalist',
  'award_winner',
  'withdrawn',
];

/** The organiser's decisions (every status but submitted and withdrawn). */
export type DecisionStatus = 'in_consideration' | 'selected' | 'not_selected' | 'finalist' | 'award_winner';
export const decisionStatuses: readonly DecisionStatus[] = ['in_consideration', 'selected', 'not_selected', 'finalist', 'award_winner'];

/** The festival team's marker on a submission; '' for none (marquee.SubmissionFlag). */
export type SubmissionFlag = '' | 'strong_contender' | 'needs_review' | 'not_selected';
export const submissionFlags: readonly Exclude<SubmissionFlag, ''>[] = ['strong_contender', 'needs_review', 'not_selected'];

/** The judges' scores summed up (marquee.ScoreSummary); the scores are null without any. */
export interface ScoreSummary {
  judges: number;
  weighted: number | null;
  calibrated: number | null;
  spread: number | null;
}

/** A submission as its festival's organiser sees it: with the team's flag and the judging summary. */
export interface Submission extends Omit<BaseSubmission, 'flag'> {
  flag: SubmissionFlag;
  /** The organiser's own status of the entry (semi-finalist, ...), when it has one. */
  entryStatus?: { id: number; name: string; preset: '' | 'semi_finalist' | 'finalist' };
  /** The judging summary, for the organiser only. */
  scores?: ScoreSummary;
}

export type { Film, FilmCredit };

/** One criterion's score (marquee.CriterionScore). */
export interface CriterionScore {
  criterionId: number;
  score: number;
}

/** One judge's scoring of one submission (marquee.JudgeScore). */
export interface JudgeScore {
  judgeId: number;
  judgeName: string;
  submissionId: number;
  scores: CriterionScore[] | null;
  /** 0..100. */
  weighted: number;
  comment: string;
  /** The judge and the organiser only. */
  privateNote: string;
  updatedAt: string;
}

/** A judge's declared conflict of interest (marquee.Conflict). */
export interface Conflict {
  judgeId: number;
  judgeName: string;
  submissionId: number;
  reason: string;
  createdAt: string;
}

export type JudgeStatus = 'invited' | 'active';

/** A member of a festival's jury (marquee.Judge). */
export interface Judge {
  id: number;
  festivalId: number;
  userId: number;
  email: string;
  name: string;
  status: JudgeStatus;
  /** '' (specific submissions only), 'all' or 'category'. */
  scope: string;
  categoryIds: number[] | null;
  assigned: number;
  scored: number;
  invitedAt: string;
  acceptedAt: string | null;
}

/** One submission as its organiser sees it (marquee.SubmissionDetail). */
export interface SubmissionDetail {
  submission: Submission;
  film: Film;
  scores: JudgeScore[] | null;
  conflicts: Conflict[] | null;
  judges: Judge[] | null;
}

/** The organiser's settings of submissions and judging (marquee.FestivalSettings). */
export interface FestivalSettings {
  refundOnWithdraw: boolean;
  blindReview: boolean;
  judgingLocked: boolean;
}

/** A fee waiver code (marquee.Waiver). */
export interface Waiver {
  id: number;
  festivalId: number;
  code: string;
  percent: number;
  usageLimit: number;
  used: number;
  /** "YYYY-MM-DD", the last day it works. */
  expiresOn: string;
  createdAt: string;
}

export interface NewWaiver {
  code: string;
  percent: number;
  usageLimit: number;
  expiresOn: string;
}

/** The sort orders of the received list. */
export type ReceivedSort = 'date' | 'score' | 'calibrated';

/** The filters of the received list; empty values stay out of the request. */
export interface ReceivedFilter {
  category?: string;
  status?: string;
  country?: string;
  /** A flag, or 'none' for unflagged submissions. */
  flag?: string;
  minScore?: string;
  maxScore?: string;
  /** The id of one of the organiser's own statuses. */
  entryStatus?: string;
  sort?: ReceivedSort;
  page?: number;
}

/** The organiser's decision on submissions (marquee.Decision with the ids). */
export interface DecisionRequest {
  ids: number[];
  status: DecisionStatus;
  awardName?: string;
  shareComments?: boolean;
}

export type AssignmentMode = 'all' | 'category' | 'specific' | 'spread';

/** An assignment of judges (marquee.AssignmentRequest). */
export interface AssignmentRequest {
  mode: AssignmentMode;
  judgeIds: number[];
  categoryIds?: number[];
  submissionIds?: number[];
  perSubmission?: number;
}

/** One line of a ranking (marquee.RankedSubmission): rank is in the page's order, 0 when not scored. */
export interface RankedSubmission {
  submission: Submission;
  summary: ScoreSummary;
  rank: number;
  /** Scored by fewer judges than the festival's minJudges setting. */
  belowMinimumJudges: boolean;
}

/** The orders of a ranking (marquee.RankingSortWeighted, RankingSortCalibrated). */
export type RankingSort = 'weighted' | 'calibrated';

/** A page of a ranking (marquee.RankingFilter): one category (all when 0), one order, 50 a page. */
export interface RankingFilter {
  category: number;
  sort: RankingSort;
  page: number;
}

/** rankingParams turns a ranking's filter into its query string. */
export function rankingParams(f: RankingFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.category > 0) p.set('category', String(f.category));
  p.set('sort', f.sort);
  p.set('page', String(f.page > 1 ? f.page : 1));
  return p;
}

/** receivedParams turns a filter into the query string of the received list. */
export function receivedParams(f: ReceivedFilter): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ['category', 'status', 'country', 'flag', 'minScore', 'maxScore', 'entryStatus', 'sort'] as const) {
    const v = f[key]?.trim();
    if (v) p.set(key, v);
  }
  p.set('page', String(f.page && f.page > 1 ? f.page : 1));
  return p;
}

const base = (slug: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}`;

export const manageSubmissionsApi = {
  /** GET .../submissions: a page of 50 received submissions with their score summaries. */
  list: (slug: string, f: ReceivedFilter) => request<Page<Submission>>('GET', `${base(slug)}/submissions?${receivedParams(f)}`),
  /** GET .../submissions/{id}: one submission in full. */
  detail: (slug: string, id: number) => request<SubmissionDetail>('GET', `${base(slug)}/submissions/${id}`),
  /** POST .../submissions/decision: decides on several submissions at once. */
  decide: (slug: string, d: DecisionRequest) =>
    request<{ items: Submission[] }>('POST', `${base(slug)}/submissions/decision`, d).then((r) => r.items ?? []),
  /** PUT .../submissions/{id}/flag. */
  setFlag: (slug: string, id: number, flag: SubmissionFlag) =>
    request<{ submission: Submission }>('PUT', `${base(slug)}/submissions/${id}/flag`, { flag }).then((r) => r.submission),
  /** The address of the CSV download (a plain link; the session cookie goes with it). */
  csvUrl: (slug: string) => `${base(slug)}/submissions.csv`,
  settings: (slug: string) => request<FestivalSettings>('GET', `${base(slug)}/settings`),
  updateSettings: (slug: string, s: FestivalSettings) => request<FestivalSettings>('PUT', `${base(slug)}/settings`, s),
  waivers: (slug: string) => request<{ items: Waiver[] }>('GET', `${base(slug)}/waivers`).then((r) => r.items ?? []),
  createWaiver: (slug: string, w: NewWaiver) =>
    request<{ waiver: Waiver }>('POST', `${base(slug)}/waivers`, w).then((r) => r.waiver),
  deleteWaiver: (slug: string, id: number) => request<void>('DELETE', `${base(slug)}/waivers/${id}`),
  judges: (slug: string) => request<{ items: Judge[] }>('GET', `${base(slug)}/judges`).then((r) => r.items ?? []),
  invite: (slug: string, email: string) =>
    request<{ judge: Judge }>('POST', `${base(slug)}/judges`, { email }).then((r) => r.judge),
  removeJudge: (slug: string, id: number) => request<void>('DELETE', `${base(slug)}/judges/${id}`),
  /** POST .../assignments: answers how many (judge, submission) pairs were added. */
  assign: (slug: string, req: AssignmentRequest) =>
    request<{ added: number }>('POST', `${base(slug)}/assignments`, req).then((r) => r.added),
  unassign: (slug: string, judgeId: number, submissionId: number) =>
    request<void>('DELETE', `${base(slug)}/judges/${judgeId}/submissions/${submissionId}`),
  conflicts: (slug: string) => request<{ items: Conflict[] }>('GET', `${base(slug)}/conflicts`).then((r) => r.items ?? []),
  /** GET .../ranking: a page of 50 lines of a ranking, the scored by score (ties by id), then the unscored. */
  ranking: (slug: string, f: RankingFilter) => request<Page<RankedSubmission>>('GET', `${base(slug)}/ranking?${rankingParams(f)}`),
  setLocked: (slug: string, locked: boolean) => request<FestivalSettings>('PUT', `${base(slug)}/judging/lock`, { locked }),
};

export type { Criterion };
