import { languageFor } from '../i18n/languages';

/** formatDate writes an ISO timestamp as a long date in the UI language ('2 January 2025'), or as given if unreadable. */
export function formatDate(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(languageFor(language).htmlLang, { dateStyle: 'long' }).format(date);
}

/** formatNumber writes a count with the UI language's digit grouping. */
export function formatNumber(n: number, language: string | undefined): string {
  return new Intl.NumberFormat(languageFor(language).htmlLang).format(n);
}

/** initials are the one or two letters on the avatar: from the name, else the email. */
export function initials(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => Array.from(w)[0]) : [Array.from(email)[0] ?? '?'];
  return letters.join('').toUpperCase();
}

/** formatDollars writes integer cents in US dollars in the UI language: $50, $25.50. */
export function formatDollars(cents: number, language: string | undefined): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat(languageFor(language).htmlLang, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** formatDelta writes a ledger change with its sign: +100, −50 (a true minus sign). */
export function formatDelta(delta: number, language: string | undefined): string {
  const n = formatNumber(Math.abs(delta), language);
  return delta > 0 ? `+${n}` : delta < 0 ? `\u2212${n}` : n;
}
