/** The TanStack Query key of the signed-in user's reminders. */
export const remindersKey = ['reminders'] as const;
