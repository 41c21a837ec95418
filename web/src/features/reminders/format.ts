import dayjs from 'dayjs';
import { languageFor } from '../../i18n/languages';
import { reminderDaysBefore, type ReminderPreference } from '../../api/reminders';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** isIsoDate reports whether value is a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !isoDate.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** localToday is today's date in the browser's time zone, YYYY-MM-DD. */
export function localToday(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/**
 * reminderDayPassed reports whether a reminder for a festival on date with
 * preference would be due on a day before today (the server refuses those).
 */
export function reminderDayPassed(date: string, preference: ReminderPreference, today: string): boolean {
  if (!isIsoDate(date)) return false;
  return dayjs(date).subtract(reminderDaysBefore[preference], 'day').format('YYYY-MM-DD') < today;
}

/** festivalDate renders a YYYY-MM-DD date in the language's long style (May 1, 2026; 2026年5月1日). */
export function festivalDate(date: string, language: string): string {
  if (!isIsoDate(date)) return date;
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(languageFor(language).htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}
