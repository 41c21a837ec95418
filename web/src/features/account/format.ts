import { languageFor } from '../../i18n/languages';

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
