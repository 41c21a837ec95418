import { isIsoDate } from './format';

/** What the public festival page's 'Remind me' button hands to the form. */
export interface ReminderPrefill {
  festivalSlug: string;
  festivalName: string;
  /** YYYY-MM-DD, or '' when absent or malformed. */
  date: string;
}

/** Longest festival name the server accepts (marquee.ReminderFestivalNameMax). */
export const festivalNameMax = 200;

// A slug is one path segment; the server decides whether it names a festival.
const slugPattern = /^[^\s/?#]{1,200}$/u;

/**
 * prefillFromParams reads ?festival=<slug>&name=<name>&date=<YYYY-MM-DD>;
 * it returns null when none is present and drops values that are malformed.
 */
export function prefillFromParams(params: URLSearchParams): ReminderPrefill | null {
  const slug = (params.get('festival') ?? '').trim();
  const name = (params.get('name') ?? '').trim().slice(0, festivalNameMax);
  const date = (params.get('date') ?? '').trim();
  if (!slug && !name && !date) return null;
  return {
    festivalSlug: slugPattern.test(slug) ? slug : '',
    festivalName: name,
    date: isIsoDate(date) ? date : '',
  };
}
