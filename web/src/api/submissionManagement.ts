import { request } from './client';

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

const manage = (slug: string, path: string) => `/api/v1/manage/festivals/${encodeURIComponent(slug)}${path}`;

export const submissionManagementApi = {
  questions: (slug: string) =>
    request<{ questions: Question[] }>('GET', `/api/v1/festivals/${encodeURIComponent(slug)}/questions`).then((r) => r.questions),
  setQuestions: (slug: string, questions: QuestionInput[]) =>
    request<{ questions: Question[] }>('PUT', manage(slug, '/questions'), { questions }).then((r) => r.questions),

  statuses: (slug: string) => request<{ statuses: EntryStatus[] }>('GET', manage(slug, '/statuses')).then((r) => r.statuses),
  addStatus: (slug: string, s: { name: string; preset: EntryStatusPreset; notify: boolean; note: string }) =>
    request<{ status: EntryStatus }>('POST', manage(slug, '/statuses'), s).then((r) => r.status),
  deleteStatus: (slug: string, id: number) => request<void>('DELETE', manage(slug, `/statuses/${id}`)),
  setEntryStatus: (slug: string, ids: number[], statusId: number) =>
    request<void>('POST', manage(slug, '/submissions/entry-status'), { ids, statusId }),

  extensions: (slug: string) =>
    request<{ extensions: DeadlineExtension[] }>('GET', manage(slug, '/extensions')).then((r) => r.extensions),
  extend: (slug: string, e: NewDeadlineExtension) =>
    request<{ extension: DeadlineExtension }>('POST', manage(slug, '/extensions'), e).then((r) => r.extension),
  deleteExtension: (slug: string, id: number) => request<void>('DELETE', manage(slug, `/extensions/${id}`)),

  noticeTexts: (slug: string) => request<NoticeTexts>('GET', manage(slug, '/notice-texts')),
  setNoticeText: (slug: string, t: NoticeText) => request<NoticeTexts>('PUT', manage(slug, '/notice-texts'), t),

  thread: (id: number) => request<Thread>('GET', `/api/v1/submissions/${id}/messages`),
  post: (id: number, body: string) =>
    request<{ message: Message }>('POST', `/api/v1/submissions/${id}/messages`, { body }).then((r) => r.message),
  festivalThread: (slug: string, id: number) => request<Thread>('GET', manage(slug, `/submissions/${id}/messages`)),
  festivalPost: (slug: string, id: number, body: string) =>
    request<{ message: Message }>('POST', manage(slug, `/submissions/${id}/messages`), { body }).then((r) => r.message),

  previewBulk: (slug: string, b: BulkMessage) => request<BulkPreview>('POST', manage(slug, '/bulk-messages/preview'), b),
  sendBulk: (slug: string, b: BulkMessage) =>
    request<{ id: number; recipients: number }>('POST', manage(slug, '/bulk-messages'), b),

  /** The organiser's view of one entry: its answers and its status (from the submission's detail). */
  entry: (slug: string, id: number) =>
    request<{ submission: { id: number; filmTitle: string; entryStatus?: EntryStatusRef }; answers: EntryAnswer[] }>(
      'GET',
      manage(slug, `/submissions/${id}`),
    ),
};
