import { api, unwrap, type Schemas } from './client';

/** When, relative to the festival date, a reminder is e-mailed. */
export type ReminderPreference = Schemas['ReminderPreference'];

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
/** A deadline reminder (marquee.Reminder). */
export type Reminder = Schemas['Reminder'];
/**
 * What a festival page's 'Remind me' of a category deadline sends (POST
 * /api/v1/reminders): the server takes the festival's name and the
 * deadline's date from the festival itself.
 */
export type NewDeadlineReminder = Required<Pick<NewReminder, 'festivalSlug' | 'categoryId' | 'tier' | 'preference'>>;

/** What the reminder form sends (POST /api/v1/reminders). */
/** What adding a reminder sends (marquee.NewReminder; festivalSlug optional). */
export type NewReminder = Schemas['NewReminder'];

/** Where an outgoing e-mail stands in the outbox. */
export type MailStatus = Schemas['MailStatus'];

/** The outbox filter: one status or all of them. */
export type OutboxFilter = MailStatus | 'all';

export const outboxFilters: readonly OutboxFilter[] = ['all', 'queued', 'sent', 'failed', 'kept', 'held'];

/** A mail of the outbox (marquee.Mail). */
export type Mail = Schemas['Mail'];

/** A page of the outbox. */
export type OutboxPage = Schemas['PageMail'];

const icsPath = '/api/v1/reminders.ics';

export const remindersApi = {
  /** GET /api/v1/reminders: the signed-in user's reminders, ordered by date. */
  list: () => unwrap(api.GET('/api/v1/reminders')).then((r) => r.items ?? []),
  /** POST /api/v1/reminders: 201 {reminder}; 400 validation with fields festivalName, date, preference. */
  create: (input: NewReminder | NewDeadlineReminder) =>
    unwrap(api.POST('/api/v1/reminders', { body: input })).then((r) => r.reminder),
  /** DELETE /api/v1/reminders/{id}: 204; 404 for someone else's or an unknown reminder. */
  remove: (id: number) => unwrap(api.DELETE('/api/v1/reminders/{id}', { params: { path: { id } } })),
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
    unwrap(api.GET('/api/v1/admin/outbox', { params: { query: { status, page } } })),
};
