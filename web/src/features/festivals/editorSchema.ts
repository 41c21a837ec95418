import { z } from 'zod';
import {
  deadlineTiers,
  type Category,
  type CategoryInput,
  type Criterion,
  type CriterionInput,
  type DeadlineTier,
} from '../../api/festivals';
import { charCount } from '../../lib/text';

/**
 * The organiser editor's categories and criteria: drafts as the form holds
 * them, their conversion to and from the API's shapes, and the client-side
 * rules mirroring the server's (marquee.ValidateCategories and
 * ValidateCriteria: category name 1..100 and unique, description at most
 * 1,000, at least one fee tier per category, each tier with a date before the
 * festival starts and after the previous tier's, fees whole credits 0..100,000;
 * criterion name 1..100 and unique, weight and maximum score 1..100). Errors are keyed
 * like the server's field errors (`categories.0.deadlines.early.date`) and
 * hold translation keys under `editor.errors` of the festivals namespace.
 */
export const editorLimits = {
  categories: 50,
  categoryName: 100,
  categoryDescription: 1000,
  feeMax: 100_000,
  criteria: 20,
  criterionName: 100,
  weightMax: 100,
  maxScoreMax: 100,
} as const;

/** A fee tier row as typed: a date ("" when empty) and a fee ('' when empty). */
export interface TierDraft {
  date: string;
  fee: number | '';
}

/** A category being edited; `key` identifies the row in the form. */
export interface CategoryDraft {
  key: string;
  id?: number;
  name: string;
  description: string;
  tiers: Record<DeadlineTier, TierDraft>;
}

/** A criterion being edited; `key` identifies the row in the form. */
export interface CriterionDraft {
  key: string;
  id?: number;
  name: string;
  weight: number | '';
  maxScore: number | '';
}

/** Field errors by server-style path: a translation key (client) or a message (server). */
export type PathErrors = Record<string, { key?: string; text?: string }>;

let nextKey = 0;
const newKey = () => `row-${++nextKey}`;

const emptyTiers = (): Record<DeadlineTier, TierDraft> => ({
  early: { date: '', fee: '' },
  regular: { date: '', fee: '' },
  late: { date: '', fee: '' },
});

export const newCategoryDraft = (): CategoryDraft => ({ key: newKey(), name: '', description: '', tiers: emptyTiers() });
export const newCriterionDraft = (): CriterionDraft => ({ key: newKey(), name: '', weight: 1, maxScore: 10 });

/** categoryDrafts turns a festival's categories into form rows. */
export function categoryDrafts(categories: Category[] | undefined): CategoryDraft[] {
  return (categories ?? []).map((c) => {
    const tiers = emptyTiers();
    for (const d of c.deadlines ?? []) {
      if (deadlineTiers.includes(d.tier)) tiers[d.tier] = { date: d.date, fee: d.fee };
    }
    return { key: newKey(), id: c.id, name: c.name, description: c.description, tiers };
  });
}

/** criterionDrafts turns a festival's criteria into form rows. */
export function criterionDrafts(criteria: Criterion[] | undefined): CriterionDraft[] {
  return (criteria ?? []).map((c) => ({ key: newKey(), id: c.id, name: c.name, weight: c.weight, maxScore: c.maxScore }));
}

const tierUsed = (t: TierDraft) => t.date !== '' || t.fee !== '';

/** categoryInputs turns form rows into the body of PUT .../categories; empty tier rows are left out. */
export function categoryInputs(drafts: CategoryDraft[]): CategoryInput[] {
  return drafts.map((c) => ({
    ...(c.id !== undefined && { id: c.id }),
    name: c.name.trim(),
    description: c.description.trim(),
    deadlines: deadlineTiers
      .filter((tier) => tierUsed(c.tiers[tier]))
      .map((tier) => ({ tier, date: c.tiers[tier].date, fee: c.tiers[tier].fee === '' ? 0 : c.tiers[tier].fee })),
  }));
}

/** criterionInputs turns form rows into the body of PUT .../criteria. */
export function criterionInputs(drafts: CriterionDraft[]): CriterionInput[] {
  return drafts.map((c) => ({
    ...(c.id !== undefined && { id: c.id }),
    name: c.name.trim(),
    weight: c.weight === '' ? 0 : c.weight,
    maxScore: c.maxScore === '' ? 0 : c.maxScore,
  }));
}

const wholeIn = (min: number, max: number) => (n: number | '') => n !== '' && Number.isInteger(n) && n >= min && n <= max;

const tierSchema = (startDate: string) =>
  z.object({ date: z.string(), fee: z.union([z.number(), z.literal('')]) }).superRefine((t, ctx) => {
    if (!tierUsed(t)) return;
    if (t.date === '') ctx.addIssue({ code: 'custom', path: ['date'], message: 'deadlineDate.required' });
    else if (startDate && t.date >= startDate)
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'deadlineDate.afterStart' });
    if (t.fee === '') ctx.addIssue({ code: 'custom', path: ['fee'], message: 'fee.required' });
    else if (!wholeIn(0, editorLimits.feeMax)(t.fee)) ctx.addIssue({ code: 'custom', path: ['fee'], message: 'fee.range' });
  });

const categorySchema = (startDate: string) =>
  z.object({
    name: z
      .string()
      .transform((s) => s.trim())
      .refine((s) => s.length > 0, { error: 'categoryName.required', abort: true })
      .refine((s) => charCount(s) <= editorLimits.categoryName, { error: 'categoryName.tooLong' }),
    description: z
      .string()
      .transform((s) => s.trim())
      .refine((s) => charCount(s) <= editorLimits.categoryDescription, { error: 'categoryDescription.tooLong' }),
    tiers: z.object({ early: tierSchema(startDate), regular: tierSchema(startDate), late: tierSchema(startDate) }),
  });

// The checks across a category's tiers, apart from the schema so that they
// show whatever else fails: at least one tier, dates in tier order.
function tierOrderErrors(c: CategoryDraft, index: number, errors: PathErrors) {
  const used = deadlineTiers.filter((tier) => tierUsed(c.tiers[tier]));
  if (used.length === 0) errors[`categories.${index}.deadlines`] ??= { key: 'deadlines.required' };
  let previous = '';
  for (const tier of used) {
    const date = c.tiers[tier].date;
    if (!date) continue;
    if (previous && date <= previous) errors[`categories.${index}.deadlines.${tier}.date`] ??= { key: 'deadlineDate.order' };
    previous = date;
  }
}

const criterionSchema = z.object({
  name: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: 'criterionName.required', abort: true })
    .refine((s) => charCount(s) <= editorLimits.criterionName, { error: 'criterionName.tooLong' }),
  weight: z.union([z.number(), z.literal('')]).refine(wholeIn(1, editorLimits.weightMax), { error: 'weight.range' }),
  maxScore: z.union([z.number(), z.literal('')]).refine(wholeIn(1, editorLimits.maxScoreMax), { error: 'maxScore.range' }),
});

// A draft path (tiers.early.date) becomes the server's (deadlines.early.date).
const serverPath = (prefix: string, index: number, path: PropertyKey[]) =>
  [prefix, index, ...path.map((p) => (p === 'tiers' ? 'deadlines' : String(p)))].join('.');

function collect<T>(prefix: string, rows: T[], schema: (row: T) => z.ZodType, extra: PathErrors = {}): PathErrors {
  const errors: PathErrors = { ...extra };
  rows.forEach((row, i) => {
    const result = schema(row).safeParse(row);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const key = serverPath(prefix, i, issue.path);
      errors[key] ??= { key: issue.message };
    }
  });
  return errors;
}

/** validateCategories returns the errors of the category rows (empty when they may be saved). */
export function validateCategories(drafts: CategoryDraft[], startDate: string): PathErrors {
  const extra: PathErrors =
    drafts.length > editorLimits.categories ? { categories: { key: 'categories.tooMany' } } : {};
  const schema = categorySchema(startDate);
  const errors = collect('categories', drafts, () => schema, extra);
  drafts.forEach((c, i) => tierOrderErrors(c, i, errors));
  duplicateNames('categories', drafts.map((c) => c.name), 'categoryName.duplicate', errors);
  return errors;
}

/** validateCriteria returns the errors of the criterion rows (empty when they may be saved). */
export function validateCriteria(drafts: CriterionDraft[]): PathErrors {
  const extra: PathErrors = drafts.length > editorLimits.criteria ? { criteria: { key: 'criteria.tooMany' } } : {};
  const errors = collect('criteria', drafts, () => criterionSchema, extra);
  duplicateNames('criteria', drafts.map((c) => c.name), 'criterionName.duplicate', errors);
  return errors;
}

// Names must differ within a list, ignoring case (the first use keeps its name).
function duplicateNames(prefix: string, names: string[], key: string, errors: PathErrors) {
  const seen = new Set<string>();
  names.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!name) return;
    if (seen.has(name)) errors[`${prefix}.${i}.name`] ??= { key };
    seen.add(name);
  });
}

/** serverErrors turns an ApiError's fields into path errors. */
export function serverErrors(fields: Record<string, string>): PathErrors {
  return Object.fromEntries(Object.entries(fields).map(([k, text]) => [k, { text }]));
}
