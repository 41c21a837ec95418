import { request } from './client';
import type { DeadlineTier } from './festivals';

/** When, relative to the festival date, a reminder is e-mailed. */
export type ReminderPreference = 'day-of' | 'one-day-before' | 'one-week-before';

/** The reminder options of the seed's form, in the order it lists them. */
export const reminderPreferences: readonly ReminderPreference[] = ['day-of', 'one-day-before', 'one-week-before'];

/** Days between the e-mail and the festival date for each option. */
export const reminderDaysBefore: Record<ReminderPreference, number> = {
  'day-of': 0,
  'one-day-before': 1,
  'one-week-before': 7,
};

export function isReminderPreference(value: unknown): value is ReminderPreference {
  return typeof value === 'string' && (reminderPreferences as readonly string[]).includes(value);
}

/** A stored reminder as GET /api/v1/reminders describes it. */
export interface Reminder {
  id: number;
  festivalName: string;
  /** '' when the reminder is not linked to a festival on Marquee. */
  festivalSlug: string;
  /** The festival date, YYYY-MM-DD. */
  date: string;
  preference: ReminderPreference;
  /** The language of the e-mail. */
  language: string;
  /** When the e-mail is due (ISO timestamp, 09:00 UTC on the computed day). */
  sendAt: string;
  sentAt: string | null;
  createdAt: string;
  /** A category deadline's reminder names its category and tier (0, '' and '' for a festival date's). */
  categoryId: number;
  categoryName: string;
  tier: DeadlineTier | '';
}

/**
 * What a festival page's 'Remind me' of a category deadline sends (POST
 * /api/v1/reminders): the server takes the festival's name and the
 * deadline's date from the festival itself.
 */
export interface NewDeadlineReminder {
  festivalSlug: string;
  categoryId: number;
  tier: DeadlineTier;
  preference: ReminderPreference;
}

/** What the reminder form sends (POST /api/v1/reminders). */
export interface NewReminder {
  festivalName: string;
  /** YYYY-MM-DD. */
  date: string;
  preference: ReminderPreference;
  festivalSlug?: string;
}

/** Where an outgoing e-mail stands in the outbox. */
export type MailStatus = 'queued' | 'sent' | 'failed' | 'kept' | 'held';

/** The outbox filter: one status or all of them. */
export type OutboxFilter = MailStatus | 'all';

export const outboxFilters: readonly OutboxFilter[] = ['all', 'queued', 'sent', 'failed', 'kept', 'held'];

/** An e-mail Marquee sends, as kept in the outbox. */
export interface Mail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  language: string;
  status: MailStatus;
  attempts: number;
  lastError: string;
  createdAt: string;
  sentAt: string | null;
}

/** One page of the outbox, newest first. */
export interface OutboxPage {
  items: Mail[];
  /** At most 10,000 when totalCapped. */
  total: number;
  page: number;
  perPage: number;
  /** Set when the server stopped counting at total (shown as '10,000+'). */
  totalCapped?: boolean;
}

const icsPath = '/api/v1/reminders.ics';

export const remindersApi = {
  /** GET /api/v1/reminders: the signed-in user's reminders, ordered by date. */
  list: () => request<{ items: Reminder[] }>('GET', '/api/v1/reminders').then((r) => r.items ?? []),
  /** POST /api/v1/reminders: 201 {reminder}; 400 validation with fields festivalName, date, preference. */
  create: (input: NewReminder | NewDeadlineReminder) =>
    request<{ reminder: Reminder }>('POST', '/api/v1/reminders', input).then((r) => r.reminder),
  /** DELETE /api/v1/reminders/{id}: 204; 404 for someone else's or an unknown reminder. */
  remove: (id: number) => request<void>('DELETE', `/api/v1/reminders/${id}`),
  /**
   * icsUrl is the address of the user's reminders as an iCalendar file. A plain
   * link sends the browser's own Accept-Language, so the site language rides
   * along as ?lang=.
   */
  icsUrl: (language?: string) => (language ? `${icsPath}?${new URLSearchParams({ lang: language })}` : icsPath),
};

export const adminOutboxApi = {
  /** GET /api/v1/admin/outbox?status=&page= (admins only): {items, total, page, perPage}. */
  list: (status: OutboxFilter, page: number) =>
    request<OutboxPage>('GET', `/api/v1/admin/outbox?${new URLSearchParams({ status, page: String(page) })}`),
};
