import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageFor, type LanguageCode } from '../i18n/languages';

// Festival dates are calendar days ("YYYY-MM-DD") with no time zone: they
// are formatted as UTC dates so that a day never shifts with the reader's zone.

const dayjsLocales: Record<LanguageCode, string> = { en: 'en', ja: 'ja', zh: 'zh-cn' };

/** Day.js formats of a date in a picker input, per language. */
const inputFormats: Record<LanguageCode, string> = { en: 'MMM D, YYYY', ja: 'YYYY年M月D日', zh: 'YYYY年M月D日' };
const monthInputFormats: Record<LanguageCode, string> = { en: 'MMMM YYYY', ja: 'YYYY年M月', zh: 'YYYY年M月' };

/** useLanguage returns the site's current language code and its BCP 47 tag. */
export function useLanguage(): { code: LanguageCode; tag: string } {
  const { i18n } = useTranslation();
  const lang = languageFor(i18n.resolvedLanguage ?? i18n.language);
  return { code: lang.code, tag: lang.htmlLang };
}

/** FestivalDatesProvider gives the date pickers below it the site language (month names, first weekday). */
export function FestivalDatesProvider({ children }: { children: ReactNode }) {
  const { code } = useLanguage();
  return (
    <DatesProvider settings={{ locale: dayjsLocales[code], firstDayOfWeek: code === 'zh' ? 1 : 0 }}>{children}</DatesProvider>
  );
}

/** dateInputFormat is the picker input format of a date in the language. */
export const dateInputFormat = (code: LanguageCode) => inputFormats[code];

/** monthInputFormat is the picker input format of a month in the language. */
export const monthInputFormat = (code: LanguageCode) => monthInputFormats[code];

/** parseISODate turns "YYYY-MM-DD" into a UTC Date, or null. */
export function parseISODate(iso: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** formatDate renders "YYYY-MM-DD" in the language (Jun 5, 2030; 2030年6月5日); "" when invalid. */
export function formatDate(iso: string | null | undefined, tag: string, style: 'medium' | 'long' = 'medium'): string {
  const d = parseISODate(iso);
  return d ? new Intl.DateTimeFormat(tag, { dateStyle: style, timeZone: 'UTC' }).format(d) : '';
}

/** formatDateRange renders a festival's dates as one range in the language. */
export function formatDateRange(start: string, end: string, tag: string): string {
  const a = parseISODate(start);
  const b = parseISODate(end);
  if (!a) return '';
  const f = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'UTC' });
  if (!b || b.getTime() === a.getTime()) return f.format(a);
  return f.formatRange(a, b);
}

/** formatTimestamp renders an RFC 3339 timestamp as a date in the reader's zone; "" when invalid. */
export function formatTimestamp(iso: string | null | undefined, tag: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : new Intl.DateTimeFormat(tag, { dateStyle: 'medium' }).format(d);
}

/** todayISO is today's date in UTC, the server's calendar ("YYYY-MM-DD"). */
export function todayISO(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** monthRange turns "YYYY-MM" into its first and last day, or null when invalid. */
export function monthRange(month: string | null | undefined): { from: string; to: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  if (!m) return null;
  const year = Number(m[1]);
  const mon = Number(m[2]);
  if (mon < 1 || mon > 12) return null;
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { from: `${m[1]}-${m[2]}-01`, to: `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}` };
}

/** useCalendarLabels gives a picker translated names for its controls and its days. */
export function useCalendarLabels() {
  const { t } = useTranslation('festivals');
  const { tag } = useLanguage();
  return {
    ariaLabels: {
      nextMonth: t('calendar.nextMonth'),
      previousMonth: t('calendar.previousMonth'),
      nextYear: t('calendar.nextYear'),
      previousYear: t('calendar.previousYear'),
      nextDecade: t('calendar.nextDecade'),
      previousDecade: t('calendar.previousDecade'),
      monthLevelControl: t('calendar.monthLevel'),
      yearLevelControl: t('calendar.yearLevel'),
    },
    getDayAriaLabel: (date: string) => formatDate(date.slice(0, 10), tag, 'long'),
  };
}
