import { request } from './client';
import type { CheckInResult, Screening, TicketOrder } from './tickets';

const enc = encodeURIComponent;
const manage = (slug: string) => `/api/v1/manage/festivals/${enc(slug)}`;

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

/** The waiting list of sold-out screenings and its offers. */
export const waitlistApi = {
  /** GET /api/v1/screenings/{id}/waitlist: my open entry (404 when none). */
  mine: (screeningId: number) => request<WaitlistEntry>('GET', `/api/v1/screenings/${screeningId}/waitlist`),
  /** POST /api/v1/screenings/{id}/waitlist: join a sold-out screening's list. */
  join: (screeningId: number, quantity: number) =>
    request<WaitlistEntry>('POST', `/api/v1/screenings/${screeningId}/waitlist`, { quantity }),
  /** DELETE /api/v1/waitlist/{id}. */
  leave: (id: number) => request<void>('DELETE', `/api/v1/waitlist/${id}`),
  /** GET /api/v1/waitlist/offers/{token}. */
  offer: (token: string) => request<WaitlistOffer>('GET', `/api/v1/waitlist/offers/${enc(token)}`),
  /** POST /api/v1/waitlist/offers/{token}/claim: the held seats become my pending order (paid at once when free). */
  claim: (token: string) => request<TicketOrder>('POST', `/api/v1/waitlist/offers/${enc(token)}/claim`),
};

/** The door's check-in lists and the organiser's undo. */
export const doorListsApi = {
  info: (slug: string) => request<DoorListsInfo>('GET', `${manage(slug)}/check-in`),
  lists: (slug: string) => request<CheckInList[]>('GET', `${manage(slug)}/check-in/lists`),
  create: (slug: string, input: CheckInListInput) => request<CheckInList>('POST', `${manage(slug)}/check-in/lists`, input),
  update: (slug: string, id: number, input: CheckInListInput) =>
    request<CheckInList>('PUT', `${manage(slug)}/check-in/lists/${id}`, input),
  remove: (slug: string, id: number) => request<void>('DELETE', `${manage(slug)}/check-in/lists/${id}`),
  checkIn: (slug: string, listId: number, code: string) =>
    request<ListCheckInResult>('POST', `${manage(slug)}/check-in`, { listId, code }),
  undo: (slug: string, ticketId: number) => request<CheckInUndo>('POST', `${manage(slug)}/check-in/tickets/${ticketId}/undo`),
};

/** The address of a ticket's PDF (its owner only). */
export const ticketPdfUrl = (id: number) => `/api/v1/tickets/${id}/ticket.pdf`;
