import { api, unwrap } from './client';
import type { CheckInResult, Screening, TicketOrder } from './tickets';


export type WaitlistStatus = 'waiting' | 'offered' | 'claimed' | 'lapsed' | 'left';

/** The buyer's place on a sold-out screening's waiting list. */
export interface WaitlistEntry {
  id: number;
  screeningId: number;
  quantity: number;
  status: WaitlistStatus;
  /** How many wait before this entry (0 once offered). */
  ahead: number;
  offerExpiresAt: string | null;
  createdAt: string;
}

/** What an e-mailed offer link shows: the seats held for its owner until expiresAt. */
export interface WaitlistOffer {
  screening: Screening;
  quantity: number;
  status: WaitlistStatus;
  expiresAt: string;
  orderId: number;
}

/** A festival's check-in list (a venue, a day) with its live counts. */
export interface CheckInList {
  id: number;
  name: string;
  screeningIds: number[];
  sold: number;
  checkedIn: number;
}

/** What the organiser sends for a list. */
export interface CheckInListInput {
  name: string;
  screeningIds: number[];
}

/** The answer to an undone check-in. */
export interface CheckInUndo {
  ticketId: number;
  screeningId: number;
  undoneBy: string;
  undoneAt: string;
  checkedInAt: string;
}

/** The door's answer on a list: the ticket outcomes plus wrong_list. */
export type ListCheckInResult = Omit<CheckInResult, 'result'> & {
  result: CheckInResult['result'] | 'wrong_list';
};

/** A screening of the check-in page's list, with its counts. */
export interface DoorListScreening {
  id: number;
  title: string;
  venue: string;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  sold: number;
  checkedIn: number;
}

/** GET /manage/festivals/{slug}/check-in, with the lists and whether the caller may undo. */
export interface DoorListsInfo {
  festivalName: string;
  festivalSlug: string;
  timeZone: string;
  screenings: DoorListScreening[];
  lists: CheckInList[];
  canUndo: boolean;
}

const idParam = (id: number) => ({ params: { path: { id } } });
const tokenParam = (token: string) => ({ params: { path: { token } } });
const slugParam = (slug: string) => ({ params: { path: { slug } } });
const at = (slug: string, id: number) => ({ params: { path: { slug, id } } });

/** The waiting list of sold-out screenings and its offers. */
export const waitlistApi = {
  /** GET /api/v1/screenings/{id}/waitlist: my open entry (404 when none). */
  mine: (screeningId: number) => unwrap(api.GET('/api/v1/screenings/{id}/waitlist', idParam(screeningId))) as Promise<WaitlistEntry>,
  /** POST /api/v1/screenings/{id}/waitlist: join a sold-out screening's list. */
  join: (screeningId: number, quantity: number) =>
    unwrap(api.POST('/api/v1/screenings/{id}/waitlist', { ...idParam(screeningId), body: { screeningId, quantity } })) as Promise<WaitlistEntry>,
  /** DELETE /api/v1/waitlist/{id}. */
  leave: (id: number) => unwrap(api.DELETE('/api/v1/waitlist/{id}', idParam(id))),
  /** GET /api/v1/waitlist/offers/{token}. */
  offer: (token: string) => unwrap(api.GET('/api/v1/waitlist/offers/{token}', tokenParam(token))) as Promise<WaitlistOffer>,
  /** POST /api/v1/waitlist/offers/{token}/claim: the held seats become my pending order (paid at once when free). */
  claim: (token: string) => unwrap(api.POST('/api/v1/waitlist/offers/{token}/claim', tokenParam(token))) as Promise<TicketOrder>,
};

/** The door's check-in lists and the organiser's undo. */
export const doorListsApi = {
  info: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/check-in', slugParam(slug))) as Promise<DoorListsInfo>,
  lists: (slug: string) => unwrap(api.GET('/api/v1/manage/festivals/{slug}/check-in/lists', slugParam(slug))) as Promise<CheckInList[]>,
  create: (slug: string, input: CheckInListInput) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/check-in/lists', { ...slugParam(slug), body: input })) as Promise<CheckInList>,
  update: (slug: string, id: number, input: CheckInListInput) =>
    unwrap(api.PUT('/api/v1/manage/festivals/{slug}/check-in/lists/{id}', { ...at(slug, id), body: input })) as Promise<CheckInList>,
  remove: (slug: string, id: number) => unwrap(api.DELETE('/api/v1/manage/festivals/{slug}/check-in/lists/{id}', at(slug, id))),
  checkIn: (slug: string, listId: number, code: string) =>
    unwrap(
      api.POST('/api/v1/manage/festivals/{slug}/check-in', { ...slugParam(slug), body: { screeningId: 0, listId, code } }),
    ) as Promise<ListCheckInResult>,
  undo: (slug: string, ticketId: number) =>
    unwrap(api.POST('/api/v1/manage/festivals/{slug}/check-in/tickets/{id}/undo', at(slug, ticketId))) as Promise<CheckInUndo>,
};

/** The address of a ticket's PDF (its owner only). */
export const ticketPdfUrl = (id: number) => `/api/v1/tickets/${id}/ticket.pdf`;
