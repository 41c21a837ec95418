import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Festival } from '../../api/festivals';
import type { Film, Judge, Submission } from '../../api/manageSubmissions';
import { festival as baseFestival } from '../festivals/testUtils';

/** The managed festival of these tests: two categories, two criteria. */
export function managed(over: Partial<Festival> = {}): Festival {
  return baseFestival({
    categories: [
      { id: 7, name: 'Shorts', description: '', deadlines: [], current: null },
      { id: 8, name: 'Documentary', description: '', deadlines: [], current: null },
    ],
    criteria: [
      { id: 1, name: 'Story', weight: 3, maxScore: 10 },
      { id: 2, name: 'Craft', weight: 1, maxScore: 5 },
    ],
    ...over,
  });
}

export function submission(over: Partial<Submission> = {}): Submission {
  return {
    id: 41,
    filmId: 5,
    filmTitle: 'Rain in Gion',
    festivalId: 1,
    festivalSlug: 'kyoto-shorts',
    festivalName: 'Kyoto Shorts',
    categoryId: 7,
    categoryName: 'Shorts',
    filmmakerId: 9,
    filmmakerName: 'Aiko Tanaka',
    filmmakerEmail: 'aiko@example.com',
    country: 'JP',
    tier: 'early',
    feeCredits: 20,
    paidCredits: 10,
    waiverCode: 'HALF',
    refundedCredits: 0,
    status: 'submitted',
    awardName: '',
    flag: '',
    feedback: null,
    language: 'en',
    createdAt: '2030-02-01T10:00:00Z',
    decidedAt: null,
    withdrawnAt: null,
    scores: { judges: 2, weighted: 72.5, calibrated: 0.41, spread: 15 },
    ...over,
  };
}

export function film(over: Partial<Film> = {}): Film {
  return {
    id: 5,
    ownerId: 9,
    title: 'Rain in Gion',
    originalTitle: '祇園の雨',
    logline: 'A geiko and a rainy night.',
    synopsis: 'Long synopsis.',
    runtimeMinutes: 14,
    genre: 'Drama',
    country: 'JP',
    language: 'Japanese',
    year: 2029,
    director: 'Aiko Tanaka',
    credits: [{ name: 'Ken Mori', role: 'Cinematography' }],
    screenerUrl: 'https://vimeo.example/123',
    screenerPassword: 'gion-2030',
    public: false,
    posterUrl: '/media/posters/7-0123456789abcdef-detail.jpg',
    posterImages: {
      card: { url: '/media/posters/7-0123456789abcdef-card.jpg', width: 400, height: 600 },
      detail: { url: '/media/posters/7-0123456789abcdef-detail.jpg', width: 1200, height: 1800 },
    },
    activeSubmissions: 1,
    createdAt: '2030-01-01T00:00:00Z',
    updatedAt: '2030-01-01T00:00:00Z',
    ...over,
  };
}

export function judge(over: Partial<Judge> = {}): Judge {
  return {
    id: 3,
    festivalId: 1,
    userId: 12,
    email: 'judge@example.com',
    name: 'Mina Judge',
    status: 'active',
    scope: '',
    categoryIds: null,
    assigned: 4,
    scored: 1,
    invitedAt: '2030-01-01T00:00:00Z',
    acceptedAt: '2030-01-02T00:00:00Z',
    ...over,
  };
}

export const page = <T,>(items: T[], total = items.length) => ({ status: 200, body: { items, total, page: 1, perPage: 50 } });
export const festivalAnswer = (f = managed()) => ({ status: 200, body: { festival: f } });

/** pickOption opens a Mantine Select and chooses the option named name in its own list. */
export async function pickOption(user: UserEvent, combobox: HTMLElement, name: string) {
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-controls')).toBeTruthy());
  const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(within(listbox).getByRole('option', { name, hidden: true }));
}
