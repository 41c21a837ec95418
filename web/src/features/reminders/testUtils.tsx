import { Notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import type { Reminder } from '../../api/reminders';

/** withToasts renders a page with the toast host that main.tsx mounts in the app. */
export function withToasts(page: ReactElement) {
  return (
    <>
      <Notifications />
      {page}
    </>
  );
}

/** A date `days` from today, YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return dayjs().add(days, 'day').format('YYYY-MM-DD');
}

/** A stored reminder as the API returns it. */
export function reminder(over: Partial<Reminder> = {}): Reminder {
  return {
    id: 1,
    festivalName: 'Lumière Shorts',
    festivalSlug: 'lumiere-shorts',
    date: '2031-05-20',
    preference: 'one-day-before',
    language: 'en',
    sendAt: '2031-05-19T09:00:00Z',
    sentAt: null,
    createdAt: '2026-01-02T03:04:05Z',
    categoryId: 0,
    categoryName: '',
    tier: '',
    ...over,
  };
}

/** choosePreference opens the notification preference select and picks an option. */
export async function choosePreference(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: /Notification preference/ }));
  await user.click(await screen.findByRole('option', { name: label, hidden: true }));
}
