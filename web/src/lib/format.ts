import { useTranslation } from 'react-i18next';
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

/** useTag is the BCP 47 tag of the site's language (for Intl). */
export function useTag(): string {
  const { i18n } = useTranslation();
  return languageFor(i18n.resolvedLanguage ?? i18n.language).htmlLang;
}

/**
 * formatLocalTime renders an instant as a date and time in the festival's
 * time zone (the zone itself is shown beside it by the caller).
 */
export function formatLocalTime(iso: string | null | undefined, tag: string, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d);
  }
}

/** formatTimeOnly renders an instant's time of day in a zone. */
export function formatTimeOnly(iso: string | null | undefined, tag: string, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone }).format(d);
  } catch {
    return new Intl.DateTimeFormat(tag, { timeStyle: 'short', timeZone: 'UTC' }).format(d);
  }
}

/**
 * currencyDecimals is the digits of a currency's minor unit (0 for JPY, 2
 * for USD, EUR, CNY): Marquee's amounts (the *Cents fields) are integers
 * of that unit, so ¥1,500 is 1500 and $15.00 is 1500.
 */
export function currencyDecimals(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency: (currency || 'usd').toUpperCase() }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/** formatMoney renders an integer of a currency's minor unit ("jpy": yen, "usd": cents) in the language: ¥1,500, $15.00. */
export function formatMoney(cents: number, currency: string, tag: string): string {
  const decimals = currencyDecimals(currency);
  const amount = cents / 10 ** decimals;
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency: (currency || 'usd').toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(decimals)} ${currency.toUpperCase()}`;
  }
}

/** minorToInput writes minor units as a price field's text: "1500" for ¥1,500, "15.00" for $15.00. */
export function minorToInput(cents: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return (cents / 10 ** decimals).toFixed(decimals);
}

/**
 * inputToMinor reads a price field's text in a currency's units as minor
 * units: "1500" yen → 1500, "15.5" dollars → 1550; NaN for text that is
 * not a price in that currency (a decimal point for yen, more decimals
 * than the currency has, a sign).
 */
export function inputToMinor(text: string, currency: string): number {
  const decimals = currencyDecimals(currency);
  const t = text.trim();
  const re = decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{0,${decimals}})?$`);
  if (!re.test(t)) return Number.NaN;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 10 ** decimals + Number((frac + '0'.repeat(decimals)).slice(0, decimals) || '0');
}

/** dateTime renders an ISO timestamp as date and time in the reader's time zone. */
export function dateTime(iso: string, language: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(languageFor(language).htmlLang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** formatScore renders a 0..100 score with one decimal, or the dash for none. */
export function formatScore(n: number | null | undefined, tag: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(tag, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(n);
}

/** formatCalibrated renders a standardised score with its sign and two decimals, or the dash. */
export function formatCalibrated(n: number | null | undefined, tag: string): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  return new Intl.NumberFormat(tag, { maximumFractionDigits: 2, minimumFractionDigits: 2, signDisplay: 'exceptZero' }).format(n);
}
