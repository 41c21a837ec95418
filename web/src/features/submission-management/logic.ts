import type { NoticeStatus, NoticeText, NoticeTexts, Question, QuestionInput } from '../../api/submissionManagement';

/** The namespace of these pages. */
export const ns = 'submission-management';

/** Query keys; everything of one festival starts with toolsKey(slug). */
export const toolsKey = (slug: string) => ['submission-management', slug] as const;
export const statusesKey = (slug: string) => [...toolsKey(slug), 'statuses'] as const;
export const extensionsKey = (slug: string) => [...toolsKey(slug), 'extensions'] as const;
export const noticeKey = (slug: string) => [...toolsKey(slug), 'notice-texts'] as const;
export const festivalThreadKey = (slug: string, id: number) => [...toolsKey(slug), 'thread', id] as const;
export const entryKey = (slug: string, id: number) => [...toolsKey(slug), 'entry', id] as const;
export const threadKey = (id: number) => ['submission-thread', id] as const;

const placeholder = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * unknownPlaceholders lists the {{name}} placeholders of text that are not
 * among known, each once, in order; and '{{' left unclosed as '{{'. The
 * server refuses the same (marquee.ValidateNoticeText); the form says so
 * before saving.
 */
export function unknownPlaceholders(text: string, known: readonly string[]): string[] {
  const out: string[] = [];
  let found = 0;
  for (const m of text.matchAll(placeholder)) {
    found++;
    if (!known.includes(m[1]) && !out.includes(m[1])) out.push(m[1]);
  }
  if ((text.match(/\{\{/g) ?? []).length > found && !out.includes('{{')) out.push('{{');
  return out;
}

/** optionsFromText reads a choice's options, one a line: trimmed, without blank lines or repeats. */
export function optionsFromText(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const o = line.trim();
    if (o && !out.includes(o)) out.push(o);
  }
  return out;
}

/** QuestionDraft is a question being edited: its options as the text of their lines. */
export interface QuestionDraft extends Omit<QuestionInput, 'options'> {
  key: string;
  optionsText: string;
}

let drafts = 0;

/** toDrafts turns the saved questions into drafts. */
export function toDrafts(qs: Question[]): QuestionDraft[] {
  return qs.map((q) => ({ key: `q${q.id}`, id: q.id, kind: q.kind, label: q.label, required: q.required, optionsText: q.options.join('\n') }));
}

/** newDraft is an empty short-text question. */
export function newDraft(): QuestionDraft {
  drafts++;
  return { key: `new${drafts}`, id: 0, kind: 'short_text', label: '', required: false, optionsText: '' };
}

/** toInputs turns drafts into what the server takes (options only for choices). */
export function toInputs(ds: QuestionDraft[]): QuestionInput[] {
  return ds.map((d) => ({
    id: d.id,
    kind: d.kind,
    label: d.label,
    required: d.required,
    options: d.kind === 'choice' ? optionsFromText(d.optionsText) : [],
  }));
}

/** move returns list with item i moved by delta (kept within bounds). */
export function move<T>(list: T[], i: number, delta: number): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/**
 * noticeFor returns the text a decision e-mail in language uses: the
 * festival's own, else the default; custom tells which.
 */
export function noticeFor(all: NoticeTexts, status: NoticeStatus, language: string): { text: NoticeText | undefined; custom: boolean } {
  const own = all.texts.find((t) => t.status === status && t.language === language);
  if (own) return { text: own, custom: true };
  return { text: all.defaults.find((t) => t.status === status && t.language === language), custom: false };
}
