import { formatMoney } from '../../lib/format';
import type { PayoutStatus } from '../../api/payouts';

/** money formats cents in currency for language ("$91.50", "US$91.50"). */
export function money(cents: number, currency: string, language: string): string {
  return formatMoney(cents, currency || 'usd', language);
}

/** statusColor is a payout status badge's colour (dark enough for white text). */
export function statusColor(status: PayoutStatus): string {
  return { pending: 'yellow.9', paid: 'teal.9', failed: 'red.8' }[status];
}

/**
 * slugFromReturn reads the festival's slug from the address the test mode's
 * onboarding returns to (/manage/festivals/<slug>/earnings…); null when it
 * is not such an address of this site.
 */
export function slugFromReturn(returnTo: string | null, origin: string): string | null {
  if (!returnTo) return null;
  let u: URL;
  try {
    u = new URL(returnTo, origin);
  } catch {
    return null;
  }
  if (u.origin !== origin) return null;
  const m = /^\/manage\/festivals\/([^/]+)\/earnings$/.exec(u.pathname);
  return m ? decodeURIComponent(m[1]) : null;
}

/** fieldErrors picks the tax form's field messages out of an API error's fields. */
export function taxFieldErrors(fields: Record<string, string> | undefined): Partial<Record<'legalName' | 'address' | 'country' | 'taxId', string>> {
  const out: Partial<Record<'legalName' | 'address' | 'country' | 'taxId', string>> = {};
  for (const k of ['legalName', 'address', 'country', 'taxId'] as const) {
    if (fields?.[k]) out[k] = fields[k];
  }
  return out;
}
