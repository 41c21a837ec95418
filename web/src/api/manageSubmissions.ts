import type { Film, FilmCredit } from './films';
import { api, unwrap, type Schemas } from './client';
import type { Criterion } from './festivals';

/**
 * The typed client for a festival organiser's side of submissions and
 * judging, under /api/v1/manage/festivals/{slug}: the received submissions,
 * decisions, flags, settings, waiver codes, judges, assignments, conflicts
 * and rankings. The types mirror marquee.Submission, marquee.Film and the
 * judging types (submission.go, judging.go, film.go) as JSON.
 */

/** Where a submission stands (marquee.SubmissionStatus). */
export type SubmissionStatus = Schemas['SubmissionStatus'];

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
export type SubmissionFlag = Schemas['SubmissionFlag'];
export const submissionFlags: readonly Exclude<SubmissionFlag, ''>[] = ['strong_contender', 'needs_review', 'not_selected'];

/** The judges' scores summed up (marquee.ScoreSummary); the scores are null without any. */
export type ScoreSummary = Schemas['ScoreSummary'];

/** A submission as its festival's organiser sees it: with the team's flag and the judging summary. */
export type Submission = Schemas['Submission'];

export type { Film, FilmCredit };

/** One criterion's score (marquee.CriterionScore). */
export type CriterionScore = Schemas['CriterionScore'];

/** One judge's scoring of one submission (marquee.JudgeScore). */
export type JudgeScore = Schemas['JudgeScore'];

/** A judge's declared conflict of interest (marquee.Conflict). */
export type Conflict = Schemas['Conflict'];

export type JudgeStatus = Schemas['JudgeStatus'];

/** A member of a festival's jury (marquee.Judge). */
export type Judge = Schemas['Judge'];

/** One submission as its organiser sees it (marquee.SubmissionDetail). */
export type SubmissionDetail = Schemas['SubmissionDetail'];

/** The organiser's settings of submissions and judging (marquee.FestivalSettings). */
export type FestivalSettings = Schemas['FestivalSettings'];

/** A fee waiver code (marquee.Waiver). */
export type Waiver = Schemas['Waiver'];

export type NewWaiver = Schemas['NewWaiver'];

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
  /** The id of one of the organiser's own statuses (semi-finalist, finalist, custom). */
  entryStatus?: string;
  sort?: ReceivedSort;
  page?: number;
}

/** The organiser's decision on submissions (marquee.Decision with the ids). */
export type DecisionRequest = Schemas['DecisionRequest'];

export type AssignmentMode = 'all' | 'category' | 'specific' | 'spread';

/** An assignment of judges (marquee.AssignmentRequest). */
export type AssignmentRequest = Schemas['AssignmentRequest'];

/** One line of a ranking (marquee.RankedSubmission): rank is in the page's order, 0 when not scored. */
export type RankedSubmission = Schemas['RankedSubmission'];

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

const slugParam = (slug: string) => ({ params: { path: { slug } } });
const at = (slug: string, id: number) => ({ params: { path: { slug, id } } });
const num = (v: string | undefined) => (v?.trim() ? Number(v.trim()) : undefined);
const text = (v: string | undefined) => v?.trim() || undefined;

export const manageSubmissionsApi = {
  /** GET .../submissions?category=&status=&country=&flag=&minScore=&maxScore=&entryStatus=&sort=&page=: the received list. */
  list: (slug: string, f: ReceivedFilter) =>
    unwrap(
      api.GET('/api/v1/manage/festivals/{slug}/submissions', {
        params: {
          path: { slug },
          query: {
            category: num(f.category),
            status: text(f.status) as SubmissionStatus | undefined,
            country: text(f.country),
            flag: text(f.flag),
            minScore: num(f.minScore),
            maxScore: num(f.maxScore),
            entryStatus: num(f.entryStatus),
            sort: f.sort || undefined,
            page: f.page && f.page > 1 ? f.page : 1,
          },
        },
      }),
    ),
  /** GET .../submissions/{id}: one submission with its film, scores, conflicts and judges. */
  detail: (slug: string, id: number) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/submissions/{id}', at(slug, id))),
  /** POST .../submissions/decision {ids, status, awardName?, shareComments?}. */
  decide: (slug: string, d: DecisionRequest) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/submissions/decision', { ...slugParam(slug), body: d })).then((r) => r.items ?? []),
  /** PUT .../submissions/{id}/flag {flag}. */
  setFlag: (slug: string, id: number, flag: SubmissionFlag) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/submissions/{id}/flag', { ...at(slug, id), body: { flag } })).then(
      (r) => r.submission,
    ),
  /** The address of every submission as CSV, downloaded by the browser. */
  csvUrl: (slug: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}/submissions.csv`,
  /** GET .../settings. */
  settings: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/settings', slugParam(slug))),
  /** PUT .../settings: a field left out keeps its value. */
  updateSettings: (slug: string, s: Schemas['SettingsChange']) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/settings', { ...slugParam(slug), body: s })),
  /** GET .../waivers. */
  waivers: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/waivers', slugParam(slug))).then((r) => r.items ?? []),
  /** POST .../waivers. */
  createWaiver: (slug: string, w: NewWaiver) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/waivers', { ...slugParam(slug), body: w })).then((r) => r.waiver),
  /** DELETE .../waivers/{id}. */
  deleteWaiver: (slug: string, id: number) => unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/waivers/{id}', at(slug, id))),
  /** GET .../judges. */
  judges: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/judges', slugParam(slug))).then((r) => r.items ?? []),
  /** POST .../judges {email}: invites a judge. */
  invite: (slug: string, email: string) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/judges', { ...slugParam(slug), body: { email } })).then((r) => r.judge),
  /** DELETE .../judges/{id}. */
  removeJudge: (slug: string, id: number) => unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/judges/{id}', at(slug, id))),
  /** POST .../assignments: how many assignments were added. */
  assign: (slug: string, req: AssignmentRequest) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/assignments', { ...slugParam(slug), body: req })).then((r) => r.added),
  /** DELETE .../judges/{judgeId}/submissions/{submissionId}. */
  unassign: (slug: string, judgeId: number, submissionId: number) =>
    unwrap(
      api.DELETE('/api/v1/manage/festivals/{slug}/judges/{judgeId}/submissions/{submissionId}', {
        params: { path: { slug, judgeId, submissionId } },
      }),
    ),
  /** GET .../conflicts. */
  conflicts: (slug: string) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/conflicts', slugParam(slug))).then((r) => r.items ?? []),
  /** GET .../ranking?category=&sort=&page=. */
  ranking: (slug: string, f: RankingFilter) =>
    unwrap(
      api.GET('/api/v1/manage/festivals/{slug}/ranking', {
        params: { path: { slug }, query: { category: f.category > 0 ? f.category : undefined, sort: f.sort, page: f.page > 1 ? f.page : 1 } },
      }),
    ),
  /** PUT .../judging/lock {locked}. */
  setLocked: (slug: string, locked: boolean) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/judging/lock', { ...slugParam(slug), body: { locked } })),
};

export type { Criterion };
