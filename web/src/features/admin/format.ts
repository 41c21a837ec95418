import { languageFor } from '../../i18n/languages';
import { formatMoney } from '../../lib/format';

/** dollars renders integer cents as a dollar amount: $0, $25, $12.50. */
export function dollars(cents: number | null | undefined, language: string): string {
  const value = Number.isFinite(cents) ? (cents as number) : 0;
  const whole = value % 100 === 0;
  const n = new Intl.NumberFormat(languageFor(language).htmlLang, {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(value / 100);
  return `$${n}`;
}

/** count renders an integer with the language's grouping; missing values are 0. */
export function count(value: number | null | undefined, language: string): string {
  return new Intl.NumberFormat(languageFor(language).htmlLang).format(Number.isFinite(value) ? (value as number) : 0);
}

/** monthName turns 'YYYY-MM' into the language's short month name (Jan, 1月). */
export function monthName(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(languageFor(language).htmlLang, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** longMonth turns 'YYYY-MM' into month and year (January 2025, 2025年1月). */
export function longMonth(month: string, language: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Intl.DateTimeFormat(languageFor(language).htmlLang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** shortDate renders an ISO timestamp as a date in the language's style. */
export function shortDate(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(languageFor(language).htmlLang, { dateStyle: 'medium' }).format(d);
}

/** orderMoney renders a ticket order's amount in its currency: dollars as dollars() does, others (¥3,000) with Intl. */
export function orderMoney(cents: number, currency: string, language: string): string {
  return !currency || currency === 'usd' ? dollars(cents, language) : formatMoney(cents, currency, languageFor(language).htmlLang);
}
