import { useTranslation } from 'react-i18next';
import { languageFor } from '../../i18n/languages';

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

/** formatMoney renders integer cents in a currency ("usd") in the language. */
export function formatMoney(cents: number, currency: string, tag: string): string {
  try {
    return new Intl.NumberFormat(tag, { style: 'currency', currency: (currency || 'usd').toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** secondsLeft is how many whole seconds remain until an instant (never negative). */
export function secondsLeft(iso: string, now: number): number {
  const end = new Date(iso).getTime();
  if (Number.isNaN(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** formatCountdown renders seconds as m:ss. */
export function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
