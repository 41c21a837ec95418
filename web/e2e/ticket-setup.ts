import type { APIRequestContext } from '@playwright/test';
import { createApprovedFestival, isoInMonths, ok, type CreatedFestival } from './helpers';

type Person = { email: string; password: string };

/** A screening of createSellingFestival: on the festival's second day, times "HH:MM" in its time zone. */
export type SellingScreening = { title: string; venue: string; start: string; end: string; capacity: number; priceCents: number };

/** What createSellingFestival describes: the festival's own words, its time zone and screenings. */
export type SellingFestival = {
  name: string;
  description: string;
  location: string;
  city: string;
  contactEmail: string;
  timeZone: string;
  screenings: SellingScreening[];
};

/**
 * createSellingFestival makes an approved Japanese festival two months
 * ahead (days 10 to 14) in the given time zone, with its screenings on
 * day 11, on sale since last month until 18:00 that day; prepare may set
 * more up (vouchers, ...) with the organiser's API context before review.
 * It returns the festival and the screenings' ids in order.
 */
export async function createSellingFestival(
  baseURL: string,
  people: { organiser: Person; admin: Person },
  f: SellingFestival,
  prepare: (org: APIRequestContext, festival: CreatedFestival) => Promise<void> = async () => {},
): Promise<{ festival: CreatedFestival; screeningIds: number[] }> {
  const day = isoInMonths(2, 11);
  const details = {
    name: f.name,
    description: f.description,
    location: f.location,
    country: 'JP',
    city: f.city,
    startDate: isoInMonths(2, 10),
    endDate: isoInMonths(2, 14),
    contactEmail: f.contactEmail,
  };
  const screeningIds: number[] = [];
  const festival = await createApprovedFestival(baseURL, people, details, async (org, created) => {
    await ok(await org.put(`/api/v1/manage/festivals/${created.slug}/time-zone`, { data: { timeZone: f.timeZone } }));
    for (const s of f.screenings) {
      const body = {
        title: s.title,
        venue: s.venue,
        startsAt: `${day}T${s.start}`,
        endsAt: `${day}T${s.end}`,
        capacity: s.capacity,
        priceCents: s.priceCents,
        salesStartAt: isoInMonths(-1, 1) + 'T09:00',
        salesEndAt: `${day}T18:00`,
        submissionId: null,
      };
      screeningIds.push((await ok<{ id: number }>(await org.post(`/api/v1/manage/festivals/${created.slug}/screenings`, { data: body }))).id);
    }
    await prepare(org, created);
  });
  return { festival, screeningIds };
}
