import { api, unwrap, type Schemas } from './client';

/**
 * The typed client of submission management (issue 30): a festival's
 * custom questions, the organiser's own statuses, deadline extensions,
 * decision e-mail texts, bulk messages, and the message thread of a
 * submission (the filmmaker's side and the festival team's). The types
 * mirror submission_management.go as JSON.
 */

export type QuestionKind = 'short_text' | 'long_text' | 'choice' | 'yes_no';
export const questionKinds: readonly QuestionKind[] = ['short_text', 'long_text', 'choice', 'yes_no'];

/** One of a festival's questions, asked at submission (marquee.Question). */
export interface Question {
  id: number;
  festivalId: number;
  position: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  options: string[];
}

/** A question as the organiser edits it: id 0 adds it. */
export interface QuestionInput {
  id: number;
  kind: QuestionKind;
  label: string;
  required: boolean;
  options: string[];
}

/** A filmmaker's answer (marquee.Answer). */
export interface Answer {
  questionId: number;
  value: string;
}

/** An answer as the organiser reads it (marquee.EntryAnswer). */
export interface EntryAnswer {
  questionId: number;
  label: string;
  kind: QuestionKind;
  value: string;
}

export type EntryStatusPreset = '' | 'semi_finalist' | 'finalist';

/** One of the organiser's own statuses (marquee.EntryStatus). */
export interface EntryStatus {
  id: number;
  name: string;
  preset: EntryStatusPreset;
  notify: boolean;
  note: string;
  entries: number;
}

/** An entry's organiser status, as the submissions list and detail carry it. */
export interface EntryStatusRef {
  id: number;
  name: string;
  preset: EntryStatusPreset;
}

/** A deadline extended for a category or a filmmaker (marquee.DeadlineExtension). */
export interface DeadlineExtension {
  id: number;
  categoryId: number;
  categoryName: string;
  filmmakerId: number;
  filmmakerEmail: string;
  until: string;
  createdAt: string;
}

export interface NewDeadlineExtension {
  categoryId: number;
  filmmakerEmail: string;
  until: string;
}

export type NoticeStatus = 'in_consideration' | 'selected' | 'not_selected' | 'finalist' | 'award_winner';
export const noticeStatuses: readonly NoticeStatus[] = ['in_consideration', 'selected', 'not_selected', 'finalist', 'award_winner'];

/** A decision e-mail's text in one language (marquee.NoticeText). */
export interface NoticeText {
  status: NoticeStatus;
  language: string;
  subject: string;
  body: string;
}

export interface NoticeTexts {
  texts: NoticeText[];
  defaults: NoticeText[];
  placeholders: string[];
}

/** One message of a submission's thread (marquee.Message). */
export interface Message {
  id: number;
  submissionId: number;
  fromFestival: boolean;
  authorName: string;
  body: string;
  createdAt: string;
}

export interface Thread {
  submissionId: number;
  filmTitle: string;
  festivalName: string;
  messages: Message[];
}

/** Which entrants a bulk message goes to (marquee.BulkSelection). */
export interface BulkSelection {
  status: string;
  entryStatusId: number;
  categoryId: number;
  ids: number[];
}

export interface BulkMessage {
  selection: BulkSelection;
  subject: string;
  body: string;
}

export interface BulkPreview {
  recipients: number;
  previews: { language: string; subject: string; body: string }[];
}

const slugParam = (slug: string) => ({ params: { path: { slug } } });
const at = (slug: string, id: number) => ({ params: { path: { slug, id } } });
const own = (id: number) => ({ params: { path: { id } } });

export const submissionManagementApi = {
  questions: (slug: string) => unwrap(api.GET('/api/v1/festivals/{slug}/questions', slugParam(slug))).then((r) => (r.questions ?? []) as Question[]),
  setQuestions: (slug: string, questions: QuestionInput[]) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/questions', { ...slugParam(slug), body: { questions } })).then((r) => (r.questions ?? []) as Question[]),

  statuses: (slug: string) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/statuses', slugParam(slug))).then((r) => (r.statuses ?? []) as EntryStatus[]),
  addStatus: (slug: string, s: { name: string; preset: EntryStatusPreset; notify: boolean; note: string }) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/statuses', { ...slugParam(slug), body: s })).then((r) => r.status as EntryStatus),
  deleteStatus: (slug: string, id: number) => unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/statuses/{id}', at(slug, id))),
  setEntryStatus: (slug: string, ids: number[], statusId: number) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/submissions/entry-status', { ...slugParam(slug), body: { ids, statusId } })),

  extensions: (slug: string) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/extensions', slugParam(slug))).then((r) => (r.extensions ?? []) as DeadlineExtension[]),
  extend: (slug: string, e: NewDeadlineExtension) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/extensions', { ...slugParam(slug), body: e })).then((r) => r.extension as DeadlineExtension),
  deleteExtension: (slug: string, id: number) => unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/extensions/{id}', at(slug, id))),

  noticeTexts: (slug: string) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/notice-texts', slugParam(slug))).then((r) => r as unknown as NoticeTexts),
  setNoticeText: (slug: string, t: NoticeText) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/notice-texts', { ...slugParam(slug), body: t })).then((r) => r as unknown as NoticeTexts),

  thread: (id: number) => unwrap(api.GET('/api/v1/submissions/{id}/messages', own(id))).then((r) => r as unknown as Thread),
  post: (id: number, body: string) =>
    unwrap(api.POST('/api/v1/submissions/{id}/messages', { ...own(id), body: { body } })).then((r) => r.message as Message),
  festivalThread: (slug: string, id: number) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/submissions/{id}/messages', at(slug, id))).then((r) => r as unknown as Thread),
  festivalPost: (slug: string, id: number, body: string) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/submissions/{id}/messages', { ...at(slug, id), body: { body } })).then((r) => r.message as Message),

  previewBulk: (slug: string, b: BulkMessage) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/bulk-messages/preview', { ...slugParam(slug), body: b as Schemas['BulkMessage'] })).then((r) => r as unknown as BulkPreview),
  /** sendBulk sends b once per key: a repeat with the same key answers the first send and mails no one again. */
  sendBulk: (slug: string, b: BulkMessage, key: string) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/bulk-messages', { ...slugParam(slug), body: { ...(b as Schemas['BulkMessage']), key } })).then(
      (r) => r as { id: number; recipients: number },
    ),

  /** The organiser's view of one entry: its answers and its status (from the submission's detail). */
  entry: (slug: string, id: number) =>
    unwrap(api.GET('/api/v1/manage/festivals/{slug}/submissions/{id}', at(slug, id))).then(
      (r) => r as unknown as { submission: { id: number; filmTitle: string; entryStatus?: EntryStatusRef }; answers: EntryAnswer[] },
    ),
};
