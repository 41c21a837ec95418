import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { UserEvent } from '@testing-library/user-event';
import type { Festival } from '../../api/festivals';

/** isoInMonths returns day `day` of the month `months` from now, as "YYYY-MM-DD" (UTC). */
export function isoInMonths(months: number, day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day)).toISOString().slice(0, 10);
}

/** longDate is the accessible name the date pickers give a day in English ("June 5, 2030"). */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/**
 * pickDate opens a date picker and chooses `iso`, moving month by month. The
 * calendar is looked up with hidden: true because the popover's position
 * (and so its visibility) cannot be computed in jsdom.
 */
export async function pickDate(user: UserEvent, picker: HTMLElement, iso: string) {
  await user.click(picker);
  const name = longDate(iso);
  const dialog = await screen.findByRole('dialog', { hidden: true });
  for (let i = 0; i < 36 && !within(dialog).queryByRole('button', { name, hidden: true }); i++) {
    await user.click(within(dialog).getByRole('button', { name: 'Next month', hidden: true }));
  }
  await user.click(within(dialog).getByRole('button', { name, hidden: true }));
  await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
}

/** festival builds a Festival JSON answer with sensible defaults. */
export function festival(over: Partial<Festival> = {}): Festival {
  return {
    id: 1,
    slug: 'kyoto-shorts',
    name: 'Kyoto Shorts',
    description: 'Short films\nfrom everywhere.',
    location: 'Kyoto Cinema, Kyoto',
    country: 'JP',
    city: 'Kyoto',
    website: 'https://kyoto-shorts.example.jp',
    startDate: '2030-06-05',
    endDate: '2030-06-07',
    contactEmail: 'team@kyoto-shorts.example.jp',
    status: 'approved',
    rejectionReason: '',
    version: 3,
    nextDeadline: '2030-03-01',
    minFee: 20,
    createdAt: '2026-01-10T09:00:00Z',
    updatedAt: '2026-01-11T09:00:00Z',
    reviewedAt: '2026-01-12T09:00:00Z',
    ...over,
  };
}
