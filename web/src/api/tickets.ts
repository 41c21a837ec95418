import { myTickets } from './myTickets';
import { request } from './client';
import type { TestCard } from './payments';
import type { AttendeeNames, OrderLine, TicketType } from './ticketOffers';

/** A screening as everyone sees it. Instants are RFC 3339 UTC; timeZone is the festival's IANA zone. */
export interface Screening {
  id: number;
  festivalSlug: string;
  festivalName: string;
  title: string;
  submissionId: number | null;
  venue: string;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  capacity: number;
  priceCents: number;
  currency: string;
  salesStartAt: string;
  salesEndAt: string;
  status: 'scheduled' | 'cancelled';
  /** Seats neither sold nor held. */
  remaining: number;
  onSale: boolean;
  soldOut: boolean;
  /** Whether buyers name each ticket's attendee. */
  attendeeNames?: AttendeeNames;
  /** The types on sale; set on one screening (GET /screenings/{id}). */
  ticketTypes?: TicketType[];
}

/** A screening with its sales figures and local times, for its organiser. */
export interface ManagedScreening extends Screening {
  sold: number;
  held: number;
  checkedIn: number;
  incomeCents: number;
  startsLocal: string;
  endsLocal: string;
  salesStartLocal: string;
  salesEndLocal: string;
  cancelledAt: string | null;
}

/** What the screening form sends: local "YYYY-MM-DDTHH:MM" times in the festival's zone, cents. */
export interface ScreeningInput {
  title: string;
  submissionId: number | null;
  venue: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  priceCents: number;
  salesStartAt: string;
  salesEndAt: string;
}

export type TicketStatus = 'valid' | 'used' | 'cancelled' | 'refunded';

/** One admission; code is the secret the QR code holds. */
export interface Ticket {
  id: number;
  orderId: number;
  code: string;
  status: TicketStatus;
  checkedInAt: string | null;
  holderName: string;
  holderEmail: string;
  screening: Screening;
  /** "" for the default type. */
  ticketTypeName?: string;
  attendeeName?: string;
}

export type TicketOrderStatus = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled' | 'refunded';

/** A buyer's order: seats held until holdExpiresAt while pending, tickets once paid. */
export interface TicketOrder {
  id: number;
  screening: Screening;
  quantity: number;
  amountCents: number;
  currency: string;
  status: TicketOrderStatus;
  holdExpiresAt: string;
  failureMessage: string;
  provider: 'stripe' | 'test' | '';
  createdAt: string;
  paidAt: string | null;
  tickets: Ticket[];
  lines?: OrderLine[];
  subtotalCents?: number;
  discountCents?: number;
  voucherCode?: string;
}

/** POST /ticket-orders/{id}/pay. */
export interface TicketPayInput {
  country: string;
  paymentMethodId?: string;
  card?: TestCard;
}

export type CheckInOutcome = 'valid' | 'used' | 'wrong_screening' | 'cancelled' | 'unknown';

/** The door's answer to one scan. */
export interface CheckInResult {
  result: CheckInOutcome;
  firstUsedAt: string | null;
  ticket: {
    id: number;
    holderName: string;
    holderEmail: string;
    attendeeName?: string;
    ticketTypeName?: string;
    screeningId: number;
    screeningTitle: string;
    startsAt: string;
    checkedInAt: string | null;
  } | null;
}

/** A screening as the door's select shows it. */
export interface DoorScreening {
  id: number;
  title: string;
  venue: string;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  sold: number;
  checkedIn: number;
}

/** GET /manage/festivals/{slug}/check-in. */
export interface CheckInInfo {
  festivalName: string;
  festivalSlug: string;
  timeZone: string;
  screenings: DoorScreening[];
}

/** A ticket holder found by name or e-mail at the door. */
export interface Holder {
  ticketId: number;
  holderName: string;
  holderEmail: string;
  screeningId: number;
  screeningTitle: string;
  status: TicketStatus;
  checkedInAt: string | null;
}

/** One of the festival's door staff. */
export interface DoorStaffMember {
  userId: number;
  name: string;
  email: string;
  addedAt: string;
}

const enc = encodeURIComponent;
const manage = (slug: string) => `/api/v1/manage/festivals/${enc(slug)}`;

/** The buyer's calls and the public screening lists. */
export const ticketsApi = {
  /** GET /api/v1/festivals/{slug}/screenings: scheduled screenings that have not ended. */
  festivalScreenings: (slug: string) =>
    request<{ timeZone: string; items: Screening[] }>('GET', `/api/v1/festivals/${enc(slug)}/screenings`),
  /** GET /api/v1/screenings/{id}. */
  screening: (id: number | string) => request<Screening>('GET', `/api/v1/screenings/${enc(String(id))}`),
  /** POST /api/v1/ticket-orders: holds the seats for 10 minutes (a free screening is paid at once). */
  createOrder: (screeningId: number, quantity: number) =>
    request<TicketOrder>('POST', '/api/v1/ticket-orders', { screeningId, quantity }),
  /** POST /api/v1/ticket-orders/{id}/pay. */
  pay: (id: number, input: TicketPayInput) =>
    request<{ order: TicketOrder; clientSecret?: string }>('POST', `/api/v1/ticket-orders/${id}/pay`, input),
  /** POST /api/v1/ticket-orders/{id}/confirm, after Stripe confirmed the payment. */
  confirm: (id: number) => request<{ order: TicketOrder }>('POST', `/api/v1/ticket-orders/${id}/confirm`),
  /** POST /api/v1/ticket-orders/{id}/cancel: releases the hold. */
  cancel: (id: number) => request<{ order: TicketOrder }>('POST', `/api/v1/ticket-orders/${id}/cancel`),
  /** GET /api/v1/ticket-orders/{id}. */
  order: (id: number | string) => request<TicketOrder>('GET', `/api/v1/ticket-orders/${enc(String(id))}`),
  /** GET /api/v1/tickets?page=: mine, upcoming first. */
  list: myTickets,
  /** GET /api/v1/tickets/{id}. */
  ticket: (id: number | string) => request<Ticket>('GET', `/api/v1/tickets/${enc(String(id))}`),
  /** The address of a ticket's calendar file. */
  calendarUrl: (id: number) => `/api/v1/tickets/${id}/calendar.ics`,
};

/** The organiser's screening, time-zone and door-staff calls. */
export const screeningsApi = {
  /** timeZoneChosen is false while the festival keeps the zone of its country and city (marquee.DefaultTimeZone). */
  list: (slug: string) =>
    request<{ timeZone: string; timeZoneChosen: boolean; items: ManagedScreening[] }>('GET', `${manage(slug)}/screenings`),
  create: (slug: string, input: ScreeningInput) => request<ManagedScreening>('POST', `${manage(slug)}/screenings`, input),
  update: (slug: string, id: number, input: ScreeningInput) =>
    request<ManagedScreening>('PUT', `${manage(slug)}/screenings/${id}`, input),
  cancel: (slug: string, id: number) => request<ManagedScreening>('POST', `${manage(slug)}/screenings/${id}/cancel`),
  setTimeZone: (slug: string, timeZone: string) =>
    request<{ timeZone: string }>('PUT', `${manage(slug)}/time-zone`, { timeZone }),
  films: (slug: string) =>
    request<{ items: { submissionId: number; title: string }[] }>('GET', `${manage(slug)}/screening-films`),
  doorStaff: (slug: string) => request<{ items: DoorStaffMember[] }>('GET', `${manage(slug)}/door-staff`),
  addDoorStaff: (slug: string, email: string) => request<DoorStaffMember>('POST', `${manage(slug)}/door-staff`, { email }),
  removeDoorStaff: (slug: string, userId: number) => request<void>('DELETE', `${manage(slug)}/door-staff/${userId}`),
};

/** The door's calls. */
export const checkInApi = {
  info: (slug: string) => request<CheckInInfo>('GET', `${manage(slug)}/check-in`),
  byCode: (slug: string, screeningId: number, code: string) =>
    request<CheckInResult>('POST', `${manage(slug)}/check-in`, { screeningId, code }),
  byTicket: (slug: string, screeningId: number, ticketId: number) =>
    request<CheckInResult>('POST', `${manage(slug)}/check-in`, { screeningId, ticketId }),
  holders: (slug: string, q: string, screeningId: number) =>
    request<{ items: Holder[] }>(
      'GET',
      `${manage(slug)}/check-in/holders?${new URLSearchParams({ q, screeningId: String(screeningId) }).toString()}`,
    ),
};
