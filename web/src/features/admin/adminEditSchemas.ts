import { z } from 'zod';
import type { PackageLanguage, PackageUpdate } from '../../api/adminPackages';
import { charCount } from '../../lib/text';

/**
 * The admins' forms' rules, mirroring the server (marquee.CreditAdjustment,
 * marquee.PackageUpdate). Messages are translation keys under
 * `errors` of the admin-users namespace.
 */
export const creditLimits = { max: 1_000_000, reason: 200 } as const;
export const packageLimits = { priceCents: 1_000_000, credits: 1_000_000, position: 1000, name: 60, description: 300, features: 10, feature: 100 } as const;


export const creditAdjustmentSchema = z.object({
  delta: z
    .number({ error: 'deltaRequired' })
    .int({ error: 'deltaWhole' })
    .refine((n) => n !== 0, { error: 'deltaRequired' })
    .refine((n) => Math.abs(n) <= creditLimits.max, { error: 'deltaTooLarge' }),
  reason: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s !== '', { error: 'reasonRequired' })
    .refine((s) => charCount(s) <= creditLimits.reason, { error: 'reasonTooLong' }),
});

export type CreditErrors = Partial<Record<'delta' | 'reason', string>>;

/** validateCreditAdjustment returns the adjustment, or each invalid field's first problem (a key). */
export function validateCreditAdjustment(values: { delta: number | string; reason: string }) {
  const delta = typeof values.delta === 'number' ? values.delta : values.delta.trim() === '' ? Number.NaN : Number(values.delta);
  const result = creditAdjustmentSchema.safeParse({ delta: Number.isNaN(delta) ? undefined : delta, reason: values.reason });
  if (result.success) return { ok: true as const, data: result.data };
  const errors: CreditErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0] as keyof CreditErrors;
    errors[key] ??= issue.message;
  }
  return { ok: false as const, errors };
}

/** The package form's values: the price in dollars as typed, features one per line. */
export interface PackageFormValues {
  price: number | string;
  credits: number | string;
  position: number | string;
  active: boolean;
  texts: Record<PackageLanguage, { name: string; description: string; features: string }>;
}

export const packageLanguages: PackageLanguage[] = ['en', 'ja', 'zh'];

/** toPackageForm turns a package into the form's values. */
export function toPackageForm(p: PackageUpdate): PackageFormValues {
  const texts = {} as PackageFormValues['texts'];
  for (const l of packageLanguages) {
    const t = p.texts[l] ?? { name: '', description: '', features: [] };
    texts[l] = { name: t.name, description: t.description, features: t.features.join('\n') };
  }
  return { price: p.priceCents / 100, credits: p.credits, position: p.position, active: p.active, texts };
}

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));

const packageTextSchema = z.object({
  name: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s !== '', { error: 'nameRequired', abort: true })
    .refine((s) => charCount(s) <= packageLimits.name, { error: 'nameTooLong' }),
  description: z
    .string()
    .transform((s) => s.trim())
    .refine((s) => s !== '', { error: 'descriptionRequired', abort: true })
    .refine((s) => charCount(s) <= packageLimits.description, { error: 'descriptionTooLong' }),
  features: z
    .string()
    .transform((s) =>
      s
        .split('\n')
        .map((f) => f.trim())
        .filter((f) => f !== ''),
    )
    .refine((fs) => fs.length <= packageLimits.features, { error: 'tooManyFeatures', abort: true })
    .refine((fs) => fs.every((f) => charCount(f) <= packageLimits.feature), { error: 'featureTooLong' }),
});

export const packageSchema = z.object({
  priceCents: z
    .number()
    .refine((n) => Number.isFinite(n) && n > 0 && n <= packageLimits.priceCents, { error: 'price' }),
  credits: z.number().refine((n) => Number.isInteger(n) && n > 0 && n <= packageLimits.credits, { error: 'credits' }),
  position: z.number().refine((n) => Number.isInteger(n) && n >= 0 && n <= packageLimits.position, { error: 'position' }),
  active: z.boolean(),
  texts: z.object({ en: packageTextSchema, ja: packageTextSchema, zh: packageTextSchema }),
});

/** validatePackage returns the update to send, or each invalid field's first problem (a key), fields named as the server names them (priceCents, texts.ja.name). */
export function validatePackage(v: PackageFormValues): { ok: true; data: PackageUpdate } | { ok: false; errors: Record<string, string> } {
  const price = num(v.price);
  const result = packageSchema.safeParse({
    priceCents: Number.isFinite(price) ? Math.round(price * 100) : Number.NaN,
    credits: num(v.credits),
    position: num(v.position),
    active: v.active,
    texts: v.texts,
  });
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[issue.path.join('.')] ??= issue.message;
  }
  return { ok: false, errors };
}
